import { randomBytes } from 'node:crypto';
import { MENU_TREE, type MenuDef } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { PLATFORM_CODES } from '../../../platform/access/tenant.js';
import { roleGrantRepo } from '../role/role-grant.repo.js';
import { tenantRepo } from './tenant.repo.js';

/** Menu ids a tenant may use: its package's, or every non-platform menu when it has none. */
export async function tenantMenuIds(tx: Db, packageId: string | null): Promise<string[]> {
  if (packageId) return tenantRepo.packageMenuIds(tx, packageId);
  const codes: string[] = [];
  const walk = (nodes: MenuDef[]) => nodes.forEach((n) => (PLATFORM_CODES.has(n.code) ? undefined : (codes.push(n.code), n.children && walk(n.children))));
  walk(MENU_TREE);
  return tenantRepo.menuIdsByCode(tx, codes);
}

/** The next free six-digit tenant id (000002, 000003, …). */
export async function nextTenantId(tx: Db): Promise<string> {
  const max = (await tenantRepo.allTenantIds(tx))
    .map(Number)
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
  const deptId = await tenantRepo.insertRootDept(tx, t.tenantId, t.tenantName);
  const roleId = await tenantRepo.insertAdminRole(tx, t.tenantId);
  const menuIds = await tenantMenuIds(tx, t.packageId);
  if (menuIds.length) await roleGrantRepo.insertMenus(tx, [roleId], menuIds);
  const templateScopes = await roleGrantRepo.adminScopesOf(tx, t.defaultTenantId);
  if (templateScopes.length)
    await roleGrantRepo.insertScopeRows(
      tx,
      templateScopes.map((s) => ({ roleId, ...s })),
    );
  await tenantRepo.insertAdminUser(tx, { tenantId: t.tenantId, passwordHash: t.passwordHash, deptId, roleId });
  return { deptId, roleId };
}

/** After a package change: the tenant's roles lose menus outside it; its admin role holds all of it. */
export async function applyPackage(tx: Db, tenantId: string, packageId: string | null) {
  const allowed = await tenantMenuIds(tx, packageId);
  const roles = await tenantRepo.roles(tx, tenantId);
  if (!roles.length) return;
  await roleGrantRepo.deleteMenusOutside(
    tx,
    roles.map((r) => r.id),
    allowed,
  );
  const admin = roles.find((r) => r.roleAlias === 'admin');
  if (admin && allowed.length) await roleGrantRepo.insertMenus(tx, [admin.id], allowed);
}
