import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { opaqueToken } from '../../platform/auth/tokens.js';
import { originOf } from './portal-origin.js';

/**
 * Anti-forgery for the sign-on portal's forms (login, logout). A random pre-session cookie is set
 * when a form is shown; the form carries a keyed hash of it (HMAC-SHA-256 under a key derived from
 * the JWT secret, so it is never a constant and every process on the database shares it). A forged
 * cross-site post has neither the cookie's value nor the key, so it cannot carry a matching token.
 * The purpose is hashed in, so a login form's token does not work on the logout form.
 *
 * Over https the cookies take the `__Host-` prefix (Secure, Path=/, no Domain): a sibling host or a
 * plain-http answer cannot plant them.
 */
export type FormPurpose = 'login' | 'logout';

const SESSION = 'gsl_sso';
const FORM = 'gsl_sso_form';
const HOST_PREFIX = '__Host-';

export const isSecure = (req: FastifyRequest) => req.protocol === 'https';

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

function cookieOptions(secure: boolean, maxAge?: number) {
  return { path: secure ? '/' : '/sso', httpOnly: true, sameSite: 'lax' as const, secure, ...(maxAge ? { maxAge } : {}) };
}

export class SsoForms {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'gsl-sso-forms', 'sign-on form token v1', 32));
  }

  token(purpose: FormPurpose, presession: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${presession}`).digest('base64url');
  }

  /** Whether the posted token matches the request's pre-session cookie. */
  valid(req: FastifyRequest, purpose: FormPurpose, posted: string): boolean {
    const presession = this.presession(req);
    if (!presession || !posted) return false;
    const want = Buffer.from(this.token(purpose, presession));
    const got = Buffer.from(posted);
    return got.length === want.length && timingSafeEqual(got, want);
  }

  /**
   * The token for a form about to be shown: the request's pre-session cookie, or a new one set on the
   * reply — unless `reuseOnly` (an answer to another site's post must not replace the browser's cookie,
   * which would spoil the forms open in its other tabs).
   */
  issue(req: FastifyRequest, reply: FastifyReply, purpose: FormPurpose, reuseOnly = false): string | undefined {
    let presession = this.presession(req);
    if (!presession) {
      if (reuseOnly) return undefined;
      presession = opaqueToken();
      const secure = isSecure(req);
      reply.setCookie(secure ? HOST_PREFIX + FORM : FORM, presession, cookieOptions(secure));
    }
    return this.token(purpose, presession);
  }

  /** Over https only the `__Host-` cookie counts (a plain one may have been planted). */
  private presession(req: FastifyRequest): string | undefined {
    const raw = req.cookies[isSecure(req) ? HOST_PREFIX + FORM : FORM];
    return raw && raw.length <= 100 ? raw : undefined;
  }
}

/**
 * A post the browser says comes from another site, or whose Origin is not one of the portal's
 * (portal-origin.ts). A post without either header (an old browser, a script) is left to the token.
 */
export function crossSite(req: FastifyRequest, origins: readonly string[]): boolean {
  if (header(req, 'sec-fetch-site') === 'cross-site') return true;
  const origin = header(req, 'origin');
  if (origin === undefined) return false;
  // A privacy setting may hide the origin ('null'); the browser's own Sec-Fetch-Site still vouches for it.
  if (origin.trim() === 'null' && header(req, 'sec-fetch-site') === 'same-origin') return false;
  const o = originOf(origin.trim()); // 'null' (an opaque origin) is none
  return !o || !origins.includes(o);
}

/** The portal session's cookie: `__Host-gsl_sso` over https, `gsl_sso` otherwise; either is read. */
export const sessionCookie = {
  read(req: FastifyRequest): string | undefined {
    const raw = req.cookies[HOST_PREFIX + SESSION] ?? req.cookies[SESSION];
    return raw && raw.length <= 100 ? raw : undefined;
  },
  set(req: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number) {
    const secure = isSecure(req);
    reply.setCookie(secure ? HOST_PREFIX + SESSION : SESSION, value, cookieOptions(secure, maxAgeSeconds));
  },
  clear(req: FastifyRequest, reply: FastifyReply) {
    reply.clearCookie(SESSION, cookieOptions(false));
    if (isSecure(req)) reply.clearCookie(HOST_PREFIX + SESSION, cookieOptions(true));
  },
};

const WECHAT = 'gsl_sso_wx';

/**
 * The browser's half of a WeChat sign-on trip: `/sso/wechat` sets the trip's state in this cookie and
 * the callback accepts WeChat's redirect only with the same state in it. Another site cannot send a
 * browser to the callback with a code and state of its own (login forgery, deviation 29): the browser
 * would not hold that state.
 */
export const wechatStateCookie = {
  read(req: FastifyRequest): string | undefined {
    const raw = req.cookies[isSecure(req) ? HOST_PREFIX + WECHAT : WECHAT];
    return raw && raw.length <= 100 ? raw : undefined;
  },
  set(req: FastifyRequest, reply: FastifyReply, state: string, maxAgeSeconds: number) {
    const secure = isSecure(req);
    reply.setCookie(secure ? HOST_PREFIX + WECHAT : WECHAT, state, cookieOptions(secure, maxAgeSeconds));
  },
  clear(req: FastifyRequest, reply: FastifyReply) {
    const secure = isSecure(req);
    reply.clearCookie(secure ? HOST_PREFIX + WECHAT : WECHAT, cookieOptions(secure));
  },
  /** Whether the cookie holds exactly `state` (compared in constant time). */
  matches(req: FastifyRequest, state: string): boolean {
    const held = this.read(req);
    if (!held || !state) return false;
    const a = Buffer.from(held);
    const b = Buffer.from(state);
    return a.length === b.length && timingSafeEqual(a, b);
  },
};
