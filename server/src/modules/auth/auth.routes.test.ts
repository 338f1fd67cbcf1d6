import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { sha256, TokenSigner } from '../../platform/auth/tokens.js';
import { SsoBrowser } from '../../../test/sso.js';
import { REFRESH_REUSE_GRACE_SECONDS } from './token.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginMaxFailures: 5, loginLockMinutes: 30 });
});
afterAll(() => t?.close());

/** The token call with its parameters in the body (a form, as the web client posts it). */
const token = (params: Record<string, string>, extra: Partial<Parameters<TestApp['call']>[0]> = {}) =>
  t.call({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    body: new URLSearchParams({ tenantId: '000001', ...params }).toString(),
    ...extra,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(extra.headers ?? {}) },
  });
const failuresOf = async (account: string) =>
  t.db.selectFrom('bladeUser').select(['loginFailCount', 'lockedUntil']).where('account', '=', account).executeTakeFirstOrThrow();

async function count(table: 'authRefreshToken' | 'bladeUserLoginLog' | 'authRevokedChain') {
  const r = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Moves a spent refresh token's spending `seconds` into the past (the reuse interval's clock). */
async function spentAgo(refreshToken: string, seconds: number) {
  await t.db
    .updateTable('authRefreshToken')
    .set({ usedTime: sql<Date>`used_time - make_interval(secs => ${seconds})` })
    .where('tokenHash', '=', sha256(refreshToken))
    .execute();
}
async function chainOf(refreshToken: string) {
  const r = await t.db.selectFrom('authRefreshToken').select('chainId').where('tokenHash', '=', sha256(refreshToken)).executeTakeFirstOrThrow();
  return r.chainId;
}
async function chainRevoked(refreshToken: string) {
  const chainId = await chainOf(refreshToken);
  return !!(await t.db.selectFrom('authRevokedChain').select('chainId').where('chainId', '=', chainId).executeTakeFirst());
}

