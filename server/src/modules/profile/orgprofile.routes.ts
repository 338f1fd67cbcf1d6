import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  ANNUAL_REPORT_FIELDS, MSG, ORG_PROFILE_FIELDS, PROFILE_MSG, REPORT_STATUS, STALE_VERSION_MSG, VERSION_REQUIRED_MSG, annualReportSubmit, idField, idQuery,
  idsQuery, orgDeptQuery, orgProfileSubmit, pageQuery, type PermissionCode,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { assertGranted } from '../../platform/access/grants.js';
import { scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { dbErrorCode, violatedConstraint } from '../../platform/http/db-errors.js';
import { withMsg } from '../../platform/http/envelope.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { filterExpressions, paginate, type FieldWhitelist } from '../../platform/http/paging.js';
import { route } from '../../platform/http/route.js';
import { formatTime } from '../../platform/http/time.js';
import { columnValues, selectOf, viewOf, type Row } from './profile.codec.js';
import { anyDb, findOrgInScope, profileScope } from './profile.access.js';
import { ORG_PARENT, PROFILE_RESOURCE } from './profile.defs.js';
import { parentScope } from './section.routes.js';
import { registerProfileAttachments } from './profile.attach.js';

const REPORT_WHITELIST: FieldWhitelist = {
  year: { column: 'r.year', kind: 'smallint' },
  status: { column: 'r.status', kind: 'smallint' },
  title: { column: 'r.title', kind: 'text' },
  createTime: { column: 'r.createTime', kind: 'date' },
  submitTime: { column: 'r.submitTime', kind: 'date' },
};

const record = z.object({ deptId: z.string(), version: z.number() }).passthrough();
const reportListQuery = pageQuery.extend({ deptId: idField('机构编号格式不正确') }).passthrough();
const returnBody = z.object({ id: idField(), version: z.coerce.number({ message: '数据版本号必须是数字' }).int().min(1, '数据版本号不正确').max(2_147_483_647, '数据版本号不正确'), reason: z.string().trim().max(500, '退回原因不能超过500个字符').optional() }).strict();

/**
 * Organisation profile (组织档案) of a federation, chamber or association: one record per org (basic
 * info, introduction, party building, contact info), its sections (section.routes.ts), annual reports
 * (draft → submitted; a superior org may return a submitted one) and the member statistics by year.
 */
export default async function orgProfileRoutes(app: FastifyInstance) {
  // Photos and logos are read through their records' access rules.
  registerProfileAttachments(app.services.attachReferrers);
  const db = app.db;
  const tz = app.config.timeZone;
  const cipher = () => personalDataCipher(db, { production: app.config.production });
  const P = ORG_PARENT.prefix;
  const orgOr404 = async (actor: Actor, deptId: string) => {
    const org = await findOrgInScope(db, await profileScope(db, actor), deptId);
    if (!org) throw notFound();
    return org;
  };

  const readProfile = (q: Db, deptId: string) =>
    anyDb(q).selectFrom('aocOrgProfile as o').select(selectOf('o', ORG_PROFILE_FIELDS) as any).where('o.deptId', '=', deptId).where('o.isDeleted', '=', 0).executeTakeFirst() as Promise<Row | undefined>;

  route(app, {
    method: 'GET',
    url: `${P}/detail`,
    summary: 'org-profile detail: 组织档案 (deptId; 尚未建档时以机构信息预填, id 为空、version 为 0)',
    tags: ['profile'],
    access: { permission: 'profile_org' },
    query: orgDeptQuery,
    scope: parentScope(ORG_PARENT, 'query.deptId'),
    response: record,
    handler: async ({ actor, query }) => {
      const org = await orgOr404(actor, query.deptId);
      const row = await readProfile(db, query.deptId);
      if (row) return viewOf(ORG_PROFILE_FIELDS, row, { timeZone: tz, unmasked: false }, { deptName: org.deptName });
      const empty: Record<string, unknown> = Object.fromEntries(Object.keys(ORG_PROFILE_FIELDS).map((k) => [k, null]));
      const draft = { ...empty, id: null, deptId: String(org.id), version: 0, createTime: null, updateTime: null } as unknown as Row;
      Object.assign(draft, { name: org.fullName ?? org.deptName, regionCode: org.regionCode, chamberType: org.chamberType });
      return { ...viewOf(ORG_PROFILE_FIELDS, draft, { timeZone: tz, unmasked: false }, { deptName: org.deptName }), id: null, createTime: null, updateTime: null };
    },
  });

  route(app, {
    method: 'POST',
    url: `${P}/submit`,
    summary: 'org-profile submit: 保存组织档案 (deptId; 首次保存新建, 之后按 version 修改; 只改所给字段)',
    tags: ['profile'],
    access: { permission: 'profile_org_edit' },
    body: orgProfileSubmit,
    scope: parentScope(ORG_PARENT, 'body.deptId'),
    response: record,
    handler: async ({ actor, body }) => {
      const input = body as Record<string, unknown> & { deptId: string; version?: number; id?: string };
      const org = await orgOr404(actor, input.deptId);
      const values = columnValues(ORG_PROFILE_FIELDS, input, await cipher(), true);
      const created = await db.transaction().execute(async (tx) => {
        const current = await anyDb(tx).selectFrom('aocOrgProfile').select(['id', 'version']).where('deptId', '=', input.deptId).where('isDeleted', '=', 0).forUpdate().executeTakeFirst();
        if (!current) {
          try {
            await anyDb(tx).insertInto('aocOrgProfile').values({ ...values, tenantId: actor.tenantId, deptId: input.deptId, createUser: actor.userId, createDept: actor.deptId, updateUser: actor.userId }).execute();
          } catch (err) {
            if (dbErrorCode(err) === '23505') throw badRequest(STALE_VERSION_MSG);
            throw err;
          }
          return true;
        }
        if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
        if (current.version !== input.version) throw badRequest(STALE_VERSION_MSG);
        await anyDb(tx).updateTable('aocOrgProfile').set({ ...values, updateUser: actor.userId, version: sql`version + 1`, updateTime: sql`now()` }).where('id', '=', current.id).execute();
        return false;
      });
      const row = (await readProfile(db, input.deptId))!;
      return withMsg(viewOf(ORG_PROFILE_FIELDS, row, { timeZone: tz, unmasked: false }, { deptName: org.deptName }), created ? MSG.added : MSG.updated);
    },
  });

  route(app, {
    method: 'GET',
    url: `${P}/statistics`,
    summary: 'org-profile statistics: 会员数据概况 (按年度: 总数、企业、团体、个人; 有会员库数据的年度按入会日期累计计算, 其余取填报数)',
    tags: ['profile'],
    access: { permission: 'profile_org' },
    query: orgDeptQuery,
    scope: parentScope(ORG_PARENT, 'query.deptId'),
    response: z.array(z.object({ year: z.number(), total: z.number(), enterprise: z.number(), group: z.number(), person: z.number(), source: z.enum(['computed', 'stored']) })),
    handler: async ({ actor, query }) => {
      await orgOr404(actor, query.deptId);
      return memberStatistics(db, actor.tenantId, query.deptId);
    },
  });

  // ------------------------------------------------------------------------------------------
  // Annual reports (年报)

  const R = `${P}/annualreport`;
  const reportCols = [...selectOf('r', ANNUAL_REPORT_FIELDS), 'r.status', 'r.submitTime', 'r.returnReason', 'd.deptName'];
  const reportView = (row: Row) => ({
    ...viewOf(ANNUAL_REPORT_FIELDS, row, { timeZone: tz, unmasked: false }, { deptName: row.deptName ?? null }),
    status: row.status,
    statusName: REPORT_STATUS[Number(row.status)] ?? null,
    submitTime: formatTime(row.submitTime as Date | null, tz),
    returnReason: row.returnReason ?? null,
  });
  const reportBase = (q: Db, actor: Actor) =>
    anyDb(q).selectFrom('aocOrgAnnualReport as r').leftJoin('bladeDept as d', 'd.id', 'r.deptId').where('r.isDeleted', '=', 0).where('r.tenantId', '=', actor.tenantId);
  /** A report the actor may address: its org in the scope. */
  const findReport = async (q: Db, actor: Actor, id: string, lock = false, given?: DataScope) => {
    // Resolved before a transaction opens (PGlite has one connection: a query outside the transaction would wait for it).
    const scope = given ?? (await profileScope(db, actor));
    let s = reportBase(q, actor).select(reportCols as any).where('r.id', '=', id).where((eb) => scopePredicate(eb, scope, { dept: 'r.deptId', owner: 'r.createUser' }));
    if (lock) s = s.forUpdate('r');
    return (await s.executeTakeFirst()) as Row | undefined;
  };
  const reportScope = (idFrom: 'query.id' | 'query.ids' | 'body.id') => ({
    resource: PROFILE_RESOURCE,
    record: { table: 'aoc_org_annual_report', idFrom, deptColumn: 'dept_id', ownerColumn: 'create_user', where: 'is_deleted = 0' },
  });

  route(app, {
    method: 'GET',
    url: `${R}/list`,
    summary: 'annual reports list: 组织年报分页 (deptId; year、status 过滤)',
    tags: ['profile'],
    access: { permission: 'profile_org' },
    query: reportListQuery,
    scope: parentScope(ORG_PARENT, 'query.deptId'),
    handler: async ({ actor, query }) => {
      await orgOr404(actor, query.deptId);
      const q = reportBase(db, actor).where('r.deptId', '=', query.deptId).where((eb) => eb.and(filterExpressions(eb, query as Record<string, unknown>, REPORT_WHITELIST)));
      const page = await paginate<Row>(q, (qb) => qb.select(reportCols as any), query, REPORT_WHITELIST, [['r.year', 'desc'], ['r.id', 'desc']]);
      return { ...page, records: page.records.map(reportView) };
    },
  });

  route(app, {
    method: 'GET',
    url: `${R}/detail`,
    summary: 'annual report detail: 年报详情 (id)',
    tags: ['profile'],
    access: { permission: 'profile_org' },
    query: idQuery,
    scope: reportScope('query.id'),
    handler: async ({ actor, query }) => {
      const row = await findReport(db, actor, query.id);
      if (!row) throw notFound();
      return reportView(row);
    },
  });

  route(app, {
    method: 'POST',
    url: `${R}/submit`,
    summary: 'annual report submit: 保存年报草稿 (无 id 新增, 有 id 按 version 修改; 已提交的年报不能修改)',
    tags: ['profile'],
    access: { permission: 'profile_org_edit' },
    body: annualReportSubmit,
    scope: reportScope('body.id'),
    handler: async ({ actor, body }) => {
      const input = body as Record<string, unknown> & { deptId: string; id?: string; version?: number };
      await orgOr404(actor, input.deptId);
      const values = columnValues(ANNUAL_REPORT_FIELDS, input, await cipher(), !!input.id);
      const scope = await profileScope(db, actor);
      try {
        const id = await db.transaction().execute(async (tx) => {
          if (!input.id) {
            const r = await anyDb(tx)
              .insertInto('aocOrgAnnualReport')
              .values({ ...values, tenantId: actor.tenantId, deptId: input.deptId, status: 0, createUser: actor.userId, createDept: actor.deptId, updateUser: actor.userId })
              .returning('id')
              .executeTakeFirstOrThrow();
            return String(r.id);
          }
          if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
          const current = await findReport(tx, actor, input.id, true, scope);
          if (!current || String(current.deptId) !== input.deptId) throw notFound();
          if (Number(current.status) === 1) throw badRequest(PROFILE_MSG.reportSubmitted);
          const r = await anyDb(tx)
            .updateTable('aocOrgAnnualReport')
            .set({ ...values, status: 0, updateUser: actor.userId, version: sql`version + 1`, updateTime: sql`now()` })
            .where('id', '=', input.id)
            .where('version', '=', input.version)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) !== 1) throw badRequest(STALE_VERSION_MSG);
          return input.id;
        });
        return withMsg(reportView((await findReport(db, actor, id))!), input.id ? MSG.updated : MSG.added);
      } catch (err) {
        if (dbErrorCode(err) === '23505' && violatedConstraint(err) === 'uk_org_annual_report') throw badRequest(PROFILE_MSG.reportExists);
        throw err;
      }
    },
  });

  /** Submit (draft → submitted) or return (submitted → returned, by a superior org only). */
  const transition = async (actor: Actor, body: z.infer<typeof returnBody>, to: 1 | 2) => {
    await assertGranted(db, actor, 'profile_org_report' as PermissionCode);
    const scope = await profileScope(db, actor);
    return db.transaction().execute(async (tx) => {
      const current = await findReport(tx, actor, body.id, true, scope);
      if (!current) throw notFound();
      if (current.version !== body.version) throw badRequest(STALE_VERSION_MSG);
      if (to === 1 && Number(current.status) === 1) throw badRequest(PROFILE_MSG.reportNotDraft);
      if (to === 2 && Number(current.status) !== 1) throw badRequest(PROFILE_MSG.reportNotSubmitted);
      if (to === 2 && String(current.deptId) === actor.deptId && !actor.isAdministrator) throw badRequest(PROFILE_MSG.reportReturnOwn);
      await anyDb(tx)
        .updateTable('aocOrgAnnualReport')
        .set({
          status: to,
          ...(to === 1 ? { submitUser: actor.userId, submitTime: sql`now()`, returnReason: null } : { returnReason: body.reason || null }),
          updateUser: actor.userId,
          version: sql`version + 1`,
          updateTime: sql`now()`,
        })
        .where('id', '=', body.id)
        .execute();
      return reportView((await findReport(tx, actor, body.id, false, scope))!);
    });
  };

  route(app, {
    method: 'POST',
    url: `${R}/report`,
    summary: 'annual report submit to superior: 提交年报 (id、version; 草稿或已退回 → 已提交)',
    tags: ['profile'],
    access: { permission: 'profile_org' },
    body: returnBody,
    scope: reportScope('body.id'),
    handler: async ({ actor, body }) => withMsg(await transition(actor, body, 1), '提交成功'),
  });

  route(app, {
    method: 'POST',
    url: `${R}/return`,
    summary: 'annual report return: 退回年报 (id、version、reason; 仅上级组织)',
    tags: ['profile'],
    access: { permission: 'profile_org' },
    body: returnBody,
    scope: reportScope('body.id'),
    handler: async ({ actor, body }) => withMsg(await transition(actor, body, 2), '退回成功'),
  });

  route(app, {
    method: 'POST',
    url: `${R}/remove`,
    summary: 'annual report remove: 删除年报草稿 (ids; 已提交的不能删除)',
    tags: ['profile'],
    access: { permission: 'profile_org_delete' },
    query: idsQuery,
    scope: reportScope('query.ids'),
    handler: async ({ actor, query }) => {
      const ids = [...new Set(query.ids.split(','))];
      const scope = await profileScope(db, actor);
      await db.transaction().execute(async (tx) => {
        const rows = (await reportBase(tx, actor)
          .select(['r.id', 'r.status'])
          .where('r.id', 'in', ids)
          .where((eb) => scopePredicate(eb, scope, { dept: 'r.deptId', owner: 'r.createUser' }))
          .forUpdate('r')
          .execute()) as Array<{ id: string; status: number }>;
        if (rows.length !== ids.length) throw notFound();
        if (rows.some((r) => Number(r.status) === 1)) throw badRequest(PROFILE_MSG.reportSubmitted);
        await anyDb(tx).updateTable('aocOrgAnnualReport').set({ isDeleted: 1, updateUser: actor.userId, updateTime: sql`now()`, version: sql`version + 1` }).where('id', 'in', ids).execute();
      });
      return withMsg(null, MSG.removed);
    },
  });
}

