import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { WX_MSG, wxCheckParams, wxCheckRecord, wxQrCodeRecord, wxStatusRecord } from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { route } from '../../../platform/http/route.js';
import { selfOrigin } from '../../auth/portal-origin.js';
import { renderBindPage } from './user-wx.page.js';
import { UserWxService } from './user-wx.service.js';

const TAGS = ['user-wx'];
export const WX_CALLBACK_PATH = '/api/blade-user/user-wx/callback';

const callbackQuery = z.object({ code: z.string().max(512).optional().default(''), state: z.string().max(512).optional().default('') }).passthrough();

/**
 * 绑定微信 (specification §2 /portal/myCenter/boundWeixin, §7 "Users": GET blade-user/user-wx/status,
 * unbind, qr-code, check/{id}) and the callback WeChat sends the browser to. Every call is on the
 * caller's own binding (the repo names the account in every statement), so no org-tree scope applies.
 */
export default async function userWxRoutes(app: FastifyInstance) {
  const { config, db, tenancy, wechat, events } = app.services;
  const svc = new UserWxService({ db, tenancy, wechat, events, timeZone: config.timeZone });

  route(app, {
    method: 'GET',
    url: '/api/blade-user/user-wx/status',
    summary: 'user-wx status: 当前账号的微信绑定情况',
    tags: TAGS,
    access: { permission: 'authenticated' },
    response: wxStatusRecord,
    handler: ({ actor }) => svc.status(actor),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-user/user-wx/qr-code',
    summary: 'user-wx qr-code: 获取绑定微信的二维码 (5分钟内有效, 仅用一次)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    response: wxQrCodeRecord,
    rateLimit: { max: config.tokenRateLimit, timeWindow: 60_000 },
    handler: ({ actor, req }) => svc.qrCode(actor, `${selfOrigin(config, req, (app.server.address() as AddressInfo | null)?.port)}${WX_CALLBACK_PATH}`),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-user/user-wx/check/:id',
    summary: 'user-wx check/{id}: 绑定进度 (等待扫码 / 已绑定 / 已过期 / 失败原因)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    params: wxCheckParams,
    response: wxCheckRecord,
    handler: ({ actor, params }) => svc.check(actor, params.id),
  });

  route(app, {
    // GET as the specification spells it; it changes state, so it needs the token like every call here
    // (never a cookie a plain link could carry), and the page asks for confirmation first.
    method: 'GET',
    url: '/api/blade-user/user-wx/unbind',
    summary: 'user-wx unbind: 解除微信绑定',
    tags: TAGS,
    access: { permission: 'authenticated' },
    audit: true,
    handler: async ({ actor }) => {
      await svc.unbind(actor);
      return withMsg(null, WX_MSG.unbindOk);
    },
  });

  route(app, {
    method: 'GET',
    url: WX_CALLBACK_PATH,
    summary: '微信绑定回调: 以微信授权码绑定二维码所属账号 (微信开放平台重定向)',
    tags: TAGS,
    // Public: WeChat sends the browser here without our token; the one-time state names the account.
    access: { public: 'open' },
    query: callbackQuery,
    raw: true,
    produces: 'text/html',
    rateLimit: { max: config.ssoRateLimit, timeWindow: 60_000 },
    handler: async ({ query, reply }) => {
      const outcome = await svc.complete(query.code, query.state);
      return reply
        .status(outcome.ok ? 200 : 400)
        .header('content-security-policy', "default-src 'none';style-src 'unsafe-inline';frame-ancestors 'none';base-uri 'none';form-action 'none'")
        .header('x-frame-options', 'DENY')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderBindPage(outcome));
    },
  });
}
