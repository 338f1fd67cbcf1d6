import { ROLE_MSG } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { API_SCOPE_CATEGORY } from '../../../platform/access/api-scope.js';
import { badRequest, forbidden } from '../../../platform/http/errors.js';

export const DATA_SCOPE_CATEGORY = 1;

/** Grants of one kind: menus (blade_role_menu) or scopes of one category (blade_role_scope). */
export type GrantKind = 'menu' | 'dataScope' | 'apiScope';

export interface GrantLists {
  menuIds?: string[];
  dataScopeIds?: string[];
  apiScopeIds?: string[];
}

const MISSING: Record<GrantKind, string> = { menu: ROLE_MSG.menuMissing, dataScope: ROLE_MSG.dataScopeMissing, apiScope: ROLE_MSG.apiScopeMissing };

/** Which of the ids name live items of the kind (a scope also needs a live menu). */
async function liveIds(db: Db, kind: GrantKind, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  if (kind === 'menu') {
    const rows = await db.selectFrom('bladeMenu').select('id').where('id', 'in', ids).where('isDeleted', '=', 0).execute();
    return new Set(rows.map((r) => String(r.id)));
  }
  const table = kind === 'dataScope' ? 'bladeScopeData' : 'bladeScopeApi';
  const rows = await db
    .selectFrom(`${table} as s` as 'bladeScopeData as s')
    .innerJoin('bladeMenu as m', 'm.id', 's.menuId')
    .select('s.id')
    .where('s.id', 'in', ids)
    .where('s.isDeleted', '=', 0)
    .where('m.isDeleted', '=', 0)
    .execute();
  return new Set(rows.map((r) => String(r.id)));
}

/**
 * What the actor may grant of a kind: everything for administrators ('all'), otherwise exactly what
 * the actor's own enabled roles hold (actor.roleIds only lists enabled roles the user still has).
 */
export async function heldIds(db: Db, actor: Actor, kind: GrantKind): Promise<Set<string> | 'all'> {
  if (actor.isAdministrator) return 'all';
  if (!actor.roleIds.length) return new Set();
  if (kind === 'menu') {
    const rows = await db
      .selectFrom('bladeRoleMenu as rm')
      .innerJoin('bladeMenu as m', 'm.id', 'rm.menuId')
      .select('rm.menuId')
      .distinct()
      .where('rm.roleId', 'in', actor.roleIds)
      .where('m.isDeleted', '=', 0)
      .execute();
    return new Set(rows.map((r) => String(r.menuId)));
  }
  const rows = await db
    .selectFrom('bladeRoleScope')
    .select('scopeId')
    .distinct()
    .where('roleId', 'in', actor.roleIds)
    .where('scopeCategory', '=', kind === 'dataScope' ? DATA_SCOPE_CATEGORY : API_SCOPE_CATEGORY)
    .execute();
  return new Set(rows.map((r) => String(r.scopeId)));
}

/** What the roles hold of a kind (live items only). */
export async function grantedIds(db: Db, roleIds: string[], kind: GrantKind): Promise<string[]> {
  if (!roleIds.length) return [];
  if (kind === 'menu') {
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
  }
  const table = kind === 'dataScope' ? 'bladeScopeData' : 'bladeScopeApi';
  const rows = await db
    .selectFrom('bladeRoleScope as rs')
    .innerJoin(`${table} as s` as 'bladeScopeData as s', 's.id', 'rs.scopeId')
    .select('rs.scopeId')
    .distinct()
    .where('rs.roleId', 'in', roleIds)
    .where('rs.scopeCategory', '=', kind === 'dataScope' ? DATA_SCOPE_CATEGORY : API_SCOPE_CATEGORY)
    .where('s.isDeleted', '=', 0)
    .orderBy('rs.scopeId')
    .execute();
  return rows.map((r) => String(r.scopeId));
}

/** What the roles hold of every kind: the grant dialog's three lists (live items only). */
export async function grantedLists(db: Db, roleIds: string[]): Promise<Record<GrantKind, string[]>> {
  const [menu, dataScope, apiScope] = await Promise.all([
    grantedIds(db, roleIds, 'menu'),
    grantedIds(db, roleIds, 'dataScope'),
    grantedIds(db, roleIds, 'apiScope'),
  ]);
  return { menu, dataScope, apiScope };
}

