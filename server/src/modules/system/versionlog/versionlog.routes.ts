import type { FastifyInstance } from 'fastify';
import { MSG, VERSION_LOG_TYPES, idQuery, pageOf, pageQuery, versionLogFilters, versionLogRecord, versionLogSubmit, type VersionLogView } from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { formatTime } from '../../../platform/http/time.js';
import { versionLogRepo, type VersionLogRow } from './versionlog.repo.js';
import { versionLogService } from './versionlog.service.js';

/** The product's version update log: every user reads it (我的一天 → 版本更新日志); administrators write it. */
export default async function versionLogRoutes(app: FastifyInstance) {
  const { db } = app;
  const view = (r: VersionLogRow): VersionLogView => ({
    ...r,
    id: String(r.id),
    updateTypeName: VERSION_LOG_TYPES[r.updateType] ?? '',
    publishTime: formatTime(r.publishTime, app.config.timeZone),
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/versionupdatelog/page',
    summary: 'versionupdatelog page: 版本更新日志分页 (分页在查询参数, 过滤条件在请求体)',
    tags: ['system'],
    access: { permission: 'authenticated' },
    query: pageQuery.passthrough(),
    body: versionLogFilters.optional(),
    response: pageOf(versionLogRecord),
    handler: async ({ query, body }) => {
      const page = await versionLogRepo.page(db, query, (body ?? {}) as Record<string, unknown>);
      return { ...page, records: page.records.map(view) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/versionupdatelog/detail',
    summary: 'versionupdatelog detail: 版本更新日志详情',
    tags: ['system'],
    access: { permission: 'authenticated' },
    query: idQuery,
    response: versionLogRecord,
    handler: async ({ query }) => {
      const row = await versionLogRepo.findById(db, query.id);
      if (!row) throw notFound();
      return view(row);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/versionupdatelog/submit',
    summary: 'versionupdatelog submit: 新增或修改版本更新日志',
    tags: ['system'],
    access: { permission: 'versionupdatelog' },
    body: versionLogSubmit,
    response: versionLogRecord,
    handler: async ({ actor, body }) => {
      const { row, created } = await versionLogService.submit(db, actor, body);
      return withMsg(view(row), created ? MSG.added : MSG.updated);
    },
  });

  removeRoute(app, {
    url: '/api/blade-system/versionupdatelog/remove',
    summary: 'versionupdatelog remove: 删除版本更新日志 (ids)',
    tags: ['system'],
    permission: 'versionupdatelog_delete',
    remove: (ids) => versionLogService.remove(db, ids),
  });
}
