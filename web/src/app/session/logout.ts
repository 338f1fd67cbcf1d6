import type { QueryClient } from '@tanstack/react-query';
import { logout as logoutCall } from '../../api/auth';
import { clearCache, clearStore } from '../../utils/storage';
import { unlockScreen } from '../lock/lockState';
import { clearTabs } from '../tabs/tabStore';
import { clearSession } from './sessionStore';
import { getEntryCode, leaveApp, signOutUrl } from './signOn';

/**
 * Logout (specification §4): revoke the refresh chain on the server (best-effort), forget token,
 * menus, roles, tabs, lock and cached trees, clear session and local storage, then end the sign-on
 * session at `${ssoLogoutUrl}?appId…&entryCode…&sysFlag…&redirectUri…`.
 */
export async function logoutAndLeave(queryClient: QueryClient): Promise<void> {
  const entryCode = getEntryCode();
  try {
    await logoutCall();
  } catch {
    // the token may already be gone; the local logout goes on regardless
  }
  // Claim the navigation first: clearing the token makes the guards want to go to sign-on.
  leaveApp(signOutUrl(entryCode));
  clearSession();
  unlockScreen();
  clearTabs();
  queryClient.clear();
  clearCache();
  clearStore('session');
  clearStore('local');
}
