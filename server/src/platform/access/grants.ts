import type { Db } from '../../db/connection.js';
import type { PermissionCode } from '@gsl/contract';
import { forbidden } from '../http/errors.js';
import { grantedCodesOf, type Actor } from './actor.js';

/** Whether the actor's roles hold a menu or button code (administrators hold all); kept with the actor's grants. */
export async function isGranted(db: Db, actor: Actor, code: PermissionCode): Promise<boolean> {
  if (actor.isAdministrator) return true;
  if (!actor.roleIds.length) return false;
  return (await grantedCodesOf(db, actor.roleIds)).has(code);
}

/**
 * For a route that serves two actions (BladeX's `submit` inserts without id and updates with id),
 * the action's own button code is checked here, on top of the route's declared permission.
 */
export async function assertGranted(db: Db, actor: Actor, code: PermissionCode): Promise<void> {
  if (!(await isGranted(db, actor, code))) throw forbidden();
}
