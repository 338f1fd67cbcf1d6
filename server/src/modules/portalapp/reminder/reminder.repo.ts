import { sql, type SqlBool } from 'kysely';
import { MYORG_GUIDE_FIELDS } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { scopePredicate, type DataScope } from '../../../platform/access/scope.js';
import { snake } from '../../profile/profile.defs.js';

/** A chamber's or association's information is incomplete when its profile is missing, or any guided field is empty. */
const incomplete = sql<SqlBool>`(p.id is null or ${sql.join(
  MYORG_GUIDE_FIELDS.map((f) => sql`nullif(p.${sql.ref(snake(f))}::text, '') is null`),
  sql` or `,
)})`;

export interface ReportRow {
  cficId: string;
  cficName: string;
  num: string | number;
  total: string | number;
}

export const reminderRepo = {
  async viewStatus(db: Db, userId: string): Promise<number> {
    const r = await db.selectFrom('aocCocBigScreenView').select('viewStatus').where('userId', '=', userId).executeTakeFirst();
    return r?.viewStatus ?? 0;
  },

  async setViewStatus(db: Db, v: { userId: string; tenantId: string; viewStatus: number }): Promise<void> {
    await db
      .insertInto('aocCocBigScreenView')
      .values(v)
      .onConflict((oc) => oc.column('userId').doUpdateSet({ viewStatus: v.viewStatus, updateTime: sql`now()` }))
      .execute();
  },

  /** The org (of the tenant, alive) with whether it is the tenant's top-level org; undefined outside the scope. */
  orgInScope(db: Db, tenantId: string, deptId: string, scope: DataScope) {
    return db
      .selectFrom('bladeDept as d')
      .select(['d.id', 'd.deptName', 'd.idPath', sql<boolean>`d.parent_id = 0`.as('topLevel')])
      .where('d.id', '=', deptId)
      .where('d.tenantId', '=', tenantId)
      .where('d.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
      .executeTakeFirst();
  },

  /**
   * The report's rows in one statement: the org asked about first (its whole subtree), then each federation
   * directly below it by its order; per row the chambers and associations (categories 2 and 3) of the subtree
   * inside the caller's scope, and how many of them have incomplete information.
   */
  async rows(db: Db, tenantId: string, org: { id: string; idPath: string }, scope: DataScope, page: { current: number; size: number }) {
    const groups = db
      .selectFrom('bladeDept as g')
      .select(['g.id', 'g.deptName', 'g.idPath', sql<number>`case when g.id = ${org.id} then 0 else 1 end`.as('head'), 'g.sort'])
      .where('g.tenantId', '=', tenantId)
      .where('g.isDeleted', '=', 0)
      .where((eb) => eb.or([eb('g.id', '=', org.id), eb.and([eb('g.parentId', '=', org.id), eb('g.deptCategory', '=', 1)])]));
    const count = await db
      .selectFrom(groups.as('x'))
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom(groups.as('grp'))
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('bladeDept as c')
            .leftJoin('aocOrgProfile as p', (j) => j.onRef('p.deptId', '=', 'c.id').onRef('p.tenantId', '=', 'c.tenantId').on('p.isDeleted', '=', 0))
            .select(['c.idPath', sql<number>`case when ${incomplete} then 1 else 0 end`.as('bad')])
            .where('c.tenantId', '=', tenantId)
            .where('c.isDeleted', '=', 0)
            .where('c.deptCategory', 'in', [2, 3])
            .where('c.idPath', 'like', `${org.idPath}%`)
            .where((eb2) => scopePredicate(eb2, scope, { dept: 'c.id' }))
            .as('cc'),
        (j) => j.on(sql<SqlBool>`cc.id_path like grp.id_path || '%'`),
      )
      .select(['grp.id as cficId', 'grp.deptName as cficName', sql<string>`coalesce(sum(cc.bad), 0)`.as('num'), sql<string>`count(cc.id_path)`.as('total')])
      .groupBy(['grp.id', 'grp.deptName', 'grp.head', 'grp.sort'])
      .orderBy('grp.head')
      .orderBy('grp.sort')
      .orderBy('grp.id')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute();
    return { total: Number(count.n), rows: rows as ReportRow[] };
  },
};
