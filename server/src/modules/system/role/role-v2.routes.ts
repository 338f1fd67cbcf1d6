import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_PAGE_SIZE, pageOf, pageQuery, requiredId, roleDetailV2, roleUserRecord, type RoleDetailV2, type RoleTreeNode } from '@gsl/contract';
import type { Actor } from '../../../platform/access/actor.js';
import { resolveScope } from '../../../platform/access/scope.js';
import { route } from '../../../platform/http/route.js';
import { grantedLists } from './role.grant.js';
import { roleRepo } from './role.repo.js';
import { orgInScope, roleScope, visibleRoleOrNotFound } from './role.service.js';
import { rolesWithinCeiling } from '../../user/grant-ceiling.js';
import { roleForest, roleUserView, roleView } from './role.view.js';

const tags = ['system-role'];

const roleUserFilters = { account: z.string().max(45).optional(), realName: z.string().max(20).optional(), roleId: requiredId('请提供角色编号') };

export const V2 = '/api/blade-system/v2/role';

/**
 * The v2 role calls (specification §7) that v1 has not: the roles an org may use (org roles,
 * blade_role.dept_id, next to the tenant's roles), a role with its grants, and the users holding a role.
 * v2/role/page and v2/role/submit share v1's route (role.routes.ts).
 */
export default async function roleV2Routes(app: FastifyInstance) {
  const tz = app.config.timeZone;

  route(app, {
    method: 'GET',
    url: `${V2}/tree`,
    summary: 'v2/role/tree: 某机构可用的角色树 (cocUnionId 或 deptId, systemType): 该机构的角色与本租户通用角色; 超出本人权限的角色 disabled',
    tags,
    access: { permission: 'authenticated' },
    scope: { resource: 'dept', record: { table: 'blade_dept', idFrom: 'query.deptId', deptColumn: 'id', where: 'is_deleted = 0' } },
    query: z.object({
      deptId: z.union([requiredId('机构编号格式不正确'), z.literal('')]).optional(),
      cocUnionId: z.string().trim().max(64, '机构统一编号过长').optional(),
      systemType: z.string().max(20).optional(),
    }),
    handler: async ({ actor, query }) => {
      const scope = await roleScope(app.db, actor);
      let orgOf: string | null = null;
      if (query.deptId) orgOf = (await orgInScope(app.db, actor, scope, { deptId: query.deptId })).id;
      else if (query.cocUnionId) orgOf = (await orgInScope(app.db, actor, scope, { unionId: query.cocUnionId })).id;
      const rows = await roleRepo.all(app.db, actor.tenantId, scope, { systemType: query.systemType || undefined, orgOf });
      // A role carrying more than the caller holds cannot be given by him: shown, but not to be chosen.
      const within = await rolesWithinCeiling(
        app.db,
        actor,
        rows.map((r) => String(r.id)),
      );
      return markForest(roleForest(rows, actor, tz), (n) => !within.has(n.id));
    },
  });

  route(app, {
    method: 'GET',
    url: `${V2}/detail/:id`,
    summary: 'v2/role/detail/{id}: 角色详情 (含已授予的菜单、数据权限、接口权限编号)',
    tags,
    access: { permission: ['role', 'myorg_role'] },
    scope: { resource: 'dept', record: { table: 'blade_role', idFrom: 'params.id', deptColumn: 'dept_id', where: 'is_deleted = 0 and dept_id is not null' } },
    params: z.object({ id: requiredId('数据编号格式不正确') }),
    response: roleDetailV2,
    handler: async ({ actor, params }) => {
      const row = await visibleRoleOrNotFound(app.db, actor, params.id);
      const granted = await grantedLists(app.db, [String(row.id)]);
      return { ...roleView(row, tz), menuIds: granted.menu, dataScopeIds: granted.dataScope, apiScopeIds: granted.apiScope } satisfies RoleDetailV2;
    },
  });

  /** The users holding a role the actor sees (404 otherwise), inside the user data scope. */
  const userScopeFor = async (actor: Actor, roleId: string) => {
    await visibleRoleOrNotFound(app.db, actor, roleId);
    return resolveScope(app.db, actor, 'user');
  };

  route(app, {
    method: 'GET',
    url: `${V2}/user/list`,
    summary: 'v2/role/user/list: 拥有某角色的用户 (roleId; 用户数据权限范围内)',
    tags,
    access: { permission: 'role' },
    query: z.object(roleUserFilters).passthrough(),
    response: z.array(roleUserRecord),
    handler: async ({ actor, query }) => {
      const rows = await roleRepo.users(
        app.db,
        actor.tenantId,
        await userScopeFor(actor, query.roleId),
        query.roleId,
        query as Record<string, unknown>,
        MAX_PAGE_SIZE,
      );
      return rows.map((r) => roleUserView(r, tz));
    },
  });

  route(app, {
    method: 'GET',
    url: `${V2}/user/page`,
    summary: 'v2/role/user/page: 拥有某角色的用户分页 (roleId、account、realName 过滤; 用户数据权限范围内)',
    tags,
    access: { permission: 'role' },
    query: pageQuery.extend(roleUserFilters).passthrough(),
    response: pageOf(roleUserRecord),
    handler: async ({ actor, query }) => {
      const page = await roleRepo.usersPage(
        app.db,
        actor.tenantId,
        await userScopeFor(actor, query.roleId),
        query.roleId,
        query,
        query as Record<string, unknown>,
      );
      return { ...page, records: page.records.map((r) => roleUserView(r, tz)) };
    },
  });
}

/** Marks the nodes the caller cannot give (grant ceiling) as disabled, for a tree select. */
function markForest(nodes: RoleTreeNode[], disabled: (n: RoleTreeNode) => boolean): RoleTreeNode[] {
  for (const n of nodes) {
    if (disabled(n)) n.disabled = true;
    markForest(n.children, disabled);
  }
  return nodes;
}
