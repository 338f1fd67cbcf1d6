import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { browser } from '../utils/browser';
import { appUrl } from '../config';
import { useLocked } from './lock/lockState';
import { goToSignOn, setEntryCode } from './session/signOn';
import { useSession } from '../utils/useSession';
import { applyMenuParam } from './shell/menuVisibility';

/**
 * isAuth routes (specification §4): without a token the browser goes to sign-on, remembering the
 * page asked for so the login returns there (README deviation 32). Without children it only does
 * that: the signed-out catch-all, where a menu route cannot be told from an unknown path yet.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { token } = useSession();
  const { pathname, search } = useLocation();
  const asked = `${pathname}${search}`;
  useEffect(() => {
    if (!token) goToSignOn(asked);
    // the page asked for is the one of the moment the token is found missing
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  return token ? children : <FullPageSpin tip="正在跳转到统一登录…" />;
}

/** While the screen is locked every route goes to /lock (specification §4). */
export function LockGate({ children }: { children: ReactNode }) {
  const locked = useLocked();
  const { pathname } = useLocation();
  if (locked && pathname !== '/lock') return <Navigate to="/lock" replace />;
  return children;
}

/** Reads the entry query parameters the spec gives meaning to (specification §2). */
export function captureEntryParams(search: string): void {
  const query = new URLSearchParams(search);
  const entryCode = query.get('entryCode');
  if (entryCode) setEntryCode(entryCode);
  applyMenuParam(query.get('menu'));
}

/**
 * Applies entryCode / menu on every navigation, and `target`: the route is opened in a new window
 * (without the parameter) and this window goes back to where it was.
 */
export function EntryParams() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    captureEntryParams(location.search);
    const query = new URLSearchParams(location.search);
    if (!query.has('target')) return;
    query.delete('target');
    const qs = query.toString();
    browser.open(appUrl(`${location.pathname}${qs ? `?${qs}` : ''}`));
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx) navigate(-1);
    else navigate('/', { replace: true });
  }, [location, navigate]);
  return null;
}
