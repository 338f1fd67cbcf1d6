import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../../platform/http/paging.js';

export const VERSION_LOG_FIELDS = fieldsOn('v', { versionNo: 'text', title: 'text', updateType: 'smallint', publishTime: 'date' });
const COLUMNS = ['v.id', 'v.versionNo', 'v.title', 'v.content', 'v.updateType', 'v.publishTime', 'v.version'] as const;
export type VersionLogRow = { id: string; versionNo: string; title: string; content: string; updateType: number; publishTime: Date; version: number };
export type VersionLogValues = { versionNo: string; title: string; content: string; updateType: number; publishTime?: string; updateUser: string };

const live = (db: Db) => db.selectFrom('bladeVersionUpdateLog as v').where('v.isDeleted', '=', 0);

/** The product's version update log (blade_version_update_log), newest release first. */
export const versionLogRepo = {
  page(db: Db, page: PageQuery, filters: Record<string, unknown>) {
    const base = live(db).where((eb) => eb.and(filterExpressions(eb, filters, VERSION_LOG_FIELDS)));
    return paginate<VersionLogRow>(base, (qb) => qb.select(COLUMNS), page, VERSION_LOG_FIELDS, [
      ['v.publishTime', 'desc'],
      ['v.id', 'desc'],
    ]);
  },

  findById(db: Db, id: string): Promise<VersionLogRow | undefined> {
    return live(db).select(COLUMNS).where('v.id', '=', id).executeTakeFirst();
  },

  async insert(db: Db, values: VersionLogValues & { createDept: string }): Promise<string> {
    return (
      await db
        .insertInto('bladeVersionUpdateLog')
        .values({ ...values, createUser: values.updateUser })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  },

  /** Updates only when the row still has `version`; undefined when it does not (stale or gone). */
  updateAtVersion(db: Db, id: string, version: number, values: VersionLogValues): Promise<string | undefined> {
    return updateAtVersion(db, 'bladeVersionUpdateLog', id, version, values);
  },

  /** Soft-deletes the rows in one statement; returns how many it removed. */
  softDelete(db: Db, ids: string[]): Promise<number> {
    return softDeleteByIds(db, 'bladeVersionUpdateLog', ids);
  },
};
