import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { AUTH_MSG, WX_MSG, WX_STATE_TTL_SECONDS } from '@gsl/contract';
import { sha256 } from '../../platform/auth/tokens.js';
import { route } from '../../platform/http/route.js';
import { tenantProblem } from '../../platform/access/tenant.js';
import { authRepo } from './auth.repo.js';
import { authTokenRepo } from './auth-token.repo.js';
import { portalOrigins, selfOrigin } from './portal-origin.js';
import { redirectAllowed } from './redirect-uri.js';
import { crossSite, sessionCookie, SsoForms, wechatStateCookie, type FormPurpose } from './sso-forms.js';
import { renderSsoLogoutPage, renderSsoPage, SSO_MSG, type SsoPageModel } from './sso.page.js';
import { WechatSignOn, type WechatSignOnResult } from './wechat-signon.js';

const text = (max: number) => z.string().max(max).optional().default('');

const appParams = z.object({
  appId: text(48),
  entryCode: text(32),
  sysFlag: text(32),
  redirectUri: text(2000),
});
const pageQuery = appParams.extend({ captcha: text(1), account: text(45), tenantId: text(12) }).passthrough();
const loginBody = appParams.extend({
  account: text(100),
  password: text(200),
  captchaKey: text(36),
  captchaCode: text(10),
  tenantId: text(12),
  formToken: text(100),
});
const logoutBody = appParams.extend({ formToken: text(100) });
/** `flow=client`: WeChat returns to the app itself, which signs on with the social grant (loginBySocial). */
const wechatQuery = appParams.extend({ tenantId: text(12), flow: z.enum(['portal', 'client'], { message: '登录方式不正确' }).optional().default('portal') });
const wechatCallbackQuery = z.object({ code: text(512), state: text(512) }).passthrough();
const TENANT_RE = /^\d{6}$/;

type AppParams = z.infer<typeof appParams>;
const appParamsOf = (p: AppParams): AppParams => ({ appId: p.appId, entryCode: p.entryCode, sysFlag: p.sysFlag, redirectUri: p.redirectUri });
/** The app parameters a WeChat sign-on state remembers. */
const stateParams = (s: { clientId: string | null; entryCode: string | null; sysFlag: string | null; redirectUri: string | null }): AppParams => ({
  appId: s.clientId ?? '',
  entryCode: s.entryCode ?? '',
  sysFlag: s.sysFlag ?? '',
  redirectUri: s.redirectUri ?? '',
});

