import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../../platform/http/paging.js';

export const DATASOURCE_FIELDS = fieldsOn('d', { name: 'text', url: 'text', username: 'text' });
const COLUMNS = ['d.id', 'd.name', 'd.driverClass', 'd.url', 'd.username', 'd.passwordEnc', 'd.remark', 'd.version', 'd.createTime'] as const;

/** A datasource row: its password still encrypted (the view answers only whether there is one). */
export interface DatasourceRow {
  id: string;
  name: string;
  driverClass: string;
  url: string;
  username: string;
  passwordEnc: string | null;
  remark: string | null;
  version: number;
  createTime: Date;
}

export type DatasourceValues = Pick<DatasourceRow, 'name' | 'driverClass' | 'url' | 'username' | 'passwordEnc' | 'remark'> & { updateUser: string };

const live = (db: Db) => db.selectFrom('bladeDatasource as d').where('d.isDeleted', '=', 0);

/** Tenant datasources (blade_datasource): platform rows, always on the main database. */
export const datasourceRepo = {
  page(db: Db, page: PageQuery, filters: Record<string, unknown>) {
    const base = live(db).where((eb) => eb.and(filterExpressions(eb, filters, DATASOURCE_FIELDS)));
    return paginate<DatasourceRow>(base, (qb) => qb.select(COLUMNS), page, DATASOURCE_FIELDS, [['d.name', 'asc']]);
  },

  findById(db: Db, id: string): Promise<DatasourceRow | undefined> {
    return live(db).select(COLUMNS).where('d.id', '=', id).executeTakeFirst();
  },

  /** Every live datasource (select lists), by name. */
  options(db: Db): Promise<Array<{ id: string; name: string; url: string }>> {
    return live(db).select(['d.id', 'd.name', 'd.url']).orderBy('d.name').execute();
  },

  /** The live tenants bound to the datasources, by tenant id. */
  tenantsOn(db: Db, ids: string[]): Promise<Array<{ datasourceId: string | null; tenantId: string; tenantName: string }>> {
    return db
      .selectFrom('bladeTenant')
      .select(['datasourceId', 'tenantId', 'tenantName'])
      .where('datasourceId', 'in', ids)
      .where('isDeleted', '=', 0)
      .orderBy('tenantId')
      .execute();
  },

  /** Whether a live tenant is bound to any of the datasources; `lock` holds those tenant rows until the transaction ends. */
  async anyTenantOn(db: Db, ids: string[], lock = false): Promise<boolean> {
    let q = db.selectFrom('bladeTenant').select('id').where('datasourceId', 'in', ids).where('isDeleted', '=', 0);
    if (lock) q = q.forUpdate();
    return !!(await q.executeTakeFirst());
  },

  async insert(db: Db, values: DatasourceValues & { createUser: string; createDept: string }): Promise<string> {
    return (await db.insertInto('bladeDatasource').values(values).returning('id').executeTakeFirstOrThrow()).id;
  },

  /** Updates only when the row still has `version`; undefined when it does not (stale or gone). */
  updateAtVersion(db: Db, id: string, version: number, values: DatasourceValues): Promise<string | undefined> {
    return updateAtVersion(db, 'bladeDatasource', id, version, values);
  },

  /** Soft-deletes the datasources in one statement; returns how many it removed. */
  softDelete(db: Db, ids: string[]): Promise<number> {
    return softDeleteByIds(db, 'bladeDatasource', ids);
  },
};
