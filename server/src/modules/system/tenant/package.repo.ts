import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { filterExpressions, paginate, type FieldWhitelist } from '../../../platform/http/paging.js';

export const PACKAGE_FIELDS: FieldWhitelist = { packageName: { column: 'p.packageName', kind: 'text' } };

const COLUMNS = ['p.id', 'p.packageName', 'p.remark', 'p.version'] as const;
export type PackageRow = { id: string; packageName: string; remark: string | null; version: number };

const live = (db: Db) => db.selectFrom('bladeTenantPackage as p').where('p.isDeleted', '=', 0);

/** Tenant packages (blade_tenant_package) and their menus: platform tables, on the main database. */
export const packageRepo = {
  /** Every live package by id, for a select. */
  options(db: Db): Promise<Array<{ id: string; packageName: string }>> {
    return live(db).select(['p.id', 'p.packageName']).orderBy('p.id').execute() as Promise<Array<{ id: string; packageName: string }>>;
  },

  page(db: Db, page: PageQuery, filters: Record<string, unknown>) {
    const base = live(db).where((eb) => eb.and(filterExpressions(eb, filters, PACKAGE_FIELDS)));
    return paginate<PackageRow>(base, (qb) => qb.select(COLUMNS), page, PACKAGE_FIELDS, [['p.id', 'asc']]);
  },

  findById(db: Db, id: string): Promise<PackageRow | undefined> {
    return live(db).select(COLUMNS).where('p.id', '=', id).executeTakeFirst();
  },

  /** package id → its menu ids, comma-separated ('' for a package without menus). */
  async menuIdsOf(db: Db, ids: string[]): Promise<(id: string) => string> {
    const rows = ids.length ? await db.selectFrom('bladeTenantPackageMenu').select(['packageId', 'menuId']).where('packageId', 'in', ids).execute() : [];
    return (id: string) =>
      rows
        .filter((r) => String(r.packageId) === id)
        .map((r) => String(r.menuId))
        .join(',');
  },

  /** The live menus among the ids, with their codes. */
  liveMenus(db: Db, menuIds: string[]): Promise<Array<{ id: string; code: string }>> {
    return db.selectFrom('bladeMenu').select(['id', 'code']).where('id', 'in', menuIds).where('isDeleted', '=', 0).execute();
  },

  async insert(db: Db, values: { packageName: string; remark: string | null; createUser: string; createDept: string }): Promise<string> {
    return (await db.insertInto('bladeTenantPackage').values(values).returning('id').executeTakeFirstOrThrow()).id;
  },

  /** Updates only when the row still has `version`; undefined when it does not (stale or gone). */
  updateAtVersion(db: Db, id: string, version: number, values: { packageName: string; remark: string | null }): Promise<string | undefined> {
    return updateAtVersion(db, 'bladeTenantPackage', id, version, values);
  },

  async exists(db: Db, id: string): Promise<boolean> {
    return !!(await live(db).select('p.id').where('p.id', '=', id).executeTakeFirst());
  },

  /** The package's menus become exactly `menuIds`. */
  async replaceMenus(db: Db, id: string, menuIds: string[]): Promise<void> {
    await db.deleteFrom('bladeTenantPackageMenu').where('packageId', '=', id).execute();
    await db
      .insertInto('bladeTenantPackageMenu')
      .values(menuIds.map((menuId) => ({ packageId: id, menuId })))
      .execute();
  },

  /** The live tenants on any of the packages. */
  async tenantsOn(db: Db, ids: string[]): Promise<string[]> {
    const rows = await db.selectFrom('bladeTenant').select('tenantId').where('packageId', 'in', ids).where('isDeleted', '=', 0).execute();
    return rows.map((r) => r.tenantId);
  },

  /** Soft-deletes the packages in one statement; returns how many it removed. */
  softDelete(db: Db, ids: string[]): Promise<number> {
    return softDeleteByIds(db, 'bladeTenantPackage', ids);
  },
};
