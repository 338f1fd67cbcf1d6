import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStore } from '../../utils/storage';
import { HttpError } from '../../api/http';
import { getErrorLog, recordError } from './errorLog';

vi.mock('../../api/log/clientLog', () => ({ sendLogs: vi.fn() }));
const { sendLogs } = await import('../../api/log/clientLog');

describe('local error log (specification §8 "Uncaught UI errors")', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(sendLogs).mockReset().mockResolvedValue(undefined);
  });
  afterEach(async () => {
    await vi.runOnlyPendingTimersAsync();
    vi.useRealTimers();
  });

  it('stores url, time, type, message, stack and info under "logs", newest first', () => {
    recordError('render', new Error('boom'), 'in <Page>');
    recordError('unhandledrejection', 'plain reason');
    const [latest, first] = getErrorLog();
    expect(first).toMatchObject({ type: 'render', message: 'boom', info: 'in <Page>', url: window.location.href });
    expect(first.stack).toContain('boom');
    expect(first.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(latest).toMatchObject({ type: 'unhandledrejection', message: 'plain reason' });
    expect(JSON.parse(window.localStorage.getItem('saber-logs')!).dataType).toBe('object');
  });

  it('uploads a batch with sendLogs while signed in; a failed upload is dropped quietly', async () => {
    setStore('token', 't');
    vi.mocked(sendLogs).mockRejectedValue(new Error('offline'));
    recordError('error', new Error('a'));
    recordError('error', new Error('b'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(sendLogs).toHaveBeenCalledTimes(1);
    expect(vi.mocked(sendLogs).mock.calls[0][0].map((e) => e.message)).toEqual(['a', 'b']);
    expect(getErrorLog()).toHaveLength(2);
  });

  it('does not upload without a token, and ignores server answers the transport already reported', async () => {
    recordError('unhandledrejection', new HttpError('参数键名已存在', 400, undefined, true));
    expect(getErrorLog()).toHaveLength(0);
    recordError('error', new Error('c'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(sendLogs).not.toHaveBeenCalled();
  });
});
