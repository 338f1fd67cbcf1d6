import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session/useSession';
import { get } from '../http';

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

export const getRoutes = (topMenuId?: string, signal?: AbortSignal) =>
  get<MenuNode[]>('/api/blade-system/menu/routes', { topMenuId }, { signal });

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
