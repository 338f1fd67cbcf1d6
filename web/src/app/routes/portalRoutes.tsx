import { Navigate, Outlet, type RouteObject } from 'react-router';
import type { RouteMeta } from './meta';
import { DEFAULT_PAGE, PORTAL_PAGES, REAL_PAGES, type PortalPageDef } from './portalPages';

/** Flattens the page table into routes under /portal, each carrying its meta as `handle`. */
function toRoutes(defs: PortalPageDef[], group: string | undefined, prefix = ''): RouteObject[] {
  return defs.flatMap((def) => {
    const path = `${prefix}${def.path}`;
    const sectionGroup = group ?? def.path;
    const meta: RouteMeta = { title: def.title, note: def.note, isAuth: true, isTab: def.isTab, group: sectionGroup };
    const Page = def.page ?? DEFAULT_PAGE;
    const self: RouteObject = def.redirect
      ? { path, element: <Navigate to={`/portal/${path}/${def.redirect}`} replace />, handle: { ...meta, isTab: false } }
      : { path, element: <Page title={def.title} note={def.note} />, handle: meta };
    return [self, ...toRoutes(def.children ?? [], sectionGroup, `${path}/`)];
  });
}

/** The /portal tree: home → myDay, every screen of specification §2, the news pages inside "real". */
export function portalRoutes(): RouteObject {
  return {
    path: 'portal',
    children: [
      { index: true, element: <Navigate to="/portal/myDay" replace />, handle: { title: '首页', isTab: false } satisfies RouteMeta },
      ...toRoutes(PORTAL_PAGES, undefined),
      { path: 'real', element: <Navigate to="/portal/real-time-info" replace />, handle: { title: '新闻资讯', isTab: false } satisfies RouteMeta },
      { id: 'real', element: <Outlet />, children: toRoutes(REAL_PAGES, 'real') },
    ],
  };
}
