import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AntdProviders } from '../../../app/AntdProviders';
import { MyCenterLayout, activeScreen } from './MyCenterLayout';

function renderAt(path: string) {
  const page = (title: string) => (
    <MyCenterLayout title={title}>
      <p>{title}的内容</p>
    </MyCenterLayout>
  );
  render(
    <MemoryRouter initialEntries={[path]}>
      <AntdProviders>
        <Routes>
          <Route path="/portal/myCenter/basicInformation" element={page('基本信息')} />
          <Route path="/portal/myCenter/changepwd" element={page('修改密码')} />
          <Route path="/portal/myCenter/changingPhone" element={page('更换手机号')} />
        </Routes>
      </AntdProviders>
    </MemoryRouter>,
  );
}

describe('个人中心 layout', () => {
  it('lists the five screens as links and marks the current one', () => {
    renderAt('/portal/myCenter/basicInformation');
    const nav = screen.getByRole('navigation', { name: '个人中心' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['基本信息', '/portal/myCenter/basicInformation'],
      ['修改密码', '/portal/myCenter/changepwd'],
      ['登录信息', '/portal/myCenter/loginInfo'],
      ['绑定手机', '/portal/myCenter/boundPhone'],
      ['绑定微信', '/portal/myCenter/boundWeixin'],
    ]);
    expect(screen.getByRole('link', { name: '基本信息' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '修改密码' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('heading', { name: '基本信息' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '基本信息' }).textContent).toContain('基本信息的内容');
  });

  it('goes to another screen from the nav', () => {
    renderAt('/portal/myCenter/basicInformation');
    fireEvent.click(screen.getByRole('link', { name: '修改密码' }));
    expect(screen.getByText('修改密码的内容')).toBeTruthy();
    expect(screen.getByRole('link', { name: '修改密码' }).getAttribute('aria-current')).toBe('page');
  });

  it('counts 更换手机号 as part of 绑定手机', () => {
    renderAt('/portal/myCenter/changingPhone');
    expect(screen.getByRole('link', { name: '绑定手机' }).getAttribute('aria-current')).toBe('page');
    expect(activeScreen('/gsl/portal/myCenter/changepwd/')).toBe('/portal/myCenter/changepwd');
    expect(activeScreen('/portal/myDay')).toBeUndefined();
  });
});
