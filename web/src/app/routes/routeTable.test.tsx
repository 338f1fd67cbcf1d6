import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useRoutes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStore } from '../../utils/storage';
import { buildRoutes } from './routeTable';

vi.mock('../../utils/browser', () => ({ browser: { assign: vi.fn(), replace: vi.fn(), open: vi.fn() } }));
// Whether antd's layout route was loaded (it pulls in antd, most of the app's script).
const loaded = vi.hoisted(() => ({ antdLayout: 0 }));
vi.mock('../AntdLayout', async () => {
  loaded.antdLayout += 1;
  const { Outlet } = await import('react-router');
  return { default: () => <Outlet /> };
});
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

  it('signed out, a page of the shell goes to sign-on without loading antd first', async () => {
    // A page leaves for sign-on once (signOn.ts): a fresh copy of the modules is a fresh page.
    vi.resetModules();
    const fresh = (await import('../../utils/browser')).browser;
    const { buildRoutes: freshRoutes } = await import('./routeTable');
    const Fresh = () => useRoutes(freshRoutes(undefined, false, false));
    render(
      <MemoryRouter initialEntries={['/portal/myDay']}>
        <Fresh />
      </MemoryRouter>,
    );
    await waitFor(() => expect(fresh.assign).toHaveBeenCalledTimes(1));
    expect(vi.mocked(fresh.assign).mock.calls[0][0]).toMatch(/^\/sso\/login\?appId=saber&/);
    expect(screen.getByText('正在跳转到统一登录…')).toBeTruthy();
    expect(loaded.antdLayout).toBe(0);
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
