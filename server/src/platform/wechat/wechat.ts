import { createHash } from 'node:crypto';
import { WX_MSG } from '@gsl/contract';
import type { AppConfig } from '../config/config.js';
import { AppError } from '../http/errors.js';

/** Who signed in on WeChat: the openid is this app's; the unionid is the same across the open platform's apps. */
export interface WechatIdentity {
  openid: string;
  unionid: string | null;
  /** From sns/userinfo; null when WeChat did not give it (the sign-on still counts). */
  nickname: string | null;
}

export interface WechatOptions {
  appId: string;
  appSecret: string;
  /** https://api.weixin.qq.com (WECHAT_API_BASE). */
  apiBase: string;
  /** https://open.weixin.qq.com (WECHAT_OPEN_BASE). */
  openBase: string;
  /** Every call to WeChat gives up after this long. */
  timeoutMs?: number;
}

/** WeChat's errcodes with a message a user can act on; any other is shown with WeChat's own errmsg. */
const ERRCODES: Record<number, string> = {
  [-1]: WX_MSG.busy,
  40029: WX_MSG.codeInvalid,
  40163: WX_MSG.codeUsed,
  42003: WX_MSG.codeExpired,
  41008: WX_MSG.codeRequired,
  40013: WX_MSG.appIdInvalid,
  40125: WX_MSG.secretInvalid,
  40001: WX_MSG.secretInvalid,
  48001: WX_MSG.notAuthorised,
  45009: WX_MSG.quota,
  45011: WX_MSG.quota,
};

/** A refusal by WeChat (or its unreachability) as the envelope's 400 with a Chinese message. */
export class WechatError extends AppError {
  constructor(
    message: string,
    /** WeChat's errcode, when WeChat answered one. */
    public readonly errcode?: number,
  ) {
    super(400, message);
  }
}

const DEFAULT_TIMEOUT_MS = 8000;
/** JS-SDK without WECHAT_APP_ID / WECHAT_APP_SECRET. */
export const JSSDK_NOT_CONFIGURED = '微信 JS-SDK 未配置,请联系管理员设置公众号的 AppID 和 AppSecret';
/** A token's or ticket's lifetime as WeChat states it (default 7200 s), less 5 minutes' margin. */
const lifetimeMs = (expiresIn: unknown) => Math.max(60, (Number(expiresIn) || 7200) - 300) * 1000;

/**
 * The JS-SDK signature (公众号 JS-SDK 说明 附录1): SHA-1 of jsapi_ticket, noncestr, timestamp and url as
 * key=value pairs in ASCII order of the keys, joined by '&'; the url without its '#' part.
 */
export function jsSdkSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const pairs: Array<[string, string]> = [
    ['jsapi_ticket', ticket],
    ['noncestr', nonceStr],
    ['timestamp', String(timestamp)],
    ['url', url.split('#')[0]],
  ];
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha1')
    .update(pairs.map(([k, v]) => `${k}=${v}`).join('&'))
    .digest('hex');
}
const OPENID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The platform's WeChat adapter: the open platform's website sign-on (网站应用微信登录). The browser
 * goes to the authorize address (WeChat shows its QR code there), the user confirms on the phone, and
 * WeChat sends the browser back to our redirect address with `code` and `state`; the code is exchanged
 * here for the openid (sns/oauth2/access_token), the nickname read with sns/userinfo. WeChat answers
 * errors as `{ errcode, errmsg }` with HTTP 200; they become WechatError with a Chinese message.
 * Unconfigured (no WECHAT_APP_ID), every call refuses with 微信登录未配置. The app secret travels only to
 * WeChat (its API takes it in the query string) and never appears in a message.
 */
export class WechatClient {
  constructor(private readonly opts: WechatOptions) {}

  /** Whether WECHAT_APP_ID / WECHAT_APP_SECRET are set. */
  get configured(): boolean {
    return Boolean(this.opts.appId && this.opts.appSecret);
  }

  private assertConfigured(): void {
    if (!this.configured) throw new WechatError(WX_MSG.notConfigured);
  }

  /**
   * The QR sign-on page: connect/qrconnect with the app id, our redirect address and the state, in the
   * order WeChat documents (it is known to be fussy about it), ending in #wechat_redirect.
   */
  authorizeUrl(redirectUri: string, state: string): string {
    this.assertConfigured();
    const q = [
      ['appid', this.opts.appId],
      ['redirect_uri', redirectUri],
      ['response_type', 'code'],
      ['scope', 'snsapi_login'],
      ['state', state],
    ]
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('&');
    return `${this.opts.openBase}/connect/qrconnect?${q}#wechat_redirect`;
  }

