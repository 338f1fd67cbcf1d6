import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../../platform/http/route.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';

/** Parameters every signed-in user may read by key (portal settings); the rest need the param menu. */
const PUBLIC_PARAM_PREFIX = 'portal.';

export default async function paramRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/api/blade-system/param/detail',
    summary: 'getParamDetail: 参数详情 (按编号或键名)',
    tags: ['system'],
    access: { permission: 'authenticated' },
    query: z.object({
      id: z.string().regex(/^\d{1,19}$/, '数据编号格式不正确').optional(),
      paramKey: z.string().max(255).optional(),
    }),
    handler: async ({ actor, query }) => {
      if (!query.id && !query.paramKey) throw badRequest('请提供参数编号或参数键名');
      let q = app.db.selectFrom('bladeParam').select(['id', 'paramName', 'paramKey', 'paramValue', 'remark']).where('isDeleted', '=', 0);
      q = query.id ? q.where('id', '=', query.id) : q.where('paramKey', '=', query.paramKey!);
      const row = await q.executeTakeFirst();
      const mayRead = actor.isAdministrator || actor.roleAliases.includes('admin') || row?.paramKey.startsWith(PUBLIC_PARAM_PREFIX);
      if (!row || !mayRead) throw notFound();
      return row;
    },
  });
}
