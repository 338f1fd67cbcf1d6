import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A WeChat user as the fake knows them. */
export interface FakeWechatUser {
  openid: string;
  unionid?: string;
  nickname?: string;
}

/**
 * A local stand-in for WeChat's HTTP API (api.weixin.qq.com), on 127.0.0.1 and a random port: it answers
 * sns/oauth2/access_token as WeChat does — a code it issued (once) gives the openid, unionid and an
 * access token; an unknown code errcode 40029, a spent one 40163; a wrong appid or secret 40013 / 40125,
 * all with HTTP 200 — and sns/userinfo for its access tokens (the nickname). `code(user)` plays the part
 * of the user scanning and confirming on the phone: the code WeChat would put on the redirect.
 */
export class FakeWechat {
  readonly appId = 'wx0123456789abcdef';
  readonly appSecret = randomBytes(16).toString('hex');
  /** Calls received, by path (the tests check what reached WeChat). */
  readonly calls: Array<{ path: string; query: Record<string, string> }> = [];
  /** When set, sns/userinfo answers this errcode instead of the user's profile. */
  userinfoErrcode: number | null = null;
  /** The JS-SDK ticket cgi-bin/ticket/getticket answers (the tests sign with it). */
  readonly jsapiTicket = `jt_${randomBytes(16).toString('hex')}`;
  private appToken: string | null = null;
  private readonly codes = new Map<string, FakeWechatUser & { spent: boolean }>();
  private readonly tokens = new Map<string, FakeWechatUser>();
  private server = http.createServer((req, res) => this.answer(req, res));
  base = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The configuration that points the server at this fake. */
  get config() {
    return { wechatAppId: this.appId, wechatAppSecret: this.appSecret, wechatApiBase: this.base, wechatOpenBase: `${this.base}/open` };
  }

  /** A fresh code for `user`, as WeChat's redirect would carry it after the user confirmed. */
  code(user: FakeWechatUser): string {
    const code = `c_${randomBytes(12).toString('hex')}`;
    this.codes.set(code, { ...user, spent: false });
    return code;
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.base);
    const query = Object.fromEntries(url.searchParams);
    this.calls.push({ path: url.pathname, query });
    const send = (o: object) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(o));
    };
    if (req.method !== 'GET') return send({ errcode: 43001, errmsg: 'require GET method' });
    if (url.pathname === '/sns/oauth2/access_token') {
      if (query.appid !== this.appId) return send({ errcode: 40013, errmsg: 'invalid appid' });
      if (query.secret !== this.appSecret) return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (query.grant_type !== 'authorization_code') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      if (!query.code) return send({ errcode: 41008, errmsg: 'missing code' });
      const found = this.codes.get(query.code);
      if (!found) return send({ errcode: 40029, errmsg: 'invalid code' });
      if (found.spent) return send({ errcode: 40163, errmsg: 'code been used' });
      found.spent = true;
      const accessToken = `at_${randomBytes(12).toString('hex')}`;
      this.tokens.set(accessToken, found);
      return send({
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: `rt_${randomBytes(12).toString('hex')}`,
        openid: found.openid,
        scope: 'snsapi_login',
        ...(found.unionid ? { unionid: found.unionid } : {}),
      });
    }
    if (url.pathname === '/sns/userinfo') {
      if (this.userinfoErrcode !== null) return send({ errcode: this.userinfoErrcode, errmsg: 'api unauthorized' });
      const user = this.tokens.get(query.access_token ?? '');
      if (!user || user.openid !== query.openid) return send({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      return send({
        openid: user.openid,
        nickname: user.nickname ?? '',
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: '',
        privilege: [],
        unionid: user.unionid,
      });
    }
    // The JS-SDK's official-account calls: an access token for the app, then the jsapi ticket for it.
    if (url.pathname === '/cgi-bin/token') {
      if (query.appid !== this.appId) return send({ errcode: 40013, errmsg: 'invalid appid' });
      if (query.secret !== this.appSecret) return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (query.grant_type !== 'client_credential') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      this.appToken = `cat_${randomBytes(12).toString('hex')}`;
      return send({ access_token: this.appToken, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      if (!this.appToken || query.access_token !== this.appToken) return send({ errcode: 40001, errmsg: 'invalid credential' });
      if (query.type !== 'jsapi') return send({ errcode: 40097, errmsg: 'invalid args' });
      return send({ errcode: 0, errmsg: 'ok', ticket: this.jsapiTicket, expires_in: 7200 });
    }
    send({ errcode: 40066, errmsg: 'invalid url' });
  }
}
