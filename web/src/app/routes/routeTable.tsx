import { Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { MenuNode } from '../../api/system/menu';
import { FullPageSpin } from '../../components/FullPageSpin';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { RequireAuth } from '../guards';
import { lazyPage } from '../lazyPage';
import { loadAntdLayout, loadShellLayout } from '../routeChunks';
import LoginPage from '../pages/LoginPage';
import ShareRedirect from '../pages/ShareRedirect';
import type { RouteMeta } from './meta';
import { adminRoutes } from './adminRoutes';
import { portalRoutes } from './portalRoutes';
import { infoRoute } from '../../pages/info/route';

const AntdLayout = lazyPage<object>(loadAntdLayout);
const ShellLayout = lazyPage<object>(loadShellLayout);
const WelcomePage = lazyPage<object>(() => import('../pages/WelcomePage'));
const LockPage = lazyPage<object>(() => import('../lock/LockPage'));
const ErrorPage = lazyPage<{ status: 404 | 403 | 500 }>(() => import('../pages/ErrorPage'));
// The fill-in pages (specification §2): opened in a new tab, outside the shell, each behind its browser check.
const FillInPage = lazyPage<object>(() => import('../../pages/fillin/FillInPage'));
const SupplementPage = lazyPage<object>(() => import('../../pages/fillin/SupplementPage'));

/** A lazily loaded full page outside the shell. */
function Standalone<P extends object>({ page: Page, props }: { page: ComponentType<P>; props: P }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<FullPageSpin />}>
        <Page {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}

const publicMeta = (title: string): RouteMeta => ({ title, isAuth: false, isTab: false });

/**
 * The route table (specification §2): public pages, the authenticated shell with the portal and
 * the admin routes from the server's menu, and the catch-all. A path the table does not know is,
 * for a signed-out visitor, possibly one of the menu routes they will get: it goes to sign-on first
 * and comes back after the login (README deviation 32). Signed in, while the menu is still loading
 * it waits; once loaded an unknown path goes to /404.
 */
export function buildRoutes(menus: MenuNode[] | undefined, menusPending: boolean, signedIn = true): RouteObject[] {
  const errorRoute = (status: 404 | 403 | 500): RouteObject => ({
    path: String(status),
    element: <Standalone page={ErrorPage} props={{ status }} />,
    handle: publicMeta(String(status)),
  });
  return [
    { path: 'login', element: <LoginPage />, handle: publicMeta('登录') },
    { path: 'subapp/static/share', element: <ShareRedirect />, handle: publicMeta('分享') },
    { index: true, element: <Navigate to="/portal" replace />, handle: publicMeta('首页') },
    {
      element: <Standalone page={AntdLayout} props={{}} />,
      children: [
        { path: 'welcome', element: <Standalone page={WelcomePage} props={{}} />, handle: publicMeta('欢迎') },
        { path: 'lock', element: <Standalone page={LockPage} props={{}} />, handle: publicMeta('锁屏') },
        errorRoute(404),
        errorRoute(403),
        errorRoute(500),
      ],
    },
    {
      // The signed-in pages: the guard stands outside antd's layout, so a signed-out visitor leaves for
      // sign-on as soon as the small entry has run, without loading antd first (seconds on a slow device).
      element: (
        <RequireAuth>
          <Standalone page={AntdLayout} props={{}} />
        </RequireAuth>
      ),
      children: [
        { path: 'subapp/fill-in', element: <Standalone page={FillInPage} props={{}} />, handle: { title: '委员及代表填报', isAuth: true, isTab: false } },
        { path: 'subapp/fill-in-aoc', element: <Standalone page={SupplementPage} props={{}} />, handle: { title: '商会补充信息', isAuth: true, isTab: false } },
        { element: <Standalone page={ShellLayout} props={{}} />, children: [portalRoutes(), ...adminRoutes(menus), infoRoute()] },
      ],
    },
    {
      path: '*',
      element: !signedIn ? <RequireAuth /> : menusPending ? <FullPageSpin /> : <Navigate to="/404" replace />,
      handle: publicMeta(''),
    },
  ];
}
