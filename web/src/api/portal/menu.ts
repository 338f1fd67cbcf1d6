import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../utils/useSession';
import { get } from '../http';
import type { MenuNode } from '../system/menu';

/** isOpen 2 = "nojump": the entry opens its path in a new tab (specification §2). */
export const NOJUMP = 2;

/** The portal's top entries the user is granted (我的一天 is added by the client). */
export const getPortalMenu = (signal?: AbortSignal) => get<MenuNode[]>('/api/aoc-service/portal/menu', undefined, { signal });

export function usePortalMenu() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['portal', 'menu'],
    queryFn: ({ signal }) => getPortalMenu(signal).then((nodes) => nodes ?? []),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}
