import { Navigate, type RouteObject } from 'react-router';
import type { MenuNode } from '../../api/system/menu';
import type { RouteMeta } from './meta';
import { ADMIN_PAGES } from './adminPages';
import { DEFAULT_PAGE } from './portalPages';

/** Roots of the user's menu forest that are not the portal: the admin menus. */
export function adminRoots(menus: MenuNode[] | undefined): MenuNode[] {
  return (menus ?? []).filter((node) => node.path && !node.path.startsWith('/portal'));
}

const menuChildren = (node: MenuNode) => (node.children ?? []).filter((c) => c.category === 1 && c.path);

/** The first leaf menu under a node (where 系统管理 and a bare /system lead). */
export function firstLeaf(node: MenuNode): MenuNode {
  const kids = menuChildren(node);
  return kids.length ? firstLeaf(kids[0]) : node;
}

export const UNREGISTERED_NOTE = '该菜单的管理页面将在后续版本提供';

/** Routes added from the server's menu (specification §2 "Server-supplied menu routes"). */
export function adminRoutes(menus: MenuNode[] | undefined): RouteObject[] {
  const routes: RouteObject[] = [];
  const walk = (node: MenuNode, group: string) => {
    const kids = menuChildren(node);
    const meta: RouteMeta = { title: node.name, isAuth: true, group, note: UNREGISTERED_NOTE };
    if (kids.length) {
      routes.push({ path: node.path, element: <Navigate to={firstLeaf(node).path} replace />, handle: { ...meta, isTab: false } });
      kids.forEach((kid) => walk(kid, group));
      return;
    }
    const Page = ADMIN_PAGES[node.path] ?? DEFAULT_PAGE;
    routes.push({ path: node.path, element: <Page title={node.name} note={UNREGISTERED_NOTE} />, handle: meta });
  };
  adminRoots(menus).forEach((root) => walk(root, root.code));
  return routes;
}