  /** The code from WeChat's redirect → the openid and unionid, and the nickname when WeChat gives it. */
  async identify(code: string): Promise<WechatIdentity> {
    this.assertConfigured();
    if (!code) throw new WechatError(WX_MSG.codeRequired);
    const token = await this.call('/sns/oauth2/access_token', {
      appid: this.opts.appId,
      secret: this.opts.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    const openid = typeof token.openid === 'string' ? token.openid : '';
    const accessToken = typeof token.access_token === 'string' ? token.access_token : '';
    if (!OPENID_RE.test(openid) || !accessToken) throw new WechatError(WX_MSG.badAnswer);
    const unionid = typeof token.unionid === 'string' && OPENID_RE.test(token.unionid) ? token.unionid : null;
    return { openid, unionid: unionid, nickname: await this.nickname(accessToken, openid) };
  }

  /** sns/userinfo's nickname; a refusal or a timeout leaves it out rather than failing the sign-on. */
  private async nickname(accessToken: string, openid: string): Promise<string | null> {
    try {
      const info = await this.call('/sns/userinfo', { access_token: accessToken, openid, lang: 'zh_CN' });
      return typeof info.nickname === 'string' && info.nickname.trim() ? info.nickname.trim().slice(0, 100) : null;
    } catch {
      return null;
    }
  }

  /**
   * The JS-SDK's jsapi_ticket (公众号 JS-SDK 说明 附录1): cgi-bin/token (client_credential) gives the access token,
   * cgi-bin/ticket/getticket (type jsapi) the ticket; both are kept until 5 minutes before WeChat says they expire
   * (7200 s), since WeChat limits how often they may be fetched. Concurrent callers share one fetch.
   */
  async jsapiTicket(): Promise<string> {
    if (!this.configured) throw new WechatError(JSSDK_NOT_CONFIGURED);
    const now = Date.now();
    if (this.ticket && this.ticket.expiresAt > now) return this.ticket.value;
    this.ticketFetch ??= (async () => {
      try {
        if (!this.accessToken || this.accessToken.expiresAt <= Date.now()) {
          const t = await this.call('/cgi-bin/token', { grant_type: 'client_credential', appid: this.opts.appId, secret: this.opts.appSecret });
          if (typeof t.access_token !== 'string' || !t.access_token) throw new WechatError(WX_MSG.badAnswer);
          this.accessToken = { value: t.access_token, expiresAt: Date.now() + lifetimeMs(t.expires_in) };
        }
        const r = await this.call('/cgi-bin/ticket/getticket', { access_token: this.accessToken.value, type: 'jsapi' });
        if (typeof r.ticket !== 'string' || !r.ticket) throw new WechatError(WX_MSG.badAnswer);
        this.ticket = { value: r.ticket, expiresAt: Date.now() + lifetimeMs(r.expires_in) };
        return r.ticket;
      } finally {
        this.ticketFetch = undefined;
      }
    })();
    return this.ticketFetch;
  }

  /** The configured app id (wx.config's appId). */
  get appId(): string {
    return this.opts.appId;
  }

  private accessToken?: { value: string; expiresAt: number };
  private ticket?: { value: string; expiresAt: number };
  private ticketFetch?: Promise<string>;

  /** One GET to WeChat's API: its JSON, or WechatError for errcode ≠ 0, a timeout, a transport error or a non-JSON answer. */
  private async call(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    const url = `${this.opts.apiBase}${path}?${new URLSearchParams(query).toString()}`;
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
    } catch {
      throw new WechatError(WX_MSG.unreachable);
    }
    let body: unknown;
    try {
      body = JSON.parse(await res.text());
    } catch {
      throw new WechatError(WX_MSG.badAnswer);
    }
    if (!body || typeof body !== 'object') throw new WechatError(WX_MSG.badAnswer);
    const answer = body as Record<string, unknown>;
    const errcode = Number(answer.errcode ?? 0);
    if (errcode !== 0) {
      const errmsg = typeof answer.errmsg === 'string' ? answer.errmsg.slice(0, 100) : '';
      throw new WechatError(ERRCODES[errcode] ?? WX_MSG.other(errcode, errmsg), errcode);
    }
    if (!res.ok) throw new WechatError(WX_MSG.badAnswer);
    return answer;
  }
}

/** The configured adapter (WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_API_BASE, WECHAT_OPEN_BASE). */
export function createWechatClient(config: AppConfig): WechatClient {
  return new WechatClient({
    appId: config.wechatAppId,
    appSecret: config.wechatAppSecret,
    apiBase: config.wechatApiBase,
    openBase: config.wechatOpenBase,
  });
}
