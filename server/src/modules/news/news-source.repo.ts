import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { fieldsOn } from '../../platform/db/fields.js';
import { paginate } from '../../platform/http/paging.js';

export interface SourceRow {
  id: string;
  name: string;
  url: string;
  enabled: number;
  matchOnly: number;
  intervalMinutes: number;
  lastFetchTime: Date | null;
  lastSuccessTime: Date | null;
  lastStatus: string;
  lastHttpStatus: number | null;
  lastError: string | null;
  consecutiveFailures: number;
  nextFetchTime: Date | null;
  itemCount: number;
  version: number;
}

const FIELDS = fieldsOn('s', { name: 'text', url: 'text', enabled: 'smallint', lastStatus: 'text', lastFetchTime: 'date', createTime: 'date' });
const columns = [
  's.id',
  's.name',
  's.url',
  's.enabled',
  's.matchOnly',
  's.intervalMinutes',
  's.lastFetchTime',
  's.lastSuccessTime',
  's.lastStatus',
  's.lastHttpStatus',
  's.lastError',
  's.consecutiveFailures',
  's.nextFetchTime',
  's.itemCount',
  's.version',
] as const;

const sources = (db: Db, tenantId: string) => db.selectFrom('aocNewsSource as s').where('s.tenantId', '=', tenantId).where('s.isDeleted', '=', 0);

/** 舆情来源: a tenant's feeds (administrators only; feeds belong to no org) and free keywords. */
export const sourceRepo = {
  page(db: Db, tenantId: string, query: PageQuery & { name?: string; url?: string }) {
    return paginate<SourceRow>(sources(db, tenantId), (qb) => qb.select(columns), query, FIELDS, [['s.id', 'asc']]);
  },

  find(db: Db, tenantId: string, id: string): Promise<SourceRow | undefined> {
    return sources(db, tenantId).select(columns).where('s.id', '=', id).executeTakeFirst();
  },

  urlTaken(db: Db, tenantId: string, url: string, exceptId?: string) {
    let q = sources(db, tenantId).select('s.id').where('s.url', '=', url);
    if (exceptId) q = q.where('s.id', '!=', exceptId);
    return q.executeTakeFirst();
  },

  async insert(
    db: Db,
    v: { tenantId: string; userId: string; deptId: string; name: string; url: string; enabled: number; matchOnly: number; intervalMinutes: number },
  ) {
    const r = await db
      .insertInto('aocNewsSource')
      .values({
        tenantId: v.tenantId,
        name: v.name,
        url: v.url,
        enabled: v.enabled,
        matchOnly: v.matchOnly,
        intervalMinutes: v.intervalMinutes,
        createUser: v.userId,
        createDept: v.deptId,
        updateUser: v.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(r.id);
  },

  keywords(db: Db, tenantId: string) {
    return db.selectFrom('aocNewsKeyword').select(['id', 'keyword', 'createTime']).where('tenantId', '=', tenantId).orderBy('id').execute();
  },

  async addKeyword(db: Db, tenantId: string, userId: string, keyword: string): Promise<string | undefined> {
    const r = await db
      .insertInto('aocNewsKeyword')
      .values({ tenantId, keyword, createUser: userId })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return r ? String(r.id) : undefined;
  },

  async removeKeywords(db: Db, tenantId: string, ids: string[]): Promise<number> {
    const r = await db.deleteFrom('aocNewsKeyword').where('tenantId', '=', tenantId).where('id', 'in', ids).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
