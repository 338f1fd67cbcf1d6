import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { MSG } from '@gsl/contract';
import { logout as logoutCall } from '../../api/auth';
import { browser } from '../../utils/browser';
import { clearAppStorage } from '../../utils/storage';
import { unlockScreen } from '../lock/lockState';
import { clearTabs } from '../tabs/tabStore';
import { clearSession, getToken } from '../../utils/sessionStore';
import { claimDeparture, getEntryCode, signOutUrl } from './signOn';

/** How long 无权限访问 stays on screen before the browser leaves for the sign-on logout. */
export const NOTICE_MS = 2000;

/** The app's query cache (menus, permissions, dept trees): Providers hands it over. */
let queryClient: QueryClient | undefined;
export function setLogoutQueryClient(client: QueryClient | undefined): void {
  queryClient = client;
}

/** The text shown in place of the app while a forced logout is leaving (null: none). */
let notice: string | null = null;
const listeners = new Set<() => void>();
function showNotice(text: string): void {
  notice = text;
  listeners.forEach((fn) => fn());
}
export function useLogoutNotice(): string | null {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => notice,
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let running: Promise<void> | null = null;

/**
 * The one logout (specification §4 "Logout"), for 退出登录 after its confirmation and for a 401:
 *   1. claim this page's departure, so no guard sends the browser to a plain sign-on meanwhile
 *      (which would keep the sign-on session alive);
 *   2. forget token, menus, roles, tabs, lock and dept trees, and every entry of the app in session
 *      and local storage (specification §9 "clearing the cache");
 *   3. with a notice (the 401), show it in place of the app for NOTICE_MS;
 *   4. revoke the refresh chain with the token read before step 2 (quietly: it may be dead already);
 *   5. go to the sign-on logout, `${ssoLogoutUrl}?appId…&entryCode…&sysFlag…&redirectUri…`, which
 *      ends the sign-on session and shows the sign-on form.
 * Runs once per page: concurrent callers (several requests answered 401) share it.
 */
export function logoutAndLeave({ notice: text }: { notice?: string } = {}): Promise<void> {
  running ??= run(text);
  return running;
}

async function run(text: string | undefined): Promise<void> {
  const token = getToken();
  const entryCode = getEntryCode();
  if (!claimDeparture()) return;
  clearSession();
  unlockScreen();
  clearTabs();
  queryClient?.clear();
  clearAppStorage();
  if (text) showNotice(text);
  const revoke = Promise.resolve()
    .then(() => logoutCall(token))
    .catch(() => undefined);
  await Promise.all([revoke, text ? sleep(NOTICE_MS) : undefined]);
  browser.assign(signOutUrl(entryCode));
}

/**
 * A response with code 401 (specification §8): 无权限访问 is shown and the user is logged out.
 * A silent message (用户未登录: the request carried no token) logs out without the notice.
 */
export function expireSession({ silent = false }: { silent?: boolean } = {}): void {
  void logoutAndLeave(silent ? {} : { notice: MSG.unauthorized });
}
