import type { Db } from '../../../db/connection.js';
import { API_SCOPE_CATEGORY } from '../../../platform/access/api-scope.js';

export const DATA_SCOPE_CATEGORY = 1;

/** A scope kind of blade_role_scope: data scopes (blade_scope_data) or API scopes (blade_scope_api). */
export type ScopeKind = 'dataScope' | 'apiScope';

const categoryOf = (kind: ScopeKind) => (kind === 'dataScope' ? DATA_SCOPE_CATEGORY : API_SCOPE_CATEGORY);
// Both scope tables have the same columns the queries below read; the alias names one for the type checker.
const scopeTable = (kind: ScopeKind) => `${kind === 'dataScope' ? 'bladeScopeData' : 'bladeScopeApi'} as s` as 'bladeScopeApi as s';

export interface ScopeGrantRow {
  id: string;
  menuId: string;
  menuName: string;
  scopeName: string;
  resourceCode: string;
  scopeType: number;
  scopePath?: string | null;
}

function chunks<T>(rows: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Roles' grants: menus (blade_role_menu) and data or API scopes (blade_role_scope). */
export const roleGrantRepo = {
  /** The live scopes of a kind among the ids whose menus are live too. */
  async liveScopeIds(db: Db, kind: ScopeKind, ids: string[]): Promise<string[]> {
    const rows = await db
      .selectFrom(scopeTable(kind))
      .innerJoin('bladeMenu as m', 'm.id', 's.menuId')
      .select('s.id')
      .where('s.id', 'in', ids)
      .where('s.isDeleted', '=', 0)
      .where('m.isDeleted', '=', 0)
      .execute();
    return rows.map((r) => String(r.id));
  },

  /** The live menus the roles hold, by id. */
  async menuIdsOf(db: Db, roleIds: string[]): Promise<string[]> {
    const rows = await db
      .selectFrom('bladeRoleMenu as rm')
      .innerJoin('bladeMenu as m', 'm.id', 'rm.menuId')
      .select('rm.menuId')
      .distinct()
      .where('rm.roleId', 'in', roleIds)
      .where('m.isDeleted', '=', 0)
      .orderBy('rm.menuId')
      .execute();
    return rows.map((r) => String(r.menuId));
  },

  /** The scopes of a kind the roles hold, live or not. */
  async scopeIdsHeld(db: Db, roleIds: string[], kind: ScopeKind): Promise<string[]> {
    const rows = await db
      .selectFrom('bladeRoleScope')
      .select('scopeId')
      .distinct()
      .where('roleId', 'in', roleIds)
      .where('scopeCategory', '=', categoryOf(kind))
      .execute();
    return rows.map((r) => String(r.scopeId));
  },

  /** The live scopes of a kind the roles hold, by id. */
  async liveScopeIdsOf(db: Db, roleIds: string[], kind: ScopeKind): Promise<string[]> {
    const rows = await db
      .selectFrom('bladeRoleScope as rs')
      .innerJoin(scopeTable(kind), 's.id', 'rs.scopeId')
      .select('rs.scopeId')
      .distinct()
      .where('rs.roleId', 'in', roleIds)
      .where('rs.scopeCategory', '=', categoryOf(kind))
      .where('s.isDeleted', '=', 0)
      .orderBy('rs.scopeId')
      .execute();
    return rows.map((r) => String(r.scopeId));
  },

  /** Takes from the roles their menus (only those among `onlyIds` when given). */
  async deleteMenus(tx: Db, roleIds: string[], onlyIds?: string[]): Promise<void> {
    let del = tx.deleteFrom('bladeRoleMenu').where('roleId', 'in', roleIds);
    if (onlyIds) del = del.where('menuId', 'in', onlyIds);
    await del.execute();
  },

  /** Takes from the roles every menu outside `allowed` (all of them when it is empty). */
  async deleteMenusOutside(tx: Db, roleIds: string[], allowed: string[]): Promise<void> {
    let del = tx.deleteFrom('bladeRoleMenu').where('roleId', 'in', roleIds);
    if (allowed.length) del = del.where('menuId', 'not in', allowed);
    await del.execute();
  },

  /** Gives every role every menu; a grant it already holds stays as it is. */
  async insertMenus(tx: Db, roleIds: string[], menuIds: string[]): Promise<void> {
    const rows = roleIds.flatMap((roleId) => menuIds.map((menuId) => ({ roleId, menuId })));
    for (const batch of chunks(rows))
      await tx
        .insertInto('bladeRoleMenu')
        .values(batch)
        .onConflict((oc) => oc.columns(['roleId', 'menuId']).doNothing())
        .execute();
  },

  /** Takes from the roles their scopes of a kind (only those among `onlyIds` when given). */
  async deleteScopes(tx: Db, roleIds: string[], kind: ScopeKind, onlyIds?: string[]): Promise<void> {
    let del = tx.deleteFrom('bladeRoleScope').where('roleId', 'in', roleIds).where('scopeCategory', '=', categoryOf(kind));
    if (onlyIds) del = del.where('scopeId', 'in', onlyIds);
    await del.execute();
  },

  /** Gives every role every scope of the kind; a grant it already holds stays as it is. */
  async insertScopes(tx: Db, roleIds: string[], kind: ScopeKind, scopeIds: string[]): Promise<void> {
    const scopeCategory = categoryOf(kind);
    const rows = roleIds.flatMap((roleId) => scopeIds.map((scopeId) => ({ roleId, scopeCategory, scopeId })));
    await roleGrantRepo.insertScopeRows(tx, rows);
  },

  /** Scope grants as rows (any category); a grant already held stays as it is. */
  async insertScopeRows(tx: Db, rows: Array<{ roleId: string; scopeCategory: number; scopeId: string }>): Promise<void> {
    for (const batch of chunks(rows))
      await tx
        .insertInto('bladeRoleScope')
        .values(batch)
        .onConflict((oc) => oc.columns(['roleId', 'scopeCategory', 'scopeId']).doNothing())
        .execute();
  },

  /** Every scope grant (any category) of the tenant's live `admin` role. */
  adminScopesOf(db: Db, tenantId: string): Promise<Array<{ scopeCategory: number; scopeId: string }>> {
    return db
      .selectFrom('bladeRoleScope as rs')
      .innerJoin('bladeRole as r', 'r.id', 'rs.roleId')
      .select(['rs.scopeCategory', 'rs.scopeId'])
      .where('r.tenantId', '=', tenantId)
      .where('r.roleAlias', '=', 'admin')
      .where('r.isDeleted', '=', 0)
      .execute();
  },

  /**
   * The live scopes of a kind with their menus, in menu order: all of them (`heldBy` 'all'), or those
   * the roles in `heldBy` hold.
   */
  async scopesWithMenus(db: Db, kind: ScopeKind, heldBy: string[] | 'all'): Promise<ScopeGrantRow[]> {
    let q = db
      .selectFrom(scopeTable(kind))
      .innerJoin('bladeMenu as m', 'm.id', 's.menuId')
      .select(['s.id', 's.menuId', 'm.name as menuName', 's.scopeName', 's.resourceCode', 's.scopeType'])
      .where('s.isDeleted', '=', 0)
      .where('m.isDeleted', '=', 0);
    if (kind === 'apiScope') q = q.select('s.scopePath');
    if (heldBy !== 'all') {
      q = q.where('s.id', 'in', (eb) =>
        eb.selectFrom('bladeRoleScope').select('scopeId').where('roleId', 'in', heldBy).where('scopeCategory', '=', categoryOf(kind)),
      );
    }
    return (await q.orderBy('m.sort').orderBy('m.id').orderBy('s.id').execute()) as ScopeGrantRow[];
  },
};
