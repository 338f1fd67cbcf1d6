import type { FastifyInstance } from 'fastify';
import { pageQuery } from '@gsl/contract';
import { z } from 'zod';
import { resolveScope } from '../../../platform/access/scope.js';
import { route } from '../../../platform/http/route.js';
import { formatTime } from '../../../platform/http/time.js';
import { userloginRepo } from './userlogin.repo.js';

const LOGIN_TYPES: Record<string, string> = { sso: '统一身份认证', sso_code: '授权码换取令牌', password: '账号密码', captcha: '验证码登录' };

const record = z.object({
  id: z.string(),
  account: z.string().nullable(),
  realName: z.string().nullable(),
  deptName: z.string().nullable(),
  loginType: z.string(),
  loginTypeName: z.string(),
  success: z.number(),
  message: z.string().nullable(),
  remoteIp: z.string().nullable(),
  userAgent: z.string().nullable(),
  createTime: z.string().nullable(),
});

export default async function userloginRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/api/aoc-service/portal/userlogin/list',
    summary: 'portal/userlogin/list: 登录日志 (本机构及数据权限范围内)',
    tags: ['portal'],
    access: { permission: 'portal_myorg' },
    query: pageQuery.passthrough(),
    scope: { resource: 'userlogin', list: { table: 'blade_user_login_log', deptColumn: 'dept_id', ownerColumn: 'user_id' } },
    response: z.object({ records: z.array(record), total: z.number(), size: z.number(), current: z.number(), pages: z.number() }),
    handler: async ({ actor, query }) => {
      const scope = await resolveScope(app.db, actor, 'userlogin');
      const page = await userloginRepo.page(app.db, scope, query, query as Record<string, unknown>);
      return {
        ...page,
        records: page.records.map((r) => ({
          ...r,
          id: String(r.id),
          loginTypeName: LOGIN_TYPES[r.loginType] ?? r.loginType,
          createTime: formatTime(r.createTime, app.config.timeZone),
        })),
      };
    },
  });
}
