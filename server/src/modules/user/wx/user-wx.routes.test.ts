import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MSG, WX_MSG } from '@gsl/contract';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { FakeWechat, type FakeWechatUser } from '../../../../test/harness/fake-wechat.js';
import { SsoBrowser } from '../../../../test/sso.js';

/**
 * 绑定微信 and WeChat sign-on against a local stand-in for WeChat's API (test/harness/fake-wechat.ts):
 * what the user does on the phone is `fake.code(user)`, the code WeChat puts on its redirect.
 */
const fake = await new FakeWechat().start();
afterAll(() => fake.stop());

const ALICE: FakeWechatUser = { openid: 'oAlice_0123456789abcdef', unionid: 'uAlice_0123456789abcdef', nickname: '爱丽丝' };
const BOB: FakeWechatUser = { openid: 'oBob_0123456789abcdef00', unionid: 'uBob_0123456789abcdef00', nickname: '鲍勃' };

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp(fake.config);
  for (const a of ['nj_aoc', 'nj_coc', 'js_aoc']) {
    const login = await t.login(a);
    tokens[a] = login.access_token;
    ids[a] = String(login.user_id);
  }
});
afterAll(() => t?.close());

const get = (who: string, url: string) => t.call({ url, token: tokens[who] });
const token = (params: Record<string, string>) => t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', body: params });
/** WeChat's redirect to the binding callback, as the browser follows it. */
const callback = (query: Record<string, string>) => t.app.inject({ url: `/api/blade-user/user-wx/callback?${new URLSearchParams(query)}` });
const stateOf = (url: string) => new URL(url).searchParams.get('state') ?? '';

/** A binding attempt of `who`: its id and the state on WeChat's QR address. */
async function qrCode(who: string) {
  const res = await get(who, '/api/blade-user/user-wx/qr-code');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.data.id as string, state: stateOf(res.body.data.url), url: res.body.data.url as string };
}
const check = async (who: string, id: string) => (await get(who, `/api/blade-user/user-wx/check/${id}`)).body.data;

/** A sign-on trip for the app's own redirect (flow=client): the state the social grant needs. */
async function clientState() {
  const b = new SsoBrowser(t);
  const res = await b.get(`/sso/wechat?${new URLSearchParams({ ...b.app, flow: 'client' })}`);
  expect(res.statusCode).toBe(302);
  const wechat = new URL(res.headers.location as string);
  expect(wechat.searchParams.get('redirect_uri')).toBe(b.app.redirectUri);
  return wechat.searchParams.get('state')!;
}
const social = async (user: FakeWechatUser) => token({ grant_type: 'social', source: 'wechat_open', code: fake.code(user), state: await clientState() });

const journal = (userId: string, loginType: string) =>
  t.db
    .selectFrom('bladeUserLoginLog')
    .select(['success', 'message'])
    .where('userId', '=', userId)
    .where('loginType', '=', loginType)
    .orderBy('id', 'desc')
    .executeTakeFirst();

