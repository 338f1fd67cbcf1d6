import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The WeChat user who "scans" in the end-to-end tests (the fake's only one). */
export const E2E_WECHAT_USER = { openid: 'oE2E_wechat_user_000000001', unionid: 'uE2E_wechat_user_000000001', nickname: '测试微信' };

/**
 * A stand-in for WeChat on 127.0.0.1 for the end-to-end tests: its QR sign-on page (connect/qrconnect)
 * behaves as if the user had scanned it and confirmed on the phone at once — it sends the browser back
 * to redirect_uri with a fresh code and the state, as WeChat does — and its API (sns/oauth2/access_token,
 * sns/userinfo) answers that code once with the test user's openid, errcode 40029 / 40163 otherwise.
 */
export async function startWechatFake(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const appId = 'wxe2e0123456789ab';
  const appSecret = randomBytes(16).toString('hex');
  const codes = new Map<string, boolean>();
  const tokens = new Set<string>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams;
    const json = (o: object) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(o));
    };
    if (url.pathname === '/connect/qrconnect') {
      if (q.get('appid') !== appId || q.get('scope') !== 'snsapi_login' || !q.get('redirect_uri')) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('参数错误');
      }
      const code = `e2e_${randomBytes(12).toString('hex')}`;
      codes.set(code, false);
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (q.get('appid') !== appId) return json({ errcode: 40013, errmsg: 'invalid appid' });
      if (q.get('secret') !== appSecret) return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      const code = q.get('code') ?? '';
      if (!codes.has(code)) return json({ errcode: 40029, errmsg: 'invalid code' });
      if (codes.get(code)) return json({ errcode: 40163, errmsg: 'code been used' });
      codes.set(code, true);
      const accessToken = `at_${randomBytes(12).toString('hex')}`;
      tokens.add(accessToken);
      return json({ access_token: accessToken, expires_in: 7200, openid: E2E_WECHAT_USER.openid, unionid: E2E_WECHAT_USER.unionid, scope: 'snsapi_login' });
    }
    if (url.pathname === '/sns/userinfo') {
      if (!tokens.has(q.get('access_token') ?? '')) return json({ errcode: 40001, errmsg: 'invalid credential' });
      return json({ openid: E2E_WECHAT_USER.openid, unionid: E2E_WECHAT_USER.unionid, nickname: E2E_WECHAT_USER.nickname });
    }
    json({ errcode: 40066, errmsg: 'invalid url' });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: { WECHAT_APP_ID: appId, WECHAT_APP_SECRET: appSecret, WECHAT_API_BASE: base, WECHAT_OPEN_BASE: base },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
