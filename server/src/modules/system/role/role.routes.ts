import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ID_LIST_RE, ID_MSG, MSG, idsQuery, pageOf, requiredId, roleGrant, roleRecord, roleSubmit, roleSubmitV2, roleTreeKeys } from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { menuRepo } from '../menu/menu.repo.js';
import { menuTree } from '../menu/menu.view.js';
import { grantableScopes, grantedLists, type ScopeGrantRow } from './role.grant.js';
import { roleRepo } from './role.repo.js';
import { roleScope, roleService, visibleRolesOrNotFound } from './role.service.js';
import { roleForest, roleView } from './role.view.js';
import roleV2Routes, { V2 } from './role-v2.routes.js';
import { rolePageQuery } from './role.schema.js';

const tags = ['system-role'];
const idList = (msg: string) => z.string({ message: msg }).trim().min(1, msg).max(4000, '一次选择的数据过多').regex(ID_LIST_RE, ID_MSG);

/** A scope tree for the grant dialog: its menus as group nodes (keys `menu_<id>`), the scopes as leaves (keys their ids). */
function scopeTree(rows: ScopeGrantRow[]) {
  const groups = new Map<
    string,
    { id: string; parentId: string; title: string; key: string; value: string; menuId: string; kind: 'menu'; hasChildren: boolean; children: unknown[] }
  >();
  for (const r of rows) {
    const groupId = `menu_${r.menuId}`;
    let g = groups.get(groupId);
    if (!g) {
      g = {
        id: groupId,
        parentId: '0',
        title: r.menuName,
        key: groupId,
        value: groupId,
        menuId: String(r.menuId),
        kind: 'menu',
        hasChildren: true,
        children: [],
      };
      groups.set(groupId, g);
    }
    const id = String(r.id);
    g.children.push({
      id,
      parentId: groupId,
      title: r.scopeName,
      key: id,
      value: id,
      kind: 'scope',
      resourceCode: r.resourceCode,
      scopeType: r.scopeType,
      ...(r.scopePath !== undefined ? { scopePath: r.scopePath } : {}),
      hasChildren: false,
      children: [],
    });
  }
  return [...groups.values()];
}