describe('绑定微信: qr-code → WeChat → callback → check, status', () => {
  it('starts unbound, with WeChat configured', async () => {
    const res = await get('nj_aoc', '/api/blade-user/user-wx/status');
    expect(res.body.data).toEqual({ configured: true, bound: false, nickname: null, openid: null, bindTime: null });
  });

  it('binds the WeChat account the user confirms, says so on the page and to check, and announces it', async () => {
    const qr = await qrCode('nj_aoc');
    const url = new URL(qr.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.base}/open/connect/qrconnect`);
    expect(url.hash).toBe('#wechat_redirect');
    expect(url.searchParams.get('appid')).toBe(fake.appId);
    expect(url.searchParams.get('scope')).toBe('snsapi_login');
    expect(new URL(url.searchParams.get('redirect_uri')!).pathname).toBe('/api/blade-user/user-wx/callback');
    expect(qr.state).toMatch(/^[\w-]{30,}$/);
    expect(await check('nj_aoc', qr.id)).toMatchObject({ id: qr.id, status: 'waiting', statusName: '等待扫码', message: null });

    const page = await callback({ code: fake.code(ALICE), state: qr.state });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('绑定成功');
    expect(page.body).toContain('爱丽丝');
    expect(page.body).not.toContain('<script');

    expect(await check('nj_aoc', qr.id)).toMatchObject({ status: 'bound', statusName: '已绑定', nickname: '爱丽丝' });
    const status = (await get('nj_aoc', '/api/blade-user/user-wx/status')).body.data;
    expect(status).toMatchObject({ configured: true, bound: true, nickname: '爱丽丝' });
    expect(status.bindTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(status.openid).not.toBe(ALICE.openid);
    expect(JSON.stringify(status)).not.toContain(ALICE.openid);

    const event = await t.db
      .selectFrom('eventLog')
      .select(['type', 'data'])
      .where('userId', '=', ids.nj_aoc)
      .where('type', '=', 'wx.bound')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(typeof event.data === 'string' ? JSON.parse(event.data) : event.data).toEqual({ id: qr.id, status: 'bound' });
  });

  it('a state works once', async () => {
    const qr = await qrCode('js_aoc');
    expect((await callback({ code: fake.code(BOB), state: qr.state })).statusCode).toBe(200);
    const again = await callback({ code: fake.code(BOB), state: qr.state });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(WX_MSG.stateUsed);
    expect((await callback({ code: fake.code(BOB), state: 'no-such-state' })).body).toContain(WX_MSG.stateMissing);
    expect((await t.call({ url: '/api/blade-user/user-wx/unbind', token: tokens.js_aoc })).status).toBe(200);
  });

  it('an expired state is refused, and check says 已过期', async () => {
    const qr = await qrCode('js_aoc');
    await t.db
      .updateTable('wxAuthState')
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where('id', '=', qr.id)
      .execute();
    expect(await check('js_aoc', qr.id)).toMatchObject({ status: 'expired', statusName: '已过期' });
    const page = await callback({ code: fake.code(BOB), state: qr.state });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(WX_MSG.stateExpired);
    expect((await get('js_aoc', '/api/blade-user/user-wx/status')).body.data.bound).toBe(false);
  });

  it('a code WeChat refuses (errcode 40029), or a cancelled authorisation, fails the attempt with the reason', async () => {
    const qr = await qrCode('js_aoc');
    const page = await callback({ code: 'forged-code', state: qr.state });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(WX_MSG.codeInvalid);
    expect(await check('js_aoc', qr.id)).toMatchObject({ status: 'failed', statusName: '绑定失败', message: WX_MSG.codeInvalid });
    // WeChat sends only the state back when the user refuses on the phone.
    const cancelled = await qrCode('js_aoc');
    expect((await callback({ state: cancelled.state })).body).toContain(WX_MSG.cancelled);
    expect((await check('js_aoc', cancelled.id)).message).toBe(WX_MSG.cancelled);
  });

  it("another user cannot check someone else's attempt (404), nor a malformed id (400)", async () => {
    const qr = await qrCode('js_aoc');
    const other = await get('nj_coc', `/api/blade-user/user-wx/check/${qr.id}`);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe(404);
    expect((await get('nj_coc', '/api/blade-user/user-wx/check/abc')).body.msg).toBe(WX_MSG.checkIdFormat);
    expect((await t.call({ url: `/api/blade-user/user-wx/check/${qr.id}` })).status).toBe(401);
  });

  it('the same WeChat cannot bind a second account, and a bound account cannot ask for another QR code', async () => {
    const qr = await qrCode('nj_coc');
    const page = await callback({ code: fake.code(ALICE), state: qr.state });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(WX_MSG.takenByOther);
    expect(await check('nj_coc', qr.id)).toMatchObject({ status: 'failed', message: WX_MSG.takenByOther });
    expect((await get('nj_coc', '/api/blade-user/user-wx/status')).body.data.bound).toBe(false);

    const again = await get('nj_aoc', '/api/blade-user/user-wx/qr-code');
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(WX_MSG.alreadyBound);
  });
});

describe('WeChat sign-on', () => {
  it('the social grant signs the bound account on, as the other grants do, and journals it', async () => {
    const res = await social(ALICE);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', user_id: ids.nj_aoc, account: 'nj_aoc' });
    const me = await t.call({ url: '/api/blade-auth/oauth/user-info', token: res.body.access_token });
    expect(me.body.data.account).toBe('nj_aoc');
    expect(await journal(ids.nj_aoc, 'social')).toEqual({ success: 1, message: null });
  });

  it('refuses a state twice, a state of another trip, and no state at all', async () => {
    const state = await clientState();
    expect((await token({ grant_type: 'social', code: fake.code(ALICE), state })).status).toBe(200);
    const reused = await token({ grant_type: 'social', code: fake.code(ALICE), state });
    expect(reused.status).toBe(400);
    expect(reused.body.error_description).toBe(WX_MSG.loginStateInvalid);
    expect((await token({ grant_type: 'social', code: fake.code(ALICE) })).body.error_description).toBe(WX_MSG.loginStateInvalid);
    // A binding's state is not a sign-on state.
    const qr = await qrCode('nj_coc');
    expect((await token({ grant_type: 'social', code: fake.code(ALICE), state: qr.state })).body.error_description).toBe(WX_MSG.loginStateInvalid);
    expect((await token({ grant_type: 'social', source: 'github', code: fake.code(ALICE), state: await clientState() })).body.error_description).toBe(
      WX_MSG.sourceUnknown,
    );
  });

  it('refuses an unbound WeChat, and a code WeChat refuses, with their messages', async () => {
    const unbound = await social({ openid: 'oNobody_0123456789abcd' });
    expect(unbound.status).toBe(400);
    expect(unbound.body.error_description).toBe(WX_MSG.unboundAccount);
    const forged = await token({ grant_type: 'social', code: 'forged-code', state: await clientState() });
    expect(forged.body.error_description).toBe(WX_MSG.codeInvalid);
  });

  it('refuses a disabled or locked account the same way as a password sign-on, and journals it', async () => {
    await t.db.updateTable('bladeUser').set({ status: 0 }).where('id', '=', ids.nj_aoc).execute();
    try {
      const res = await social(ALICE);
      expect(res.status).toBe(400);
      expect(res.body.error_description).toBe(AUTH_MSG.disabled);
      expect(await journal(ids.nj_aoc, 'social')).toEqual({ success: 0, message: AUTH_MSG.disabled });
    } finally {
      await t.db.updateTable('bladeUser').set({ status: 1 }).where('id', '=', ids.nj_aoc).execute();
    }
    await t.db
      .updateTable('bladeUser')
      .set({ lockedUntil: new Date(Date.now() + 10 * 60_000) })
      .where('id', '=', ids.nj_aoc)
      .execute();
    try {
      const res = await social(ALICE);
      expect(res.status).toBe(400);
      expect(res.body.error_description).toContain(AUTH_MSG.tooManyFailures);
    } finally {
      await t.db.updateTable('bladeUser').set({ lockedUntil: null, loginFailCount: 0 }).where('id', '=', ids.nj_aoc).execute();
    }
  });

  it('the sign-on portal offers 微信登录 and, back from WeChat, signs on with a session and a one-time code', async () => {
    const b = new SsoBrowser(t);
    const login = await b.get(`/sso/login?${new URLSearchParams(b.app)}`);
    expect(login.body).toContain('微信登录');
    const href = /href="(\/sso\/wechat\?[^"]+)"/.exec(login.body)![1].replace(/&amp;/g, '&');
    const out = await b.get(href);
    expect(out.statusCode).toBe(302);
    const wechat = new URL(out.headers.location as string);
    expect(wechat.pathname).toBe('/open/connect/qrconnect');
    expect(new URL(wechat.searchParams.get('redirect_uri')!).pathname).toBe('/sso/wechat/callback');
    const state = wechat.searchParams.get('state')!;

    // Another browser (no trip cookie) cannot finish this trip: login forgery.
    const stranger = new SsoBrowser(t);
    const forged = await stranger.get(`/sso/wechat/callback?${new URLSearchParams({ code: fake.code(ALICE), state })}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain(WX_MSG.loginStateInvalid);

    const back = await b.get(`/sso/wechat/callback?${new URLSearchParams({ code: fake.code(ALICE), state })}`);
    expect(back.statusCode).toBe(302);
    expect((back.headers.location as string).startsWith(b.app.redirectUri)).toBe(true);
    const tokenRes = await token({ grant_type: 'sso_authorization_code', code: SsoBrowser.codeOf(back), tenantId: '000001' });
    expect(tokenRes.body.user_id).toBe(ids.nj_aoc);
    expect(await journal(ids.nj_aoc, 'wechat')).toEqual({ success: 1, message: null });
    // The portal session is live: the next app's login goes straight through.
    expect((await b.get(`/sso/login?${new URLSearchParams(b.app)}`)).statusCode).toBe(302);
  });

  it('an unbound WeChat on the portal gets the reason and a way back to the login page', async () => {
    const b = new SsoBrowser(t);
    const out = await b.get(`/sso/wechat?${new URLSearchParams(b.app)}`);
    const state = new URL(out.headers.location as string).searchParams.get('state')!;
    const back = await b.get(`/sso/wechat/callback?${new URLSearchParams({ code: fake.code(BOB), state })}`);
    expect(back.statusCode).toBe(400);
    expect(back.body).toContain(WX_MSG.unboundAccount);
    expect(back.body).toContain('/sso/login?');
  });

  it('unbinding ends WeChat sign-on for the account', async () => {
    const res = await get('nj_aoc', '/api/blade-user/user-wx/unbind');
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(WX_MSG.unbindOk);
    expect((await get('nj_aoc', '/api/blade-user/user-wx/status')).body.data).toMatchObject({ bound: false, nickname: null });
    const again = await get('nj_aoc', '/api/blade-user/user-wx/unbind');
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(WX_MSG.notBound);
    expect((await social(ALICE)).body.error_description).toBe(WX_MSG.unboundAccount);
    // Now another account may bind it.
    const qr = await qrCode('nj_coc');
    expect((await callback({ code: fake.code(ALICE), state: qr.state })).statusCode).toBe(200);
    expect((await social(ALICE)).body.user_id).toBe(ids.nj_coc);
  });
});

