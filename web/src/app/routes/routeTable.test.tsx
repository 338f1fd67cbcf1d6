import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useRoutes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStore } from '../../utils/storage';
import { buildRoutes } from './routeTable';

vi.mock('../../utils/browser', () => ({ browser: { assign: vi.fn(), replace: vi.fn(), open: vi.fn() } }));
const { browser } = await import('../../utils/browser');

function Table({ signedIn, pending }: { signedIn: boolean; pending: boolean }) {
  return useRoutes(buildRoutes(undefined, pending, signedIn));
}

function renderAt(url: string, signedIn: boolean, pending = false) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Table signedIn={signedIn} pending={pending} />
    </MemoryRouter>,
  );
}

describe('route table catch-all (specification §2, README deviation 32)', () => {
  beforeEach(() => vi.mocked(browser.assign).mockClear());

  it('signed out, a path the table does not know goes to sign-on first, remembering it', async () => {
    renderAt('/system/param?paramKey=a', false);
    expect(await screen.findByText('正在跳转到统一登录…')).toBeTruthy();
    await waitFor(() => expect(browser.assign).toHaveBeenCalledTimes(1));
    expect(vi.mocked(browser.assign).mock.calls[0][0]).toMatch(/^\/sso\/login\?appId=saber&/);
    expect(getStore('signOnReturn')).toBe('/system/param?paramKey=a');
    expect(screen.queryByText('抱歉，您访问的页面不存在')).toBeNull();
  });

  it('signed in, it waits for the menu, then an unknown path is 404', async () => {
    const { unmount } = renderAt('/no/such/page', true, true);
    expect(screen.getByRole('status')).toBeTruthy();
    unmount();
    renderAt('/no/such/page', true, false);
    expect(await screen.findByText('抱歉，您访问的页面不存在', undefined, { timeout: 5000 })).toBeTruthy();
    expect(browser.assign).not.toHaveBeenCalled();
  });
});
