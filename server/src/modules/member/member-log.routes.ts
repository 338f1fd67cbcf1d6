import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ID_MSG,
  MEMBER_KIND_LABELS,
  changeLogRecord,
  changeLogWithChanges,
  changeRecord,
  idOf,
  memberCount,
  pageOf,
  pageQuery,
  type MemberKind,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { resolveScope } from '../../platform/access/scope.js';
import { changesOf, logView } from '../../platform/audit/change-log.js';
import { notFound } from '../../platform/http/errors.js';
import { route } from '../../platform/http/route.js';
import { memberLogRepo, type LogRow } from './member-log.repo.js';
import { MEMBER_RESOURCE } from './member.kinds.js';
import { memberRepo } from './member.repo.js';

/** Every history row belongs to a member kind (scope metadata: the rows these routes can show). */
const LOG_WHERE = "tag in ('enterprise', 'group', 'person')";
const id = idOf(ID_MSG, { trim: true });
/** tags: comma list of enterprise, group, person (specification §9); mode: insert, update, delete. */
const logQuery = pageQuery
  .extend({
    tags: z
      .string()
      .trim()
      .max(100)
      .regex(/^((enterprise|group|person)(,(enterprise|group|person))*)?$/, '记录类型只能是 enterprise、group、person')
      .optional(),
    tag: z.union([z.enum(['enterprise', 'group', 'person'], { message: '记录类型只能是 enterprise、group、person' }), z.literal('')]).optional(),
    mode: z.union([z.enum(['insert', 'update', 'delete'], { message: '操作类型只能是 insert、update、delete' }), z.literal('')]).optional(),
    recordId: z.union([id, z.literal('')]).optional(),
  })
  .passthrough();
type LogQuery = z.infer<typeof logQuery>;

/** The change history of member records inside the caller's member data scope, newest first. */
async function logPage(db: Db, actor: Actor, query: LogQuery) {
  const scope = await resolveScope(db, actor, MEMBER_RESOURCE);
  const tags = [...new Set([...(query.tags ? query.tags.split(',') : []), ...(query.tag ? [query.tag] : [])])];
  return memberLogRepo.page(db, scope, query, query as Record<string, unknown>, { tags, mode: query.mode || undefined, recordId: query.recordId || undefined });
}

export default async function memberLogRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;
  const view = (r: LogRow) => logView(r, MEMBER_KIND_LABELS[r.tag as MemberKind] ?? r.tag, tz);
  const listScope = { resource: MEMBER_RESOURCE, list: { table: 'aoc_log', deptColumn: 'dept_id', ownerColumn: 'create_user', where: LOG_WHERE } };

  route(app, {
    method: 'GET',
    url: '/api/aoc-service/auto/logger/page',
    summary: 'auto/logger/page: 会员记录的字段级变更记录 (mode update; tags enterprise、group、person; recordId), 每条含所改字段的原值与新值',
    tags: ['member'],
    access: { permission: 'member_log' },
    query: logQuery,
    scope: listScope,
    response: pageOf(changeLogWithChanges),
    handler: async ({ actor, query }) => {
      const page = await logPage(db, actor, query);
      const changes = await changesOf(
        db,
        page.records.map((r) => String(r.id)),
      );
      return { ...page, records: page.records.map((r) => ({ ...view(r), changes: changes.get(String(r.id)) ?? [] })) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/aoc-service/aoclog/page',
    summary: 'aoclog page: 会员数据操作日志分页 (新增、修改、删除; tag、mode、recordId、recordName、createBy、createTime 过滤)',
    tags: ['member'],
    access: { permission: 'member_log' },
    query: logQuery,
    scope: listScope,
    response: pageOf(changeLogRecord),
    handler: async ({ actor, query }) => {
      const page = await logPage(db, actor, query);
      return { ...page, records: page.records.map(view) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/aoc-service/aoclog/list',
    summary: 'aoclog list: 一条操作日志的字段变更明细 (logId)',
    tags: ['member'],
    access: { permission: 'member_log' },
    query: z.object({ logId: idOf('日志编号格式不正确', { trim: true, required: '请提供日志编号' }) }).strict(),
    scope: {
      resource: MEMBER_RESOURCE,
      record: { table: 'aoc_log', idFrom: 'query.logId', deptColumn: 'dept_id', ownerColumn: 'create_user', where: LOG_WHERE },
    },
    response: z.array(changeRecord),
    handler: async ({ actor, query }) => {
      if (!(await memberLogRepo.visible(db, await resolveScope(db, actor, MEMBER_RESOURCE), query.logId))) throw notFound();
      return (await changesOf(db, [query.logId])).get(query.logId) ?? [];
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/aoc-service/member/member-count',
    summary: 'member-count: 数据权限内的会员数量 (总数、企业、团体、个人; deptId 含下级组织)',
    tags: ['member'],
    access: { permission: 'portal_database' },
    query: z.object({ deptId: z.union([id, z.literal('')]).optional() }).strict(),
    response: memberCount,
    handler: async ({ actor, query }) => {
      const scope = await resolveScope(db, actor, MEMBER_RESOURCE);
      const c = await memberRepo.counts(db, scope, query.deptId || undefined);
      return { total: c.enterprise + c.group + c.person, ...c };
    },
  });
}