function chunks<T>(rows: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Replaces, for every role named, its grants of each list given (a list left out is untouched):
 * the requested items must exist (400) and be held by the actor (403 — an actor never grants what
 * he does not hold); the role's grants the actor does not hold himself are kept, so a partial
 * grantor cannot take away what he could not give. Runs inside the caller's transaction, after the
 * caller has checked and locked the roles.
 */
export async function replaceGrants(tx: Db, actor: Actor, roleIds: string[], lists: GrantLists): Promise<void> {
  const plan: Array<[GrantKind, string[]]> = [];
  if (lists.menuIds) plan.push(['menu', [...new Set(lists.menuIds)]]);
  if (lists.dataScopeIds) plan.push(['dataScope', [...new Set(lists.dataScopeIds)]]);
  if (lists.apiScopeIds) plan.push(['apiScope', [...new Set(lists.apiScopeIds)]]);
  const held = new Map<GrantKind, Set<string> | 'all'>();
  // Check every list before writing anything.
  for (const [kind, ids] of plan) {
    const live = await liveIds(tx, kind, ids);
    if (ids.some((id) => !live.has(id))) throw badRequest(MISSING[kind]);
    const mine = await heldIds(tx, actor, kind);
    if (mine !== 'all' && ids.some((id) => !mine.has(id))) throw forbidden(ROLE_MSG.notHeld);
    held.set(kind, mine);
  }
  for (const [kind, ids] of plan) {
    const mine = held.get(kind)!;
    if (mine !== 'all' && !mine.size) continue; // nothing the actor could add or take away
    if (kind === 'menu') {
      let del = tx.deleteFrom('bladeRoleMenu').where('roleId', 'in', roleIds);
      if (mine !== 'all') del = del.where('menuId', 'in', [...mine]);
      await del.execute();
      const rows = roleIds.flatMap((roleId) => ids.map((menuId) => ({ roleId, menuId })));
      for (const batch of chunks(rows))
        await tx
          .insertInto('bladeRoleMenu')
          .values(batch)
          .onConflict((oc) => oc.columns(['roleId', 'menuId']).doNothing())
          .execute();
    } else {
      const scopeCategory = kind === 'dataScope' ? DATA_SCOPE_CATEGORY : API_SCOPE_CATEGORY;
      let del = tx.deleteFrom('bladeRoleScope').where('roleId', 'in', roleIds).where('scopeCategory', '=', scopeCategory);
      if (mine !== 'all') del = del.where('scopeId', 'in', [...mine]);
      await del.execute();
      const rows = roleIds.flatMap((roleId) => ids.map((scopeId) => ({ roleId, scopeCategory, scopeId })));
      for (const batch of chunks(rows)) {
        await tx
          .insertInto('bladeRoleScope')
          .values(batch)
          .onConflict((oc) => oc.columns(['roleId', 'scopeCategory', 'scopeId']).doNothing())
          .execute();
      }
    }
  }
}

export interface ScopeGrantRow {
  id: string;
  menuId: string;
  menuName: string;
  scopeName: string;
  resourceCode: string;
  scopeType: number;
  scopePath?: string | null;
}

/** The live scopes of a kind the actor may grant (all for administrators), with their menus, in menu order. */
export async function grantableScopes(db: Db, actor: Actor, kind: 'dataScope' | 'apiScope'): Promise<ScopeGrantRow[]> {
  if (!actor.isAdministrator && !actor.roleIds.length) return [];
  const table = kind === 'dataScope' ? 'bladeScopeData' : 'bladeScopeApi';
  let q = db
    .selectFrom(`${table} as s` as 'bladeScopeApi as s')
    .innerJoin('bladeMenu as m', 'm.id', 's.menuId')
    .select(['s.id', 's.menuId', 'm.name as menuName', 's.scopeName', 's.resourceCode', 's.scopeType'])
    .where('s.isDeleted', '=', 0)
    .where('m.isDeleted', '=', 0);
  if (kind === 'apiScope') q = q.select('s.scopePath');
  if (!actor.isAdministrator) {
    q = q.where('s.id', 'in', (eb) =>
      eb
        .selectFrom('bladeRoleScope')
        .select('scopeId')
        .where('roleId', 'in', actor.roleIds)
        .where('scopeCategory', '=', kind === 'dataScope' ? DATA_SCOPE_CATEGORY : API_SCOPE_CATEGORY),
    );
  }
  return (await q.orderBy('m.sort').orderBy('m.id').orderBy('s.id').execute()) as ScopeGrantRow[];
}
