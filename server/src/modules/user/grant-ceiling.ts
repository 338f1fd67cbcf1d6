import { ORG_ACCOUNT_MSG } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { forbidden } from '../../platform/http/errors.js';
import { grantCeilingRepo } from './grant-ceiling.repo.js';

/**
 * The grant ceiling: nobody gives an account a role carrying a menu, a button, a data scope reaching
 * further or an API scope that the giver's own roles do not hold (administrators hold everything). The
 * role calls keep the same rule for what a role is granted (role.grant.ts replaceGrants), so a manager
 * can neither build nor hand out more than he has.
 */
export async function rolesWithinCeiling(db: Db, actor: Actor, roleIds: string[]): Promise<Set<string>> {
  if (actor.isAdministrator) return new Set(roleIds);
  const excess = await grantCeilingRepo.excess(db, roleIds, actor.roleIds);
  return new Set(excess.filter((e) => !e.menus && !e.dataScopes && !e.apiScopes).map((e) => e.roleId));
}

/** 403 when any of the roles carries more than the actor holds. */
export async function assertWithinCeiling(db: Db, actor: Actor, roleIds: string[]): Promise<void> {
  const within = await rolesWithinCeiling(db, actor, roleIds);
  if (roleIds.some((id) => !within.has(String(id)))) throw forbidden(ORG_ACCOUNT_MSG.roleCeiling);
}
