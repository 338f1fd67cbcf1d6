import { sql, type SqlBool } from 'kysely';
import { FILL_STATUS, periodName, type SituationQuery, type SituationView } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { formatTime } from '../../platform/http/time.js';
import { FILL_CATEGORIES } from './fill-org.js';

export interface SituationRow {
  deptId: string;
  deptName: string;
  parentName: string | null;
  period: number | null;
  finishDate: string | null;
  standing: number;
  executive: number;
  representative: number;
  total: number;
  status: number;
  lastChange: Date | null;
  submitTime: Date | null;
  returnComment: string | null;
}

export interface SupplementSituationRow {
  id: string | null;
  deptId: string;
  deptName: string;
  parentName: string | null;
  status: number;
  submitTime: Date | null;
  returnComment: string | null;
}

/** One row of 填报情况 as the wire shows it (the list and its export). */
export function situationView(r: SituationRow, tz: string): SituationView {
  const status = Number(r.status);
  return {
    deptId: String(r.deptId),
    deptName: r.deptName,
    parentName: r.parentName,
    period: r.period,
    periodName: r.period ? periodName(r.period) : null,
    finishDate: r.finishDate,
    standing: Number(r.standing),
    executive: Number(r.executive),
    representative: Number(r.representative),
    total: Number(r.total),
    status,
    statusName: FILL_STATUS[status] ?? '',
    filled: status === 2,
    lastChange: formatTime(r.lastChange, tz),
    submitTime: formatTime(r.submitTime, tz),
    returnComment: r.returnComment,
  };
}

const likeOf = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The chambers and associations of the scope (optionally by name). */
function orgs(db: Db, scope: DataScope, deptName?: string) {
  let q = db
    .selectFrom('bladeDept as d')
    .leftJoin('bladeDept as pd', 'pd.id', 'd.parentId')
    .where('d.tenantId', '=', scope.actor.tenantId)
    .where('d.isDeleted', '=', 0)
    .where('d.deptCategory', 'in', FILL_CATEGORIES)
    .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }));
  if (deptName) q = q.where('d.deptName', 'like', likeOf(deptName));
  return q;
}

/**
 * 填报情况 (collectperson filling-situation): per org of the scope, its term, counts by category of that
 * term, the latest round and the last change; status 0 未填报, 1 填报中, 2 已提交, 3 已退回 — computed,
 * filtered and paged in SQL (one statement for the page, one for the count).
 */
export const situationRepo = {
  async collect(db: Db, scope: DataScope, q: Partial<SituationQuery> & { current: number; size: number }, deptIds?: string[]) {
    const base = orgs(db, scope, q.deptName)
      .leftJoin('aocFillPeriod as p', (j) => j.onRef('p.deptId', '=', 'd.id').on('p.isDeleted', '=', 0))
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('aocCollectPerson as c')
            .select([
              sql<string>`count(*) filter (where c.category = 1)`.as('standing'),
              sql<string>`count(*) filter (where c.category = 2)`.as('executive'),
              sql<string>`count(*) filter (where c.category = 3)`.as('representative'),
              sql<string>`count(*)`.as('total'),
              sql<Date | null>`max(c.update_time)`.as('lastChange'),
            ])
            .whereRef('c.deptId', '=', 'd.id')
            .whereRef('c.period', '=', 'p.period')
            .where('c.isDeleted', '=', 0)
            .as('cnt'),
        (j) => j.onTrue(),
      )
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('aocFillRound as r')
            .select(['r.status', 'r.submitTime', 'r.returnComment', 'r.returnTime'])
            .whereRef('r.deptId', '=', 'd.id')
            .whereRef('r.period', '=', 'p.period')
            .where('r.kind', '=', 'collect')
            .orderBy('r.id', 'desc')
            .limit(1)
            .as('rd'),
        (j) => j.onTrue(),
      );
    const status = sql<number>`(case when rd.status = 1 then 2 when rd.status = 2 then 3 when coalesce(cnt.total, 0) > 0 or p.id is not null then 1 else 0 end)`;
    let filtered = base;
    if (q.status) filtered = filtered.where(sql<SqlBool>`${status} = ${Number(q.status)}`);
    if (deptIds) filtered = filtered.where('d.id', 'in', deptIds.length ? deptIds : ['0']);
    const total = Number((await filtered.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const rows = total
      ? await filtered
          .select([
            'd.id as deptId',
            'd.deptName',
            'pd.deptName as parentName',
            'p.period',
            'p.finishDate',
            sql<number>`coalesce(cnt.standing, 0)::int`.as('standing'),
            sql<number>`coalesce(cnt.executive, 0)::int`.as('executive'),
            sql<number>`coalesce(cnt.representative, 0)::int`.as('representative'),
            sql<number>`coalesce(cnt.total, 0)::int`.as('total'),
            status.as('status'),
            sql<Date | null>`greatest(cnt.last_change, rd.submit_time, rd.return_time, p.update_time)`.as('lastChange'),
            'rd.submitTime',
            'rd.returnComment',
          ])
          .orderBy(sql`case when rd.status = 1 then 1 else 0 end`)
          .orderBy('d.sort')
          .orderBy('d.id')
          .limit(q.size)
          .offset((q.current - 1) * q.size)
          .execute()
      : [];
    return { rows: rows as unknown as SituationRow[], total };
  },

  /** associationcommercesupplement filling-situation: per org of the scope, its supplement of the year. */
  async supplement(db: Db, scope: DataScope, year: number, q: Partial<SituationQuery> & { current: number; size: number }) {
    const base = orgs(db, scope, q.deptName).leftJoin('aocAssociationSupplement as s', (j) =>
      j.onRef('s.deptId', '=', 'd.id').on('s.year', '=', year).on('s.isDeleted', '=', 0),
    );
    const status = sql<number>`(case when s.status = 1 then 2 when s.status = 2 then 3 else 0 end)`;
    const filtered = q.status ? base.where(sql<SqlBool>`${status} = ${Number(q.status)}`) : base;
    const total = Number((await filtered.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const rows = total
      ? await filtered
          .select(['s.id', 'd.id as deptId', 'd.deptName', 'pd.deptName as parentName', status.as('status'), 's.submitTime', 's.returnComment'])
          .orderBy('d.sort')
          .orderBy('d.id')
          .limit(q.size)
          .offset((q.current - 1) * q.size)
          .execute()
      : [];
    return { rows: rows as unknown as SupplementSituationRow[], total };
  },
};
