import { sql, type SqlBool } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { paginate } from '../../../platform/http/paging.js';

export interface AppRow {
  id: string;
  appName: string;
  appType: number;
  icon: string | null;
  url: string;
  isOpen: number;
  sort: number;
  status: number;
  remark: string | null;
  version: number;
  updateTime: Date;
  useCount: string | number | null;
  lastUseTime: Date | null;
}

export interface AppValues {
  appName: string;
  appType: number;
  icon: string | null;
  url: string;
  isOpen: number;
  sort: number;
  status: number;
  remark: string | null;
}

const FIELDS = fieldsOn('a', { appName: 'text', appType: 'smallint', sort: 'int', status: 'smallint', updateTime: 'date', createTime: 'date' });
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The tenant's applications with the caller's own use of each (how often, last time) from one grouped read of
 * their usage rows — the (user_id, app_key, open_time) index alone.
 */
function apps(db: Db, tenantId: string, userId: string, filter: { appType?: number; appName?: string; status?: number }) {
  let q = db
    .selectFrom('aocBusinessApp as a')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('aocBusinessAppUsage as u')
          .select(['u.appKey', sql<string>`count(*)`.as('useCount'), sql<Date>`max(u.open_time)`.as('lastUseTime')])
          .where('u.userId', '=', userId)
          .groupBy('u.appKey')
          .as('mine'),
      (j) => j.on(sql<SqlBool>`mine.app_key = 'app:' || a.id`),
    )
    .where('a.tenantId', '=', tenantId)
    .where('a.isDeleted', '=', 0);
  if (filter.appType !== undefined) q = q.where('a.appType', '=', filter.appType);
  if (filter.status !== undefined) q = q.where('a.status', '=', filter.status);
  if (filter.appName) q = q.where('a.appName', 'like', `%${escapeLike(filter.appName)}%`);
  return q;
}

const columns = [
  'a.id',
  'a.appName',
  'a.appType',
  'a.icon',
  'a.url',
  'a.isOpen',
  'a.sort',
  'a.status',
  'a.remark',
  'a.version',
  'a.updateTime',
  sql<string>`coalesce(mine.use_count, 0)`.as('useCount'),
  sql<Date | null>`mine.last_use_time`.as('lastUseTime'),
] as const;

export const appRepo = {
  /** Enabled applications, the caller's most used first, then the most recently used, then the administrators' order. */
  forUser(db: Db, tenantId: string, userId: string, page: PageQuery, filter: { appType?: number; appName?: string }) {
    return paginate<AppRow>(apps(db, tenantId, userId, { ...filter, status: 1 }), (qb) => qb.select(columns as never), page, FIELDS, [
      // The answer's own columns (ORDER BY an output name): the caller's use, then the latest opening.
      ['useCount', 'desc'],
      ['lastUseTime', 'desc'],
      ['a.sort', 'asc'],
      ['a.id', 'asc'],
    ]);
  },

  /** Every application (enabled or not), in the administrators' order. */
  forAdmin(db: Db, tenantId: string, userId: string, page: PageQuery, filter: { appType?: number; appName?: string; status?: number }) {
    return paginate<AppRow>(apps(db, tenantId, userId, filter), (qb) => qb.select(columns as never), page, FIELDS, [
      ['a.sort', 'asc'],
      ['a.id', 'asc'],
    ]);
  },

  find(db: Db, tenantId: string, userId: string, id: string): Promise<AppRow | undefined> {
    return apps(db, tenantId, userId, {})
      .select(columns as never)
      .where('a.id', '=', id)
      .executeTakeFirst() as Promise<AppRow | undefined>;
  },

  async nameTaken(db: Db, tenantId: string, appName: string, exceptId?: string): Promise<boolean> {
    let q = db.selectFrom('aocBusinessApp').select('id').where('tenantId', '=', tenantId).where('isDeleted', '=', 0).where('appName', '=', appName);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return Boolean(await q.executeTakeFirst());
  },

  async insert(db: Db, v: AppValues & { tenantId: string; userId: string; deptId: string }): Promise<string> {
    const { tenantId, userId, deptId, ...values } = v;
    const r = await db
      .insertInto('aocBusinessApp')
      .values({ ...values, tenantId, createUser: userId, createDept: deptId, updateUser: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(r.id);
  },

  update(db: Db, tenantId: string, userId: string, id: string, version: number, values: AppValues): Promise<string | undefined> {
    return updateAtVersion(db, 'aocBusinessApp', id, version, { ...values, updateUser: userId }, { tenantId });
  },

  remove(db: Db, tenantId: string, userId: string, ids: string[]): Promise<number> {
    return softDeleteByIds(db, 'aocBusinessApp', ids, userId, { tenantId });
  },

  async countLive(db: Db, tenantId: string, ids: string[]): Promise<number> {
    const r = await db
      .selectFrom('aocBusinessApp')
      .select(sql<string>`count(*)`.as('n'))
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
};

export const usageRepo = {
  async add(db: Db, v: { tenantId: string; userId: string; deptId: string; appKey: string }): Promise<void> {
    await db.insertInto('aocBusinessAppUsage').values(v).execute();
  },

  /** The caller's openings per application, most used first. */
  mine(db: Db, userId: string, appKey?: string) {
    let q = db
      .selectFrom('aocBusinessAppUsage as u')
      .select(['u.appKey', sql<string>`count(*)`.as('useCount'), sql<Date>`max(u.open_time)`.as('lastUseTime')])
      .where('u.userId', '=', userId)
      .groupBy('u.appKey')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy(sql`max(u.open_time)`, 'desc');
    if (appKey) q = q.where('u.appKey', '=', appKey);
    return q.execute();
  },
};
