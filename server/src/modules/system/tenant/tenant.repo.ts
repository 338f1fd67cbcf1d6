import { sql } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../../platform/http/paging.js';

export const TENANT_FIELDS = fieldsOn('t', { tenantId: 'text', tenantName: 'text', linkman: 'text', contactNumber: 'text', expireTime: 'date' });
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

/** What a tenant's form sets (the expiry as the form sends it). */
export type TenantValues = Pick<TenantRow, 'tenantName' | 'domainUrl' | 'linkman' | 'contactNumber' | 'address' | 'accountNumber' | 'packageId'> & {
  expireTime: string | null;
  updateUser: string;
};

export type TenantRefs = { tenantId: string; packageId: string | null };

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
  /** Holds, until the transaction ends, the one lock under which new tenant ids are taken. */
  async lockNewTenantIds(tx: Db): Promise<void> {
    await sql`select pg_advisory_xact_lock(727010)`.execute(tx);
  },

  /** Every tenant id ever used, deleted tenants' too (ids are never reused). */
  async allTenantIds(tx: Db): Promise<string[]> {
    return (await tx.selectFrom('bladeTenant').select('tenantId').execute()).map((r) => r.tenantId);
  },

  async insert(tx: Db, values: TenantValues & { tenantId: string; createUser: string; createDept: string }): Promise<string> {
    return (await tx.insertInto('bladeTenant').values(values).returning('id').executeTakeFirstOrThrow()).id;
  },

  /** A live tenant's tenant id and package, by row id. */
  findRefs(db: Db, id: string): Promise<TenantRefs | undefined> {
    return db.selectFrom('bladeTenant').select(['tenantId', 'packageId']).where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
  },

  /** The live tenants among the row ids, locked until the transaction ends. */
  lockRefs(tx: Db, ids: string[]): Promise<TenantRefs[]> {
    return tx.selectFrom('bladeTenant').select(['tenantId', 'packageId']).where('id', 'in', ids).where('isDeleted', '=', 0).forUpdate().execute();
  },

  /** Updates only when the row still has `version`; undefined when it does not (stale or gone). */
  updateAtVersion(tx: Db, id: string, version: number, values: Partial<TenantValues>): Promise<string | undefined> {
    return updateAtVersion(tx, 'bladeTenant', id, version, values);
  },

  /** Sets the live tenants' account quota and expiry, and their package when one is given (null: none). */
  async setPackage(tx: Db, ids: string[], packageId: string | null): Promise<void> {
    await tx
      .updateTable('bladeTenant')
      .set({ packageId, version: sql`version + 1`, updateTime: sql`now()` })
      .where('id', 'in', ids)
      .where('isDeleted', '=', 0)
      .execute();
  },

  /** The live tenant serving a domain (tenant/info on the sign-on page), by its exact domain address. */
  byDomain(db: Db, domain: string): Promise<{ tenantId: string; tenantName: string; domainUrl: string | null } | undefined> {
    return live(db).select(['t.tenantId', 't.tenantName', 't.domainUrl']).where('t.domainUrl', '=', domain).orderBy('t.id').executeTakeFirst();
  },

  async setAuthorisation(tx: Db, ids: string[], values: { accountNumber: number; expireTime: string | null; packageId?: string | null }): Promise<void> {
    await tx
      .updateTable('bladeTenant')
      .set({ ...values, version: sql`version + 1`, updateTime: sql`now()` })
      .where('id', 'in', ids)
      .where('isDeleted', '=', 0)
      .execute();
  },

  /** The live tenants among the row ids: row id and tenant id. */
  liveByIds(db: Db, ids: string[]): Promise<Array<{ id: string; tenantId: string }>> {
    return db.selectFrom('bladeTenant').select(['id', 'tenantId']).where('id', 'in', ids).where('isDeleted', '=', 0).execute();
  },

  softDelete(db: Db, ids: string[]): Promise<number> {
    return softDeleteByIds(db, 'bladeTenant', ids);
  },

  /** The live tenant's account quota (-1: none), its row locked until the transaction ends. */
  async lockAccountQuota(tx: Db, tenantId: string): Promise<number | undefined> {
    const t = await tx
      .selectFrom('bladeTenant')
      .select('accountNumber')
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .forUpdate()
      .executeTakeFirst();
    return t?.accountNumber;
  },

  /** The tenant's live accounts, on one database. */
  async accountCount(db: Db, tenantId: string): Promise<number> {
    const r = await db
      .selectFrom('bladeUser')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** The tenant's live roles (id and alias). */
  roles(tx: Db, tenantId: string): Promise<Array<{ id: string; roleAlias: string }>> {
    return tx.selectFrom('bladeRole').select(['id', 'roleAlias']).where('tenantId', '=', tenantId).where('isDeleted', '=', 0).execute();
  },

  /** The package's menus. */
  async packageMenuIds(tx: Db, packageId: string): Promise<string[]> {
    const rows = await tx.selectFrom('bladeTenantPackageMenu').select('menuId').where('packageId', '=', packageId).execute();
    return rows.map((r) => String(r.menuId));
  },

  /** The live menus with these codes. */
  async menuIdsByCode(tx: Db, codes: string[]): Promise<string[]> {
    const rows = await tx.selectFrom('bladeMenu').select('id').where('code', 'in', codes).where('isDeleted', '=', 0).execute();
    return rows.map((r) => r.id);
  },

  /** A new tenant's root org; its id path is its own. */
  async insertRootDept(tx: Db, tenantId: string, name: string): Promise<string> {
    const dept = await tx
      .insertInto('bladeDept')
      .values({ tenantId, parentId: 0, ancestors: '0', deptCategory: 1, deptName: name, fullName: name, sort: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('bladeDept')
      .set({ idPath: `0,${dept.id},` })
      .where('id', '=', dept.id)
      .execute();
    return dept.id;
  },

  /** A new tenant's 管理员 role (alias admin). */
  async insertAdminRole(tx: Db, tenantId: string): Promise<string> {
    const role = await tx
      .insertInto('bladeRole')
      .values({ tenantId, roleName: '管理员', roleAlias: 'admin', sort: 1, parentId: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return role.id;
  },

  /** A new tenant's `admin` account in its root org, holding its admin role. */
  async insertAdminUser(tx: Db, t: { tenantId: string; passwordHash: string; deptId: string; roleId: string }): Promise<void> {
    const user = await tx
      .insertInto('bladeUser')
      .values({ tenantId: t.tenantId, account: 'admin', passwordHash: t.passwordHash, name: '管理员', realName: '管理员', deptId: t.deptId, profileTag: 'aoc' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('bladeUserRole').values({ userId: user.id, roleId: t.roleId }).execute();
  },
};
