import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { sha256 } from '../../platform/auth/tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const REDIRECT = 'http://localhost/gsl/login';
const app = { appId: 'saber', entryCode: 'jiangsu', sysFlag: 'aoc', redirectUri: REDIRECT };

async function post(form: Record<string, string>, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/sso/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams({ ...app, ...form }).toString(),
  });
}
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...(cookie ? { cookie } : {}) } });

describe('sign-on portal', () => {
  it('shows the login form for a registered redirect', async () => {
    const res = await get(`/sso/login?${new URLSearchParams(app)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('统一身份认证');
    expect(res.body).toContain('江苏省工商业联合会');
    expect(res.body).not.toContain('验证码'); // no captcha before a failure
  });

  it('refuses a redirect that is not registered for the client', async () => {
    for (const redirectUri of ['http://evil.example/gsl/login', 'http://localhost/other', 'javascript:alert(1)']) {
      const res = await get(`/sso/login?${new URLSearchParams({ ...app, redirectUri })}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('回调地址未在应用中登记');
      expect(res.body).not.toContain('<form');
    }
  });

  it('signs in, redirects with a one-time code, and the code works exactly once', async () => {
    const res = await post({ account: 'nj_aoc', password: 'Demo@2026' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    const code = location.searchParams.get('code')!;
    const exchange = () => t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', query: { grant_type: 'sso_authorization_code', code, tenantId: '000001' } });
    const first = await exchange();
    expect(first.status).toBe(200);
    expect(first.body.account).toBe('nj_aoc');
    const again = await exchange();
    expect(again.body).toEqual({ error_code: 400, error_description: '授权码无效或已过期' });
  });

  it('after a wrong password shows the message and a captcha, then insists on it', async () => {
    const bad = await post({ account: 'js_aoc', password: 'wrong' });
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain('用户名或密码不正确');
    expect(bad.body).toContain('data-testid="sso-captcha"');
    const key = /name="captchaKey" value="([^"]+)"/.exec(bad.body)![1];

    const noCaptcha = await post({ account: 'js_aoc', password: 'Demo@2026' });
    expect(noCaptcha.body).toContain('请输入验证码');

    const wrongCaptcha = await post({ account: 'js_aoc', password: 'Demo@2026', captchaKey: key, captchaCode: 'zzzz' });
    expect(wrongCaptcha.body).toContain('验证码不正确');

    const fresh = /name="captchaKey" value="([^"]+)"/.exec(wrongCaptcha.body)![1];
    await t.db.updateTable('authCaptcha').set({ answerHash: sha256('k7m2') }).where('key', '=', fresh).execute();
    const ok = await post({ account: 'js_aoc', password: 'Demo@2026', captchaKey: fresh, captchaCode: 'k7m2' });
    expect(ok.statusCode).toBe(302);
  });

  it('escapes what the user typed', async () => {
    const res = await post({ account: '<script>alert(1)</script>', password: 'x' });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;');
  });

  it('keeps a sign-on session: a second visit redirects at once; /sso/logout ends it', async () => {
    const res = await post({ account: 'nj_coc', password: 'Demo@2026' });
    const cookie = String(res.headers['set-cookie']).split(';')[0];
    expect(cookie).toMatch(/^gsl_sso=/);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const again = await get(`/sso/login?${new URLSearchParams(app)}`, cookie);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toMatch(/code=/);

    const out = await get(`/sso/logout?${new URLSearchParams(app)}`, cookie);
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe(`/sso/login?${new URLSearchParams(app)}`);
    const after = await get(`/sso/login?${new URLSearchParams(app)}`, cookie);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<form');
  });
});