/**
 * Member data overview by year (§3 "member data overview by year"): for each year from the first
 * join year in the member base to this year, the org's own live members that had joined by the end
 * of that year (one grouped query per member table); years the member base has nothing for come from
 * the stored overview (memberstat section). Members without a join date count from their creation.
 */
export async function memberStatistics(db: Db, tenantId: string, deptId: string) {
  const perYear = async (table: string) =>
    (
      await sql<{ y: number; n: string }>`
        select extract(year from coalesce(join_date, create_time::date))::int as y, count(*) as n
          from ${sql.table(table)}
         where dept_id = ${deptId}::bigint and tenant_id = ${tenantId} and is_deleted = 0
         group by 1`.execute(db)
    ).rows;
  const [ent, grp, psn] = await Promise.all(['aoc_member_enterprise', 'aoc_member_group', 'aoc_member_person'].map(perYear));
  const stored = await db
    .selectFrom('aocOrgMemberStat')
    .select(['year', 'total', 'enterprise', 'group', 'person'])
    .where('parentId', '=', deptId)
    .where('isDeleted', '=', 0)
    .execute();
  const out = new Map<number, { year: number; total: number; enterprise: number; group: number; person: number; source: 'computed' | 'stored' }>();
  const years = [...ent, ...grp, ...psn].map((r) => r.y);
  if (years.length) {
    const now = new Date().getFullYear();
    const acc = { enterprise: 0, group: 0, person: 0 };
    const byYear = (rows: Array<{ y: number; n: string }>, y: number) => Number(rows.find((r) => r.y === y)?.n ?? 0);
    for (let y = Math.min(...years); y <= now; y++) {
      acc.enterprise += byYear(ent, y);
      acc.group += byYear(grp, y);
      acc.person += byYear(psn, y);
      out.set(y, { year: y, ...acc, total: acc.enterprise + acc.group + acc.person, source: 'computed' });
    }
  }
  for (const s of stored) {
    if (out.has(s.year)) continue;
    const parts = { enterprise: s.enterprise ?? 0, group: s.group ?? 0, person: s.person ?? 0 };
    out.set(s.year, { year: s.year, ...parts, total: s.total ?? parts.enterprise + parts.group + parts.person, source: 'stored' });
  }
  return [...out.values()].sort((a, b) => b.year - a.year);
}
