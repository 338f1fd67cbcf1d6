import type { ReactNode } from 'react';
import { StatusPanel } from '../../components/StatusPanel';
import { useLogoutNotice } from './logout';

/**
 * While a forced logout leaves (a 401, specification §8), its notice — 无权限访问 — replaces the
 * whole app for a moment, so it is seen (and announced: the panel is an alert) before the browser
 * goes to the sign-on logout. Plain markup: it must work on /login, which ships without antd.
 */
export function LogoutNoticeGate({ children }: { children: ReactNode }) {
  const notice = useLogoutNotice();
  if (!notice) return children;
  return (
    <div className="full-page-center">
      <StatusPanel testId="logout-notice" title={notice} detail="登录状态已失效，正在返回登录页…" />
    </div>
  );
}
