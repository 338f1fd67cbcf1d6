import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AUTH_MSG, GRANT_TYPES, MODEL_CODE_PATH, MSG, type ModelCode } from '@gsl/contract';
import { AppError } from '../../platform/http/errors.js';
import { withMsg } from '../../platform/http/envelope.js';
import { route } from '../../platform/http/route.js';
import { authRepo } from './auth.repo.js';
import { tenantProblem } from '../../platform/access/tenant.js';
import { WechatSignOn } from './wechat-signon.js';
import { isMd5Form } from '../../platform/auth/password.js';

const tokenParams = z.object({
  grant_type: z.enum(GRANT_TYPES, { message: AUTH_MSG.badGrant }),
  code: z.string().max(200).optional(),
  refresh_token: z.string().max(200).optional(),
  username: z.string().max(100).optional(),
  password: z.string().max(200).optional(),
  tenantId: z.string().max(12).optional(),
  scope: z.string().max(100).optional(),
  source: z.string().max(50).optional(),
  state: z.string().max(200).optional(),
});

/**
 * BladeX's names of our grants (README "Using a BladeX/Saber client"): the same grants, with the same
 * rotation and reuse rules, and the client row still has to allow the grant itself.
 */
const GRANT_ALIASES: Record<string, (typeof GRANT_TYPES)[number]> = {
  refresh_token: 'sso_refresh_token',
  authorization_code: 'sso_authorization_code',
};

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) || undefined;
};

const oauthError = (message: string) => new AppError(400, message);
export const PASSWORD_IN_QUERY = '密码不能放在请求地址中,请放在请求体中提交';

