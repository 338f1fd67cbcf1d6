import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Navigate, matchRoutes, useLocation } from 'react-router';
import { Layout } from 'antd';
import { useMenuRoutes } from '../../api/system/menu';
import { useUserInfo } from '../../api/system/user';
import { useRouteTable } from '../AppRoutes';
import { metaOf } from '../routes/meta';
import { KeepAliveOutlet } from '../tabs/KeepAliveOutlet';
import { TabBar } from '../tabs/TabBar';
import { openTab } from '../tabs/tabStore';
import { MAIN_CONTENT_ID, SkipLink } from '../a11y/SkipLink';
import { NARROW_SHELL, useMediaQuery } from '../a11y/useMediaQuery';
import { AppHeader } from './AppHeader';
import { useMenuHidden } from './menuVisibility';
import { SideMenu } from './SideMenu';
import './shell.css';

/** The chamber-information reminder of §4, loaded apart from the shell. */
const ChamberReminder = lazy(() => import('../../pages/portal/reminder/ChamberReminder'));

const APP_TITLE = '工商联工作平台';

/**
 * Where a user signed on with a password someone else issued (a new account's initial password, a reset)
 * is kept until he changes it: the server answers nothing else meanwhile (请先修改初始密码).
 */
export const CHANGE_PASSWORD_PATH = '/portal/myCenter/changepwd';

/**
 * The one authenticated layout (portal and administration alike): the skip link, header, side menu on
 * admin routes (unless the `menu` parameter hid it), tab bar and the kept-alive pages. Every routed visit opens (or re-selects) its tab.
 */
export default function ShellLayout() {
  const location = useLocation();
  const routes = useRouteTable();
  const menus = useMenuRoutes().data;
  const menuHidden = useMenuHidden();
  const mustChangePassword = useUserInfo().data?.passwordResetRequired === 1;

  const matches = matchRoutes(routes, location) ?? [];
  const leaf = matches[matches.length - 1];
  const meta = metaOf(leaf?.route.handle);
  const value = `${location.pathname}${location.search}`;
  const makesTab = Boolean(meta) && meta?.isTab !== false;
  const showSider = !location.pathname.startsWith('/portal') && !menuHidden;
  // On a narrow window (200 % zoom, issue 21) the side menu folds away behind the header's 菜单 button and
  // gives the page the whole width; choosing an entry folds it again and takes the focus to the page.
  const narrow = useMediaQuery(NARROW_SHELL);
  const [siderOpen, setSiderOpen] = useState(false);
  const siderShown = showSider && (!narrow || siderOpen);
  const chosen = useCallback(() => {
    if (!narrow) return;
    setSiderOpen(false);
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  }, [narrow]);

  useEffect(() => {
    if (meta?.title) document.title = `${meta.title} - ${APP_TITLE}`;
    if (!makesTab || !meta) return;
    openTab({
      label: meta.title,
      value,
      params: Object.fromEntries(Object.entries(leaf?.params ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string')),
      query: Object.fromEntries(new URLSearchParams(location.search)),
      meta,
      group: meta.group ?? '',
    });
    // `value` identifies the visit; meta and params follow from it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, makesTab, meta?.title]);

  if (mustChangePassword && !location.pathname.endsWith(CHANGE_PASSWORD_PATH)) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;

  return (
    <Layout className="shell">
      <SkipLink />
      <AppHeader menus={menus} sideMenu={narrow && showSider ? { open: siderOpen, toggle: () => setSiderOpen((open) => !open) } : undefined} />
      <Layout>
        {siderShown && <SideMenu menus={menus} onChoose={chosen} />}
        {/* Layout.Content is the page's one <main> landmark (no page in the shell has its own); the skip
            link gives it the focus, the tab bar and then the page follow in it. */}
        <Layout.Content className="shell__content" id={MAIN_CONTENT_ID} tabIndex={-1}>
          <TabBar active={value} />
          <div className="shell__page">
            <KeepAliveOutlet active={value} keep={makesTab} />
          </div>
          {location.pathname.startsWith('/portal') && (
            <Suspense fallback={null}>
              <ChamberReminder />
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
