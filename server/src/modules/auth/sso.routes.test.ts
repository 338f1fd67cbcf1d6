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
    expect(res.body).not.toContain('租户编号'); // tenant mode is off: everyone signs on to the default tenant
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

describe('sign-on portal in tenant mode', () => {
  let tm: TestApp;
  let tenant: { tenantId: string; adminPassword: string };
  beforeAll(async () => {
    tm = await createTestApp({ tenantMode: true });
    const admin = (await tm.login('admin')).access_token;
    const created = await tm.call({ method: 'POST', url: '/api/blade-system/tenant/submit', token: admin, body: { tenantName: '门户登录测试租户', accountNumber: 5 } });
    tenant = { tenantId: created.body.data.tenantId, adminPassword: created.body.data.adminPassword };
  });
  afterAll(() => tm?.close());
  const postTm = (form: Record<string, string>, cookie?: string) =>
    tm.app.inject({
      method: 'POST',
      url: '/sso/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost', ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams({ ...app, ...form }).toString(),
    });
  const exchange = (location: string) =>
    tm.call({ method: 'POST', url: '/api/blade-auth/oauth/token', query: { grant_type: 'sso_authorization_code', code: new URL(location).searchParams.get('code')!, tenantId: '000001' } });

  it('asks for the tenant (租户编号, the default tenant filled in) and signs a tenant’s admin on to that tenant', async () => {
    const form = await tm.app.inject({ method: 'GET', url: `/sso/login?${new URLSearchParams(app)}`, headers: { host: 'localhost' } });
    expect(form.body).toContain('租户编号');
    expect(form.body).toMatch(/name="tenantId"[^>]*value="000001"/);
    // the same account name in the default tenant is another person: the tenant's password does not open it
    const wrongTenant = await postTm({ tenantId: '000001', account: 'admin', password: tenant.adminPassword });
    expect(wrongTenant.statusCode).toBe(200);
    expect(wrongTenant.body).toContain('用户名或密码不正确');
    expect(wrongTenant.body).toMatch(/name="tenantId"[^>]*value="000001"/);
    expect((await postTm({ tenantId: '12', account: 'admin', password: 'x' })).body).toContain('租户编号应为6位数字');

    const res = await postTm({ tenantId: tenant.tenantId, account: 'admin', password: tenant.adminPassword });
    expect(res.statusCode).toBe(302);
    // the code carries the tenant: the client's tenantId parameter cannot move it elsewhere
    const tokens = await exchange(res.headers.location as string);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ tenant_id: tenant.tenantId, account: 'admin' });
    const info = await tm.call({ url: '/api/blade-auth/oauth/user-info', token: tokens.body.access_token });
    expect(info.body.data.orgName).toBe('门户登录测试租户');

    // the portal's session remembers the tenant: the next visit goes straight back with a code for it
    const cookie = String(res.headers['set-cookie']).split(';')[0];
    const again = await tm.app.inject({ method: 'GET', url: `/sso/login?${new URLSearchParams(app)}`, headers: { host: 'localhost', cookie } });
    expect(again.statusCode).toBe(302);
    expect((await exchange(again.headers.location as string)).body.tenant_id).toBe(tenant.tenantId);
  });
});