export default async function roleRoutes(app: FastifyInstance) {
  const tz = app.config.timeZone;
  const base = '/api/blade-system/role';

  // The v1 and v2 lists answer the same visible roles (org roles too); the whitelist takes v2's extra filters on both.
  // v2 also serves 我的组织 › 角色管理 (myorg_role): the org's own roles.
  for (const [url, summary, permission] of [
    [`${base}/page-list`, 'role page-list: 角色分页列表 (roleName、roleAlias 过滤)', ['role']],
    [`${V2}/page`, 'v2/role/page: 角色分页列表 (含机构角色; roleName、roleAlias、deptId、systemType、status 过滤)', ['role', 'myorg_role']],
  ] as const) {
    route(app, {
      method: 'GET',
      url,
      summary,
      tags,
      access: { permission },
      query: rolePageQuery,
      response: pageOf(roleRecord),
      handler: async ({ actor, query }) => {
        const page = await roleService.page(app.db, actor, query);
        return { ...page, records: page.records.map((r) => roleView(r, tz)) };
      },
    });
  }

  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/grant-tree',
    summary: 'menu grant-tree: 角色授权可选项 (当前用户可授予的菜单与按钮、数据权限、接口权限; systemType, roleId)',
    tags,
    access: { permission: ['role', 'myorg_role'] },
    query: z.object({
      systemType: z.string().max(20).optional(),
      roleId: z
        .string()
        .regex(/^\d{0,19}$/, '角色编号格式不正确')
        .optional(),
    }),
    handler: async ({ actor, query }) => {
      if (query.roleId) await visibleRolesOrNotFound(app.db, actor, await roleScope(app.db, actor), [query.roleId]);
      const [menus, dataScopes, apiScopes] = await Promise.all([
        menuRepo.granted(app.db, actor),
        grantableScopes(app.db, actor, 'dataScope'),
        grantableScopes(app.db, actor, 'apiScope'),
      ]);
      return { menu: menuTree(menus), dataScope: scopeTree(dataScopes), apiScope: scopeTree(apiScopes) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/role-tree-keys',
    summary: 'menu role-tree-keys: 角色已授予的菜单、数据权限、接口权限编号 (roleIds)',
    tags,
    access: { permission: 'role' },
    query: z.object({ roleIds: idList('请选择角色') }),
    response: roleTreeKeys,
    handler: async ({ actor, query }) => {
      const ids = [...new Set(query.roleIds.split(','))];
      await visibleRolesOrNotFound(app.db, actor, await roleScope(app.db, actor), ids);
      return grantedLists(app.db, ids);
    },
  });

  route(app, {
    method: 'POST',
    url: `${base}/grant`,
    summary: 'role grant: 角色授权 (roleIds、menuIds、dataScopeIds、apiScopeIds; 一次事务内替换)',
    tags,
    access: { permission: 'role_menu' },
    body: roleGrant,
    handler: async ({ actor, body }) => {
      await roleService.grant(app.db, actor, body);
      return withMsg(null, '授权成功');
    },
  });

  // One submit rule for both; v2's body may also name an org (deptId) and the menus to grant (menuIds).
  for (const [url, summary, body, permission] of [
    [`${base}/submit`, 'role submit: 新增或修改角色 (无 id 新增, 有 id 按 version 修改)', roleSubmit, ['role']],
    [
      `${V2}/submit`,
      'v2/role/submit: 新增或修改角色并授权 (systemType aoc; deptId 为机构角色; menuIds、dataScopeIds、apiScopeIds 一并替换, 只能授予本人拥有的; 我的组织 › 角色管理只管理机构角色)',
      roleSubmitV2,
      ['role', 'myorg_role'],
    ],
  ] as const) {
    route(app, {
      method: 'POST',
      url,
      summary,
      tags,
      access: { permission },
      body,
      response: roleRecord,
      readOnly: ['status'], // changed by role/enable and role/disable; BladeX clients send back what they read
      handler: async ({ actor, body }) => {
        const { row, created } = await roleService.submit(app.db, actor, body);
        return withMsg(roleView(row, tz), created ? MSG.added : MSG.updated);
      },
    });
  }

  removeRoute(app, {
    url: `${base}/remove`,
    summary: 'role remove: 删除角色 (ids; 内置角色、仍有用户或子角色时拒绝)',
    tags,
    permission: 'role_delete',
    remove: (ids, actor) => roleService.remove(app.db, actor, ids),
  });

  for (const [action, status, label] of [
    ['enable', 1, '启用'],
    ['disable', 0, '禁用'],
  ] as const) {
    route(app, {
      method: 'POST',
      url: `${base}/${action}`,
      summary: `role ${action}: ${label}角色 (ids; 禁用即时生效)`,
      tags,
      access: { permission: `role_${action}` },
      query: idsQuery,
      handler: async ({ actor, query }) => {
        await roleService.setStatus(app.db, actor, query.ids.split(','), status);
        return withMsg(null, `${label}成功`);
      },
    });
  }

  route(app, {
    method: 'GET',
    url: `${base}/tree`,
    summary: 'role tree: 本租户角色树 (下拉选择; 可按 systemType)',
    tags,
    access: { permission: 'authenticated' },
    query: z.object({ systemType: z.string().max(20).optional(), tenantId: z.string().max(12).optional() }),
    handler: async ({ actor, query }) =>
      roleForest(await roleRepo.all(app.db, actor.tenantId, await roleScope(app.db, actor), { systemType: query.systemType || undefined }), actor, tz),
  });

  // BladeX Saber's 角色管理 reads the roles as a tree (role/list) and a role by `id` (role/detail).
  route(app, {
    method: 'GET',
    url: `${base}/list`,
    summary: 'role list: 角色树形列表 (BladeX; roleName、roleAlias 包含过滤, 命中角色的上级不在结果中时其自成根节点)',
    tags,
    access: { permission: 'role' },
    query: z
      .object({
        roleName: z.string().max(255).optional(),
        roleAlias: z.string().max(255).optional(),
        current: z.string().max(20).optional(),
        size: z.string().max(20).optional(),
      })
      .strict(),
    handler: async ({ actor, query }) =>
      roleForest(
        await roleRepo.all(app.db, actor.tenantId, await roleScope(app.db, actor), {
          roleName: query.roleName?.trim() || undefined,
          roleAlias: query.roleAlias?.trim() || undefined,
        }),
        actor,
        tz,
      ),
  });

  route(app, {
    method: 'GET',
    url: `${base}/detail`,
    summary: 'role detail: 角色详情 (BladeX; id)',
    tags,
    access: { permission: 'role' },
    query: z.object({ id: requiredId('数据编号格式不正确') }),
    response: roleRecord,
    handler: async ({ actor, query }) => {
      const [row] = await visibleRolesOrNotFound(app.db, actor, await roleScope(app.db, actor), [query.id]);
      return roleView(row, tz);
    },
  });

  route(app, {
    method: 'GET',
    url: `${base}/tree-by-id`,
    summary: 'role tree-by-id: 某角色及其下级角色的树 (roleId)',
    tags,
    access: { permission: 'authenticated' },
    query: z.object({ roleId: requiredId('请提供角色编号') }),
    handler: async ({ actor, query }) => {
      const forest = roleForest(await roleRepo.all(app.db, actor.tenantId, await roleScope(app.db, actor)), actor, tz);
      const found = findNode(forest, query.roleId);
      if (!found) throw notFound();
      return [found];
    },
  });

  await roleV2Routes(app);
}

function findNode<T extends { id: string; children: T[] }>(nodes: T[], id: string): T | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = findNode(n.children, id);
    if (below) return below;
  }
  return undefined;
}
