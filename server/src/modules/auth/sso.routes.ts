import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AUTH_MSG } from '@gsl/contract';
import { sql } from 'kysely';
import { opaqueToken, sha256 } from '../../platform/auth/tokens.js';
import { route } from '../../platform/http/route.js';
import { redirectAllowed } from './redirect-uri.js';
import { renderSsoPage, type SsoPageModel } from './sso.page.js';

const COOKIE = 'gsl_sso';
const text = (max: number) => z.string().max(max).optional().default('');

const appParams = z.object({
  appId: text(48),
  entryCode: text(32),
  sysFlag: text(32),
  redirectUri: text(2000),
});
const pageQuery = appParams.extend({ captcha: text(1), account: text(45), tenantId: text(12) }).passthrough();
const loginBody = appParams.extend({ account: text(100), password: text(200), captchaKey: text(36), captchaCode: text(10), tenantId: text(12) });
const TENANT_RE = /^\d{6}$/;

export default async function ssoRoutes(app: FastifyInstance) {
  const { login, tokens, captcha, clients, config, db, tenancy } = app.services;
  // Tenant mode: the page asks for the tenant (租户编号); otherwise everyone signs on to the default tenant.
  const tenantOf = (named: string) => (config.tenantMode && named ? named : config.defaultTenantId);
  /** The page's 租户编号 field: shown in tenant mode, holding what was typed (else the default tenant). */
  const tenantField = (typed: string) => (config.tenantMode ? typed || config.defaultTenantId : undefined);

  const origin = (req: FastifyRequest) => {
    try {
      return new URL(`${req.protocol}://${req.host}`).origin; // normalised like the redirect's (default port dropped)
    } catch {
      return '';
    }
  };

  /** The app the page signs into, or the reason it refuses. */
  async function checkApp(req: FastifyRequest, p: z.infer<typeof appParams>) {
    const client = p.appId ? await clients.find(p.appId) : null;
    if (!client) return { error: '应用不存在或已停用' };
    if (!p.redirectUri || !redirectAllowed(client.webServerRedirectUri, p.redirectUri, origin(req))) return { error: AUTH_MSG.badRedirect };
    return { client };
  }

  function page(reply: FastifyReply, model: SsoPageModel, status = 200) {
    // form-action must allow the redirect after a successful post (Chrome applies it to redirects).
    let target = '';
    try {
      target = model.params.redirectUri ? new URL(model.params.redirectUri).origin : '';
    } catch {
      /* the page shows the refusal */
    }
    reply.header(
      'content-security-policy',
      `default-src 'self';img-src 'self' data:;style-src 'unsafe-inline';script-src 'none';form-action 'self' ${target};frame-ancestors 'none';base-uri 'none'`,
    );
    return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderSsoPage(model));
  }

  async function redirectWithCode(reply: FastifyReply, userId: string, tenantId: string, clientId: string, redirectUri: string) {
    const code = await tokens.createCode(userId, tenantId, clientId, redirectUri);
    const url = new URL(redirectUri);
    url.searchParams.set('code', code);
    return reply.header('cache-control', 'no-store').redirect(url.toString());
  }

  /** The live user of the portal's session cookie, read on the tenant's own database. */
  async function sessionUser(req: FastifyRequest): Promise<{ userId: string; tenantId: string } | null> {
    const raw = req.cookies[COOKIE];
    if (!raw || raw.length > 100) return null;
    const session = await tenancy.main
      .selectFrom('authSsoSession as s')
      .select(['s.userId', 's.tenantId'])
      .where('s.idHash', '=', sha256(raw))
      .where('s.endTime', 'is', null)
      .where('s.expireTime', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (!session) return null;
    const tenantId = session.tenantId ?? config.defaultTenantId;
    const user = await tenancy
      .run(tenantId, () => db.selectFrom('bladeUser').select('id').where('id', '=', session.userId).where('tenantId', '=', tenantId).where('status', '=', 1).where('isDeleted', '=', 0).executeTakeFirst())
      .catch(() => undefined); // the tenant's database is unreachable: sign on again
    return user ? { userId: String(user.id), tenantId } : null;
  }

  const rate = { max: config.ssoRateLimit, timeWindow: 60_000 };

  route(app, {
    method: 'GET',
    url: '/sso/login',
    summary: '统一身份认证: 登录页',
    tags: ['sso'],
    access: { public: 'open' },
    query: pageQuery,
    raw: true,
    produces: 'text/html',
    rateLimit: rate,
    handler: async ({ req, reply, query }) => {
      const params = { appId: query.appId, entryCode: query.entryCode, sysFlag: query.sysFlag, redirectUri: query.redirectUri };
      const checked = await checkApp(req, params);
      if ('error' in checked) return page(reply, { params, error: checked.error, fatal: true }, 400);
      const session = await sessionUser(req);
      if (session) return redirectWithCode(reply, session.userId, session.tenantId, checked.client!.clientId, params.redirectUri);
      return page(reply, { params, account: query.account, tenantId: tenantField(query.tenantId), captcha: query.captcha ? await captcha.create() : undefined });
    },
  });

  route(app, {
    method: 'POST',
    url: '/sso/login',
    summary: '统一身份认证: 提交账号密码',
    tags: ['sso'],
    access: { public: 'open' },
    body: loginBody,
    consumes: ['application/x-www-form-urlencoded'],
    raw: true,
    audit: false,
    produces: 'text/html',
    rateLimit: rate,
    handler: async ({ req, reply, body }) => {
      const params = { appId: body.appId, entryCode: body.entryCode, sysFlag: body.sysFlag, redirectUri: body.redirectUri };
      const checked = await checkApp(req, params);
      if ('error' in checked) return page(reply, { params, error: checked.error, fatal: true }, 400);
      if (config.tenantMode && body.tenantId && !TENANT_RE.test(body.tenantId)) {
        return page(reply, { params, account: body.account, tenantId: tenantField(body.tenantId), error: '租户编号应为6位数字' });
      }
      const tenantId = tenantOf(body.tenantId);
      const result = await tenancy.run(tenantId, () => login.authenticate({
        tenantId,
        account: body.account,
        password: body.password,
        captcha: body.captchaKey ? { key: body.captchaKey, code: body.captchaCode } : undefined,
        captchaAfterFailure: true,
        loginType: 'sso',
        ip: req.ip,
        userAgent: String(req.headers['user-agent'] ?? ''),
      }));
      if (!result.ok) {
        return page(reply, { params, account: body.account, tenantId: tenantField(body.tenantId), error: result.message, captcha: result.captchaRequired ? await captcha.create() : undefined });
      }
      const sid = opaqueToken();
      await db
        .insertInto('authSsoSession')
        .values({ idHash: sha256(sid), userId: result.user.id, tenantId, expireTime: new Date(Date.now() + config.ssoSessionHours * 3600_000) })
        .execute();
      reply.setCookie(COOKIE, sid, { path: '/sso', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https', maxAge: config.ssoSessionHours * 3600 });
      return redirectWithCode(reply, result.user.id, tenantId, checked.client!.clientId, params.redirectUri);
    },
  });

  route(app, {
    method: 'GET',
    url: '/sso/logout',
    summary: '统一身份认证: 退出并返回登录页',
    tags: ['sso'],
    access: { public: 'open' },
    query: pageQuery,
    raw: true,
    handler: async ({ req, reply, query }) => {
      const raw = req.cookies[COOKIE];
      if (raw && raw.length <= 100) {
        await db.updateTable('authSsoSession').set({ endTime: sql<Date>`now()` }).where('idHash', '=', sha256(raw)).execute();
      }
      reply.clearCookie(COOKIE, { path: '/sso' });
      const params = new URLSearchParams({ appId: query.appId, entryCode: query.entryCode, sysFlag: query.sysFlag, redirectUri: query.redirectUri });
      return reply.header('cache-control', 'no-store').redirect(`/sso/login?${params.toString()}`);
    },
  });

}
