import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import type { RouteMeta } from '../../app/routes/meta';

const InfoPage = lazyPage(() => import('./index'));

/** Where 个人信息 lives (BladeX Saber's /info/index), reached from the header's user menu. */
export const INFO_PATH = '/info/index';

/** The 个人信息 route inside the authenticated shell (not a server menu: every signed-in user has it). */
export function infoRoute(): RouteObject {
  const meta: RouteMeta = { title: '个人信息', isAuth: true, group: 'info' };
  return { path: INFO_PATH, element: <InfoPage title={meta.title} />, handle: meta };
}
