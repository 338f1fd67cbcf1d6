import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { filterExpressions, paginate, type FieldWhitelist } from '../../../platform/http/paging.js';

export const TENANT_FIELDS: FieldWhitelist = {
  tenantId: { column: 't.tenantId', kind: 'text' },
  tenantName: { column: 't.tenantName', kind: 'text' },
  linkman: { column: 't.linkman', kind: 'text' },
  contactNumber: { column: 't.contactNumber', kind: 'text' },
  expireTime: { column: 't.expireTime', kind: 'date' },
};
const COLUMNS = [
  't.id',
  't.tenantId',
  't.tenantName',
  't.domainUrl',
  't.linkman',
  't.contactNumber',
  't.address',
  't.accountNumber',
  't.expireTime',
  't.packageId',
  't.datasourceId',
  't.status',
  't.version',
  't.createTime',
  'p.packageName',
  'ds.name as datasourceName',
] as const;

/** A tenant as its screens show it: with its package's and datasource's names. */
export interface TenantRow {
  id: string;
  tenantId: string;
  tenantName: string;
  domainUrl: string | null;
  linkman: string | null;
  contactNumber: string | null;
  address: string | null;
  accountNumber: number;
  expireTime: Date | null;
  packageId: string | null;
  datasourceId: string | null;
  status: number;
  version: number;
  createTime: Date;
  packageName: string | null;
  datasourceName: string | null;
}

const live = (db: Db) =>
  db
    .selectFrom('bladeTenant as t')
    .leftJoin('bladeTenantPackage as p', 'p.id', 't.packageId')
    .leftJoin('bladeDatasource as ds', 'ds.id', 't.datasourceId')
    .where('t.isDeleted', '=', 0);

/** Tenants (blade_tenant): platform rows, read on the main database; accounts are counted where they live. */
export const tenantRepo = {
  page(db: Db, page: PageQuery, filters: Record<string, unknown>) {
    const base = live(db).where((eb) => eb.and(filterExpressions(eb, filters, TENANT_FIELDS)));
    return paginate<TenantRow>(base, (qb) => qb.select(COLUMNS), page, TENANT_FIELDS, [['t.tenantId', 'asc']]);
  },

  findById(db: Db, id: string): Promise<TenantRow | undefined> {
    return live(db).select(COLUMNS).where('t.id', '=', id).executeTakeFirst() as Promise<TenantRow | undefined>;
  },

  /** Every live tenant's id and name (select lists), by tenant id. */
  options(db: Db): Promise<Array<{ tenantId: string; tenantName: string }>> {
    return live(db).select(['t.tenantId', 't.tenantName']).orderBy('t.tenantId').execute();
  },

  /** Live accounts per tenant among the ids, on one database. */
  accountCounts(db: Db, tenantIds: string[]): Promise<Array<{ tenantId: string; n: string }>> {
    return db
      .selectFrom('bladeUser')
      .select(['tenantId', (eb) => eb.fn.countAll<string>().as('n')])
      .where('tenantId', 'in', tenantIds)
      .where('isDeleted', '=', 0)
      .groupBy('tenantId')
      .execute();
  },

  /** The tenant's package (null: none, every non-platform menu). */
  async packageIdOf(db: Db, tenantId: string): Promise<string | null> {
    const t = await db.selectFrom('bladeTenant').select('packageId').where('tenantId', '=', tenantId).executeTakeFirst();
    return t?.packageId == null ? null : String(t.packageId);
  },
};
