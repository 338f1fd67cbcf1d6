import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { SsoBrowser } from '../../../test/sso.js';
import { sha256 } from '../../platform/auth/tokens.js';
import { SsoForms } from './sso-forms.js';
import { SSO_MSG } from './sso.page.js';
import { REFRESH_REUSE_GRACE_SECONDS } from './token.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const browser = () => new SsoBrowser(t);
const query = (b: SsoBrowser) => new URLSearchParams(b.app).toString();
const exchange = (code: string) =>
  t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', query: { grant_type: 'sso_authorization_code', code, tenantId: '000001' } });
const setCookies = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie'] ?? []].flat().map(String);

/** Signs a fresh browser on through the page and exchanges the code, as the web app does. */
async function signedOn(account: string) {
  const b = browser();
  const res = await b.login({ account, password: 'Demo@2026' });
  expect(res.statusCode).toBe(302);
  const tokens = await exchange(SsoBrowser.codeOf(res));
  expect(tokens.status).toBe(200);
  return { b, tokens: tokens.body };
}
const sessionLive = async (b: SsoBrowser) => (await b.get(`/sso/login?${query(b)}`)).statusCode === 302;

describe('sign-on portal', () => {
  it('shows the login form for a registered redirect, with its anti-forgery token and no framing', async () => {
    const b = browser();
    const res = await b.get(`/sso/login?${query(b)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('统一身份认证');
    expect(res.body).toContain('江苏省工商业联合会');
    expect(res.body).not.toContain('验证码'); // no captcha before a failure
    expect(res.body).not.toContain('租户编号'); // tenant mode is off: everyone signs on to the default tenant
    expect(res.body).not.toContain('<script');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Browsers send the form's real Origin only under a referrer policy that allows it on our own posts.
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(b.formToken).toMatch(/^[\w-]{40,}$/);
    const pre = setCookies(res).find((c) => c.startsWith('gsl_sso_form='))!;
    expect(pre).toMatch(/HttpOnly/i);
    expect(pre).toMatch(/SameSite=Lax/i);
    expect(pre).not.toMatch(/Secure/i); // plain http
  });

  it('refuses a redirect that is not registered for the client', async () => {
    const b = browser();
    for (const redirectUri of ['http://evil.example/gsl/login', `${b.origin}/other`, 'javascript:alert(1)']) {
      const res = await b.get(`/sso/login?${new URLSearchParams({ ...b.app, redirectUri })}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('回调地址未在应用中登记');
      expect(res.body).not.toContain('<form');
    }
  });

  it('resolves a relative registration against the portal’s own origin, never the request’s Host header', async () => {
    const b = browser();
    const evil = { ...b.app, redirectUri: 'http://evil.example/gsl/login' };
    for (const host of ['evil.example', 'evil.example:80']) {
      const res = await b.get(`/sso/login?${new URLSearchParams(evil)}`, { host });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('回调地址未在应用中登记');
    }
    // the listening address is the portal's origin whatever Host says
    expect((await b.get(`/sso/login?${query(b)}`, { host: 'evil.example' })).statusCode).toBe(200);
    const loopback = { ...b.app, redirectUri: `http://127.0.0.1:${t.config.port}/gsl/login` };
    expect((await b.get(`/sso/login?${new URLSearchParams(loopback)}`)).statusCode).toBe(200);
  });

  it('signs in, redirects with a one-time code, and the code works exactly once', async () => {
    const b = browser();
    const res = await b.login({ account: 'nj_aoc', password: 'Demo@2026' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(b.app.redirectUri);
    const code = location.searchParams.get('code')!;
    const first = await exchange(code);
    expect(first.status).toBe(200);
    expect(first.body.account).toBe('nj_aoc');
    const again = await exchange(code);
    expect(again.body).toEqual({ error_code: 400, error_description: '授权码无效或已过期' });
  });

  it('after a wrong password shows the message and a captcha, then insists on it', async () => {
    const b = browser();
    const bad = await b.login({ account: 'js_aoc', password: 'wrong' });
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain('用户名或密码不正确');
    expect(bad.body).toContain('data-testid="sso-captcha"');
    const key = /name="captchaKey" value="([^"]+)"/.exec(bad.body)![1];

    const noCaptcha = await b.login({ account: 'js_aoc', password: 'Demo@2026' });
    expect(noCaptcha.body).toContain('请输入验证码');

    const wrongCaptcha = await b.login({ account: 'js_aoc', password: 'Demo@2026', captchaKey: key, captchaCode: 'zzzz' });
    expect(wrongCaptcha.body).toContain('验证码不正确');

    const fresh = /name="captchaKey" value="([^"]+)"/.exec(wrongCaptcha.body)![1];
    await t.db
      .updateTable('authCaptcha')
      .set({ answerHash: sha256('k7m2') })
      .where('key', '=', fresh)
      .execute();
    const ok = await b.login({ account: 'js_aoc', password: 'Demo@2026', captchaKey: fresh, captchaCode: 'k7m2' });
    expect(ok.statusCode).toBe(302);
  });

  it('escapes what the user typed', async () => {
    const res = await browser().login({ account: '<script>alert(1)</script>', password: 'x' });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;');
  });
});

