import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { CockpitRecord, CockpitRecordsQuery, MemberKind } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { DataScope } from '../../platform/access/scope.js';
import type { PageResult } from '@gsl/contract';
import { pageResult } from '../../platform/http/envelope.js';
import { formatTime } from '../../platform/http/time.js';
import { cockpitRepo, type Part } from './cockpit.repo.js';
import { inPart, inScope, staleBefore } from './cockpit.scope.js';

const TABLE: Record<MemberKind, string> = { enterprise: 'aoc_member_enterprise', group: 'aoc_member_group', person: 'aoc_member_person' };

/** The first instant of a year (yyyy) in Asia/Shanghai. */
const yearStart = (key: string) => new Date(`${key}-01-01T00:00:00+08:00`);

/**
 * The member records behind one figure of the cockpit or 数据质量 (newest first), with the same rules as
 * the facets of migration 0035, so a figure and its list agree. The total is the maintained figure when
 * one facet is asked for, counted otherwise.
 */
export async function recordsPage(db: Db, scope: DataScope, part: Part, q: CockpitRecordsQuery, tz: string): Promise<PageResult<CockpitRecord>> {
  const kind = q.kind;
  const conds: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`m.is_deleted = 0`,
    sql<SqlBool>`m.tenant_id = ${scope.actor.tenantId}`,
    inScope(scope, 'm.dept_id'),
    inPart('m.dept_id', part.anchor, part.own),
  ];
  const cutoff = staleBefore();
  const facets: Array<{ dim: string; keep: (key: string) => boolean }> = [];
  if (q.industry !== undefined && kind === 'enterprise') {
    const industry = q.industry;
    conds.push(industry === '' ? sql<SqlBool>`nullif(btrim(m.industry), '') is null` : sql<SqlBool>`btrim(m.industry) = ${industry}`);
    facets.push({ dim: 'industry', keep: (k) => k === industry });
  }
  if (q.joinYear) {
    const year = q.joinYear;
    conds.push(
      year === 'none' ? sql<SqlBool>`m.join_date is null` : sql<SqlBool>`m.join_date >= ${`${year}-01-01`}::date and m.join_date <= ${`${year}-12-31`}::date`,
    );
    facets.push({ dim: 'joinYear', keep: (k) => k === (year === 'none' ? '' : year) });
  }
  switch (q.issue) {
    case 'missing':
    case 'invalid':
      conds.push(sql<SqlBool>`exists (select 1 from aoc_member_facets(${kind}, to_jsonb(m)) f where f.dim = ${q.issue})`);
      facets.push({ dim: q.issue, keep: () => true });
      break;
    case 'stale':
      conds.push(sql<SqlBool>`m.update_time < ${yearStart(cutoff)}`);
      facets.push({ dim: 'updMonth', keep: (k) => k < cutoff });
      break;
    case 'duplicate':
      conds.push(
        sql<SqlBool>`exists (select 1 from aoc_member_dup_key k where k.tenant_id = m.tenant_id and k.kind = ${kind} and k.name = m.name and k.n > 1
                      and k.extra = ${kind === 'person' ? sql`m.birth_date::text` : sql`''`})`,
      );
      facets.push({ dim: 'duplicate', keep: () => true });
      break;
    default:
  }
  const where = sql.join(conds, sql` and `);
  const from = sql`from ${sql.table(TABLE[kind])} m left join blade_dept d on d.id = m.dept_id where ${where}`;

  let total: number;
  if (!facets.length) total = (await cockpitRepo.memberCounts(db, scope, part))[kind];
  else if (facets.length === 1 && facets[0].dim !== 'duplicate') {
    const f = facets[0];
    total = (await cockpitRepo.facet(db, scope, part, f.dim, [kind])).filter((r) => f.keep(r.key)).reduce((s, r) => s + r.n, 0);
  } else total = Number((await sql<{ n: string }>`select count(*) as n ${from}`.execute(db)).rows[0]?.n ?? 0);

  const industry = kind === 'enterprise' ? sql`m.industry` : sql`null::text`;
  const credit = kind === 'person' ? sql`null::text` : sql`m.credit_code`;
  const rows = total
    ? (
        await sql<
          Record<string, unknown>
        >`select m.id::text as id, m.name, m.dept_id::text as dept_id, d.dept_name, ${credit} as credit_code, ${industry} as industry,
                 to_char(m.join_date, 'YYYY-MM-DD') as join_date, m.update_time
            ${from} order by m.create_time desc, m.id desc limit ${q.size} offset ${(q.current - 1) * q.size}`.execute(db)
      ).rows
    : [];
  const records: CockpitRecord[] = rows.map((r) => ({
    id: String(r.id),
    kind,
    name: String(r.name),
    deptId: String(r.deptId ?? r.dept_id),
    deptName: (r.deptName ?? r.dept_name ?? null) as string | null,
    creditCode: (r.creditCode ?? r.credit_code ?? null) as string | null,
    industry: (r.industry ?? null) as string | null,
    joinDate: (r.joinDate ?? r.join_date ?? null) as string | null,
    updateTime: formatTime((r.updateTime ?? r.update_time) as Date, tz) ?? '',
  }));
  return pageResult(records, total, q.current, q.size);
}
