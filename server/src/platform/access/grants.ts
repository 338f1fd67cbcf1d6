import type { Db } from '../../db/connection.js';
import type { PermissionCode } from '@gsl/contract';
import { forbidden } from '../http/errors.js';
import type { Actor } from './actor.js';

/** Whether the actor's roles hold a menu or button code (administrators hold all). */
export async function isGranted(db: Db, actor: Actor, code: PermissionCode): Promise<boolean> {
  if (actor.isAdministrator) return true;
  if (!actor.roleIds.length) return false;
  const row = await db
    .selectFrom('bladeRoleMenu as rm')
    .innerJoin('bladeMenu as m', 'm.id', 'rm.menuId')
    .select('m.id')
    .where('m.code', '=', code)
    .where('m.isDeleted', '=', 0)
    .where('rm.roleId', 'in', actor.roleIds)
    .executeTakeFirst();
  return !!row;
}

/**
 * For a route that serves two actions (BladeX's `submit` inserts without id and updates with id),
 * the action's own button code is checked here, on top of the route's declared permission.
 */
export async function assertGranted(db: Db, actor: Actor, code: PermissionCode): Promise<void> {
  if (!(await isGranted(db, actor, code))) throw forbidden();
}
