import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../../platform/http/paging.js';

export const PARAM_FIELDS = fieldsOn('p', { paramName: 'text', paramKey: 'text', paramValue: 'text', createTime: 'date', updateTime: 'date' });

const COLUMNS = ['p.id', 'p.paramName', 'p.paramKey', 'p.paramValue', 'p.remark', 'p.version', 'p.createTime', 'p.updateTime'] as const;
export type ParamRow = {
  id: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string | null;
  version: number;
  createTime: Date;
  updateTime: Date;
};

export const paramRepo = {
  page(db: Db, page: PageQuery, filters: Record<string, unknown>) {
    const base = db
      .selectFrom('bladeParam as p')
      .where('p.isDeleted', '=', 0)
      .where((eb) => eb.and(filterExpressions(eb, filters, PARAM_FIELDS)));
    return paginate<ParamRow>(base, (qb) => qb.select(COLUMNS), page, PARAM_FIELDS, [
      ['p.updateTime', 'desc'],
      ['p.id', 'desc'],
    ]);
  },

  findById(db: Db, id: string): Promise<ParamRow | undefined> {
    return db.selectFrom('bladeParam as p').select(COLUMNS).where('p.id', '=', id).where('p.isDeleted', '=', 0).executeTakeFirst() as Promise<
      ParamRow | undefined
    >;
  },

  /** A live parameter by id or by key, without its bookkeeping columns (getParamDetail). */
  findByIdOrKey(db: Db, by: { id: string } | { paramKey: string }) {
    let q = db.selectFrom('bladeParam').select(['id', 'paramName', 'paramKey', 'paramValue', 'remark', 'version']).where('isDeleted', '=', 0);
    q = 'id' in by ? q.where('id', '=', by.id) : q.where('paramKey', '=', by.paramKey);
    return q.executeTakeFirst();
  },

  /** Key → value of every live parameter whose key starts with `prefix` (no LIKE wildcards in it). */
  async valuesByPrefix(db: Db, prefix: string): Promise<Record<string, string>> {
    const rows = await db
      .selectFrom('bladeParam')
      .select(['paramKey', 'paramValue'])
      .where('isDeleted', '=', 0)
      .where('paramKey', 'like', `${prefix}%`)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.paramKey, r.paramValue]));
  },

  insert(db: Db, values: { paramName: string; paramKey: string; paramValue: string; remark: string | null; createUser: string; createDept: string }) {
    return db
      .insertInto('bladeParam')
      .values({ ...values, updateUser: values.createUser })
      .returning(['id', 'paramName', 'paramKey', 'paramValue', 'remark', 'version', 'createTime', 'updateTime'])
      .executeTakeFirstOrThrow() as Promise<ParamRow>;
  },

  /** Updates only when the row still has `version`; undefined when it does not (stale or gone). */
  async updateAtVersion(
    db: Db,
    id: string,
    version: number,
    values: { paramName: string; paramKey: string; paramValue: string; remark: string | null; updateUser: string },
  ): Promise<ParamRow | undefined> {
    return (await updateAtVersion(db, 'bladeParam', id, version, values)) ? paramRepo.findById(db, id) : undefined;
  },

  /** Soft-deletes the rows in one statement; returns how many it removed. */
  softDelete(db: Db, ids: string[], userId: string): Promise<number> {
    return softDeleteByIds(db, 'bladeParam', ids, userId);
  },
};
