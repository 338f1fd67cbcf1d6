import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AocAssociationBaseTable, AocAssociationHistoryTable } from '../../db/schema-association.js';
import { scopePredicate, scopedTable, type DataScope } from '../../platform/access/scope.js';
import { softDeleteByIds, updateAtVersion } from '../../platform/db/versioned.js';
import { pageResult } from '../../platform/http/envelope.js';
import { ASSOCIATION_RESOURCE } from './leader.repo.js';

export const HISTORY = scopedTable({
  resource: ASSOCIATION_RESOURCE,
  table: 'aoc_association_history',
  alias: 'h',
  deptColumn: 'dept_id',
  ownerColumn: 'create_user',
  where: 'is_deleted = 0',
});

export interface BaseRow {
  id: string;
  deptId: string;
  termNo: number | null;
  termYears: number | null;
  termStartDate: string | null;
  termEndDate: string | null;
  electionMonth: string | null;
  councilSize: number | null;
  standingCouncilSize: number | null;
  congressSize: number | null;
  secretaryGeneral: string | null;
  secretariatSize: number | null;
  remark: string | null;
  version: number;
  createTime: Date;
  updateTime: Date;
}

export interface HistoryRow {
  id: string;
  deptId: string;
  deptName: string | null;
  eventDate: string;
  title: string;
  content: string | null;
  version: number;
  createTime: Date;
  updateTime: Date;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The SQL of the association's resume: its base record (associationbase) and its 大事记 (associationhistory). */
export const resumeRepo = {
  async base(db: Db, deptId: string, lock = false): Promise<BaseRow | undefined> {
    let q = db
      .selectFrom('aocAssociationBase as b')
      .select([
        'b.id',
        'b.deptId',
        'b.termNo',
        'b.termYears',
        sql<string | null>`to_char(b.term_start_date, 'YYYY-MM-DD')`.as('termStartDate'),
        sql<string | null>`to_char(b.term_end_date, 'YYYY-MM-DD')`.as('termEndDate'),
        'b.electionMonth',
        'b.councilSize',
        'b.standingCouncilSize',
        'b.congressSize',
        'b.secretaryGeneral',
        'b.secretariatSize',
        'b.remark',
        'b.version',
        'b.createTime',
        'b.updateTime',
      ])
      .where('b.deptId', '=', deptId)
      .where('b.isDeleted', '=', 0);
    if (lock) q = q.forUpdate();
    return (await q.executeTakeFirst()) as BaseRow | undefined;
  },

  async insertBase(db: Db, values: Insertable<AocAssociationBaseTable>): Promise<string> {
    return String((await db.insertInto('aocAssociationBase').values(values).returning('id').executeTakeFirstOrThrow()).id);
  },

  updateBase(db: Db, tenantId: string, id: string, version: number, values: Updateable<AocAssociationBaseTable>) {
    return updateAtVersion(db, 'aocAssociationBase', id, version, values, { tenantId });
  },

  /** One org's 大事记, newest first (idx_association_history_dept). */
  async historyPage(db: Db, deptId: string, f: { year?: number; title?: string }, page: { current: number; size: number }) {
    let base = db.selectFrom('aocAssociationHistory as h').where('h.deptId', '=', deptId).where('h.isDeleted', '=', 0);
    if (f.year) base = base.where('h.eventDate', '>=', `${f.year}-01-01`).where('h.eventDate', '<=', `${f.year}-12-31`);
    if (f.title) base = base.where('h.title', 'like', `%${escapeLike(f.title)}%`);
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = total
      ? ((await base
          .leftJoin('bladeDept as d', 'd.id', 'h.deptId')
          .select(HISTORY_COLUMNS)
          .orderBy('h.eventDate', 'desc')
          .orderBy('h.id', 'desc')
          .limit(page.size)
          .offset((page.current - 1) * page.size)
          .execute()) as HistoryRow[])
      : [];
    return pageResult(rows, total, page.current, page.size);
  },

  async history(db: Db, scope: DataScope, id: string, lock = false): Promise<HistoryRow | undefined> {
    let q = db
      .selectFrom('aocAssociationHistory as h')
      .leftJoin('bladeDept as d', 'd.id', 'h.deptId')
      .select(HISTORY_COLUMNS)
      .where('h.id', '=', id)
      .where('h.isDeleted', '=', 0)
      .where('h.tenantId', '=', scope.actor.tenantId)
      .where((eb) => scopePredicate(eb, scope, HISTORY.columns));
    if (lock) q = q.forUpdate('h');
    return (await q.executeTakeFirst()) as HistoryRow | undefined;
  },

  async lockHistories(db: Db, scope: DataScope, ids: string[]) {
    return db
      .selectFrom('aocAssociationHistory as h')
      .select(['h.id', 'h.title', 'h.deptId'])
      .where('h.id', 'in', ids)
      .where('h.isDeleted', '=', 0)
      .where('h.tenantId', '=', scope.actor.tenantId)
      .where((eb) => scopePredicate(eb, scope, HISTORY.columns))
      .forUpdate('h')
      .execute();
  },

  async insertHistory(db: Db, values: Insertable<AocAssociationHistoryTable>): Promise<string> {
    return String((await db.insertInto('aocAssociationHistory').values(values).returning('id').executeTakeFirstOrThrow()).id);
  },

  updateHistory(db: Db, tenantId: string, id: string, version: number, values: Updateable<AocAssociationHistoryTable>) {
    return updateAtVersion(db, 'aocAssociationHistory', id, version, values, { tenantId });
  },

  removeHistories(db: Db, ids: string[], userId: string) {
    return softDeleteByIds(db, 'aocAssociationHistory', ids, userId);
  },
};

const HISTORY_COLUMNS = [
  'h.id',
  'h.deptId',
  'd.deptName',
  sql<string>`to_char(h.event_date, 'YYYY-MM-DD')`.as('eventDate'),
  'h.title',
  'h.content',
  'h.version',
  'h.createTime',
  'h.updateTime',
] as const;
