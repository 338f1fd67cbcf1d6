import { createContext, useContext, useMemo } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { useMenuRoutes } from '../api/system/menu';
import { buildRoutes } from './routes/routeTable';
import { useSession } from '../utils/useSession';

const RouteTableContext = createContext<RouteObject[]>([]);

/** The current route table, for the shell to read route meta with matchRoutes. */
export const useRouteTable = (): RouteObject[] => useContext(RouteTableContext);

/** Builds the routes from the static table plus the signed-in user's menu, and renders the match. */
export function AppRoutes() {
  const { token } = useSession();
  const menus = useMenuRoutes();
  const pending = Boolean(token) && menus.isPending && menus.fetchStatus !== 'idle';
  const signedIn = Boolean(token);
  const routes = useMemo(() => buildRoutes(menus.data, pending, signedIn), [menus.data, pending, signedIn]);
  const element = useRoutes(routes);
  return <RouteTableContext.Provider value={routes}>{element}</RouteTableContext.Provider>;
}
