import {
  ROLE_ADMIN,
  ROLE_ADMINISTRATOR,
  ROLE_MSG,
  STALE_VERSION_MSG,
  VERSION_REQUIRED_MSG,
  roleHasChildren,
  roleHasUsers,
  type PageQuery,
  type RoleGrant,
  type RoleSubmitV2,
} from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { assertGranted, isGranted } from '../../../platform/access/grants.js';
import { resolveScope, type DataScope } from '../../../platform/access/scope.js';
import { dbErrorCode, violatedConstraint } from '../../../platform/http/db-errors.js';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.js';
import { replaceGrants } from './role.grant.js';
import { roleRepo, type RoleRow } from './role.repo.js';

const ROOT = '0';
const BUILTIN = new Set<string>([ROLE_ADMINISTRATOR, ROLE_ADMIN]);

/** Rank of a role (as the user module ranks them): administrator 3, admin 2, any other 1. */
export const roleRank = (alias: string) => (alias === ROLE_ADMINISTRATOR ? 3 : alias === ROLE_ADMIN ? 2 : 1);
export const actorRank = (actor: Actor) => (actor.isAdministrator ? 3 : actor.roleAliases.includes(ROLE_ADMIN) ? 2 : 1);

/**
 * Org roles (blade_role.dept_id) are limited by the actor's dept data scope: an org outside it is
 * invisible (404), as its roles are. Tenant roles (no org) are visible to the whole tenant.
 */
export const roleScope = (db: Db, actor: Actor): Promise<DataScope> => resolveScope(db, actor, 'dept');

/** Nobody changes a role that outranks him: the administrator role only administrators, the admin role only admins. */
export function assertMayChange(actor: Actor, roles: Array<Pick<RoleRow, 'roleAlias'>>): void {
  for (const r of roles) {
    if (roleRank(r.roleAlias) > actorRank(actor)) throw forbidden(r.roleAlias === ROLE_ADMINISTRATOR ? ROLE_MSG.administratorOnly : ROLE_MSG.outranked);
  }
}