describe('a removed account', () => {
  it('lets go of its WeChat account: another account may bind it, and it signs on nobody meanwhile', async () => {
    const CAROL: FakeWechatUser = { openid: 'oCarol_0123456789abcdef', nickname: '卡罗尔' };
    const qr = await qrCode('js_aoc');
    expect((await callback({ code: fake.code(CAROL), state: qr.state })).statusCode).toBe(200);
    await t.db.updateTable('bladeUser').set({ isDeleted: 1 }).where('id', '=', ids.js_aoc).execute();
    try {
      expect((await social(CAROL)).body.error_description).toBe(WX_MSG.unboundAccount);
      const again = await qrCode('nj_aoc');
      expect((await callback({ code: fake.code(CAROL), state: again.state })).statusCode).toBe(200);
      expect((await social(CAROL)).body.user_id).toBe(ids.nj_aoc);
    } finally {
      await t.db.updateTable('bladeUser').set({ isDeleted: 0 }).where('id', '=', ids.js_aoc).execute();
    }
  });
});

describe('WeChat not configured', () => {
  let u: TestApp;
  let userToken = '';
  beforeAll(async () => {
    u = await createTestApp();
    userToken = (await u.login('nj_aoc')).access_token;
  });
  afterAll(() => u?.close());

  it('every call answers 微信登录未配置, and the portal offers no 微信登录', async () => {
    const status = await u.call({ url: '/api/blade-user/user-wx/status', token: userToken });
    expect(status.body.data).toMatchObject({ configured: false, bound: false });
    const qr = await u.call({ url: '/api/blade-user/user-wx/qr-code', token: userToken });
    expect([qr.status, qr.body.code, qr.body.msg]).toEqual([400, 400, WX_MSG.notConfigured]);
    const grant = await u.call({ method: 'POST', url: '/api/blade-auth/oauth/token', body: { grant_type: 'social', code: 'c', state: 's' } });
    expect([grant.status, grant.body.error_description]).toEqual([400, WX_MSG.notConfigured]);
    const b = new SsoBrowser(u);
    expect((await b.get(`/sso/login?${new URLSearchParams(b.app)}`)).body).not.toContain('微信登录');
    const start = await b.get(`/sso/wechat?${new URLSearchParams(b.app)}`);
    expect(start.statusCode).toBe(400);
    expect(start.body).toContain(WX_MSG.notConfigured);
  });
});
