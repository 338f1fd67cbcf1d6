import { sql } from 'kysely';
import { LEADER_TYPE_ORDER, type PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { scopePredicate, type DataScope } from '../../../platform/access/scope.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { paginate } from '../../../platform/http/paging.js';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface HonorRow {
  id: string;
  deptId: string;
  deptName: string | null;
  name: string;
  grantor: string | null;
  honourDate: Date | string | null;
  level: number | null;
  remark: string | null;
}

export interface RankRow {
  id: string;
  deptId: string;
  deptName: string | null;
  year: number;
  leaderType: number;
  name: string;
  post: string | null;
  company: string | null;
}

const HONOR_FIELDS = fieldsOn('h', { name: 'text', honourDate: 'date', level: 'smallint', grantor: 'text' });
const RANK_FIELDS = fieldsOn('l', { name: 'text', leaderType: 'smallint', sort: 'int' });

/** The rank of a leader type (主席 first … 秘书处 last) as SQL. */
const typeRank = sql<number>`case l.leader_type ${sql.join(
  LEADER_TYPE_ORDER.map((t, i) => sql`when ${sql.lit(t)} then ${sql.lit(i)}`),
  sql` `,
)} else 99 end`;

export const honorsRepo = {
  /** The org (by id, of the tenant) when it lies inside the scope; else undefined. */
  orgInScope(db: Db, tenantId: string, deptId: string, scope: DataScope) {
    return db
      .selectFrom('bladeDept as d')
      .select(['d.id', 'd.idPath', 'd.deptName'])
      .where('d.id', '=', deptId)
      .where('d.tenantId', '=', tenantId)
      .where('d.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
      .executeTakeFirst();
  },

  /** Honours of the org (and, with `idPath`, every org below it) inside the scope, newest first. */
  honors(db: Db, tenantId: string, scope: DataScope, page: PageQuery, f: { deptId: string; idPath?: string; name?: string; level?: number }) {
    let base = db
      .selectFrom('aocOrgHonour as h')
      .innerJoin('bladeDept as d', 'd.id', 'h.deptId')
      .where('h.tenantId', '=', tenantId)
      .where('h.isDeleted', '=', 0)
      .where('d.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, { dept: 'h.deptId' }));
    base = f.idPath ? base.where('d.idPath', 'like', `${f.idPath}%`) : base.where('h.deptId', '=', f.deptId);
    if (f.name) base = base.where('h.name', 'like', `%${escapeLike(f.name)}%`);
    if (f.level !== undefined) base = base.where('h.level', '=', f.level);
    return paginate<HonorRow>(
      base,
      (qb) => qb.select(['h.id', 'h.deptId', 'd.deptName', 'h.name', 'h.grantor', 'h.honourDate', 'h.level', 'h.remark']),
      page,
      HONOR_FIELDS,
      [
        ['h.honourDate', 'desc'],
        ['h.id', 'desc'],
      ],
    );
  },

  /** The year of the org's current term: the latest year up to `now` with leaders (else the earliest later one). */
  async currentYear(db: Db, tenantId: string, deptId: string, now: number): Promise<number | undefined> {
    const r = await db
      .selectFrom('aocAssociationLeader as l')
      .select([
        sql<number | null>`max(l.year) filter (where l.year <= ${now})`.as('past'),
        sql<number | null>`min(l.year) filter (where l.year > ${now})`.as('next'),
      ])
      .where('l.deptId', '=', deptId)
      .where('l.tenantId', '=', tenantId)
      .where('l.isDeleted', '=', 0)
      .executeTakeFirst();
    const year = r?.past ?? r?.next;
    return year === null || year === undefined ? undefined : Number(year);
  },

  /** One org's team of a year in rank order (post rank, then the team's own order). */
  rank(db: Db, tenantId: string, scope: DataScope, page: PageQuery, f: { deptId: string; year: number; leaderType?: number }) {
    let base = db
      .selectFrom('aocAssociationLeader as l')
      .innerJoin('bladeDept as d', 'd.id', 'l.deptId')
      .where('l.tenantId', '=', tenantId)
      .where('l.isDeleted', '=', 0)
      .where('l.deptId', '=', f.deptId)
      .where('l.year', '=', f.year)
      .where((eb) => scopePredicate(eb, scope, { dept: 'l.deptId' }));
    if (f.leaderType !== undefined) base = base.where('l.leaderType', '=', f.leaderType);
    return paginate<RankRow>(
      base,
      (qb) => qb.select(['l.id', 'l.deptId', 'd.deptName', 'l.year', 'l.leaderType', 'l.name', 'l.post', 'l.company', typeRank.as('typeRank')]),
      page,
      RANK_FIELDS,
      [
        ['typeRank', 'asc'],
        ['l.sort', 'asc'],
        ['l.id', 'asc'],
      ],
    );
  },
};