describe('token endpoint: password grant', () => {
  it('answers the flat BladeX token answer for a good password, and the token opens user-info', async () => {
    const res = await token({ grant_type: 'password', username: 'nj_aoc', password: 'Demo@2026' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', account: 'nj_aoc', tenant_id: '000001', expires_in: 3600 });
    expect(res.body.access_token).toMatch(/^eyJ/);
    expect(res.body.role_name).toBe('aoc');
    expect(res.body.detail.orgName).toBe('南京市工商业联合会');
    expect(res.raw).not.toContain('access_token'); // encrypted on the wire
    const info = await t.call({ url: '/api/blade-auth/oauth/user-info', token: res.body.access_token });
    expect(info.body).toMatchObject({ code: 200, success: true, data: { account: 'nj_aoc', deptName: '南京市工商联', roles: ['aoc'] } });
    expect(JSON.stringify(info.body)).not.toMatch(/argon2|password/i);
  });

  it('refuses a wrong password with the Chinese description and logs the attempt', async () => {
    const before = await count('bladeUserLoginLog');
    const res = await token({ grant_type: 'password', username: 'js_aoc', password: 'wrong' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error_code: 400, error_description: '用户名或密码不正确' });
    expect(await count('bladeUserLoginLog')).toBe(before + 1);
    await t.db.updateTable('bladeUser').set({ loginFailCount: 0 }).where('account', '=', 'js_aoc').execute();
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const res = await token({ grant_type: 'password', username: 'nobody_here', password: 'x' });
    expect(res.body).toEqual({ error_code: 400, error_description: '用户名或密码不正确' });
  });

  it('locks the account after five failures, even against the right password, until unlocked', async () => {
    // the first failure asks for a captcha on every later attempt: each is answered
    for (let i = 0; i < 4; i++) {
      const headers = i === 0 ? {} : await t.solveCaptcha();
      expect((await token({ grant_type: 'password', username: 'nj_coc', password: `bad${i}` }, { headers })).body.error_description).toBe('用户名或密码不正确');
    }
    const fifth = await token({ grant_type: 'password', username: 'nj_coc', password: 'bad5' }, { headers: await t.solveCaptcha() });
    expect(fifth.body.error_description).toMatch(/^登录错误次数过多,请稍后再试/);
    expect(fifth.body.error_description).toContain('30分钟');
    const right = await token({ grant_type: 'password', username: 'nj_coc', password: 'Demo@2026' }, { headers: await t.solveCaptcha() });
    expect(right.status).toBe(400);
    expect(right.body.error_description).toMatch(/^登录错误次数过多/);
    await t.db.updateTable('bladeUser').set({ lockedUntil: null, loginFailCount: 0 }).where('account', '=', 'nj_coc').execute();
    expect((await token({ grant_type: 'password', username: 'nj_coc', password: 'Demo@2026' })).status).toBe(200);
  });

  it('after a failure asks for a captcha (Captcha-Key / Captcha-Code headers) until a sign-on succeeds', async () => {
    expect((await token({ grant_type: 'password', username: 'nj_aoc', password: 'wrong' })).body.error_description).toBe('用户名或密码不正确');
    const missing = await token({ grant_type: 'password', username: 'nj_aoc', password: 'Demo@2026' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error_code: 400, error_description: '请输入验证码' });
    const solved = await t.solveCaptcha();
    const wrong = await token({ grant_type: 'password', username: 'nj_aoc', password: 'Demo@2026' }, { headers: { ...solved, 'captcha-code': 'zzzzzz' } });
    expect(wrong.body).toEqual({ error_code: 400, error_description: '验证码不正确' });
    // a wrong password with a right captcha still counts, and still needs the next captcha
    expect((await token({ grant_type: 'password', username: 'nj_aoc', password: 'wrong2' }, { headers: await t.solveCaptcha() })).body.error_description).toBe(
      '用户名或密码不正确',
    );
    expect((await failuresOf('nj_aoc')).loginFailCount).toBe(2);
    expect((await token({ grant_type: 'password', username: 'nj_aoc', password: 'Demo@2026' })).body.error_description).toBe('请输入验证码');
    const ok = await token({ grant_type: 'password', username: 'nj_aoc', password: 'Demo@2026' }, { headers: await t.solveCaptcha() });
    expect(ok.status).toBe(200);
    expect((await failuresOf('nj_aoc')).loginFailCount).toBe(0);
    expect((await token({ grant_type: 'password', username: 'nj_aoc', password: 'Demo@2026' })).status).toBe(200); // no captcha after a success
  });

  it('a failure on the sign-on page makes the password grant ask for the captcha too, and after a lock ran out', async () => {
    const b = new SsoBrowser(t);
    expect((await b.login({ account: 'js_aoc', password: 'wrong' })).body).toContain('用户名或密码不正确');
    expect((await token({ grant_type: 'password', username: 'js_aoc', password: 'Demo@2026' })).body.error_description).toBe('请输入验证码');
    expect((await t.login('js_aoc')).account).toBe('js_aoc'); // the helper answers the captcha
    // a lock that has run out (the count was reset when it began) still asks until a success
    await t.db
      .updateTable('bladeUser')
      .set({ loginFailCount: 0, lockedUntil: new Date(Date.now() - 1000) })
      .where('account', '=', 'js_aoc')
      .execute();
    expect((await token({ grant_type: 'password', username: 'js_aoc', password: 'Demo@2026' })).body.error_description).toBe('请输入验证码');
    expect((await token({ grant_type: 'password', username: 'js_aoc', password: 'Demo@2026' }, { headers: await t.solveCaptcha() })).status).toBe(200);
    expect((await failuresOf('js_aoc')).lockedUntil).toBeNull();
  });

  it('refuses a password in the address (query string), even a right one', async () => {
    for (const grant_type of ['password', 'captcha']) {
      const res = await t.call({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        query: { grant_type, username: 'nj_aoc', password: 'Demo@2026', tenantId: '000001' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error_code: 400, error_description: '密码不能放在请求地址中,请放在请求体中提交' });
    }
    // only the password in the address, the rest in the body: refused too
    const split = await t.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { password: 'Demo@2026' },
      body: { grant_type: 'password', username: 'nj_aoc', tenantId: '000001' },
    });
    expect(split.body.error_description).toBe('密码不能放在请求地址中,请放在请求体中提交');
    // the body, as a form or as JSON, is where it goes
    expect((await token({ grant_type: 'password', username: 'nj_aoc', password: 'Demo@2026' })).status).toBe(200);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/blade-auth/oauth/token',
          body: { grant_type: 'password', username: 'nj_aoc', password: 'Demo@2026', tenantId: '000001' },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a disabled account with a clear message, and its live token stops working', async () => {
    const live = await t.login('js_aoc');
    await t.db.updateTable('bladeUser').set({ status: 0 }).where('account', '=', 'js_aoc').execute();
    const res = await token({ grant_type: 'password', username: 'js_aoc', password: 'Demo@2026' });
    expect(res.body.error_description).toBe('该账号已被禁用,请联系管理员');
    const info = await t.call({ url: '/api/blade-auth/oauth/user-info', token: live.access_token });
    expect(info.status).toBe(401);
    await t.db.updateTable('bladeUser').set({ status: 1 }).where('account', '=', 'js_aoc').execute();
  });

  it('rejects a wrong or missing client with 401 and the OAuth error shape', async () => {
    const wrong = await token({ grant_type: 'password', username: 'admin', password: 'Demo@2026' }, { client: { id: 'saber', secret: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error_code: 401, error_description: '客户端认证失败' });
    expect((await token({ grant_type: 'password', username: 'admin', password: 'Demo@2026' }, { client: false })).status).toBe(401);
  });

  it('rejects an unknown grant type', async () => {
    const res = await token({ grant_type: 'implicit' });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('不支持的授权类型');
  });
});

describe('refresh tokens rotate, and reuse revokes the chain', () => {
  it('works once; a reused one revokes every token of its chain', async () => {
    const first = await t.login('nj_aoc');
    const second = await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    const revokedBefore = await count('authRevokedChain');

    await spentAgo(first.refresh_token, REFRESH_REUSE_GRACE_SECONDS + 1); // outside the reuse interval
    const reuse = await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error_description).toBe('refreshToken有误或已过期');
    expect(await count('authRevokedChain')).toBe(revokedBefore + 1);
    // the legitimate successor is dead too, and so are the chain's access tokens
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: second.body.refresh_token })).status).toBe(400);
    expect((await t.call({ url: '/api/blade-auth/oauth/user-info', token: second.body.access_token })).status).toBe(401);
  });

  it('within the reuse interval, the just-spent token answers a fresh pair and withdraws its unused successor', async () => {
    const first = await t.login('nj_aoc');
    const second = await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    const revokedBefore = await count('authRevokedChain');
    // the browser aborted that answer (F5) and presents the old token again
    const again = await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token });
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).not.toBe(first.refresh_token);
    expect(again.body.refresh_token).not.toBe(second.body.refresh_token);
    expect(await count('authRevokedChain')).toBe(revokedBefore);
    expect(await chainOf(again.body.refresh_token)).toBe(await chainOf(first.refresh_token));
    expect((await t.call({ url: '/api/blade-auth/oauth/user-info', token: again.body.access_token })).status).toBe(200);
    // the fresh pair rotates on as usual
    const third = await token({ grant_type: 'sso_refresh_token', refresh_token: again.body.refresh_token });
    expect(third.status).toBe(200);

    // the withdrawn successor is reuse: the whole chain is revoked, the fresh pair with it
    const withdrawn = await token({ grant_type: 'sso_refresh_token', refresh_token: second.body.refresh_token });
    expect(withdrawn.status).toBe(400);
    expect(withdrawn.body.error_description).toBe('refreshToken有误或已过期');
    expect(await count('authRevokedChain')).toBe(revokedBefore + 1);
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: third.body.refresh_token })).status).toBe(400);
    expect((await t.call({ url: '/api/blade-auth/oauth/user-info', token: third.body.access_token })).status).toBe(401);
  });

  it('a withdrawn successor presented before anything else is used revokes the chain', async () => {
    const first = await t.login('nj_aoc');
    const second = await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token });
    const again = await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token });
    expect(again.status).toBe(200);
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: second.body.refresh_token })).status).toBe(400);
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: again.body.refresh_token })).status).toBe(400);
    expect((await t.call({ url: '/api/blade-auth/oauth/user-info', token: again.body.access_token })).status).toBe(401);
  });

  it('a spent token is re-presented once at most: a second time revokes the chain', async () => {
    const first = await t.login('nj_aoc');
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token })).status).toBe(200);
    const again = await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token });
    expect(again.status).toBe(200);
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token })).status).toBe(400);
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: again.body.refresh_token })).status).toBe(400);
  });

  it('outside the reuse interval the spent token revokes the chain', async () => {
    const first = await t.login('nj_aoc');
    const second = await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    await spentAgo(first.refresh_token, REFRESH_REUSE_GRACE_SECONDS + 1);
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token })).status).toBe(400);
    expect(await chainRevoked(first.refresh_token)).toBe(true);
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: second.body.refresh_token })).status).toBe(400);
  });

  it('once its successor was used, the spent token revokes the chain, even within the interval', async () => {
    const first = await t.login('nj_aoc');
    const second = await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token });
    const third = await token({ grant_type: 'sso_refresh_token', refresh_token: second.body.refresh_token });
    expect(third.status).toBe(200);
    // the first is no longer the chain's most recently spent token; its successor was used
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token })).status).toBe(400);
    expect(await chainRevoked(first.refresh_token)).toBe(true);
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: third.body.refresh_token })).status).toBe(400);
  });

  it('the most recently spent token is re-presented within the interval after an earlier one was used: only it is forgiven', async () => {
    const first = await t.login('nj_aoc');
    const second = await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token });
    const third = await token({ grant_type: 'sso_refresh_token', refresh_token: second.body.refresh_token });
    expect(third.status).toBe(200);
    const again = await token({ grant_type: 'sso_refresh_token', refresh_token: second.body.refresh_token });
    expect(again.status).toBe(200);
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: third.body.refresh_token })).status).toBe(400);
    expect(await chainRevoked(first.refresh_token)).toBe(true);
  });

  it('a revoked chain stays revoked within the interval (logout)', async () => {
    const first = await t.login('nj_aoc');
    const second = await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token });
    expect((await t.call({ url: '/api/blade-auth/oauth/logout', token: second.body.access_token })).status).toBe(200);
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token })).status).toBe(400);
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: second.body.refresh_token })).status).toBe(400);
  });

  it('another client presenting the just-spent token revokes the chain', async () => {
    const first = await t.login('nj_aoc');
    const second = await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(await t.app.services.tokens.rotate(first.refresh_token, 'another-client')).toBeNull();
    expect(await chainRevoked(first.refresh_token)).toBe(true);
  });

  it('two concurrent re-presentations of the just-spent token: exactly one succeeds', async () => {
    const first = await t.login('nj_aoc');
    const second = await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    const answers = await Promise.all([t.app.services.tokens.rotate(first.refresh_token, 'saber'), t.app.services.tokens.rotate(first.refresh_token, 'saber')]);
    expect(answers.filter((a) => a !== null)).toHaveLength(1);
    // the loser saw the successor withdrawn: reuse, the chain is revoked
    expect(await chainRevoked(first.refresh_token)).toBe(true);
  });

  it("narrows to the Role-Id header when it is one of the user's roles", async () => {
    const first = await t.login('admin');
    const roles = await t.db.selectFrom('bladeRole').select(['id', 'roleAlias']).execute();
    const aoc = roles.find((r) => r.roleAlias === 'aoc')!;
    const res = await token({ grant_type: 'sso_refresh_token', refresh_token: first.refresh_token }, { headers: { 'role-id': aoc.id } });
    expect(res.body.role_name).toBe('administrator'); // aoc is not one of admin's roles: ignored
  });

  it('logout revokes the chain: refresh and access tokens stop working', async () => {
    const s = await t.login('nj_aoc');
    const out = await t.call({ url: '/api/blade-auth/oauth/logout', token: s.access_token });
    expect(out.body).toMatchObject({ code: 200, success: true });
    expect((await t.call({ url: '/api/blade-auth/oauth/user-info', token: s.access_token })).status).toBe(401);
    expect((await token({ grant_type: 'sso_refresh_token', refresh_token: s.refresh_token })).status).toBe(400);
  });
});

