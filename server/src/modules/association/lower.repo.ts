import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { pageResult } from '../../platform/http/envelope.js';
import type { Db } from '../../db/connection.js';
import { pathUnder, scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { LEADER_ORG_CATEGORIES } from './leader.repo.js';

export interface LowerFilters {
  year: number;
  name?: string;
  deptCategory?: number;
  chamberType?: number;
  hasLeaders?: boolean;
  leaderName?: string;
}

export interface LowerRow {
  id: string;
  deptName: string;
  fullName: string | null;
  deptCategory: number;
  chamberType: number | null;
  parentId: string;
  parentName: string | null;
  regionCode: string | null;
  year: number | null;
}

export interface TeamSummaryRow {
  deptId: string;
  leaderType: number;
  n: number;
  firstName: string | null;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The current term of the org on row `d` as of `year`: the latest year ≤ it with a live leader (idx_association_leader_term). */
const currentYearOf = (year: number) =>
  sql<number | null>`(select max(cy.year) from aoc_association_leader cy where cy.dept_id = d.id and cy.is_deleted = 0 and cy.year <= ${year})`;

/**
 * The lower list (lower-list): the orgs strictly below a root inside the scope, with their current
 * term's year, in two statements (the page, then every team summary of the page) whatever its size.
 */
export const lowerRepo = {
  async page(db: Db, scope: DataScope, root: { id: string; idPath: string }, f: LowerFilters, page: { current: number; size: number }) {
    const where = (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
      const parts: Expression<SqlBool>[] = [
        eb('d.tenantId', '=', scope.actor.tenantId),
        eb('d.isDeleted', '=', 0),
        eb('d.deptCategory', 'in', LEADER_ORG_CATEGORIES),
        pathUnder(eb, 'd.idPath', root.idPath),
        eb('d.id', '<>', root.id),
        scopePredicate(eb, scope, { dept: 'd.id' }),
      ];
      if (f.name) parts.push(eb.or([eb('d.deptName', 'like', `%${escapeLike(f.name)}%`), eb('d.fullName', 'like', `%${escapeLike(f.name)}%`)]));
      if (f.deptCategory) parts.push(eb('d.deptCategory', '=', f.deptCategory));
      if (f.chamberType) parts.push(eb('d.chamberType', '=', f.chamberType));
      if (f.hasLeaders !== undefined)
        parts.push(f.hasLeaders ? sql<SqlBool>`${currentYearOf(f.year)} is not null` : sql<SqlBool>`${currentYearOf(f.year)} is null`);
      if (f.leaderName) {
        parts.push(
          sql<SqlBool>`exists (select 1 from aoc_association_leader ln where ln.dept_id = d.id and ln.is_deleted = 0
                         and ln.year = ${currentYearOf(f.year)} and ln.name like ${`%${escapeLike(f.leaderName)}%`})`,
        );
      }
      return eb.and(parts);
    };
    const base = db.selectFrom('bladeDept as d').where(where);
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const rows: LowerRow[] = total
      ? ((await base
          .leftJoin('bladeDept as p', 'p.id', 'd.parentId')
          .select([
            'd.id',
            'd.deptName',
            'd.fullName',
            'd.deptCategory',
            'd.chamberType',
            'd.parentId',
            'p.deptName as parentName',
            'd.regionCode',
            currentYearOf(f.year).as('year'),
          ])
          .orderBy('d.deptCategory')
          .orderBy('d.sort')
          .orderBy('d.id')
          .limit(page.size)
          .offset((page.current - 1) * page.size)
          .execute()) as LowerRow[])
      : [];
    return pageResult(rows, total, page.current, page.size);
  },

  /** Per org and type of the given terms: how many, and the first by order (the single posts' holder). */
  async summaries(db: Db, terms: Array<{ deptId: string; year: number }>): Promise<TeamSummaryRow[]> {
    if (!terms.length) return [];
    const depts = `{${terms.map((t) => t.deptId).join(',')}}`;
    const years = `{${terms.map((t) => t.year).join(',')}}`;
    const r = await sql<TeamSummaryRow>`
      select l.dept_id::text as dept_id, l.leader_type, count(*)::int as n, (array_agg(l.name order by l.sort, l.id))[1] as first_name
        from unnest(${depts}::bigint[], ${years}::int[]) as t(dept_id, year)
        join aoc_association_leader l on l.dept_id = t.dept_id and l.year = t.year and l.is_deleted = 0
       group by l.dept_id, l.leader_type`.execute(db);
    return r.rows;
  },

  /** administrative: the federations at and below a root inside the scope, in tree order. */
  administrative(db: Db, scope: DataScope, root: { idPath: string }) {
    return db
      .selectFrom('bladeDept as d')
      .select(['d.id', 'd.parentId', 'd.deptName', 'd.fullName', 'd.regionCode'])
      .where('d.tenantId', '=', scope.actor.tenantId)
      .where('d.isDeleted', '=', 0)
      .where('d.deptCategory', '=', 1)
      .where((eb) => eb.and([pathUnder(eb, 'd.idPath', root.idPath), scopePredicate(eb, scope, { dept: 'd.id' })]))
      .orderBy('d.idPath')
      .limit(5000)
      .execute();
  },
};
