import { refreshToken } from '../../api/auth';
import { config } from '../../config';
import { withRefreshLock } from './refreshLock';
import { signOnAgain } from './signOn';
import { getRefreshToken, getTokenEntry, getUser, saveTokenAnswer, syncSession, tokenAgeSeconds, type TokenEntry } from '../../utils/sessionStore';

/**
 * Token refresh (specification §4). One refresh at a time: concurrent callers in this window share
 * the promise, and across windows the refresh runs under a cross-window lock (refreshLock.ts),
 * because the server revokes the whole chain when a refresh token is used twice.
 * Once it holds the lock the refresh re-reads storage: if the token is no longer the one the call
 * started from and is younger than the threshold, another window refreshed meanwhile — its tokens
 * are adopted without a network call. Otherwise the refresh token is read only now, under the lock.
 * Resolves true when a new token is stored (or adopted), false when the refresh failed (the caller
 * stops its timer). Without a refresh token, or when the answer carries none, the session is
 * forgotten and the browser goes to sign-on.
 */
let inflight: Promise<boolean> | null = null;

export const isRefreshing = (): boolean => inflight !== null;

export function refreshSession(): Promise<boolean> {
  if (!inflight) {
    const from = getTokenEntry();
    inflight = withRefreshLock(() => runRefresh(from)).finally(() => {
      inflight = null;
    });
  }
  return inflight;
}

/** Another window stored a new token since `from` was read, and it is still young. */
function refreshedElsewhere(from: TokenEntry | undefined): boolean {
  const now = getTokenEntry();
  if (!now?.content || !getRefreshToken()) return false;
  if (from && now.content === from.content && now.datetime === from.datetime) return false;
  return (Date.now() - now.datetime) / 1000 < config.refreshThresholdSeconds;
}

async function runRefresh(from: TokenEntry | undefined): Promise<boolean> {
  if (refreshedElsewhere(from)) {
    syncSession(); // the in-memory session (useSession) follows storage at once
    return true;
  }
  const refresh = getRefreshToken();
  if (!refresh) {
    signOnAgain();
    return false;
  }
  const user = getUser();
  try {
    const answer = await refreshToken(refresh, { tenantId: user?.tenant_id, deptId: user?.dept_id, roleId: user?.role_id });
    if (!answer) return false; // cancelled
    if (!answer.refresh_token) {
      signOnAgain();
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
 * refresh done by another window of the app counts (and one finishing while this window waits for
 * the lock is adopted, see refreshSession). Returns a stop function.
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
