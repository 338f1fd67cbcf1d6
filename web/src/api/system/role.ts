import { useQuery } from '@tanstack/react-query';
import type { Envelope, RoleGrant, RoleGrantTree, RoleSubmit, RoleTreeKeys, RoleTreeNode } from '@gsl/contract';
import { bladeCrudApi, type CrudApi } from '../crud';
import { get, request } from '../http';
import { filterForest, forestPage } from './forest';

/**
 * 角色管理 (specification §6 "Role administration", §7 role calls):
 *   GET  /api/blade-system/role/tree                 systemType           → the tenant's role forest (what the table shows)
 *   POST /api/blade-system/role/submit               RoleSubmit; with id + version updates → 新增成功 / 更新成功
 *   POST /api/blade-system/role/remove               ?ids= (built-ins, roles with users or children refused)
 *   POST /api/blade-system/role/enable | disable     ?ids=                → 启用成功 / 禁用成功
 *   GET  /api/blade-system/menu/grant-tree           systemType, roleId   → { menu, dataScope, apiScope } the user may grant
 *   GET  /api/blade-system/menu/role-tree-keys       roleIds              → { menu, dataScope, apiScope } the roles hold
 *   POST /api/blade-system/role/grant                RoleGrant            → 授权成功
 * Permission: role, buttons role_add / role_edit / role_delete / role_view, role_menu (权限设置),
 * role_enable, role_disable.
 */
export type RoleRow = Omit<RoleTreeNode, 'children' | 'title' | 'key' | 'value'> & { children?: RoleRow[] };

export const SYSTEM_TYPE = 'aoc';
const BASE = '/api/blade-system/role';

export const roleKeys = {
  all: ['system', 'role'] as const,
  tree: ['system', 'role', 'tree'] as const,
  grant: (roleIds: string[]) => ['system', 'role', 'grant', roleIds.join(',')] as const,
};

/** Tree node → table row: no tree-select fields, no empty `children`. */
function nodeToRow(node: RoleTreeNode): RoleRow {
  const { children, title: _t, key: _k, value: _v, ...row } = node;
  return children?.length ? { ...row, children: children.map(nodeToRow) } : row;
}

export const getRoleTree = async (signal?: AbortSignal): Promise<RoleTreeNode[]> =>
  (await get<RoleTreeNode[]>(`${BASE}/tree`, { systemType: SYSTEM_TYPE }, { signal })) ?? [];

/**
 * The role table: the forest, filtered by 角色名称 / 角色别名 (BladeX: matching rows as a tree) and
 * paged by its top-level roles.
 */
export const roleApi: CrudApi<RoleRow, RoleSubmit> = {
  ...bladeCrudApi<RoleRow, RoleSubmit>(BASE, roleKeys.all),
  list: async (query, signal) => forestPage(filterForest((await getRoleTree(signal)).map(nodeToRow), query, ['roleName', 'roleAlias']), query),
};

/** The roles for the 上级角色 select and 用户管理's 所属角色 / 角色配置; refreshed by every role write (same root key). */
export function useRoleTree(enabled = true) {
  return useQuery({ queryKey: roleKeys.tree, queryFn: ({ signal }) => getRoleTree(signal), enabled });
}

export const setRoleStatus = async (ids: string[], enable: boolean): Promise<string> =>
  (await request<Envelope<null>>(`${BASE}/${enable ? 'enable' : 'disable'}`, { method: 'POST', params: { ids: ids.join(',') } })).msg;

export const getGrantTree = async (roleId: string | undefined, signal?: AbortSignal): Promise<RoleGrantTree> =>
  (await get<RoleGrantTree>('/api/blade-system/menu/grant-tree', { systemType: SYSTEM_TYPE, roleId }, { signal })) ?? { menu: [], dataScope: [], apiScope: [] };

export const getRoleTreeKeys = async (roleIds: string[], signal?: AbortSignal): Promise<RoleTreeKeys> =>
  (await get<RoleTreeKeys>('/api/blade-system/menu/role-tree-keys', { roleIds: roleIds.join(',') }, { signal })) ?? { menu: [], dataScope: [], apiScope: [] };

export const grantRoles = async (body: RoleGrant): Promise<string> => (await request<Envelope<null>>(`${BASE}/grant`, { method: 'POST', body })).msg;

/** What the grant dialog needs for these roles: the grantable trees and what the roles hold (fresh each opening). */
export function useRoleGrant(roleIds: string[], enabled: boolean) {
  return useQuery({
    queryKey: roleKeys.grant(roleIds),
    queryFn: async ({ signal }) => {
      const [tree, keys] = await Promise.all([getGrantTree(roleIds.length === 1 ? roleIds[0] : undefined, signal), getRoleTreeKeys(roleIds, signal)]);
      return { tree, keys };
    },
    enabled: enabled && roleIds.length > 0,
    gcTime: 0,
    staleTime: 0,
  });
}
