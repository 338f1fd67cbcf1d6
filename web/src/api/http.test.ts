import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@gsl/contract';
import { config } from '../config';
import { setStore } from '../utils/storage';
import { answer, encrypt, mockFetch } from '../../test/http';
import { configureHttp, get, HttpError, post, request, REQUEST_TIMEOUT_MS } from './http';

vi.mock('./feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() } }));
vi.mock('../utils/browser', () => ({ browser: { assign: vi.fn(), replace: vi.fn(), open: vi.fn() } }));

const { toast } = await import('./feedback');
const { browser } = await import('../utils/browser');
// What the app hands in at start: its logout.
const expireSession = vi.fn();
configureHttp({ onUnauthorized: expireSession });

const ok = (data: unknown) => ({ code: 200, success: true, data, msg: '操作成功' });
const fail = (code: number, msg: string) => ({ code, success: false, data: null, msg });

describe('http transport', () => {
  beforeEach(() => {
    vi.mocked(toast.error).mockClear();
    vi.mocked(browser.assign).mockClear();
    vi.mocked(expireSession).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    config.apiCrypto = false;
  });

  it('sends the Basic client header, the Blade-Auth token and JSON bodies; returns data', async () => {
    setStore('token', 'tok-1');
    const fetch = mockFetch(answer(200, ok({ id: '1' })), answer(200, ok(true)));
    await expect(get('/api/x', { a: 1, empty: undefined })).resolves.toEqual({ id: '1' });
    await post('/api/y', { name: '参数' });

    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/x?a=1');
    const headers = new Headers(init!.headers);
    expect(headers.get('Authorization')).toBe(`Basic ${btoa('saber:saber_secret')}`);
    expect(headers.get('Blade-Auth')).toBe('bearer tok-1');
    const [, postInit] = fetch.mock.calls[1];
    expect(postInit!.method).toBe('POST');
    expect(postInit!.body).toBe('{"name":"参数"}');
    expect(new Headers(postInit!.headers).get('Content-Type')).toBe('application/json');
  });

  it('decrypts the body before looking at the code', async () => {
    config.apiCrypto = true;
    config.aesKey = 'k'.repeat(32);
    mockFetch(answer(400, encrypt(fail(400, '请输入参数名称'), config.aesKey), 'text/plain'));
    await expect(get('/api/x')).rejects.toMatchObject({ code: 400, message: '请输入参数名称' });
    expect(toast.error).toHaveBeenCalledWith('请输入参数名称');
  });

  it('reads 4xx bodies as envelopes and toasts msg, then error_description, then 未知错误', async () => {
    mockFetch(
      answer(400, fail(400, '参数键名已存在')),
      answer(400, { error_code: 400, error_description: '用户名或密码不正确' }),
      answer(500, { code: 500, success: false, data: null }),
    );
    await expect(get('/api/a')).rejects.toBeInstanceOf(HttpError);
    await expect(request('/api/blade-auth/oauth/token', { method: 'POST' })).rejects.toMatchObject({ code: 400 });
    await expect(get('/api/c')).rejects.toMatchObject({ message: MSG.unknownError, handled: true });
    expect(vi.mocked(toast.error).mock.calls.map((c) => c[0])).toEqual(['参数键名已存在', '用户名或密码不正确', MSG.unknownError]);
  });

  it('keeps the messages refreshToken有误或已过期 and 用户未登录 silent (but still rejects)', async () => {
    mockFetch(answer(400, { error_code: 400, error_description: 'refreshToken有误或已过期' }), answer(400, fail(400, '用户未登录')));
    await expect(request('/api/t', { method: 'POST' })).rejects.toMatchObject({ message: 'refreshToken有误或已过期' });
    await expect(get('/api/u')).rejects.toMatchObject({ message: '用户未登录' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('401 → the one logout routine, with 无权限访问 (app/session/logout.ts shows it)', async () => {
    setStore('token', 'expired');
    mockFetch(answer(401, fail(401, '请求未授权')));
    await expect(get('/api/x')).rejects.toMatchObject({ code: 401, handled: true, message: MSG.unauthorized });
    expect(expireSession).toHaveBeenCalledWith({ silent: false });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('401 with the silent 用户未登录 logs out without the notice', async () => {
    setStore('token', 'gone');
    mockFetch(answer(401, fail(401, MSG.notLoggedIn)));
    await expect(get('/api/x')).rejects.toMatchObject({ code: 401 });
    expect(expireSession).toHaveBeenCalledWith({ silent: true });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('sends a URLSearchParams body as a form, leaving the URL without its fields', async () => {
    const fetch = mockFetch(answer(200, { access_token: 'a' }));
    await request('/api/blade-auth/oauth/token', { method: 'POST', body: new URLSearchParams({ grant_type: 'password', password: 's3cret' }) });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/blade-auth/oauth/token');
    expect(init!.body).toBeInstanceOf(URLSearchParams);
    expect(String(init!.body)).toBe('grant_type=password&password=s3cret');
    expect(new Headers(init!.headers).get('Content-Type')).toBeNull(); // fetch adds application/x-www-form-urlencoded
  });

  it('a request cancelled by its caller resolves quietly', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    const pending = get('/api/slow', undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).resolves.toBeUndefined();
    const already = new AbortController();
    already.abort();
    await expect(get('/api/x', undefined, { signal: already.signal })).resolves.toBeUndefined();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('network failure, a status outside 200..500 and the 30-minute timeout → 系统错误', async () => {
    mockFetch(new TypeError('Failed to fetch'), answer(502, 'Bad Gateway', 'text/html'));
    await expect(get('/api/a')).rejects.toMatchObject({ message: MSG.systemError });
    await expect(get('/api/b')).rejects.toMatchObject({ message: MSG.systemError, code: 502 });

    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new Error('aborted'))))),
    );
    const slow = get('/api/slow');
    const settled = expect(slow).rejects.toMatchObject({ message: MSG.systemError });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(vi.mocked(toast.error)).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(vi.mocked(toast.error)).toHaveBeenCalledTimes(3);
  });

  it('quiet calls neither toast nor sign out', async () => {
    mockFetch(answer(401, fail(401, '请求未授权')));
    await expect(post('/api/msg-center/log/client', { logs: [] }, { quiet: true })).rejects.toMatchObject({ code: 401, handled: false });
    expect(toast.error).not.toHaveBeenCalled();
    expect(expireSession).not.toHaveBeenCalled();
  });
});
