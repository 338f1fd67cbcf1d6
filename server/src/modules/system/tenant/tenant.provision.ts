import { randomBytes } from 'node:crypto';
import { MENU_TREE, type MenuDef } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { PLATFORM_CODES } from '../../../platform/access/tenant.js';

/** Menu ids a tenant may use: its package's, or every non-platform menu when it has none. */
export async function tenantMenuIds(tx: Db, packageId: string | null): Promise<string[]> {
  if (packageId) {
    const rows = await tx.selectFrom('bladeTenantPackageMenu').select('menuId').where('packageId', '=', packageId).execute();
    return rows.map((r) => String(r.menuId));
  }
  const codes: string[] = [];
  const walk = (nodes: MenuDef[]) => nodes.forEach((n) => (PLATFORM_CODES.has(n.code) ? undefined : (codes.push(n.code), n.children && walk(n.children))));
  walk(MENU_TREE);
  const rows = await tx.selectFrom('bladeMenu').select('id').where('code', 'in', codes).where('isDeleted', '=', 0).execute();
  return rows.map((r) => r.id);
}

/** The next free six-digit tenant id (000002, 000003, …). */
export async function nextTenantId(tx: Db): Promise<string> {
  const rows = await tx.selectFrom('bladeTenant').select('tenantId').execute();
  const max = rows
    .map((r) => Number(r.tenantId))
    .filter(Number.isInteger)
    .reduce((a, b) => Math.max(a, b), 1);
  return String(max + 1).padStart(6, '0');
}

export const randomPassword = () => `${randomBytes(9).toString('base64url')}a1`;

/**
 * A new tenant's own world, in the caller's transaction: its root org, an admin role holding the
 * tenant's menus (and the default admin's data scope rules), and an `admin` account.
 */
export async function provisionTenant(
  tx: Db,
  t: { tenantId: string; tenantName: string; packageId: string | null; passwordHash: string; defaultTenantId: string },
) {
  const dept = await tx
    .insertInto('bladeDept')
    .values({ tenantId: t.tenantId, parentId: 0, ancestors: '0', deptCategory: 1, deptName: t.tenantName, fullName: t.tenantName, sort: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .updateTable('bladeDept')
    .set({ idPath: `0,${dept.id},` })
    .where('id', '=', dept.id)
    .execute();
  const role = await tx
    .insertInto('bladeRole')
    .values({ tenantId: t.tenantId, roleName: '管理员', roleAlias: 'admin', sort: 1, parentId: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const menuIds = await tenantMenuIds(tx, t.packageId);
  if (menuIds.length)
    await tx
      .insertInto('bladeRoleMenu')
      .values(menuIds.map((menuId) => ({ roleId: role.id, menuId })))
      .execute();
  const templateScopes = await tx
    .selectFrom('bladeRoleScope as rs')
    .innerJoin('bladeRole as r', 'r.id', 'rs.roleId')
    .select(['rs.scopeCategory', 'rs.scopeId'])
    .where('r.tenantId', '=', t.defaultTenantId)
    .where('r.roleAlias', '=', 'admin')
    .where('r.isDeleted', '=', 0)
    .execute();
  if (templateScopes.length)
    await tx
      .insertInto('bladeRoleScope')
      .values(templateScopes.map((s) => ({ roleId: role.id, scopeCategory: s.scopeCategory, scopeId: s.scopeId })))
      .execute();
  const user = await tx
    .insertInto('bladeUser')
    .values({ tenantId: t.tenantId, account: 'admin', passwordHash: t.passwordHash, name: '管理员', realName: '管理员', deptId: dept.id, profileTag: 'aoc' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx.insertInto('bladeUserRole').values({ userId: user.id, roleId: role.id }).execute();
  return { deptId: dept.id, roleId: role.id };
}

/** After a package change: the tenant's roles lose menus outside it; its admin role holds all of it. */
export async function applyPackage(tx: Db, tenantId: string, packageId: string | null) {
  const allowed = await tenantMenuIds(tx, packageId);
  const roles = await tx.selectFrom('bladeRole').select(['id', 'roleAlias']).where('tenantId', '=', tenantId).where('isDeleted', '=', 0).execute();
  if (!roles.length) return;
  let del = tx.deleteFrom('bladeRoleMenu').where(
    'roleId',
    'in',
    roles.map((r) => r.id),
  );
  if (allowed.length) del = del.where('menuId', 'not in', allowed);
  await del.execute();
  const admin = roles.find((r) => r.roleAlias === 'admin');
  if (admin && allowed.length) {
    await tx
      .insertInto('bladeRoleMenu')
      .values(allowed.map((menuId) => ({ roleId: admin.id, menuId })))
      .onConflict((oc) => oc.columns(['roleId', 'menuId']).doNothing())
      .execute();
  }
}
