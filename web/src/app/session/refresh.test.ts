import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenAnswer } from '@gsl/contract';
import { tokenAnswer } from '../../../test/fixtures';
import { getStore, setStore } from '../../utils/storage';
import { LEASE_MS, LEASE_NAME, SETTLE_MS, type Lease } from './refreshLock';

// One network and one browser for every "window" (module instance) of a test.
const fake = vi.hoisted(() => ({ refreshToken: vi.fn(), assign: vi.fn(), replace: vi.fn(), open: vi.fn() }));
vi.mock('../../api/auth', () => ({ refreshToken: fake.refreshToken }));
vi.mock('../../utils/browser', () => ({ browser: { assign: fake.assign, replace: fake.replace, open: fake.open } }));

const refreshToken = fake.refreshToken;
const assign = fake.assign;
const IDS = { tenantId: '000001', deptId: '1100', roleId: '1,2' };
/** More than the lease needs to confirm ownership (SETTLE_MS) and notice a freed lease (its poll). */
const LOCK_SLACK = 4 * SETTLE_MS;

/**
 * A window of the app: fresh refresh, lock and session modules (their own in-flight promise, lock
 * owner and in-memory snapshot) over the localStorage every window of the origin shares. Leaving
 * for sign-on is once per page, as in a browser.
 */
async function openWindow() {
  vi.resetModules();
  const refresh = await import('./refresh');
  const store = await import('../../utils/sessionStore');
  return { ...refresh, ...store };
}
type AppWindow = Awaited<ReturnType<typeof openWindow>>;

/** Web Locks as a secure context has them (happy-dom has none): exclusive, granted in order. */
function fakeWebLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request: vi.fn((name: string, callback: (lock: unknown) => Promise<unknown>) => {
      const run = (tails.get(name) ?? Promise.resolve()).then(() => callback({ name, mode: 'exclusive' }));
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    }),
  };
}
function installLocks(locks: unknown): void {
  Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
}
function removeLocks(): void {
  delete (navigator as { locks?: unknown }).locks;
}

const LOCK_KINDS = [
  { kind: 'localStorage lease (plain http)', webLocks: false },
  { kind: 'Web Locks (secure context)', webLocks: true },
];

beforeEach(() => {
  refreshToken.mockReset();
  assign.mockReset();
  vi.useFakeTimers();
});
afterEach(() => {
  removeLocks();
  vi.useRealTimers();
});

