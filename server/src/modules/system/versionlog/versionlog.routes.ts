import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { MSG, STALE_VERSION_MSG, VERSION_LOG_TYPES, VERSION_REQUIRED_MSG, idQuery, idsQuery, pageQuery, versionLogFilters, versionLogSubmit } from '@gsl/contract';
import { assertGranted } from '../../../platform/access/grants.js';
import { dbErrorCode } from '../../../platform/http/db-errors.js';
import { withMsg } from '../../../platform/http/envelope.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { filterExpressions, paginate, type FieldWhitelist } from '../../../platform/http/paging.js';
import { route } from '../../../platform/http/route.js';
import { formatTime } from '../../../platform/http/time.js';

const FIELDS: FieldWhitelist = {
  versionNo: { column: 'v.versionNo', kind: 'text' },
  title: { column: 'v.title', kind: 'text' },
  updateType: { column: 'v.updateType', kind: 'smallint' },
  publishTime: { column: 'v.publishTime', kind: 'date' },
};
const COLUMNS = ['v.id', 'v.versionNo', 'v.title', 'v.content', 'v.updateType', 'v.publishTime', 'v.version'] as const;
type Row = { id: string; versionNo: string; title: string; content: string; updateType: number; publishTime: Date; version: number };

/** The product's version update log: every user reads it (我的一天 → 版本更新日志); administrators write it. */
export default async function versionLogRoutes(app: FastifyInstance) {
  const { db } = app;
  const view = (r: Row) => ({ ...r, id: String(r.id), updateTypeName: VERSION_LOG_TYPES[r.updateType] ?? '', publishTime: formatTime(r.publishTime, app.config.timeZone) });
  const live = () => db.selectFrom('bladeVersionUpdateLog as v').where('v.isDeleted', '=', 0);

  route(app, {
    method: 'POST',
    url: '/api/blade-system/versionupdatelog/page',
    summary: 'versionupdatelog page: 版本更新日志分页 (分页在查询参数, 过滤条件在请求体)',
    tags: ['system'],
    access: { permission: 'authenticated' },
    query: pageQuery.passthrough(),
    body: versionLogFilters.optional(),
    handler: async ({ query, body }) => {
      const base = live().where((eb) => eb.and(filterExpressions(eb, (body ?? {}) as Record<string, unknown>, FIELDS)));
      const page = await paginate<Row>(base, (qb) => qb.select(COLUMNS), query, FIELDS, [['v.publishTime', 'desc'], ['v.id', 'desc']]);
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
    handler: async ({ query }) => {
      const row = (await live().select(COLUMNS).where('v.id', '=', query.id).executeTakeFirst()) as Row | undefined;
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
    handler: async ({ actor, body }) => {
      await assertGranted(db, actor, body.id ? 'versionupdatelog_edit' : 'versionupdatelog_add');
      const values = { versionNo: body.versionNo, title: body.title, content: body.content, updateType: body.updateType, ...(body.publishTime ? { publishTime: body.publishTime } : {}), updateUser: actor.userId };
      try {
        let id: string;
        if (!body.id) {
          id = (await db.insertInto('bladeVersionUpdateLog').values({ ...values, createUser: actor.userId, createDept: actor.deptId }).returning('id').executeTakeFirstOrThrow()).id;
        } else {
          if (body.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
          const r = await db
            .updateTable('bladeVersionUpdateLog')
            .set({ ...values, version: sql`version + 1`, updateTime: sql`now()` })
            .where('id', '=', body.id)
            .where('version', '=', body.version)
            .where('isDeleted', '=', 0)
            .returning('id')
            .executeTakeFirst();
          if (!r) throw (await live().select('v.id').where('v.id', '=', body.id).executeTakeFirst()) ? badRequest(STALE_VERSION_MSG) : notFound();
          id = r.id;
        }
        const row = (await live().select(COLUMNS).where('v.id', '=', id).executeTakeFirstOrThrow()) as Row;
        return withMsg(view(row), body.id ? MSG.updated : MSG.added);
      } catch (err) {
        if (dbErrorCode(err) === '23505') throw badRequest('该版本号已存在');
        throw err;
      }
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/versionupdatelog/remove',
    summary: 'versionupdatelog remove: 删除版本更新日志 (ids)',
    tags: ['system'],
    access: { permission: 'versionupdatelog_delete' },
    query: idsQuery,
    handler: async ({ query }) => {
      const r = await db.updateTable('bladeVersionUpdateLog').set({ isDeleted: 1, updateTime: sql`now()` }).where('id', 'in', query.ids.split(',')).where('isDeleted', '=', 0).executeTakeFirst();
      if (!Number(r.numUpdatedRows)) throw notFound();
      return withMsg(null, MSG.removed);
    },
  });
}