export default async function ssoRoutes(app: FastifyInstance) {
  const { login, tokens, captcha, clients, config, db, tenancy, wechat } = app.services;
  const forms = new SsoForms(config.jwtSecret);
  const wechatSignOn = new WechatSignOn({ wechat, db, main: tenancy.main, tenancy, login });
  // Tenant mode: the page asks for the tenant (租户编号); otherwise everyone signs on to the default tenant.
  const tenantOf = (named: string) => (config.tenantMode && named ? named : config.defaultTenantId);
  /** The page's 租户编号 field: shown in tenant mode, holding what was typed (else the default tenant). */
  const tenantField = (typed: string) => (config.tenantMode ? typed || config.defaultTenantId : undefined);

  /** The portal's own origins (PUBLIC_URL or the listening address; never the request's Host alone). */
  const listeningPort = () => (app.server.address() as AddressInfo | null)?.port;
  const origins = (req: FastifyRequest) => portalOrigins(config, req, listeningPort());

  /** The app the page signs into, or the reason it refuses. */
  async function checkApp(req: FastifyRequest, p: AppParams) {
    const client = p.appId ? await clients.find(p.appId) : null;
    if (!client) return { error: '应用不存在或已停用' };
    if (!p.redirectUri || !redirectAllowed(client.webServerRedirectUri, p.redirectUri, origins(req))) return { error: AUTH_MSG.badRedirect };
    return { client };
  }

  /** Why a form's post is refused (another site's page, no or a wrong anti-forgery token), or null. */
  function forgery(req: FastifyRequest, purpose: FormPurpose, token: string): { message: string; crossSite: boolean } | null {
    if (crossSite(req, origins(req))) return { message: SSO_MSG.crossSite, crossSite: true };
    if (!forms.valid(req, purpose, token)) return { message: purpose === 'login' ? SSO_MSG.loginExpired : SSO_MSG.logoutExpired, crossSite: false };
    return null;
  }

  /** Headers of every portal page: no script, no framing (frame-ancestors and X-Frame-Options for older browsers). */
  function pageHeaders(reply: FastifyReply, redirectUri: string) {
    // form-action must allow the redirect after a successful post (Chrome applies it to redirects).
    let target = '';
    try {
      target = redirectUri ? new URL(redirectUri).origin : '';
    } catch {
      /* the page shows the refusal */
    }
    reply.header(
      'content-security-policy',
      `default-src 'self';img-src 'self' data:;style-src 'unsafe-inline';script-src 'none';form-action 'self' ${target};frame-ancestors 'none';base-uri 'none'`,
    );
    reply.header('x-frame-options', 'DENY');
    // The app's default (no-referrer) makes browsers post the form with `Origin: null`, which the
    // same-origin check must refuse; same-origin keeps the real Origin on our own posts only.
    reply.header('referrer-policy', 'same-origin');
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
  }

  /** The login page; `reuseOnly`: answering another site's post, show a form only with the browser's own cookie. */
  function page(req: FastifyRequest, reply: FastifyReply, model: SsoPageModel, status = 200, reuseOnly = false) {
    const formToken = model.fatal ? undefined : forms.issue(req, reply, 'login', reuseOnly);
    const shown = model.fatal || formToken ? model : { ...model, fatal: true, retryUrl: loginUrl(model.params as AppParams) };
    // 微信登录 is offered once WeChat is configured (a link: the page stays script-free).
    const wechatUrl = !shown.fatal && wechat.configured ? wechatUrlOf(model.params as AppParams, model.tenantId) : undefined;
    return pageHeaders(reply, model.params.redirectUri)
      .status(status)
      .send(renderSsoPage({ ...shown, formToken, wechatUrl }));
  }

  function logoutPage(req: FastifyRequest, reply: FastifyReply, params: AppParams, error?: string, status = 200, reuseOnly = false) {
    const formToken = forms.issue(req, reply, 'logout', reuseOnly);
    if (!formToken) {
      const url = `/sso/logout?${new URLSearchParams(appParamsOf(params)).toString()}`;
      return pageHeaders(reply, params.redirectUri)
        .status(status)
        .send(renderSsoPage({ params, error, fatal: true, retryUrl: url }));
    }
    return pageHeaders(reply, params.redirectUri).status(status).send(renderSsoLogoutPage({ params, formToken, error }));
  }

  const loginUrl = (p: AppParams) => `/sso/login?${new URLSearchParams(appParamsOf(p)).toString()}`;
  const wechatUrlOf = (p: AppParams, tenantId?: string) =>
    `/sso/wechat?${new URLSearchParams({ ...appParamsOf(p), ...(config.tenantMode && tenantId ? { tenantId } : {}) }).toString()}`;

  async function redirectWithCode(reply: FastifyReply, session: { userId: string; tenantId: string; idHash: string }, clientId: string, redirectUri: string) {
    const code = await tokens.createCode(session.userId, session.tenantId, clientId, redirectUri, session.idHash);
    const url = new URL(redirectUri);
    url.searchParams.set('code', code);
    return reply.header('cache-control', 'no-store').redirect(url.toString());
  }

  /**
   * The live sign-on session of the request's cookie: not ended, not expired, its user still enabled
   * (read on the tenant's own database) and its tenant usable. A session that fails the last two is
   * ended, so it cannot come back when the account or tenant does.
   */
  async function sessionUser(req: FastifyRequest): Promise<{ userId: string; tenantId: string; idHash: string } | null> {
    const raw = sessionCookie.read(req);
    if (!raw) return null;
    const idHash = sha256(raw);
    const session = await authTokenRepo.findLiveSsoSession(tenancy.main, idHash);
    if (!session) return null;
    const tenantId = session.tenantId ?? config.defaultTenantId;
    let user: { id: string } | undefined;
    try {
      user = await tenancy.run(tenantId, () => authRepo.findEnabledUser(db, session.userId, tenantId));
    } catch {
      return null; // the tenant's database is unreachable: sign on again (the session stays for when it is back)
    }
    if (!user || (await tenantProblem(tenancy.main, tenantId))) {
      await tokens.endSsoSession(idHash);
      return null;
    }
    return { userId: String(user.id), tenantId, idHash };
  }

  /** What every sign-on page shares: open to anyone, HTML the handler writes itself, rate limited. */
  const ssoPage = {
    tags: ['sso'],
    access: { public: 'open' } as const,
    raw: true,
    produces: 'text/html',
    rateLimit: { max: config.ssoRateLimit, timeWindow: 60_000 },
  };
  /** The pages' form posts: form-encoded, and not written to the API log. */
  const ssoForm = { ...ssoPage, consumes: ['application/x-www-form-urlencoded'], audit: false };

  route(app, {
    method: 'GET',
    url: '/sso/login',
    summary: '统一身份认证: 登录页',
    query: pageQuery,
    ...ssoPage,
    handler: async ({ req, reply, query }) => {
      const params = appParamsOf(query);
      const checked = await checkApp(req, params);
      if ('error' in checked) return page(req, reply, { params, error: checked.error, fatal: true }, 400);
      const session = await sessionUser(req);
      if (session) return redirectWithCode(reply, session, checked.client!.clientId, params.redirectUri);
      return page(req, reply, {
        params,
        account: query.account,
        tenantId: tenantField(query.tenantId),
        captcha: query.captcha ? await captcha.create() : undefined,
      });
    },
  });

  route(app, {
    method: 'POST',
    url: '/sso/login',
    summary: '统一身份认证: 提交账号密码',
    body: loginBody,
    ...ssoForm,
    handler: async ({ req, reply, body }) => {
      const params = appParamsOf(body);
      const checked = await checkApp(req, params);
      if ('error' in checked) return page(req, reply, { params, error: checked.error, fatal: true }, 400);
      // Login forgery: another site's page must not sign the browser on to an account of its choosing.
      const forged = forgery(req, 'login', body.formToken);
      if (forged)
        return page(req, reply, { params, account: body.account, tenantId: tenantField(body.tenantId), error: forged.message }, 403, forged.crossSite);
      if (config.tenantMode && body.tenantId && !TENANT_RE.test(body.tenantId)) {
        return page(req, reply, { params, account: body.account, tenantId: tenantField(body.tenantId), error: '租户编号应为6位数字' });
      }
      const tenantId = tenantOf(body.tenantId);
      const result = await tenancy.run(tenantId, () =>
        login.authenticate({
          tenantId,
          account: body.account,
          password: body.password,
          captcha: body.captchaKey ? { key: body.captchaKey, code: body.captchaCode } : undefined,
          loginType: 'sso',
          ip: req.ip,
          userAgent: String(req.headers['user-agent'] ?? ''),
        }),
      );
      if (!result.ok) {
        return page(req, reply, {
          params,
          account: body.account,
          tenantId: tenantField(body.tenantId),
          error: result.message,
          captcha: result.captchaRequired ? await captcha.create() : undefined,
        });
      }
      const { sid, idHash } = await tokens.startSsoSession(result.user.id, tenantId, config.ssoSessionHours);
      sessionCookie.set(req, reply, sid, config.ssoSessionHours * 3600);
      return redirectWithCode(reply, { userId: result.user.id, tenantId, idHash }, checked.client!.clientId, params.redirectUri);
    },
  });

  route(app, {
    method: 'GET',
    url: '/sso/logout',
    summary: '统一身份认证: 退出登录 (确认页; 无会话时返回登录页)',
    query: pageQuery,
    ...ssoPage,
    handler: async ({ req, reply, query }) => {
      const params = appParamsOf(query);
      // A plain link (an image, another site's page) must not end the session: a live one gets a
      // confirmation whose form carries the anti-forgery token. The web app's logout has already
      // revoked its chain, which ended the session, so it lands straight on the login page.
      if (await sessionUser(req)) return logoutPage(req, reply, params);
      sessionCookie.clear(req, reply);
      return reply.header('cache-control', 'no-store').redirect(loginUrl(params));
    },
  });

  route(app, {
    method: 'POST',
    url: '/sso/logout',
    summary: '统一身份认证: 确认退出 (结束会话并返回登录页)',
    body: logoutBody,
    ...ssoForm,
    handler: async ({ req, reply, body }) => {
      const params = appParamsOf(body);
      const forged = forgery(req, 'logout', body.formToken);
      if (forged) return logoutPage(req, reply, params, forged.message, 403, forged.crossSite);
      const raw = sessionCookie.read(req);
      if (raw) await tokens.endSsoSession(sha256(raw));
      sessionCookie.clear(req, reply);
      return reply.header('cache-control', 'no-store').redirect(loginUrl(params), 303);
    },
  });

  route(app, {
    method: 'GET',
    url: '/sso/wechat',
    summary: '统一身份认证: 微信扫码登录 (转到微信的二维码页)',
    query: wechatQuery,
    ...ssoPage,
    handler: async ({ req, reply, query }) => {
      const params = appParamsOf(query);
      const checked = await checkApp(req, params);
      if ('error' in checked) return page(req, reply, { params, error: checked.error, fatal: true }, 400);
      if (!wechat.configured) return page(req, reply, { params, error: WX_MSG.notConfigured, fatal: true, retryUrl: loginUrl(params) }, 400);
      if (config.tenantMode && query.tenantId && !TENANT_RE.test(query.tenantId))
        return page(req, reply, { params, error: '租户编号应为6位数字', fatal: true, retryUrl: loginUrl(params) }, 400);
      const portal = query.flow === 'portal';
      const { url, state } = await wechatSignOn.start({
        tenantId: tenantOf(query.tenantId),
        clientId: checked.client!.clientId,
        redirectUri: params.redirectUri,
        entryCode: params.entryCode,
        sysFlag: params.sysFlag,
        finish: portal ? 'portal' : 'client',
        // The portal finishes on its own callback; flow=client goes straight back to the app's registered
        // address, which then calls the social grant with the code and this state.
        wechatRedirect: portal ? `${selfOrigin(config, req, listeningPort())}/sso/wechat/callback` : params.redirectUri,
      });
      if (portal) wechatStateCookie.set(req, reply, state, WX_STATE_TTL_SECONDS);
      return reply.header('cache-control', 'no-store').redirect(url);
    },
  });

  route(app, {
    method: 'GET',
    url: '/sso/wechat/callback',
    summary: '统一身份认证: 微信扫码登录回调 (签发会话与授权码)',
    query: wechatCallbackQuery,
    ...ssoPage,
    handler: async ({ req, reply, query }) => {
      // Only the browser that set out on this trip may finish it (its cookie holds the state).
      const fromThisBrowser = wechatStateCookie.matches(req, query.state);
      wechatStateCookie.clear(req, reply);
      const signed: WechatSignOnResult = fromThisBrowser
        ? await wechatSignOn.finish({
            code: query.code,
            state: query.state,
            finish: 'portal',
            attempt: { loginType: 'wechat', ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') },
          })
        : { ok: false, message: WX_MSG.loginStateInvalid };
      const back = signed.state ? stateParams(signed.state) : null;
      if (!signed.ok)
        return page(
          req,
          reply,
          {
            params: back ?? stateParams({ clientId: null, entryCode: null, sysFlag: null, redirectUri: null }),
            error: signed.message,
            fatal: true,
            retryUrl: back ? loginUrl(back) : undefined,
          },
          400,
        );
      // The app may have been disabled, or its address unregistered, since the trip began.
      const checked = await checkApp(req, back!);
      if ('error' in checked) return page(req, reply, { params: back!, error: checked.error, fatal: true }, 400);
      const tenantId = signed.state.tenantId;
      const { sid, idHash } = await tokens.startSsoSession(signed.user.id, tenantId, config.ssoSessionHours);
      sessionCookie.set(req, reply, sid, config.ssoSessionHours * 3600);
      return redirectWithCode(reply, { userId: signed.user.id, tenantId, idHash }, checked.client!.clientId, back!.redirectUri);
    },
  });
}
