import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import { ANNUAL_REPORT_FIELDS, ORG_PROFILE_FIELDS, type PageQuery } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../platform/db/versioned.js';
import type { AocOrgAnnualReportTable, AocOrgProfileTable } from '../../db/schema-profile.js';
import { scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { fieldsOn } from '../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../platform/http/paging.js';
import type { Row } from './profile.codec.js';
import { selectOf } from './profile.repo.js';

export const REPORT_WHITELIST = fieldsOn('r', { year: 'smallint', status: 'smallint', title: 'text', createTime: 'date', submitTime: 'date' });

/** Column values built from the contract's field definitions (profile.codec.ts columnValues), after the submit schema. */
type FieldValues = Record<string, unknown>;
type Author = { tenantId: string; deptId: string; createUser: string; createDept: string; updateUser: string };
type MemberTable = 'aoc_member_enterprise' | 'aoc_member_group' | 'aoc_member_person';

const reports = (db: Db, tenantId: string) =>
  db.selectFrom('aocOrgAnnualReport as r').leftJoin('bladeDept as d', 'd.id', 'r.deptId').where('r.isDeleted', '=', 0).where('r.tenantId', '=', tenantId);
type Reports = ReturnType<typeof reports>;
const withReportColumns = (q: Reports) => q.select(selectOf('r', ANNUAL_REPORT_FIELDS)).select(['r.status', 'r.submitTime', 'r.returnReason', 'd.deptName']);
const inScope = (scope: DataScope) => (q: Reports) => q.where((eb) => scopePredicate(eb, scope, { dept: 'r.deptId', owner: 'r.createUser' }));

/** Organisation profiles (aoc_org_profile: one per org), their annual reports and the member statistics they show. */
export const orgProfileRepo = {
  async findProfile(db: Db, deptId: string): Promise<Row | undefined> {
    return (await db
      .selectFrom('aocOrgProfile as o')
      .select(selectOf('o', ORG_PROFILE_FIELDS))
      .where('o.deptId', '=', deptId)
      .where('o.isDeleted', '=', 0)
      .executeTakeFirst()) as Row | undefined;
  },

  /** The org's live profile, locked until the transaction ends. */
  lockProfile(tx: Db, deptId: string): Promise<{ id: string; version: number } | undefined> {
    return tx.selectFrom('aocOrgProfile').select(['id', 'version']).where('deptId', '=', deptId).where('isDeleted', '=', 0).forUpdate().executeTakeFirst();
  },

  async insertProfile(tx: Db, values: FieldValues & Author): Promise<void> {
    await tx
      .insertInto('aocOrgProfile')
      .values(values as Insertable<AocOrgProfileTable>)
      .execute();
  },

  async updateProfile(tx: Db, id: string, values: FieldValues & { updateUser: string }): Promise<void> {
    await tx
      .updateTable('aocOrgProfile')
      .set({ ...(values as Updateable<AocOrgProfileTable>), version: sql`version + 1`, updateTime: sql`now()` })
      .where('id', '=', id)
      .execute();
  },

  reportPage(db: Db, tenantId: string, deptId: string, page: PageQuery, filters: Record<string, unknown>) {
    const q = reports(db, tenantId)
      .where('r.deptId', '=', deptId)
      .where((eb) => eb.and(filterExpressions(eb, filters, REPORT_WHITELIST)));
    return paginate<Row>(q, (qb) => withReportColumns(qb as Reports) as never, page, REPORT_WHITELIST, [
      ['r.year', 'desc'],
      ['r.id', 'desc'],
    ]);
  },

  /** A live report of the tenant inside the scope; `lock` holds it until the transaction ends. */
  async findReport(db: Db, tenantId: string, scope: DataScope, id: string, lock = false): Promise<Row | undefined> {
    let q = withReportColumns(inScope(scope)(reports(db, tenantId))).where('r.id', '=', id);
    if (lock) q = q.forUpdate('r');
    return (await q.executeTakeFirst()) as Row | undefined;
  },

  /** The live reports among the ids inside the scope, locked until the transaction ends. */
  lockReports(tx: Db, tenantId: string, scope: DataScope, ids: string[]): Promise<Array<{ id: string; status: number }>> {
    return inScope(scope)(reports(tx, tenantId)).select(['r.id', 'r.status']).where('r.id', 'in', ids).forUpdate('r').execute();
  },

  async insertReport(tx: Db, values: FieldValues & Author & { status: number }): Promise<string> {
    const r = await tx
      .insertInto('aocOrgAnnualReport')
      .values(values as Insertable<AocOrgAnnualReportTable>)
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(r.id);
  },

  /** Updates only when the report still has `version`; false when it does not. */
  async updateReportAtVersion(tx: Db, id: string, version: number, values: FieldValues & { status: number; updateUser: string }): Promise<boolean> {
    return !!(await updateAtVersion(tx, 'aocOrgAnnualReport', id, version, values));
  },

  /** Submitted (1, by the submitter now), returned (2, with the reason) or accepted (3). */
  async setReportStatus(tx: Db, id: string, to: 1 | 2 | 3, by: { userId: string; reason?: string }): Promise<void> {
    await tx
      .updateTable('aocOrgAnnualReport')
      .set({
        status: to,
        ...(to === 1 ? { submitUser: by.userId, submitTime: sql<Date>`now()`, returnReason: null } : to === 2 ? { returnReason: by.reason || null } : {}),
        updateUser: by.userId,
        version: sql`version + 1`,
        updateTime: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
  },

  /**
   * The reports waiting for an org (我的一天 待办), in one statement inside the scope: submitted by the
   * orgs directly below it (to review) and its own returned ones (to submit again), with the newest time of each.
   */
  async pendingReports(db: Db, tenantId: string, scope: DataScope, deptId: string) {
    const review = (eb: ExpressionBuilder<any, any>) => eb.and([eb('r.status', '=', 1), eb('d.parentId', '=', deptId)]);
    const returned = (eb: ExpressionBuilder<any, any>) => eb.and([eb('r.status', '=', 2), eb('r.deptId', '=', deptId)]);
    const r = await inScope(scope)(reports(db, tenantId))
      .where('d.isDeleted', '=', 0)
      .where((eb) => eb.or([review(eb), returned(eb)]))
      .select((eb) => [
        eb.fn.count<string>('r.id').filterWhere(review(eb)).as('review'),
        eb.fn.max('r.submitTime').filterWhere(review(eb)).as('reviewLatest'),
        eb.fn.count<string>('r.id').filterWhere(returned(eb)).as('returned'),
        eb.fn.max('r.updateTime').filterWhere(returned(eb)).as('returnedLatest'),
      ])
      .executeTakeFirstOrThrow();
    return {
      review: Number(r.review),
      reviewLatest: (r.reviewLatest as Date | null) ?? null,
      returned: Number(r.returned),
      returnedLatest: (r.returnedLatest as Date | null) ?? null,
    };
  },

  async softDeleteReports(tx: Db, ids: string[], userId: string): Promise<void> {
    await softDeleteByIds(tx, 'aocOrgAnnualReport', ids, userId);
  },

  /**
   * The org's own live members of one member table, by the year they joined (their creation when no join
   * date). The table is chosen by a parameter, which Kysely's typing cannot follow: plain SQL on one of three names.
   */
  async membersByJoinYear(db: Db, table: MemberTable, tenantId: string, deptId: string): Promise<Array<{ y: number; n: string }>> {
    const r = await sql<{ y: number; n: string }>`
        select extract(year from coalesce(join_date, create_time::date))::int as y, count(*) as n
          from ${sql.table(table)}
         where dept_id = ${deptId}::bigint and tenant_id = ${tenantId} and is_deleted = 0
         group by 1`.execute(db);
    return r.rows;
  },

  /** The overview the org filled in by year (the memberstat section). */
  storedMemberStats(db: Db, deptId: string) {
    return db
      .selectFrom('aocOrgMemberStat')
      .select(['year', 'total', 'enterprise', 'group', 'person'])
      .where('parentId', '=', deptId)
      .where('isDeleted', '=', 0)
      .execute();
  },
};
