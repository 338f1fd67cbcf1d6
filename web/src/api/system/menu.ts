import { useQuery } from '@tanstack/react-query';
import type { MenuSubmit, MenuTreeNode } from '@gsl/contract';
import { useSession } from '../../utils/useSession';
import { bladeCrudApi, type CrudApi } from '../crud';
import { get } from '../http';
import { forestPage } from './forest';

/** A node of the user's menu forest (wire contract §5). */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias?: string | null;
  path: string;
  source?: string | null;
  sort: number;
  category: number;
  action?: number | null;
  isOpen?: number | null;
  children?: MenuNode[];
}

export const getRoutes = (topMenuId?: string, signal?: AbortSignal) => get<MenuNode[]>('/api/blade-system/menu/routes', { topMenuId }, { signal });

export const getButtons = (signal?: AbortSignal) => get<MenuNode[]>('/api/blade-system/menu/buttons', undefined, { signal });

/** Flattens the button forest into `permission[code] = true` (specification §6). */
export function flattenPermissions(nodes: MenuNode[] | undefined, out: Record<string, true> = {}): Record<string, true> {
  for (const node of nodes ?? []) {
    if (node.code) out[node.code] = true;
    flattenPermissions(node.children, out);
  }
  return out;
}

export const menuKeys = {
  routes: (topMenuId?: string) => ['menu', 'routes', topMenuId ?? ''] as const,
  buttons: ['menu', 'buttons'] as const,
};

const STABLE = { staleTime: 5 * 60_000, gcTime: Infinity } as const;

/** The user's menu routes; only while signed in. */
export function useMenuRoutes(topMenuId?: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: menuKeys.routes(topMenuId),
    queryFn: ({ signal }) => getRoutes(topMenuId, signal).then((nodes) => nodes ?? []),
    enabled: Boolean(token),
    ...STABLE,
  });
}

/** The permission map: show a button only when `permission[code]` (wire contract §5). */
export function usePermissions() {
  const { token } = useSession();
  return useQuery({
    queryKey: menuKeys.buttons,
    queryFn: ({ signal }) => getButtons(signal).then((nodes) => flattenPermissions(nodes)),
    enabled: Boolean(token),
    ...STABLE,
  });
}

/*
 * 菜单管理: the administration calls of blade_menu.
 *   GET  /api/blade-system/menu/list    name, code, alias, category → the whole menu forest (buttons as children of their menu)
 *   GET  /api/blade-system/menu/tree                                → menus only (上级菜单 / 所属菜单 choices)
 *   POST /api/blade-system/menu/submit  MenuSubmit; with id + version updates → 新增成功 / 更新成功
 *   POST /api/blade-system/menu/remove  ?ids= (a menu with children or a built-in code is refused)
 * Permission: menu, buttons menu_add / menu_edit / menu_delete / menu_view.
 */
export type MenuAdminRow = Omit<MenuTreeNode, 'children' | 'title' | 'key' | 'value'> & { children?: MenuAdminRow[] };

export const menuAdminKeys = {
  all: ['system', 'menu'] as const,
  tree: ['system', 'menu', 'tree'] as const,
};

function menuNodeToRow(node: MenuTreeNode): MenuAdminRow {
  const { children, title: _t, key: _k, value: _v, ...row } = node;
  return children?.length ? { ...row, children: children.map(menuNodeToRow) } : row;
}

/** The menu table: the server filters (a match whose parent did not match is a root); paged by top-level rows. */
export const menuAdminApi: CrudApi<MenuAdminRow, MenuSubmit> = {
  ...bladeCrudApi<MenuAdminRow, MenuSubmit>('/api/blade-system/menu', menuAdminKeys.all),
  list: async (query, signal) => {
    const { current: _c, size: _s, ...filters } = query;
    const forest = (await get<MenuTreeNode[]>('/api/blade-system/menu/list', filters, { signal })) ?? [];
    return forestPage(forest.map(menuNodeToRow), query);
  },
};

export const getMenuTree = async (signal?: AbortSignal): Promise<MenuTreeNode[]> =>
  (await get<MenuTreeNode[]>('/api/blade-system/menu/tree', undefined, { signal })) ?? [];

/** The menus (no buttons) as a tree, for 上级菜单 and the scope screens; refreshed by every menu write. */
export function useMenuTree(enabled = true) {
  return useQuery({ queryKey: menuAdminKeys.tree, queryFn: ({ signal }) => getMenuTree(signal), enabled });
}