describe.each(LOCK_KINDS)('token refresh timer (specification §4), $kind', ({ webLocks }) => {
  let stop: () => void = () => undefined;
  let win: AppWindow;

  beforeEach(async () => {
    if (webLocks) installLocks(fakeWebLocks());
    win = await openWindow();
  });
  afterEach(() => stop());

  it('refreshes once the stored token is 300 s old, not before, sending the refresh token and ids', async () => {
    win.saveTokenAnswer(tokenAnswer(1));
    refreshToken.mockResolvedValue(tokenAnswer(2));
    stop = win.startRefreshTimer();

    await vi.advanceTimersByTimeAsync(290_000);
    expect(refreshToken).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(10_000 + LOCK_SLACK); // the check at 300 s
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(refreshToken).toHaveBeenCalledWith('refresh-1', IDS);
    expect(getStore('token')).toBe('access-2');
    expect(getStore('refreshToken')).toBe('refresh-2');
    expect(win.getSessionSnapshot().token).toBe('access-2');

    // the new token is young again: nothing until it is 300 s old (the next check after that)
    await vi.advanceTimersByTimeAsync(289_000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(21_000);
    expect(refreshToken).toHaveBeenCalledTimes(2);
    expect(refreshToken).toHaveBeenLastCalledWith('refresh-2', IDS);
  });

  it('stops checking after a failed refresh', async () => {
    win.saveTokenAnswer(tokenAnswer(1));
    refreshToken.mockRejectedValue(new Error('refreshToken有误或已过期'));
    stop = win.startRefreshTimer();
    await vi.advanceTimersByTimeAsync(300_000 + LOCK_SLACK);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(getStore('token')).toBe('access-1');
  });

  it('without a refresh token the token is cleared and the browser goes to sign-on', async () => {
    setStore('token', 'access-only');
    stop = win.startRefreshTimer();
    await vi.advanceTimersByTimeAsync(300_000 + LOCK_SLACK);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(getStore('token')).toBeUndefined();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign.mock.calls[0][0]).toMatch(/^\/sso\/login\?appId=saber&entryCode=jiangsu&sysFlag=aoc&redirectUri=/);
  });

  it('an answer without a refresh token also ends the session', async () => {
    win.saveTokenAnswer(tokenAnswer(1));
    refreshToken.mockResolvedValue(tokenAnswer(2, { refresh_token: '' }));
    stop = win.startRefreshTimer();
    await vi.advanceTimersByTimeAsync(300_000 + LOCK_SLACK);
    expect(getStore('token')).toBeUndefined();
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('concurrent callers share one in-flight refresh', async () => {
    win.saveTokenAnswer(tokenAnswer(1));
    let resolve: (a: TokenAnswer) => void = () => undefined;
    refreshToken.mockReturnValue(new Promise((r) => (resolve = r)));
    const a = win.refreshSession();
    const b = win.refreshSession();
    expect(a).toBe(b);
    resolve(tokenAnswer(2));
    await vi.advanceTimersByTimeAsync(LOCK_SLACK);
    await expect(a).resolves.toBe(true);
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });
});

describe.each(LOCK_KINDS)('two windows sharing one session, $kind', ({ webLocks }) => {
  let stops: Array<() => void> = [];
  let a: AppWindow;
  let b: AppWindow;

  beforeEach(async () => {
    if (webLocks) installLocks(fakeWebLocks());
    a = await openWindow();
    b = await openWindow();
    a.saveTokenAnswer(tokenAnswer(1));
    b.syncSession(); // B hears the login (the storage event)
  });
  afterEach(() => {
    stops.forEach((stop) => stop());
    stops = [];
  });

  it('both decide to refresh at once: one network refresh, and both end with the new token', async () => {
    let resolve: (a: TokenAnswer) => void = () => undefined;
    refreshToken.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    stops = [a.startRefreshTimer(), b.startRefreshTimer()];

    await vi.advanceTimersByTimeAsync(300_000 + LOCK_SLACK); // both timers check at 300 s
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(refreshToken).toHaveBeenCalledWith('refresh-1', IDS);
    expect(b.isRefreshing()).toBe(true); // B waits for the lock instead of reusing refresh-1

    // a slow answer (longer than the lease) still keeps B waiting
    await vi.advanceTimersByTimeAsync(2 * LEASE_MS);
    expect(refreshToken).toHaveBeenCalledTimes(1);

    resolve(tokenAnswer(2));
    await vi.advanceTimersByTimeAsync(LOCK_SLACK);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(a.isRefreshing()).toBe(false);
    expect(b.isRefreshing()).toBe(false);
    expect(getStore('refreshToken')).toBe('refresh-2');
    for (const w of [a, b]) {
      expect(w.getToken()).toBe('access-2'); // what the next request's Blade-Auth header carries
      expect(w.getSessionSnapshot().token).toBe('access-2');
    }
    expect(getStore(LEASE_NAME)).toBeUndefined();

    // both timers keep running; the next round is again one refresh, with the new refresh token
    refreshToken.mockResolvedValue(tokenAnswer(3));
    await vi.advanceTimersByTimeAsync(310_000 + LOCK_SLACK);
    expect(refreshToken).toHaveBeenCalledTimes(2);
    expect(refreshToken).toHaveBeenLastCalledWith('refresh-2', IDS);
    for (const w of [a, b]) expect(w.getToken()).toBe('access-3'); // (the snapshots follow the storage event)
  });

  it('a window that did not refresh sends the token another window stored, without waiting for an event', async () => {
    refreshToken.mockResolvedValue(tokenAnswer(2));
    vi.advanceTimersByTime(300_000);
    await Promise.all([a.refreshSession(), vi.advanceTimersByTimeAsync(LOCK_SLACK)]);
    expect(b.getSessionSnapshot().token).toBe('access-1'); // no storage event in one document
    expect(b.getToken()).toBe('access-2');
    window.dispatchEvent(new StorageEvent('storage', { key: 'saber-token' }));
    expect(b.getSessionSnapshot().token).toBe('access-2');
  });
});

describe('the localStorage lease (no Web Locks)', () => {
  let a: AppWindow;

  beforeEach(async () => {
    a = await openWindow();
    a.saveTokenAnswer(tokenAnswer(1));
    vi.advanceTimersByTime(300_000);
    refreshToken.mockResolvedValue(tokenAnswer(2));
  });
  const lease = (owner: string, until: number) => setStore<Lease>(LEASE_NAME, { owner, until });

  it('a stale lease (past its expiry, left by a crashed window) does not block', async () => {
    lease('crashed-window', Date.now() - 1);
    const done = a.refreshSession();
    await vi.advanceTimersByTimeAsync(LOCK_SLACK);
    await expect(done).resolves.toBe(true);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(getStore('token')).toBe('access-2');
    expect(getStore(LEASE_NAME)).toBeUndefined();
  });

  it('a live lease of a window that never releases it blocks only until it expires', async () => {
    lease('crashed-window', Date.now() + LEASE_MS);
    const done = a.refreshSession();
    await vi.advanceTimersByTimeAsync(LEASE_MS - 1_000);
    expect(refreshToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000 + LOCK_SLACK);
    await expect(done).resolves.toBe(true);
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });

  it('ownership is confirmed by re-reading: a lease another window wrote meanwhile wins, and its tokens are adopted', async () => {
    const done = a.refreshSession();
    expect((getStore<Lease>(LEASE_NAME) as Lease).owner).not.toBe('other-window');
    lease('other-window', Date.now() + LEASE_MS); // the other window's write landed last
    await vi.advanceTimersByTimeAsync(LOCK_SLACK);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(a.isRefreshing()).toBe(true);

    // the other window refreshes and lets go
    a.saveTokenAnswer(tokenAnswer(7));
    window.localStorage.removeItem(`saber-${LEASE_NAME}`);
    await vi.advanceTimersByTimeAsync(LOCK_SLACK);
    await expect(done).resolves.toBe(true);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(a.getSessionSnapshot().token).toBe('access-7');
  });
});

describe('Web Locks', () => {
  it('are used when present: the refresh takes the lock <appKey>-refresh and writes no lease', async () => {
    const locks = fakeWebLocks();
    installLocks(locks);
    const win = await openWindow();
    win.saveTokenAnswer(tokenAnswer(1));
    refreshToken.mockResolvedValue(tokenAnswer(2));
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    await expect(win.refreshSession()).resolves.toBe(true);
    expect(locks.request).toHaveBeenCalledWith('saber-refresh', expect.any(Function));
    expect(setItem.mock.calls.map(([key]) => key)).not.toContain(`saber-${LEASE_NAME}`);
  });

  it('refused by the browser (an opaque origin), the lease is used instead', async () => {
    installLocks({ request: vi.fn(() => Promise.reject(new DOMException('denied', 'SecurityError'))) });
    const win = await openWindow();
    win.saveTokenAnswer(tokenAnswer(1));
    refreshToken.mockResolvedValue(tokenAnswer(2));
    const done = win.refreshSession();
    await vi.advanceTimersByTimeAsync(LOCK_SLACK);
    await expect(done).resolves.toBe(true);
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });
});