export default async function tokenRoutes(app: FastifyInstance) {
  const { login, tokens, captcha, config, db, tenancy, wechat } = app.services;
  const wechatSignOn = new WechatSignOn({ wechat, db, main: tenancy.main, tenancy, login });

  route(app, {
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    summary: 'loginByUsername / refreshToken / loginBySocial: 获取令牌',
    tags: ['auth'],
    access: { public: 'client' },
    oauthErrors: true,
    raw: true,
    audit: false,
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
    rateLimit: { max: config.tokenRateLimit, timeWindow: 60_000 },
    handler: async ({ req, reply }) => {
      // A password in the address ends up in proxy and server logs and in the browser's history: it
      // goes in the body (form or JSON) only (wire contract §4.5).
      // BladeX clients put md5(password) there (Saber's loginByUsername sends params): that form is taken
      // from the query, masked in every log line like the other secret parameters; the password itself never.
      const queryPassword = req.query && typeof req.query === 'object' ? (req.query as Record<string, unknown>).password : undefined;
      if (queryPassword !== undefined && !(typeof queryPassword === 'string' && isMd5Form(queryPassword))) throw oauthError(PASSWORD_IN_QUERY);
      const merged: Record<string, unknown> = { ...(req.query as object), ...(req.body && typeof req.body === 'object' ? (req.body as object) : {}) };
      if (typeof merged.grant_type === 'string' && Object.hasOwn(GRANT_ALIASES, merged.grant_type)) merged.grant_type = GRANT_ALIASES[merged.grant_type];
      const parsed = tokenParams.safeParse(merged);
      if (!parsed.success) throw oauthError(parsed.error.issues[0].message);
      const p = parsed.data;
      const client = req.client!;
      // The client row may list a grant by our name or by BladeX's.
      const allowed = client.authorizedGrantTypes.split(',').map((g) => g.trim());
      const alias = Object.entries(GRANT_ALIASES).find(([, ours]) => ours === p.grant_type)?.[0];
      if (!allowed.includes(p.grant_type) && !(alias && allowed.includes(alias))) throw oauthError(AUTH_MSG.badGrant);
      const tenantId = p.tenantId || header(req, 'tenant-id') || config.defaultTenantId;
      const meta = { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };

      let userId: string | null = null;
      let chainId: string | undefined;
      /** The sign-on session the chain comes from (a code's, kept through every rotation). */
      let ssoSession: string | null = null;
      // The sign-on state is on the main database; the account is read on its tenant's datasource.
      let accountTenant = tenantId;
      switch (p.grant_type) {
        case 'sso_authorization_code': {
          const redeemed = await tokens.redeemCode(p.code ?? '', client.clientId);
          if (!redeemed) throw oauthError(AUTH_MSG.codeInvalid);
          userId = redeemed.userId;
          ssoSession = redeemed.ssoSession;
          accountTenant = redeemed.tenantId ?? config.defaultTenantId; // the tenant the portal signed on to
          break;
        }
        case 'sso_refresh_token': {
          const rotated = await tokens.rotate(p.refresh_token ?? '', client.clientId);
          if (!rotated) throw oauthError(AUTH_MSG.refreshInvalid);
          userId = rotated.userId;
          chainId = rotated.chainId;
          ssoSession = rotated.ssoSessionHash;
          accountTenant = rotated.tenantId;
          break;
        }
        case 'social': {
          // loginBySocial (specification §7 "Auth"): the code and state WeChat gave the app's own redirect
          // address, after a trip the sign-on portal started for this client (/sso/wechat?flow=client).
          const signed = await wechatSignOn.finish({
            code: p.code ?? '',
            state: p.state ?? '',
            source: p.source,
            finish: 'client',
            clientId: client.clientId,
            attempt: { loginType: 'social', ...meta },
          });
          if (!signed.ok) throw oauthError(signed.message);
          userId = signed.user.id;
          accountTenant = signed.user.tenantId;
          break;
        }
      }
      return tenancy.run(accountTenant, async () => {
        switch (p.grant_type) {
          case 'password':
          case 'captcha': {
            const result = await login.authenticate({
              tenantId,
              account: p.username ?? '',
              password: p.password ?? '',
              // Both grants answer the captcha in headers; the password grant needs one after a failure.
              captcha: { key: header(req, 'captcha-key'), code: header(req, 'captcha-code') },
              loginType: p.grant_type,
              ...meta,
            });
            if (!result.ok) throw oauthError(result.message);
            userId = result.user.id;
            break;
          }
        }
        const found = await authRepo.findUserById(db, userId!);
        const user = found && found.tenantId === accountTenant ? found : undefined;
        const refusal = !user ? AUTH_MSG.badCredentials : user.status !== 1 ? AUTH_MSG.disabled : await tenantProblem(tenancy.main, user.tenantId);
        if (refusal || !user) {
          // A removed or disabled account, an expired tenant: the chain and its sign-on session end.
          if (chainId) await tokens.revokeChain(chainId, 'admin');
          else if (ssoSession) await tokens.endSsoSession(ssoSession);
          throw oauthError(refusal ?? AUTH_MSG.badCredentials);
        }
        const answer = await tokens.issue(user, client, { chainId, roleId: header(req, 'role-id'), ssoSession });
        if (p.grant_type === 'sso_authorization_code')
          await login.log({ tenantId: user.tenantId, account: user.account, loginType: 'sso_code', ...meta }, user, true, null);
        reply.header('cache-control', 'no-store');
        return reply.send(answer);
      });
    },
  });

  route(app, {
    method: 'POST',
    url: MODEL_CODE_PATH,
    summary: 'modelCode: AI 页面入口的一次性登录码 (the `token` parameter of /model/#/…; exchanged with grant sso_authorization_code)',
    tags: ['auth'],
    access: { permission: 'authenticated' },
    rateLimit: { max: config.tokenRateLimit, timeWindow: 60_000 },
    handler: async ({ actor, reply }): Promise<ModelCode> => {
      reply.header('cache-control', 'no-store');
      return tokens.createModelCode(actor, `${config.modelOrigin || config.publicUrl}/model/`);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-auth/oauth/captcha',
    summary: 'captcha: 获取验证码',
    tags: ['auth'],
    access: { public: 'client' },
    raw: true,
    rateLimit: { max: config.tokenRateLimit, timeWindow: 60_000 },
    handler: async ({ reply }) => reply.header('cache-control', 'no-store').send(await captcha.create()),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-auth/oauth/logout',
    summary: 'logout: 退出登录 (吊销刷新令牌链)',
    tags: ['auth'],
    access: { permission: 'authenticated' },
    audit: true,
    handler: async ({ actor }) => {
      await tokens.revokeChain(actor.chainId, 'logout');
      return null;
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-auth/oauth/clear-cache',
    summary: 'clearCache: 清除缓存 (BladeX; 本进程缓存的客户端与租户数据源绑定; 应用管理权限)',
    tags: ['auth'],
    access: { permission: 'client' },
    audit: true,
    handler: async () => {
      // What this process keeps besides the database: the client rows and the tenants' datasource bindings.
      app.services.clients.invalidate();
      tenancy.forget();
      return withMsg(null, '清除成功');
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-auth/oauth/user-info',
    summary: 'getUserInfo: 当前用户信息',
    tags: ['auth'],
    access: { permission: 'authenticated' },
    handler: async ({ actor }) => {
      const user = await authRepo.findUserById(db, actor.userId);
      const dept = await authRepo.deptOf(db, actor.deptId);
      const roles = (await authRepo.rolesOf(db, actor.userId)).filter((r) => actor.roleIds.includes(r.id));
      if (!user) throw new AppError(401, MSG.notLoggedIn);
      return {
        userId: user.id,
        account: user.account,
        realName: user.realName ?? user.account,
        nickName: user.name ?? user.realName ?? user.account,
        avatar: user.avatar ?? '',
        tenantId: user.tenantId,
        deptId: user.deptId,
        deptName: dept?.deptName ?? '',
        orgName: dept?.fullName || dept?.deptName || '',
        roleIds: roles.map((r) => r.id),
        roleNames: roles.map((r) => r.roleName),
        roles: roles.map((r) => r.roleAlias),
        profileTag: user.profileTag ?? '',
        unionId: dept?.unionId ?? null,
        phone: user.phone ?? '',
        email: user.email ?? '',
      };
    },
  });
}