describe('access tokens', () => {
  it('refuses a tampered token, an expired token and one signed with another secret', async () => {
    const s = await t.login('nj_aoc');
    const [h, p, sig] = s.access_token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '1' })).toString('base64url')}.${sig}`;
    expect((await t.call({ url: '/api/blade-auth/oauth/user-info', token: forged })).body).toMatchObject({ code: 401, success: false });

    const signer = new TokenSigner(t.config.jwtSecret);
    const claims = {
      userId: payload.sub,
      tenantId: '000001',
      deptId: payload.dept_id,
      roleIds: payload.role_id.split(','),
      clientId: 'saber',
      chainId: 'c1',
      account: 'nj_aoc',
    };
    const expired = await signer.sign(claims, -10);
    expect((await t.call({ url: '/api/blade-auth/oauth/user-info', token: expired })).status).toBe(401);
    const foreign = await new TokenSigner('another-secret-another-secret-another').sign(claims, 600);
    expect((await t.call({ url: '/api/blade-auth/oauth/user-info', token: foreign })).status).toBe(401);
    expect((await t.call({ url: '/api/blade-auth/oauth/user-info', token: await signer.sign(claims, 600) })).status).toBe(200);
  });

  it('is never accepted in the query string (tokens stay out of URLs, logs and history)', async () => {
    const s = await t.login('nj_aoc');
    const res = await t.call({ url: `/api/blade-auth/oauth/user-info?Blade-Auth=${encodeURIComponent(`bearer ${s.access_token}`)}` });
    expect(res.status).toBe(401);
  });
});

describe('captcha', () => {
  it('issues an image and a key; an answer works once', async () => {
    const res = await t.call({ url: '/api/blade-auth/oauth/captcha' });
    expect(res.body.image).toMatch(/^data:image\/svg\+xml;base64,/);
    await t.db
      .updateTable('authCaptcha')
      .set({ answerHash: sha256('ab12') })
      .where('key', '=', res.body.key)
      .execute();
    const ok = await token(
      { grant_type: 'captcha', username: 'nj_aoc', password: 'Demo@2026' },
      { headers: { 'captcha-key': res.body.key, 'captcha-code': 'AB12' } },
    );
    expect(ok.status).toBe(200);
    const again = await token(
      { grant_type: 'captcha', username: 'nj_aoc', password: 'Demo@2026' },
      { headers: { 'captcha-key': res.body.key, 'captcha-code': 'ab12' } },
    );
    expect(again.body.error_description).toBe('验证码不正确');
  });
});

describe('expired codes', () => {
  it('a code past its five minutes is refused', async () => {
    const user = await t.db.selectFrom('bladeUser').select('id').where('account', '=', 'nj_aoc').executeTakeFirstOrThrow();
    const code = await t.app.services.tokens.createCode(user.id, '000001', 'saber', 'http://localhost/gsl/login');
    await t.db
      .updateTable('authCode')
      .set({ expireTime: sql<Date>`now() - interval '1 second'` })
      .where('codeHash', '=', sha256(code))
      .execute();
    const res = await token({ grant_type: 'sso_authorization_code', code });
    expect(res.body).toEqual({ error_code: 400, error_description: '授权码无效或已过期' });
  });
});

describe('a refresh racing a revocation', () => {
  it('a successor issued after its chain was revoked cannot refresh', async () => {
    const s = await t.login('nj_aoc');
    const client = (await t.app.services.clients.find('saber'))!;
    const user = await t.db.selectFrom('bladeUser').selectAll().where('account', '=', 'nj_aoc').executeTakeFirstOrThrow();
    // the interleaving: the refresh has spent its token, then the chain is revoked (a reuse or a logout), then the successor is written
    const rotated = await t.app.services.tokens.rotate(s.refresh_token, 'saber');
    expect(rotated).not.toBeNull();
    await t.app.services.tokens.revokeChain(rotated!.chainId, 'reuse');
    const successor = await t.app.services.tokens.issue(user as never, client, { chainId: rotated!.chainId });
    const res = await token({ grant_type: 'sso_refresh_token', refresh_token: successor.refresh_token });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('refreshToken有误或已过期');
  });
});