/** Every id must name a role the actor sees; otherwise 404 (another tenant's, out of scope, gone). */
export async function visibleRolesOrNotFound(db: Db, actor: Actor, scope: DataScope, ids: string[]): Promise<RoleRow[]> {
  const unique = [...new Set(ids)];
  const rows = await roleRepo.manyVisible(db, actor.tenantId, scope, unique);
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

/** The org (dept) the actor names, if it is a live dept of the tenant inside the scope; else 404. */
export async function orgInScope(db: Db, actor: Actor, scope: DataScope, by: { deptId?: string; unionId?: string }): Promise<{ id: string; deptName: string }> {
  const row = await roleRepo.findOrgInScope(db, actor.tenantId, scope, by);
  if (!row) throw notFound();
  return { id: String(row.id), deptName: row.deptName };
}

/** The role if the actor sees it; else 404 (another tenant's, an org role out of scope, gone). */
export async function visibleRoleOrNotFound(db: Db, actor: Actor, id: string): Promise<RoleRow> {
  const row = await roleRepo.findVisible(db, actor.tenantId, await roleScope(db, actor), id);
  if (!row) throw notFound();
  return row;
}

export const roleService = {
  /** role/page-list and v2/role/page: the roles the actor sees, filtered and paged. */
  async page(db: Db, actor: Actor, query: PageQuery) {
    return roleRepo.page(db, actor.tenantId, await roleScope(db, actor), query, query as Record<string, unknown>);
  },

  /**
   * role/submit and v2/role/submit: insert without id (role_add), update with id at its version
   * (role_edit); v2 may name an org and replace the role's menu grants (role_menu) in the same transaction.
   */
  async submit(db: Db, actor: Actor, input: RoleSubmitV2): Promise<{ row: RoleRow; created: boolean }> {
    // 角色管理 (administration) with its buttons, or 我的组织 › 角色管理 with its own: there only org roles.
    const admin = await isGranted(db, actor, 'role');
    const button = admin ? (input.id ? 'role_edit' : 'role_add') : input.id ? 'myorg_role_edit' : 'myorg_role_add';
    await assertGranted(db, actor, button);
    const grants = input.menuIds || input.dataScopeIds || input.apiScopeIds;
    if (grants && admin) await assertGranted(db, actor, 'role_menu');
    const scope = await roleScope(db, actor);
    const parentId = input.parentId && input.parentId !== ROOT ? input.parentId : ROOT;
    try {
      const id = await db.transaction().execute(async (tx) => {
        const before = input.id ? await roleRepo.findVisible(tx, actor.tenantId, scope, input.id) : undefined;
        if (input.id && !before) throw notFound();
        if (!admin && before && before.deptId === null) throw notFound(); // a tenant role is not an org's to change
        if (before) assertMayChange(actor, [before]);
        if (before && BUILTIN.has(before.roleAlias) && before.roleAlias !== input.roleAlias) throw badRequest(ROLE_MSG.builtinAlias);
        if ((!before || before.roleAlias !== input.roleAlias) && BUILTIN.has(input.roleAlias)) throw badRequest(ROLE_MSG.aliasReserved);
        if (parentId !== ROOT) {
          if (!(await roleRepo.findVisible(tx, actor.tenantId, scope, parentId))) throw badRequest(ROLE_MSG.parentMissing);
          if (input.id && isSelfOrBelow(await roleRepo.parents(tx, actor.tenantId), parentId, input.id)) throw badRequest(ROLE_MSG.parentSelf);
        }
        let deptId: string | null = before ? before.deptId : null;
        if (input.deptId !== undefined) deptId = input.deptId ? (await orgInScope(tx, actor, scope, { deptId: input.deptId })).id : null;
        if (!admin && !deptId) throw badRequest(ROLE_MSG.orgRoleOnly);
        const values = {
          parentId,
          roleName: input.roleName,
          roleAlias: input.roleAlias,
          systemType: input.systemType ?? before?.systemType ?? 'aoc',
          deptId,
          sort: input.sort,
        };
        let roleId: string;
        if (!before) {
          roleId = await roleRepo.insert(tx, { ...values, tenantId: actor.tenantId, createUser: actor.userId, createDept: actor.deptId });
        } else {
          if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
          const updated = await roleRepo.updateAtVersion(tx, actor.tenantId, before.id, input.version, { ...values, updateUser: actor.userId });
          if (!updated) throw badRequest(STALE_VERSION_MSG);
          roleId = updated;
        }
        if (grants) await replaceGrants(tx, actor, [roleId], { menuIds: input.menuIds, dataScopeIds: input.dataScopeIds, apiScopeIds: input.apiScopeIds });
        return roleId;
      });
      return { row: await visibleRoleOrNotFound(db, actor, id), created: !input.id };
    } catch (err) {
      if (dbErrorCode(err) === '23505' && violatedConstraint(err) === 'uk_role_alias') throw badRequest(ROLE_MSG.aliasExists);
      throw err;
    }
  },

  /** role/grant: replaces the roles' grants of each list given, in one transaction. */
  async grant(db: Db, actor: Actor, input: RoleGrant): Promise<void> {
    const scope = await roleScope(db, actor);
    const roleIds = [...new Set(input.roleIds)];
    await db.transaction().execute(async (tx) => {
      const roles = await visibleRolesOrNotFound(tx, actor, scope, roleIds);
      assertMayChange(actor, roles);
      await roleRepo.lock(tx, roleIds);
      await replaceGrants(tx, actor, roleIds, input);
    });
  },

  /** role/remove: built-ins, roles with users and roles with children (not removed with them) are refused. */
  async remove(db: Db, actor: Actor, ids: string[]): Promise<void> {
    const scope = await roleScope(db, actor);
    await db.transaction().execute(async (tx) => {
      const roles = await visibleRolesOrNotFound(tx, actor, scope, ids);
      if (roles.some((r) => BUILTIN.has(r.roleAlias))) throw badRequest(ROLE_MSG.builtinRemove);
      assertMayChange(actor, roles);
      // Locked: a user cannot be given one of these roles between the check and the removal.
      await roleRepo.lock(tx, ids);
      const users = await roleRepo.userCounts(tx, ids);
      const withUsers = roles.find((r) => (users.get(String(r.id)) ?? 0) > 0);
      if (withUsers) throw badRequest(roleHasUsers(withUsers.roleName));
      const child = await roleRepo.firstOrphanedChild(tx, ids);
      if (child) throw badRequest(roleHasChildren(roles.find((r) => String(r.id) === String(child.parentId))?.roleName ?? ''));
      await roleRepo.softDelete(tx, actor.tenantId, ids, actor.userId);
    });
  },

  /** role/enable, role/disable: a disabled role stops granting at once (the actor only counts enabled roles). */
  async setStatus(db: Db, actor: Actor, ids: string[], status: 0 | 1): Promise<void> {
    const scope = await roleScope(db, actor);
    const roles = await visibleRolesOrNotFound(db, actor, scope, ids);
    if (status === 0 && roles.some((r) => r.roleAlias === ROLE_ADMINISTRATOR)) throw badRequest(ROLE_MSG.administratorDisable);
    assertMayChange(actor, roles);
    await roleRepo.setStatus(db, actor.tenantId, [...new Set(ids)], status, actor.userId);
  },
};

/** Is `candidate` the node itself or one of its descendants? (walks up from the candidate) */
function isSelfOrBelow(parents: Map<string, string>, candidate: string, nodeId: string): boolean {
  let current: string | undefined = candidate;
  for (let depth = 0; current && current !== ROOT && depth < 256; depth++) {
    if (current === nodeId) return true;
    current = parents.get(current);
  }
  return false;
}
