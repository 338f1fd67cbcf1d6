import { ROLE_MSG } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { badRequest, forbidden } from '../../../platform/http/errors.js';
import { menuRepo } from '../menu/menu.repo.js';
import { roleGrantRepo, type ScopeGrantRow } from './role-grant.repo.js';

export type { ScopeGrantRow } from './role-grant.repo.js';

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
  return kind === 'menu' ? menuRepo.liveIds(db, ids) : new Set(await roleGrantRepo.liveScopeIds(db, kind, ids));
}

/**
 * What the actor may grant of a kind: everything for administrators ('all'), otherwise exactly what
 * the actor's own enabled roles hold (actor.roleIds only lists enabled roles the user still has).
 */
export async function heldIds(db: Db, actor: Actor, kind: GrantKind): Promise<Set<string> | 'all'> {
  if (actor.isAdministrator) return 'all';
  if (!actor.roleIds.length) return new Set();
  return new Set(kind === 'menu' ? await roleGrantRepo.menuIdsOf(db, actor.roleIds) : await roleGrantRepo.scopeIdsHeld(db, actor.roleIds, kind));
}

/** What the roles hold of a kind (live items only). */
export async function grantedIds(db: Db, roleIds: string[], kind: GrantKind): Promise<string[]> {
  if (!roleIds.length) return [];
  return kind === 'menu' ? roleGrantRepo.menuIdsOf(db, roleIds) : roleGrantRepo.liveScopeIdsOf(db, roleIds, kind);
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
    const only = mine === 'all' ? undefined : [...mine];
    if (kind === 'menu') {
      await roleGrantRepo.deleteMenus(tx, roleIds, only);
      await roleGrantRepo.insertMenus(tx, roleIds, ids);
    } else {
      await roleGrantRepo.deleteScopes(tx, roleIds, kind, only);
      await roleGrantRepo.insertScopes(tx, roleIds, kind, ids);
    }
  }
}

/** The live scopes of a kind the actor may grant (all for administrators), with their menus, in menu order. */
export async function grantableScopes(db: Db, actor: Actor, kind: 'dataScope' | 'apiScope'): Promise<ScopeGrantRow[]> {
  if (!actor.isAdministrator && !actor.roleIds.length) return [];
  return roleGrantRepo.scopesWithMenus(db, kind, actor.isAdministrator ? 'all' : actor.roleIds);
}
