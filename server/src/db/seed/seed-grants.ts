import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';

/** One data scope rule a seed offers, and the default roles that hold it. */
export interface ScopeRuleSeed {
  name: string;
  type: 1 | 2 | 3 | 4 | 5;
  roles: RoleAlias[];
}

/** Inserts a resource's data scope rules (blade_scope_data) under a menu and gives each to its roles. */
export async function insertScopeRules(
  tx: Db,
  roleIds: Record<RoleAlias, string>,
  scope: { menuId: string; resource: string; column: string },
  rules: ScopeRuleSeed[],
): Promise<void> {
  for (const s of rules) {
    const { id } = await tx
      .insertInto('bladeScopeData')
      .values({ menuId: scope.menuId, resourceCode: scope.resource, scopeName: s.name, scopeColumn: scope.column, scopeType: s.type })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (s.roles.length)
      await tx
        .insertInto('bladeRoleScope')
        .values(s.roles.map((r) => ({ roleId: roleIds[r], scopeCategory: 1, scopeId: id })))
        .execute();
  }
}

/** Grants menus (by code) to roles, keeping grants that already exist. */
export async function grantMenus(tx: Db, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>, codes: string[], roles: RoleAlias[]): Promise<void> {
  const rows = codes.flatMap((code) => roles.map((r) => ({ roleId: roleIds[r], menuId: menuIds.get(code)! })));
  if (rows.length) await insertRoleMenus(tx, rows);
}

/** Role → menu rows, keeping rows that already exist. */
export async function insertRoleMenus(tx: Db, rows: Array<{ roleId: string; menuId: string }>): Promise<void> {
  if (!rows.length) return;
  await tx
    .insertInto('bladeRoleMenu')
    .values(rows)
    .onConflict((oc) => oc.columns(['roleId', 'menuId']).doNothing())
    .execute();
}