describe('login forgery: a post must come from the portal’s own form', () => {
  const failuresOf = async (account: string) =>
    (await t.db.selectFrom('bladeUser').select(['loginFailCount']).where('account', '=', account).executeTakeFirstOrThrow()).loginFailCount;

  it('refuses a cross-site post even with a valid token and cookie, and signs nobody on', async () => {
    const b = browser();
    const res = await b.login({ account: 'nj_aoc', password: 'Demo@2026' }, { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(SSO_MSG.crossSite);
    expect(res.headers.location).toBeUndefined();
    expect(setCookies(res).some((c) => c.startsWith('gsl_sso='))).toBe(false);
    // either signal alone is enough
    expect((await b.login({ account: 'nj_aoc', password: 'Demo@2026' }, { origin: 'http://evil.example', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(
      403,
    );
    expect((await b.login({ account: 'nj_aoc', password: 'Demo@2026' }, { origin: b.origin, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    // a hidden origin (a sandboxed frame's 'null') is refused unless the browser itself says same-origin
    expect((await b.login({ account: 'nj_aoc', password: 'Demo@2026' }, { origin: 'null', 'sec-fetch-site': '' })).statusCode).toBe(403);
    expect((await b.login({ account: 'nj_aoc', password: 'Demo@2026' }, { origin: 'null', 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    // a same-site sibling is not the portal either
    expect((await b.login({ account: 'nj_aoc', password: 'Demo@2026' }, { origin: 'http://other.localhost', 'sec-fetch-site': 'same-site' })).statusCode).toBe(
      403,
    );
    // the usual case: the browser sends no cookie with another site's post; the answer sets none either
    // (it would spoil the portal forms open in the browser's other tabs) and links to a fresh page
    const forged = await t.app.inject({
      method: 'POST',
      url: '/sso/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams({ ...b.app, account: 'nj_aoc', password: 'Demo@2026', formToken: b.formToken }).toString(),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain(SSO_MSG.crossSite);
    expect(forged.headers['set-cookie']).toBeUndefined();
    expect(forged.body).not.toContain('<form');
    expect(forged.body).toContain(`href="/sso/login?${query(b).replace(/&/g, '&amp;')}"`);
  });

  it('refuses a post without the form token, with another browser’s token, or with the logout form’s token', async () => {
    const victim = browser();
    await victim.get(`/sso/login?${query(victim)}`);
    const attacker = browser();
    await attacker.get(`/sso/login?${query(attacker)}`);
    const before = await failuresOf('nj_aoc');
    for (const formToken of ['', attacker.formToken, new SsoForms(t.config.jwtSecret).token('logout', victim.cookies.get('gsl_sso_form')!), 'x'.repeat(43)]) {
      const res = await victim.post('/sso/login', { ...victim.app, account: 'nj_aoc', password: 'Demo@2026', formToken });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain(SSO_MSG.loginExpired);
      expect(res.body).toContain('name="formToken"'); // a fresh form to try again
      expect(res.headers.location).toBeUndefined();
    }
    // no cookie at all (a forged post from a browser that never saw the page)
    const bare = await t.app.inject({
      method: 'POST',
      url: '/sso/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...victim.app, account: 'nj_aoc', password: 'Demo@2026', formToken: victim.formToken }).toString(),
    });
    expect(bare.statusCode).toBe(403);
    expect(await failuresOf('nj_aoc')).toBe(before); // the password was never even checked
    // the same browser with its own token and no browser headers (a script-free client) signs on
    expect(
      (
        await victim.post(
          '/sso/login',
          { ...victim.app, account: 'nj_aoc', password: 'Demo@2026', formToken: victim.formToken },
          { origin: '', 'sec-fetch-site': '' },
        )
      ).statusCode,
    ).toBe(302);
  });

  it('signs on when the browser hides the origin (Origin: null) but vouches for it being the portal itself', async () => {
    const b = browser();
    await b.get(`/sso/login?${query(b)}`);
    const res = await b.post(
      '/sso/login',
      { ...b.app, account: 'nj_aoc', password: 'Demo@2026', formToken: b.formToken },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    );
    expect(res.statusCode).toBe(302);
  });

  it('keys the token with the deployment’s secret, not a constant', () => {
    expect(new SsoForms('a'.repeat(40)).token('login', 'cookie')).not.toBe(new SsoForms('b'.repeat(40)).token('login', 'cookie'));
  });
});

describe('sign-on session and logout', () => {
  it('keeps a sign-on session: a second visit redirects at once', async () => {
    const b = browser();
    const res = await b.login({ account: 'nj_coc', password: 'Demo@2026' });
    const cookie = setCookies(res).find((c) => c.startsWith('gsl_sso='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Secure/i);
    const again = await b.get(`/sso/login?${query(b)}`);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toMatch(/code=/);
  });

  it('GET /sso/logout without a live session goes straight to the login page with the same query', async () => {
    const b = browser();
    const out = await b.get(`/sso/logout?${query(b)}`);
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe(`/sso/login?${query(b)}`);
  });

  it('GET /sso/logout with a live session only asks; a forged post does not end it; the confirmed post does', async () => {
    const { b } = await signedOn('nj_coc');
    const ask = await b.get(`/sso/logout?${query(b)}`);
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('确定退出登录?');
    expect(ask.body).toMatch(/<form method="post" action="\/sso\/logout"/);
    expect(ask.body).not.toContain('<script');
    expect(ask.headers['x-frame-options']).toBe('DENY');
    expect(await sessionLive(b)).toBe(true); // the GET ended nothing

    const logoutForm = { ...b.app, formToken: b.formToken };
    const cross = await b.post('/sso/logout', logoutForm, { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(cross.statusCode).toBe(403);
    expect(cross.body).toContain(SSO_MSG.crossSite);
    const noToken = await b.post('/sso/logout', { ...b.app, formToken: '' });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.body).toContain(SSO_MSG.logoutExpired);
    const loginToken = new SsoForms(t.config.jwtSecret).token('login', b.cookies.get('gsl_sso_form')!);
    expect((await b.post('/sso/logout', { ...b.app, formToken: loginToken })).statusCode).toBe(403);
    expect(await sessionLive(b)).toBe(true);

    await b.get(`/sso/logout?${query(b)}`); // the page's own token
    const out = await b.post('/sso/logout', { ...b.app, formToken: b.formToken });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe(`/sso/login?${query(b)}`);
    expect(setCookies(out).some((c) => /^gsl_sso=;/.test(c))).toBe(true);
    const after = await b.get(`/sso/login?${query(b)}`);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<form');
  });

  it('the code and the refresh chain remember the session; the web app’s logout (oauth/logout) ends it', async () => {
    const { b, tokens } = await signedOn('nj_aoc');
    const row = await t.db
      .selectFrom('authRefreshToken')
      .select('ssoSessionHash')
      .where('tokenHash', '=', sha256(tokens.refresh_token))
      .executeTakeFirstOrThrow();
    expect(row.ssoSessionHash).toBe(sha256(b.cookies.get('gsl_sso')!));
    // a rotation keeps the link
    const rotated = await t.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { grant_type: 'sso_refresh_token', refresh_token: tokens.refresh_token, tenantId: '000001' },
    });
    const next = await t.db
      .selectFrom('authRefreshToken')
      .select('ssoSessionHash')
      .where('tokenHash', '=', sha256(rotated.body.refresh_token))
      .executeTakeFirstOrThrow();
    expect(next.ssoSessionHash).toBe(row.ssoSessionHash);

    expect((await t.call({ url: '/api/blade-auth/oauth/logout', token: rotated.body.access_token })).status).toBe(200);
    // then the web app navigates to /sso/logout: no confirmation, straight to the login form
    const out = await b.get(`/sso/logout?${query(b)}`);
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe(`/sso/login?${query(b)}`);
    const login = await b.get(`/sso/login?${query(b)}`);
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<form');
  });

  it('a reused refresh token ends the session its chain came from', async () => {
    const { b, tokens } = await signedOn('nj_aoc');
    const refresh = (rt: string) =>
      t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', query: { grant_type: 'sso_refresh_token', refresh_token: rt, tenantId: '000001' } });
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
    // outside the reuse interval (README deviation 7)
    await t.db
      .updateTable('authRefreshToken')
      .set({ usedTime: sql<Date>`used_time - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1})` })
      .where('tokenHash', '=', sha256(tokens.refresh_token))
      .execute();
    expect((await refresh(tokens.refresh_token)).status).toBe(400); // reuse: the chain is revoked
    expect(await sessionLive(b)).toBe(false);
  });

  it('a password reset by an administrator (the account’s chains revoked) ends its sign-on sessions', async () => {
    const { b } = await signedOn('nj_coc');
    const user = await t.db.selectFrom('bladeUser').select('id').where('account', '=', 'nj_coc').executeTakeFirstOrThrow();
    const admin = (await t.login('admin')).access_token;
    const reset = await t.call({ method: 'POST', url: '/api/blade-user/reset-password', token: admin, query: { userIds: user.id } });
    expect(reset.body).toMatchObject({ success: true });
    expect(await sessionLive(b)).toBe(false);
    await t.db
      .updateTable('bladeUser')
      .set({
        passwordHash: (await t.db.selectFrom('bladeUser').select('passwordHash').where('account', '=', 'nj_aoc').executeTakeFirstOrThrow()).passwordHash,
        passwordResetRequired: 0,
      })
      .where('id', '=', user.id)
      .execute();
  });

  it('a refresh refused for an expired tenant revokes the chain and ends its session', async () => {
    const { b, tokens } = await signedOn('js_aoc');
    await t.db
      .updateTable('bladeTenant')
      .set({ expireTime: new Date(Date.now() - 86_400_000) })
      .where('tenantId', '=', '000001')
      .execute();
    try {
      const res = await t.call({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        query: { grant_type: 'sso_refresh_token', refresh_token: tokens.refresh_token, tenantId: '000001' },
      });
      expect(res.status).toBe(400);
    } finally {
      await t.db.updateTable('bladeTenant').set({ expireTime: null }).where('tenantId', '=', '000001').execute();
    }
    expect(await sessionLive(b)).toBe(false);
  });

  it('a disabled account’s session does not sign it on again, even once it is enabled', async () => {
    const { b } = await signedOn('nj_coc');
    await t.db.updateTable('bladeUser').set({ status: 0 }).where('account', '=', 'nj_coc').execute();
    try {
      expect(await sessionLive(b)).toBe(false);
    } finally {
      await t.db.updateTable('bladeUser').set({ status: 1 }).where('account', '=', 'nj_coc').execute();
    }
    expect(await sessionLive(b)).toBe(false);
  });

  it('a code issued before its session ended is refused', async () => {
    const b = browser();
    const res = await b.login({ account: 'nj_aoc', password: 'Demo@2026' });
    const code = SsoBrowser.codeOf(res);
    await b.get(`/sso/logout?${query(b)}`);
    expect((await b.post('/sso/logout', { ...b.app, formToken: b.formToken })).statusCode).toBe(303);
    expect((await exchange(code)).body).toEqual({ error_code: 400, error_description: '授权码无效或已过期' });
  });
});

describe('sign-on portal behind https (TRUST_PROXY) and with PUBLIC_URL', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ trustProxy: true, publicUrl: 'https://portal.example.gov.cn' });
  });
  afterAll(() => p?.close());
  const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'portal.example.gov.cn' };

  it('PUBLIC_URL is the only origin of a relative registration, whatever Host or X-Forwarded-Host say', async () => {
    const b = new SsoBrowser(p, 'https://portal.example.gov.cn');
    expect((await b.get(`/sso/login?${query(b)}`, https)).statusCode).toBe(200);
    const forwarded = { ...b.app, redirectUri: 'https://evil.example/gsl/login' };
    expect(
      (await b.get(`/sso/login?${new URLSearchParams(forwarded)}`, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', host: 'evil.example' }))
        .statusCode,
    ).toBe(400);
    const listening = { ...b.app, redirectUri: `http://localhost:${p.config.port}/gsl/login` };
    expect((await b.get(`/sso/login?${new URLSearchParams(listening)}`)).statusCode).toBe(400);
  });

  it('over https the cookies are Secure with the __Host- prefix (Path=/), and either name is read', async () => {
    const b = new SsoBrowser(p, 'https://portal.example.gov.cn');
    const form = await b.get(`/sso/login?${query(b)}`, https);
    expect(setCookies(form).find((c) => c.startsWith('__Host-gsl_sso_form='))).toMatch(/; Path=\/;.*Secure/i);
    const res = await b.login({ account: 'nj_aoc', password: 'Demo@2026' }, https);
    expect(res.statusCode).toBe(302);
    const session = setCookies(res).find((c) => c.startsWith('__Host-gsl_sso='))!;
    expect(session).toMatch(/Secure/i);
    expect(session).toMatch(/Path=\/(;|$)/);
    expect(session).not.toMatch(/Domain=/i);
    expect((await b.get(`/sso/login?${query(b)}`, https)).statusCode).toBe(302);
    // the plain name (a session from before, or read over http) is still read
    const plain = new SsoBrowser(p, 'https://portal.example.gov.cn');
    plain.cookies.set('gsl_sso', b.cookies.get('__Host-gsl_sso')!);
    expect((await plain.get(`/sso/login?${query(plain)}`, https)).statusCode).toBe(302);
    // the post's origin is checked against PUBLIC_URL
    const other = new SsoBrowser(p, `http://localhost:${p.config.port}`);
    await other.get(`/sso/login?${query(b)}`, https);
    expect((await other.post('/sso/login', { ...b.app, formToken: other.formToken, account: 'nj_aoc', password: 'Demo@2026' }, https)).statusCode).toBe(403);
  });
});

describe('sign-on portal in tenant mode', () => {
  let tm: TestApp;
  let tenant: { tenantId: string; adminPassword: string };
  beforeAll(async () => {
    tm = await createTestApp({ tenantMode: true });
    const admin = (await tm.login('admin')).access_token;
    const created = await tm.call({
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      token: admin,
      body: { tenantName: '门户登录测试租户', accountNumber: 5 },
    });
    tenant = { tenantId: created.body.data.tenantId, adminPassword: created.body.data.adminPassword };
  });
  afterAll(() => tm?.close());
  const exchangeTm = (location: string) =>
    tm.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { grant_type: 'sso_authorization_code', code: new URL(location).searchParams.get('code')!, tenantId: '000001' },
    });

  it('asks for the tenant (租户编号, the default tenant filled in) and signs a tenant’s admin on to that tenant', async () => {
    const b = new SsoBrowser(tm);
    const form = await b.get(`/sso/login?${new URLSearchParams(b.app)}`);
    expect(form.body).toContain('租户编号');
    expect(form.body).toMatch(/name="tenantId"[^>]*value="000001"/);
    // the same account name in the default tenant is another person: the tenant's password does not open it
    const wrongTenant = await b.login({ tenantId: '000001', account: 'admin', password: tenant.adminPassword });
    expect(wrongTenant.statusCode).toBe(200);
    expect(wrongTenant.body).toContain('用户名或密码不正确');
    expect(wrongTenant.body).toMatch(/name="tenantId"[^>]*value="000001"/);
    expect((await b.login({ tenantId: '12', account: 'admin', password: 'x' })).body).toContain('租户编号应为6位数字');

    const res = await b.login({ tenantId: tenant.tenantId, account: 'admin', password: tenant.adminPassword });
    expect(res.statusCode).toBe(302);
    // the code carries the tenant: the client's tenantId parameter cannot move it elsewhere
    const tokens = await exchangeTm(res.headers.location as string);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ tenant_id: tenant.tenantId, account: 'admin' });
    const info = await tm.call({ url: '/api/blade-auth/oauth/user-info', token: tokens.body.access_token });
    expect(info.body.data.orgName).toBe('门户登录测试租户');

    // the portal's session remembers the tenant: the next visit goes straight back with a code for it
    const again = await b.get(`/sso/login?${new URLSearchParams(b.app)}`);
    expect(again.statusCode).toBe(302);
    expect((await exchangeTm(again.headers.location as string)).body.tenant_id).toBe(tenant.tenantId);
  });
});
