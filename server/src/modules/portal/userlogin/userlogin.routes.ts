import type { FastifyInstance } from 'fastify';
import { LOGIN_TYPE_NAMES, pageOf, pageQuery, portalLoginRecord, type PortalLoginView } from '@gsl/contract';
import { resolveScope } from '../../../platform/access/scope.js';
import { route } from '../../../platform/http/route.js';
import { formatTime } from '../../../platform/http/time.js';
import { userloginRepo } from './userlogin.repo.js';

export default async function userloginRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/api/aoc-service/portal/userlogin/list',
    summary: 'portal/userlogin/list: 登录日志 (我的组织 › 登录日志; 本机构及数据权限范围内)',
    tags: ['portal'],
    access: { permission: 'myorg_login' },
    query: pageQuery.passthrough(),
    scope: { resource: 'userlogin', list: { table: 'blade_user_login_log', deptColumn: 'dept_id', ownerColumn: 'user_id' } },
    response: pageOf(portalLoginRecord),
    handler: async ({ actor, query }) => {
      const scope = await resolveScope(app.db, actor, 'userlogin');
      const page = await userloginRepo.page(app.db, scope, query, query as Record<string, unknown>);
      return {
        ...page,
        records: page.records.map((r): PortalLoginView => ({
          ...r,
          id: String(r.id),
          loginTypeName: LOGIN_TYPE_NAMES[r.loginType] ?? r.loginType,
          createTime: formatTime(r.createTime, app.config.timeZone),
        })),
      };
    },
  });
}
