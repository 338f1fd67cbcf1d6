import type { Db } from '../../db/connection.js';
import { scopePredicate, scopedTable, type DataScope } from '../../platform/access/scope.js';
import { fieldsOn } from '../../platform/db/fields.js';
import { paginate } from '../../platform/http/paging.js';
import type { CollectPageQuery } from '@gsl/contract';
import { FILLIN_RESOURCE } from './fill-org.js';

export const COLLECT_TABLE = scopedTable({
  resource: FILLIN_RESOURCE,
  table: 'aoc_collect_person',
  alias: 'c',
  deptColumn: 'dept_id',
  ownerColumn: 'create_user',
  where: 'is_deleted = 0',
});

export interface CollectRow {
  id: string;
  deptId: string;
  deptName: string | null;
  period: number;
  name: string;
  category: number;
  certNoEnc: string;
  certNoHash: string;
  mobileEnc: string | null;
  data: string;
  templateVersion: number;
  version: number;
  updateTime: Date;
}

const FIELDS = fieldsOn('c', { name: 'text', category: 'smallint', period: 'smallint', updateTime: 'date', createTime: 'date' });
const COLUMNS = [
  'c.id',
  'c.deptId',
  'd.deptName',
  'c.period',
  'c.name',
  'c.category',
  'c.certNoEnc',
  'c.certNoHash',
  'c.mobileEnc',
  'c.data',
  'c.templateVersion',
  'c.version',
  'c.updateTime',
] as const;

function scoped(db: Db, scope: DataScope) {
  return db
    .selectFrom('aocCollectPerson as c')
    .leftJoin('bladeDept as d', 'd.id', 'c.deptId')
    .where('c.tenantId', '=', scope.actor.tenantId)
    .where('c.isDeleted', '=', 0)
    .where((eb) => scopePredicate(eb, scope, COLLECT_TABLE.columns));
}

function filtered(db: Db, scope: DataScope, q: Partial<CollectPageQuery>) {
  let base = scoped(db, scope);
  if (q.deptId) base = base.where('c.deptId', '=', q.deptId);
  if (q.period) base = base.where('c.period', '=', q.period);
  if (q.category) base = base.where('c.category', '=', Number(q.category));
  if (q.name) base = base.where('c.name', 'like', `%${q.name.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
  return base;
}

/** Committee members and representatives (aoc_collect_person), always inside the fill-in scope. */
export const collectRepo = {
  page(db: Db, scope: DataScope, q: CollectPageQuery) {
    return paginate<CollectRow>(filtered(db, scope, q), (qb) => qb.select(COLUMNS), q, FIELDS, [
      ['c.category', 'asc'],
      ['c.id', 'asc'],
    ]);
  },

  /** Every row of the filters (export), by category then entry. */
  all(db: Db, scope: DataScope, q: Partial<CollectPageQuery>, limit: number): Promise<CollectRow[]> {
    return filtered(db, scope, q).select(COLUMNS).orderBy('c.deptId').orderBy('c.category').orderBy('c.id').limit(limit).execute() as Promise<CollectRow[]>;
  },

  find(db: Db, scope: DataScope, id: string): Promise<CollectRow | undefined> {
    return scoped(db, scope).select(COLUMNS).where('c.id', '=', id).executeTakeFirst() as Promise<CollectRow | undefined>;
  },

  findMany(db: Db, scope: DataScope, ids: string[]) {
    return scoped(db, scope).select(['c.id', 'c.deptId', 'c.period']).where('c.id', 'in', ids).execute();
  },

  /** The certificate hashes among `hashes` an org's term already holds (other than `exceptId`). */
  async takenHashes(db: Db, tenantId: string, deptId: string, period: number, hashes: string[], exceptId?: string): Promise<Set<string>> {
    if (!hashes.length) return new Set();
    let q = db
      .selectFrom('aocCollectPerson')
      .select('certNoHash')
      .where('tenantId', '=', tenantId)
      .where('deptId', '=', deptId)
      .where('period', '=', period)
      .where('isDeleted', '=', 0)
      .where('certNoHash', 'in', hashes);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return new Set((await q.execute()).map((r) => r.certNoHash));
  },

  /** Counts by category of an org's term. */
  async counts(db: Db, tenantId: string, deptId: string, period: number): Promise<Record<string, number>> {
    const rows = await db
      .selectFrom('aocCollectPerson')
      .select(['category', (eb) => eb.fn.countAll<string>().as('n')])
      .where('tenantId', '=', tenantId)
      .where('deptId', '=', deptId)
      .where('period', '=', period)
      .where('isDeleted', '=', 0)
      .groupBy('category')
      .execute();
    const out: Record<string, number> = { 1: 0, 2: 0, 3: 0 };
    for (const r of rows) out[String(r.category)] = Number(r.n);
    return out;
  },
};
