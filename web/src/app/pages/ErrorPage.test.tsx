import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AntdProviders } from '../AntdProviders';
import ErrorPage from './ErrorPage';

const renderAt = (status: 404 | 403 | 500, url = `/${status}`) =>
  render(
    <AntdProviders>
      <MemoryRouter initialEntries={[url]}>
        <ErrorPage status={status} />
      </MemoryRouter>
    </AntdProviders>,
  );

describe('error pages (specification §2)', () => {
  it.each([
    [404, '抱歉，您访问的页面不存在'],
    [403, '抱歉，您无权访问该页面'],
    [500, '抱歉，服务器出错了'],
  ] as const)('/%s says why inside the page’s <main> landmark, with 返回首页', (status, text) => {
    renderAt(status);
    const main = screen.getByRole('main');
    expect(within(main).getByText(text)).toBeTruthy();
    expect(within(main).getByRole('button', { name: /返回首页/ })).toBeTruthy();
  });

  it('/500?reason=signon (a stopped sign-on loop) offers 重新登录, also inside <main>', () => {
    renderAt(500, '/500?reason=signon');
    const main = screen.getByRole('main');
    expect(within(main).getByText('登录未成功')).toBeTruthy();
    expect(within(main).getByRole('button', { name: /重新登录/ })).toBeTruthy();
  });
});
