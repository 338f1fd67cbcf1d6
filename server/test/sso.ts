import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.js';

/**
 * A browser on the sign-on portal, for API tests: keeps its cookies (the pre-session and session
 * cookies), reads each form's anti-forgery token from the page it was shown, and posts it back, as
 * the page's own form does.
 */
export class SsoBrowser {
  readonly cookies = new Map<string, string>();
  /** The last form token shown (login or logout form). */
  formToken = '';

  constructor(
    private readonly t: TestApp,
    /** The portal origin the browser is on (a listening origin by default: http://localhost:PORT). */
    readonly origin = `http://localhost:${t.config.port}`,
  ) {}

  /** The app parameters of the web client, redirecting to `${origin}/gsl/login`. */
  get app() {
    return { appId: 'saber', entryCode: 'jiangsu', sysFlag: 'aoc', redirectUri: `${this.origin}/gsl/login` };
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      if (c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const token = /name="formToken" value="([^"]+)"/.exec(res.body)?.[1];
    if (token) this.formToken = token;
    return res;
  }

  async get(url: string, headers: Record<string, string> = {}) {
    return this.remember(await this.t.app.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader(), ...headers } }));
  }

  /** Posts a form as the page does (same-origin browser headers unless overridden). */
  async post(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.remember(
      await this.t.app.inject({
        method: 'POST',
        url,
        // An empty value leaves the header out (a client that sends no browser headers).
        headers: Object.fromEntries(
          Object.entries({
            'content-type': 'application/x-www-form-urlencoded',
            cookie: this.cookieHeader(),
            origin: this.origin,
            'sec-fetch-site': 'same-origin',
            ...headers,
          }).filter(([, v]) => v !== ''),
        ),
        payload: new URLSearchParams(form).toString(),
      }),
    );
  }

  /** Opens the login page (when no form token was shown yet) and posts the form with the app's parameters. */
  async login(form: Record<string, string>, headers: Record<string, string> = {}) {
    if (!this.formToken) await this.get(`/sso/login?${new URLSearchParams(this.app)}`);
    return this.post('/sso/login', { ...this.app, formToken: this.formToken, ...form }, headers);
  }

  /** The one-time code of a redirect answer. */
  static codeOf(res: LightMyRequestResponse): string {
    return new URL(res.headers.location as string).searchParams.get('code') ?? '';
  }
}
