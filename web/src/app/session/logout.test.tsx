import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenAnswer } from '../../../test/fixtures';
import { getStore, setStore } from '../../utils/storage';

const fake = vi.hoisted(() => ({ logout: vi.fn(), assign: vi.fn(), replace: vi.fn(), open: vi.fn() }));
vi.mock('../../api/auth', () => ({ logout: fake.logout }));
vi.mock('../../utils/browser', () => ({ browser: { assign: fake.assign, replace: fake.replace, open: fake.open } }));

/** A page of the app, signed in with everything a session leaves in storage. Fresh modules: one logout per page. */
async function signedInPage() {
  vi.resetModules();
  const session = await import('../../utils/sessionStore');
  const logout = await import('./logout');
  const tabs = await import('../tabs/tabStore');
  const lock = await import('../lock/lockState');
  const signOn = await import('./signOn');
  const { LogoutNoticeGate } = await import('./LogoutNotice');
  session.saveTokenAnswer(tokenAnswer(1));
  setStore('entryCode', 'suzhou');
  setStore('welcome', true, 'session');
  setStore('hideMenu', true, 'session');
  tabs.openTab({ label: '参数管理', value: '/system/param', params: {}, query: {}, meta: { title: '参数管理' }, group: 'system' });
  lock.lockScreen('/system/param');
  window.localStorage.setItem('other-software', 'keep');
  const queryClient = new QueryClient();
  queryClient.setQueryData(['menu', 'routes'], [{ path: '/system' }]);
  logout.setLogoutQueryClient(queryClient);
  return { ...logout, session, tabs, lock, signOn, queryClient, LogoutNoticeGate };
}

const appEntries = (area: Storage) => Array.from({ length: area.length }, (_, i) => area.key(i)).filter((k) => k?.startsWith('saber'));

beforeEach(() => {
  fake.logout.mockReset();
  fake.logout.mockResolvedValue(null);
  fake.assign.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('the one logout (specification §4 "Logout")', () => {
  it('the confirmed logout clears everything the spec lists, revokes with the token it had, then ends the sign-on session', async () => {
    const page = await signedInPage();
    await page.logoutAndLeave();

    expect(appEntries(window.localStorage)).toEqual([]);
    expect(appEntries(window.sessionStorage)).toEqual([]);
    expect(window.localStorage.getItem('other-software')).toBe('keep');
    expect(page.session.getSessionSnapshot().token).toBeUndefined();
    expect(page.tabs.getTabs()).toEqual([page.tabs.HOME_TAB]);
    expect(page.lock.isLocked()).toBe(false);
    expect(page.queryClient.getQueryData(['menu', 'routes'])).toBeUndefined();

    expect(fake.logout).toHaveBeenCalledWith('access-1');
    expect(fake.assign).toHaveBeenCalledTimes(1);
    const target = new URL(fake.assign.mock.calls[0][0], 'http://localhost');
    expect(target.pathname).toBe('/sso/logout');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      appId: 'saber',
      entryCode: 'suzhou', // read before the storage was cleared
      sysFlag: 'aoc',
      redirectUri: `${window.location.origin}/gsl/login`,
    });
  });

  it('a 401 does the same full logout, shows 无权限访问 in place of the app for 2 s, then leaves', async () => {
    vi.useFakeTimers();
    const page = await signedInPage();
    fake.logout.mockRejectedValue(new Error('401: the chain is revoked already'));
    render(
      <page.LogoutNoticeGate>
        <div>THE APP</div>
      </page.LogoutNoticeGate>,
    );
    expect(screen.getByText('THE APP')).toBeTruthy();

    act(() => page.expireSession());
    expect(screen.queryByText('THE APP')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('无权限访问');
    expect(getStore('token')).toBeUndefined();
    expect(getStore('welcome')).toBeUndefined();
    expect(getStore('tagList')).toBeUndefined();
    expect(appEntries(window.localStorage)).toEqual([]);
    expect(appEntries(window.sessionStorage)).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(page.NOTICE_MS - 100));
    expect(fake.logout).toHaveBeenCalledWith('access-1'); // quietly, while the notice shows: it may fail
    expect(fake.assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(fake.assign).toHaveBeenCalledTimes(1);
    expect(fake.assign.mock.calls[0][0]).toMatch(/^\/sso\/logout\?appId=saber&entryCode=suzhou&/);
  });

  it('runs once per page however many requests answer 401', async () => {
    vi.useFakeTimers();
    const page = await signedInPage();
    page.expireSession();
    page.expireSession();
    void page.logoutAndLeave();
    await vi.advanceTimersByTimeAsync(page.NOTICE_MS);
    expect(fake.logout).toHaveBeenCalledTimes(1);
    expect(fake.assign).toHaveBeenCalledTimes(1);
  });

  it('a silent 401 (用户未登录) logs out at once, without the notice', async () => {
    const page = await signedInPage();
    page.expireSession({ silent: true });
    await vi.waitFor(() => expect(fake.assign).toHaveBeenCalledTimes(1));
    expect(appEntries(window.sessionStorage)).toEqual([]);
  });

  it('does nothing once the page is already leaving for sign-on', async () => {
    const page = await signedInPage();
    page.signOn.leaveApp('/sso/login?appId=saber');
    await page.logoutAndLeave();
    expect(fake.assign).toHaveBeenCalledTimes(1);
    expect(fake.logout).not.toHaveBeenCalled();
  });
});
