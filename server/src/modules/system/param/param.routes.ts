import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG, idField, pageOf, pageQuery, paramDetail, paramRecord, paramSubmit, type ParamDetail } from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { route } from '../../../platform/http/route.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { paramRepo } from './param.repo.js';
import { paramService } from './param.service.js';
import { paramView } from './param.view.js';

/** Parameters every signed-in user may read by key (portal settings); the rest need the param menu. */
const PUBLIC_PARAM_PREFIX = 'portal.';

export default async function paramRoutes(app: FastifyInstance) {
  const tz = app.config.timeZone;

  route(app, {
    method: 'GET',
    url: '/api/blade-system/param/list',
    summary: 'param list: 参数分页列表 (paramName、paramKey、paramValue、createTime 过滤)',
    tags: ['system'],
    access: { permission: 'param' },
    query: pageQuery.passthrough(),
    response: pageOf(paramRecord),
    handler: async ({ query }) => {
      const page = await paramRepo.page(app.db, query, query as Record<string, unknown>);
      return { ...page, records: page.records.map((r) => paramView(r, tz)) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/param/submit',
    summary: 'param submit: 新增或修改参数 (无 id 新增, 有 id 按 version 修改)',
    tags: ['system'],
    access: { permission: 'param' },
    body: paramSubmit,
    response: paramRecord,
    handler: async ({ actor, body }) => {
      const { row, created } = await paramService.submit(app.db, actor, body);
      return withMsg(paramView(row, tz), created ? MSG.added : MSG.updated);
    },
  });

  removeRoute(app, {
    url: '/api/blade-system/param/remove',
    summary: 'param remove: 删除参数 (ids 逗号分隔)',
    tags: ['system'],
    permission: 'param_delete',
    remove: (ids, actor) => paramService.remove(app.db, actor, ids),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/param/detail',
    summary: 'getParamDetail: 参数详情 (按编号或键名)',
    tags: ['system'],
    access: { permission: 'authenticated' },
    query: z.object({
      id: idField.optional(),
      paramKey: z.string().max(255).optional(),
    }),
    response: paramDetail,
    handler: async ({ actor, query }) => {
      if (!query.id && !query.paramKey) throw badRequest('请提供参数编号或参数键名');
      const row = await paramRepo.findByIdOrKey(app.db, query.id ? { id: query.id } : { paramKey: query.paramKey! });
      const mayRead = actor.isAdministrator || actor.roleAliases.includes('admin') || row?.paramKey.startsWith(PUBLIC_PARAM_PREFIX);
      if (!row || !mayRead) throw notFound();
      return row satisfies ParamDetail;
    },
  });
}
