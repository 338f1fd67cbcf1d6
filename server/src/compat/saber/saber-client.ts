/**
 * A client shaped like BladeX's Saber admin front end (its src/router/axios.js and src/api/**, read and
 * written again here, not copied): Basic client credentials and `Blade-Auth: bearer …` on every call,
 * `params` in the query string and `data` as a JSON body, md5(password) on sign-on with the captcha
 * grant and the captcha in headers, refresh by `grant_type=refresh_token`, and the one interceptor that
 * decrypts an encrypted answer. Downloads are opened as Saber's window.open does: the token in the
 * query, no headers.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decryptBody } from '../../platform/http/crypto.js';

export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export interface SaberRequest {
  url: string;
  method?: 'get' | 'post';
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
}

export interface SaberAnswer {
  status: number;
  /** The decrypted JSON answer, or the text of anything else. */
  data: any;
  headers: Record<string, unknown>;
}

/** axios's `params` serialisation: arrays as repeated names are not used by Saber; null/undefined left out. */
function queryOf(params: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined && v !== null) out[k] = Array.isArray(v) ? v.join(',') : String(v);
  return out;
}

export class SaberClient {
  token = '';
  refreshToken = '';
  tenantId: string;

  constructor(
    private readonly app: FastifyInstance,
    private readonly opts: { clientId: string; clientSecret: string; aesKey: string; tenantId: string },
  ) {
    this.tenantId = opts.tenantId;
  }

  private basic() {
    return `Basic ${Buffer.from(`${this.opts.clientId}:${this.opts.clientSecret}`).toString('base64')}`;
  }

  /** axios.js's request interceptor, then its response interceptor (decrypting when the answer is encrypted). */
  async request(r: SaberRequest): Promise<SaberAnswer> {
    const headers: Record<string, string> = { authorization: this.basic(), ...(r.headers ?? {}) };
    if (this.token) headers['blade-auth'] = `bearer ${this.token}`;
    const res = await this.app.inject({
      method: (r.method ?? 'get').toUpperCase() as 'GET' | 'POST',
      url: r.url,
      query: queryOf(r.params),
      headers,
      ...(r.data === undefined ? {} : { payload: r.data as object }),
    });
    let text = res.body;
    if (String(res.headers['content-type'] ?? '').startsWith('text/plain') && text && !text.startsWith('{')) {
      try {
        text = decryptBody(text, this.opts.aesKey);
      } catch {
        /* not encrypted after all */
      }
    }
    let data: any = text;
    try {
      data = JSON.parse(text);
    } catch {
      /* a file */
    }
    return { status: res.statusCode, data, headers: res.headers };
  }

  /** avue-upload's multipart post of one file (field `file`), with the usual headers. */
  async upload(url: string, name: string, content: Buffer, type = 'text/plain'): Promise<SaberAnswer> {
    const boundary = `----saber${Date.now().toString(16)}`;
    return this.request({
      url,
      method: 'post',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      data: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  }

  /** window.open(`${url}?Blade-Auth=${token}&…`): the bare token, no Basic header, no Blade-Auth header. */
  async open(url: string, params: Record<string, unknown> = {}): Promise<SaberAnswer> {
    const res = await this.app.inject({ method: 'GET', url, query: { ...queryOf(params), 'Blade-Auth': this.token } });
    return { status: res.statusCode, data: res.rawPayload, headers: res.headers };
  }

  getCaptcha() {
    return this.request({ url: '/api/blade-auth/oauth/captcha' });
  }

  /** user.js loginByUsername with website.captchaMode on: md5 password in params, captcha in headers. */
  async loginByUsername(username: string, password: string, key: string, code: string) {
    const res = await this.request({
      url: '/api/blade-auth/oauth/token',
      method: 'post',
      headers: { 'Tenant-Id': this.tenantId, 'Captcha-Key': key, 'Captcha-Code': code },
      params: { tenantId: this.tenantId, username, password: md5(password), grant_type: 'captcha', scope: 'all', type: 'account' },
    });
    if (res.status === 200 && res.data?.access_token) {
      this.token = res.data.access_token;
      this.refreshToken = res.data.refresh_token;
    }
    return res;
  }

  /** user.js refreshToken. */
  async refresh() {
    const res = await this.request({
      url: '/api/blade-auth/oauth/token',
      method: 'post',
      headers: { 'Tenant-Id': this.tenantId },
      params: { tenantId: this.tenantId, refresh_token: this.refreshToken, grant_type: 'refresh_token', scope: 'all' },
    });
    if (res.status === 200 && res.data?.access_token) {
      this.token = res.data.access_token;
      this.refreshToken = res.data.refresh_token;
    }
    return res;
  }
}
