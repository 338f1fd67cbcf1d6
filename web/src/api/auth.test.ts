import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, mockFetch } from '../../test/http';
import { tokenAnswer } from '../../test/fixtures';
import { getCaptcha, loginByPassword, logout } from './auth';

vi.mock('./feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

describe('auth calls (wire contract §4)', () => {
  it('the password grant carries the password in a form body, never in the URL', async () => {
    const fetch = mockFetch(answer(200, tokenAnswer(1)));
    await expect(loginByPassword('nj_aoc', 'p&ss=word', '000001')).resolves.toMatchObject({ access_token: 'access-1' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/blade-auth/oauth/token');
    expect(init!.method).toBe('POST');
    const form = new URLSearchParams(String(init!.body));
    expect(Object.fromEntries(form)).toEqual({ grant_type: 'password', username: 'nj_aoc', password: 'p&ss=word', tenantId: '000001' });
    expect(init!.body).toBeInstanceOf(URLSearchParams); // fetch sends it as application/x-www-form-urlencoded
    const headers = new Headers(init!.headers);
    expect(headers.get('Captcha-Key')).toBeNull();
  });

  it('with a captcha it adds the Captcha-Key and Captcha-Code headers', async () => {
    const fetch = mockFetch(answer(200, tokenAnswer(1)));
    await loginByPassword('nj_aoc', 'secret', '000001', { key: 'k-1', code: 'ab12' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).not.toContain('secret');
    const headers = new Headers(init!.headers);
    expect(headers.get('Captcha-Key')).toBe('k-1');
    expect(headers.get('Captcha-Code')).toBe('ab12');
    expect(new URLSearchParams(String(init!.body)).get('grant_type')).toBe('password');
  });

  it('reads the captcha answer flat: { key, image }', async () => {
    mockFetch(answer(200, { key: 'k-2', image: 'data:image/svg+xml;base64,AA==' }));
    await expect(getCaptcha()).resolves.toEqual({ key: 'k-2', image: 'data:image/svg+xml;base64,AA==' });
  });

  it('the API logout sends the token it is given (storage may already be cleared)', async () => {
    const fetch = mockFetch(answer(200, { code: 200, success: true, data: null, msg: '操作成功' }));
    await logout('tok-9');
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/blade-auth/oauth/logout');
    expect(new Headers(init!.headers).get('Blade-Auth')).toBe('bearer tok-9');
  });
});
