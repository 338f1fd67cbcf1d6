import { refreshToken } from '../../api/auth';
import { config } from '../../config';
import { expireSession } from './signOn';
import { getRefreshToken, getUser, saveTokenAnswer, tokenAgeSeconds } from './sessionStore';

/**
 * Token refresh (specification §4). One refresh at a time: concurrent callers share the promise.
 * Resolves true when a new token is stored, false when the refresh failed (the caller stops its
 * timer). Without a refresh token, or when the answer carries none, the session is forgotten and
 * the browser goes to sign-on.
 */
let inflight: Promise<boolean> | null = null;

export const isRefreshing = (): boolean => inflight !== null;

export function refreshSession(): Promise<boolean> {
  inflight ??= runRefresh().finally(() => {
    inflight = null;
  });
  return inflight;
}

async function runRefresh(): Promise<boolean> {
  const refresh = getRefreshToken();
  if (!refresh) {
    expireSession();
    return false;
  }
  const user = getUser();
  try {
    const answer = await refreshToken(refresh, { tenantId: user?.tenant_id, deptId: user?.dept_id, roleId: user?.role_id });
    if (!answer) return false; // cancelled
    if (!answer.refresh_token) {
      expireSession();
      return false;
    }
    saveTokenAnswer(answer);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks every `refreshCheckSeconds` whether the stored token is at least `refreshThresholdSeconds`
 * old and, if no refresh is running, refreshes it. The age is read from storage each time, so a
 * refresh done by another window of the app counts. Returns a stop function.
 */
export function startRefreshTimer(): () => void {
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearInterval(id);
  };
  const id = setInterval(async () => {
    const age = tokenAgeSeconds();
    if (age === undefined || age < config.refreshThresholdSeconds || isRefreshing()) return;
    const ok = await refreshSession();
    if (!ok && !stopped) stop();
  }, config.refreshCheckSeconds * 1000);
  return stop;
}
