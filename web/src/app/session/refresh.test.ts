import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenAnswer } from '@gsl/contract';
import { tokenAnswer } from '../../../test/fixtures';
import { getStore, setStore } from '../../utils/storage';

vi.mock('../../api/auth', () => ({ refreshToken: vi.fn() }));
vi.mock('../../utils/browser', () => ({ browser: { assign: vi.fn(), replace: vi.fn(), open: vi.fn() } }));

// Fresh modules per test: leaving for sign-on is once per page, as in a browser.
let refreshToken: typeof import('../../api/auth').refreshToken;
let browser: typeof import('../../utils/browser').browser;
let refreshSession: typeof import('./refresh').refreshSession;
let startRefreshTimer: typeof import('./refresh').startRefreshTimer;
let saveTokenAnswer: typeof import('./sessionStore').saveTokenAnswer;

describe('token refresh timer (specification §4)', () => {
  let stop: () => void = () => undefined;

  beforeEach(async () => {
    vi.resetModules();
    ({ refreshToken } = await import('../../api/auth'));
    ({ browser } = await import('../../utils/browser'));
    ({ refreshSession, startRefreshTimer } = await import('./refresh'));
    ({ saveTokenAnswer } = await import('./sessionStore'));
    vi.mocked(refreshToken).mockReset();
    vi.mocked(browser.assign).mockClear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('refreshes once the stored token is 300 s old, not before, sending the refresh token and ids', async () => {
    saveTokenAnswer(tokenAnswer(1));
    vi.mocked(refreshToken).mockResolvedValue(tokenAnswer(2));
    stop = startRefreshTimer();

    await vi.advanceTimersByTimeAsync(290_000);
    expect(refreshToken).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(10_000); // the check at 300 s
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(refreshToken).toHaveBeenCalledWith('refresh-1', { tenantId: '000001', deptId: '1100', roleId: '1,2' });
    expect(getStore('token')).toBe('access-2');
    expect(getStore('refreshToken')).toBe('refresh-2');

    // the new token is young again: nothing until it is 300 s old
    await vi.advanceTimersByTimeAsync(290_000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refreshToken).toHaveBeenCalledTimes(2);
  });

  it('stops checking after a failed refresh', async () => {
    saveTokenAnswer(tokenAnswer(1));
    vi.mocked(refreshToken).mockRejectedValue(new Error('refreshToken有误或已过期'));
    stop = startRefreshTimer();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(getStore('token')).toBe('access-1');
  });

  it('without a refresh token the token is cleared and the browser goes to sign-on', async () => {
    setStore('token', 'access-only');
    stop = startRefreshTimer();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(getStore('token')).toBeUndefined();
    expect(browser.assign).toHaveBeenCalledTimes(1);
    expect(vi.mocked(browser.assign).mock.calls[0][0]).toMatch(/^\/sso\/login\?appId=saber&entryCode=jiangsu&sysFlag=aoc&redirectUri=/);
  });

  it('an answer without a refresh token also ends the session', async () => {
    saveTokenAnswer(tokenAnswer(1));
    vi.mocked(refreshToken).mockResolvedValue(tokenAnswer(2, { refresh_token: '' }));
    stop = startRefreshTimer();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(getStore('token')).toBeUndefined();
    expect(browser.assign).toHaveBeenCalledTimes(1);
  });

  it('concurrent callers share one in-flight refresh', async () => {
    saveTokenAnswer(tokenAnswer(1));
    let resolve: (a: TokenAnswer) => void = () => undefined;
    vi.mocked(refreshToken).mockReturnValue(new Promise((r) => (resolve = r)));
    const a = refreshSession();
    const b = refreshSession();
    expect(a).toBe(b);
    resolve(tokenAnswer(2));
    await expect(a).resolves.toBe(true);
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });
});
