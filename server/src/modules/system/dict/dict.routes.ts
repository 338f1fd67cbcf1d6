import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MSG, dictOption, dictRecord, dictSubmit, idField, idQuery, pageOf, pageQuery, type DictOption } from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { DICT, DICT_BIZ, type DictKind } from './dict.kind.js';
import { dictRepo } from './dict.repo.js';
import { dictService } from './dict.service.js';
import { dictForest, dictView } from './dict.view.js';

const codeQuery = z.object({ code: z.string({ message: '请提供字典编号' }).trim().min(1, '请提供字典编号').max(255) });
const idParam = idField;

/** The eight calls of one dictionary table (specification §7: list, parent-list, child-list, remove, submit, detail, tree, dictionary). */
function dictRoutes(kind: DictKind): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const base = `/api/blade-system/${kind.path}`;
    const tz = app.config.timeZone;
    const tags = ['system-dict'];
    const name = (call: string, what: string) => `${kind.path} ${call}: ${kind.label}${what}`;

    route(app, {
      method: 'GET',
      url: `${base}/list`,
      summary: name('list', '树形列表 (code、dictValue 过滤)'),
      tags,
      access: { permission: kind.menu },
      query: z.object({ code: z.string().max(255).optional(), dictValue: z.string().max(255).optional() }).passthrough(),
      handler: async ({ actor, query }) => dictForest(await dictRepo.all(app.db, kind, actor.tenantId, query as Record<string, unknown>), tz),
    });

    route(app, {
      method: 'GET',
      url: `${base}/parent-list`,
      summary: name('parent-list', '分页列表 (字典编号根行)'),
      tags,
      access: { permission: kind.menu },
      query: pageQuery.passthrough(),
      response: pageOf(dictRecord),
      handler: async ({ actor, query }) => {
        const page = await dictRepo.page(app.db, kind, actor.tenantId, query, query as Record<string, unknown>, '0');
        return { ...page, records: page.records.map((r) => dictView(r, tz)) };
      },
    });

    route(app, {
      method: 'GET',
      url: `${base}/child-list`,
      summary: name('child-list', '子项分页列表 (parentId)'),
      tags,
      access: { permission: kind.menu },
      query: pageQuery.extend({ parentId: idParam }).passthrough(),
      response: pageOf(dictRecord),
      handler: async ({ actor, query }) => {
        const parent = await dictRepo.findById(app.db, kind, actor.tenantId, query.parentId);
        if (!parent) throw notFound();
        const page = await dictRepo.page(app.db, kind, actor.tenantId, query, query as Record<string, unknown>, query.parentId);
        return { ...page, records: page.records.map((r) => dictView(r, tz, parent.dictValue)) };
      },
    });

    route(app, {
      method: 'GET',
      url: `${base}/detail`,
      summary: name('detail', '详情'),
      tags,
      access: { permission: kind.menu },
      query: idQuery,
      response: dictRecord,
      handler: async ({ actor, query }) => {
        const row = await dictRepo.findById(app.db, kind, actor.tenantId, query.id);
        if (!row) throw notFound();
        const parent = row.parentId !== '0' ? await dictRepo.findById(app.db, kind, actor.tenantId, row.parentId) : undefined;
        return dictView(row, tz, parent?.dictValue ?? null);
      },
    });

    route(app, {
      method: 'GET',
      url: `${base}/tree`,
      summary: name('tree', '树 (上级字典选择, 可按 code)'),
      tags,
      access: { permission: kind.menu },
      query: z.object({ code: z.string().max(255).optional() }).passthrough(),
      handler: async ({ actor, query }) => dictForest(await dictRepo.all(app.db, kind, actor.tenantId, query.code ? { code_equal: query.code } : {}), tz),
    });

    route(app, {
      method: 'GET',
      url: `${base}/dictionary`,
      summary: name('dictionary', '某编号的选项 (下拉选择, 不含封存项)'),
      tags,
      access: { permission: 'authenticated' },
      query: codeQuery,
      response: z.array(dictOption),
      handler: async ({ actor, query }) =>
        (await dictRepo.items(app.db, kind, actor.tenantId, query.code)).map((r): DictOption => ({
          id: String(r.id),
          parentId: String(r.parentId),
          code: r.code,
          dictKey: r.dictKey,
          dictValue: r.dictValue,
          sort: r.sort,
        })),
    });

    route(app, {
      method: 'POST',
      url: `${base}/submit`,
      summary: name('submit', '新增或修改 (无 id 新增, 有 id 按 version 修改)'),
      tags,
      access: { permission: kind.menu },
      body: dictSubmit,
      response: dictRecord,
      handler: async ({ actor, body }) => {
        const { row, created } = await dictService.submit(app.db, kind, actor, body);
        return withMsg(dictView(row, tz), created ? MSG.added : MSG.updated);
      },
    });

    removeRoute(app, {
      url: `${base}/remove`,
      summary: name('remove', '删除 (ids; 有子项时拒绝)'),
      tags,
      permission: `${kind.menu}_delete`,
      remove: (ids, actor) => dictService.remove(app.db, kind, actor, ids),
    });
  };
}

export const dictModule = dictRoutes(DICT);
export const dictBizModule = dictRoutes(DICT_BIZ);
