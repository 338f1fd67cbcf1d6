import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  MSG,
  apiScopeRecord,
  apiScopeSubmit,
  dataScopeRecord,
  dataScopeSubmit,
  idOf,
  idQuery,
  pageOf,
  pageQuery,
  type ApiScopeSubmit,
  type DataScopeSubmit,
} from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { API_SCOPE, DATA_SCOPE, type ScopeKind } from './scope.kind.js';
import { scopeRepo } from './scope.repo.js';
import { scopeService } from './scope.service.js';
import { scopeView } from './scope.view.js';

/** The four calls of one scope table (specification §6–§7: data scope and api scope administration). */
function scopeRoutes(kind: ScopeKind): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const base = `/api/blade-system/${kind.path}`;
    const tz = app.config.timeZone;
    const tags = ['system-scope'];
    const record = kind.category === 1 ? dataScopeRecord : apiScopeRecord;
    const name = (call: string, what: string) => `${kind.path} ${call}: ${kind.label}${what}`;

    route(app, {
      method: 'GET',
      url: `${base}/list`,
      summary: name('list', '分页列表 (menuId、scopeName、resourceCode、scopeType 过滤)'),
      tags,
      access: { permission: kind.menu },
      query: pageQuery
        .extend({
          menuId: z.union([idOf('菜单编号格式不正确'), z.literal('')]).optional(),
          scopeName: z.string().max(255).optional(),
          resourceCode: z.string().max(255).optional(),
        })
        .passthrough(),
      response: pageOf(record),
      handler: async ({ query }) => {
        const page = await scopeRepo.page(app.db, kind, query, query as Record<string, unknown>);
        return { ...page, records: page.records.map((r) => scopeView(kind, r, tz)) };
      },
    });

    route(app, {
      method: 'GET',
      url: `${base}/detail`,
      summary: name('detail', '详情'),
      tags,
      access: { permission: kind.menu },
      query: idQuery,
      response: record,
      handler: async ({ query }) => {
        const row = await scopeRepo.findById(app.db, kind, query.id);
        if (!row) throw notFound();
        return scopeView(kind, row, tz);
      },
    });

    route(app, {
      method: 'POST',
      url: `${base}/submit`,
      summary: name('submit', '新增或修改 (无 id 新增, 有 id 按 version 修改)'),
      tags,
      access: { permission: kind.menu },
      body: (kind.category === 1 ? dataScopeSubmit : apiScopeSubmit) as z.ZodType<DataScopeSubmit | ApiScopeSubmit>,
      response: record,
      handler: async ({ actor, body }) => {
        const { row, created } = await scopeService.submit(app.db, kind, actor, body);
        return withMsg(scopeView(kind, row, tz), created ? MSG.added : MSG.updated);
      },
    });

    removeRoute(app, {
      url: `${base}/remove`,
      summary: name('remove', '删除 (ids; 其授权一并解除)'),
      tags,
      permission: `${kind.menu}_delete`,
      remove: (ids) => scopeService.remove(app.db, kind, ids),
    });
  };
}

export const dataScopeModule = scopeRoutes(DATA_SCOPE);
export const apiScopeModule = scopeRoutes(API_SCOPE);
