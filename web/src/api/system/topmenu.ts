import { useQuery } from '@tanstack/react-query';
import type { Envelope, MenuTreeNode, TopMenuGrant, TopMenuSubmit, TopMenuView } from '@gsl/contract';
import { bladeCrudApi } from '../crud';
import { get, request } from '../http';

/**
 * 顶部菜单 (specification §7 "topmenu: GET list; GET detail; POST remove; POST submit; POST grant;
 * GET menu/grant-top-tree; GET menu/top-tree-keys"):
 *   GET  /api/blade-system/topmenu/list          current, size, code, name → a page of top menus
 *   POST /api/blade-system/topmenu/submit        TopMenuSubmit; with id + version updates
 *   POST /api/blade-system/topmenu/remove        ?ids= (their menu settings go with them)
 *   GET  /api/blade-system/menu/grant-top-tree   → { menu }: the menus (no buttons) the user holds (BladeX's shape)
 *   GET  /api/blade-system/menu/top-tree-keys    topMenuIds → { menu }: the menu ids configured under them
 *   POST /api/blade-system/topmenu/grant         TopMenuGrant → 配置成功
 * Permission: topmenu, buttons topmenu_add / _edit / _delete / _view, topmenu_setting (菜单配置).
 */
export const topMenuKeys = {
  all: ['system', 'topmenu'] as const,
  setting: (ids: string[]) => ['system', 'topmenu', 'setting', ids.join(',')] as const,
};

export const topMenuApi = bladeCrudApi<TopMenuView, TopMenuSubmit>('/api/blade-system/topmenu', topMenuKeys.all);

export const getGrantTopTree = async (signal?: AbortSignal): Promise<MenuTreeNode[]> =>
  (await get<{ menu: MenuTreeNode[] }>('/api/blade-system/menu/grant-top-tree', undefined, { signal }))?.menu ?? [];

export const getTopTreeKeys = async (topMenuIds: string[], signal?: AbortSignal): Promise<string[]> =>
  (await get<{ menu: string[] }>('/api/blade-system/menu/top-tree-keys', { topMenuIds: topMenuIds.join(',') }, { signal }))?.menu ?? [];

export const grantTopMenus = async (body: TopMenuGrant): Promise<string> =>
  (await request<Envelope<null>>('/api/blade-system/topmenu/grant', { method: 'POST', body })).msg;

/** The 菜单配置 dialog's tree and the menus configured under these top menus (fresh each opening). */
export function useTopMenuSetting(topMenuIds: string[], enabled: boolean) {
  return useQuery({
    queryKey: topMenuKeys.setting(topMenuIds),
    queryFn: async ({ signal }) => {
      const [tree, keys] = await Promise.all([getGrantTopTree(signal), getTopTreeKeys(topMenuIds, signal)]);
      return { tree, keys };
    },
    enabled: enabled && topMenuIds.length > 0,
    gcTime: 0,
    staleTime: 0,
  });
}
