import { randomInt } from 'node:crypto';
import { USER_MSG } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import type { DataScope } from '../../platform/access/scope.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { assertWithinCeiling } from './grant-ceiling.js';
import { userRepo, type RoleRow, type TargetRow } from './user.repo.js';

/** The data scope resource of user accounts (seeded in db/seed/reference-user.ts). */
export { USER_RESOURCE } from './user.repo.js';

/**
 * The password hash of an account nobody can sign on to yet (imported accounts): not an argon2 hash,
 * so every password fails against it until an administrator issues one with reset-password.
 */
export const NO_PASSWORD_HASH = '!no-password';

/**
 * Account rank: administrator (platform) 3, admin (tenant) 2, everyone else 1. An actor may change
 * only accounts of at most their own rank and grant only roles of at most their own rank, so a tenant
 * admin or federation staff member can never reset the platform administrator's password or make
 * themselves administrator.
 */
export const roleRank = (alias: string) => (alias === 'administrator' ? 3 : alias === 'admin' ? 2 : 1);
export const actorRank = (actor: Actor) => (actor.isAdministrator ? 3 : actor.roleAliases.includes('admin') ? 2 : 1);

const split = (list: string | null | undefined) => (list ? list.split(',').filter(Boolean) : []);

export function assertOutranks(actor: Actor, targets: TargetRow[]): void {
  const mine = actorRank(actor);
  for (const t of targets) if (Math.max(1, ...split(t.roleAliases).map(roleRank)) > mine) throw forbidden(USER_MSG.outranked);
}

/** Locks the write's targets; any id missing or outside the scope makes the whole call a 404. */
export async function lockAll(tx: Db, actor: Actor, scope: DataScope, ids: string[]): Promise<TargetRow[]> {
  const targets = await userRepo.lockTargets(tx, scope, ids);
  if (targets.length !== ids.length) throw notFound();
  assertOutranks(actor, targets);
  return targets;
}

/** Whether the actor may give a role: same tenant (the caller loads it so), rank, and an org-owned role's org in scope. */
export function mayGrant(actor: Actor, role: RoleRow, deptsInScope: (deptId: string) => boolean): boolean {
  if (roleRank(role.roleAlias) > actorRank(actor)) return false;
  return actor.isAdministrator || !role.deptId || deptsInScope(role.deptId);
}

/** The roles named, each the tenant's and grantable by the actor (otherwise 400) and within his grant ceiling (otherwise 403). */
export async function grantableRoles(db: Db, actor: Actor, scope: DataScope, roleIds: string[]): Promise<RoleRow[]> {
  const roles = await userRepo.roles(db, actor.tenantId, roleIds);
  if (roles.length !== roleIds.length) throw badRequest(USER_MSG.roleNotGrantable);
  const inScope = new Set<string>();
  for (const r of roles) if (r.deptId && (await userRepo.deptInScope(db, scope, r.deptId))) inScope.add(r.deptId);
  if (!roles.every((r) => mayGrant(actor, r, (d) => inScope.has(d)))) throw badRequest(USER_MSG.roleNotGrantable);
  await assertWithinCeiling(db, actor, roleIds);
  return roles;
}

const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** A random 12-character password with letters and digits (no look-alikes: 0/O, 1/l/I). */
export function randomPassword(length = 12): string {
  const all = LETTERS + DIGITS;
  const chars = [LETTERS[randomInt(LETTERS.length)], DIGITS[randomInt(DIGITS.length)]];
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
