import { appUrl, config, routerBasename } from '../../config';
import { browser } from '../../utils/browser';
import { getStore, removeStore, setStore } from '../../utils/storage';
import { unlockScreen } from '../lock/lockState';
import { clearSession } from '../../utils/sessionStore';

/** The portal entry (specification §2: query parameter entryCode, default jiangsu). */
export function getEntryCode(): string {
  return getStore<string>('entryCode') || config.entryCode;
}

export function setEntryCode(code: string): void {
  setStore('entryCode', code);
}

function signOnQuery(entryCode: string): string {
  return new URLSearchParams({
    appId: config.clientId,
    entryCode,
    sysFlag: config.sysFlag,
    redirectUri: appUrl('/login'),
  }).toString();
}

/** `${ssoUrl}?appId=…&entryCode=…&sysFlag=aoc&redirectUri=<origin>/gsl/login` (wire contract §4). */
export const signOnUrl = (entryCode: string = getEntryCode()): string => `${config.ssoUrl}?${signOnQuery(entryCode)}`;
export const signOutUrl = (entryCode: string = getEntryCode()): string => `${config.ssoLogoutUrl}?${signOnQuery(entryCode)}`;

/**
 * Set once this page has started leaving for the sign-on portal (or its logout). Later requests to
 * leave (a guard noticing the token is gone, a second 401) are ignored, so they cannot race the
 * first navigation — e.g. replace the sign-on logout with a plain sign-on and keep the SSO session.
 */
let leaving = false;

if (typeof window !== 'undefined') {
  // The back/forward cache can restore this page halfway out of the app (a spinner or a notice
  // waiting for a navigation that already happened): start it afresh. A reload never counts for the
  // loop guard.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted || !leaving) return;
    leaving = false;
    window.location.reload();
  });
}

/** Claims this page's one departure; false when another part of the app already claimed it. */
export function claimDeparture(): boolean {
  if (leaving) return false;
  leaving = true;
  return true;
}

/** Full-page navigation away from the app; the first one wins. */
export function leaveApp(url: string): void {
  if (claimDeparture()) browser.assign(url);
}

/** The current address inside the app (without the base path), e.g. '/system/param?x=1'. */
export function currentAppPath(): string {
  const base = routerBasename === '/' ? '' : routerBasename;
  const { pathname, search } = window.location;
  const inside = base && pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  return `${inside || '/'}${search}`;
}

// ---------------------------------------------------------------------------------------------
// Where to go after signing on (README deviation 32).

const RETURN_TO = 'signOnReturn';

/**
 * Paths that never become the way back: the public routes of specification §2 and the portal
 * home, where the specification's own landing (/welcome, then /) applies.
 */
const NO_RETURN = new Set(['/', '/login', '/welcome', '/lock', '/404', '/403', '/500', '/portal', '/portal/myDay']);

const pathPart = (path: string) => path.split(/[?#]/)[0].replace(/(.)\/+$/, '$1');

/** An in-app path worth returning to: absolute, not protocol-relative, not a public route. */
function returnable(path: string | undefined): path is string {
  return typeof path === 'string' && /^\/(?![/\\])/.test(path) && !NO_RETURN.has(pathPart(path));
}

/**
 * Remembers (in this tab's sessionStorage) the page a signed-out visitor asked for. Asking for the
 * home or a public page forgets an earlier one: the latest request wins.
 */
export function rememberReturnPath(path: string): void {
  if (returnable(path)) setStore(RETURN_TO, path, 'session');
  else removeStore(RETURN_TO);
}

/** The remembered page, once: reading it forgets it. */
export function takeReturnPath(): string | undefined {
  const path = getStore<string>(RETURN_TO);
  removeStore(RETURN_TO);
  return returnable(path) ? path : undefined;
}

// ---------------------------------------------------------------------------------------------
// The sign-on loop guard (README deviation 14).

const TRIP = 'signOnTrip';
const FAILURES = 'signOnFailures';
export const LOOP_WINDOW_MS = 60_000;
export const LOOP_LIMIT = 3;

const recentFailures = (now: number): number[] => (getStore<number[]>(FAILURES) ?? []).filter((t) => typeof t === 'number' && now - t < LOOP_WINDOW_MS);

/**
 * Whether this document is the sign-on portal sending the browser back: it was loaded at /login by
 * a plain navigation (the portal's redirect), not by a reload or the back/forward buttons, while
 * this tab had left for sign-on. Browsers without navigation timing count, so a loop still stops.
 */
function cameBackFromSignOn(): boolean {
  if (getStore<number>(TRIP) === undefined) return false;
  const entries = typeof performance !== 'undefined' && performance.getEntriesByType ? performance.getEntriesByType('navigation') : [];
  const nav = entries[0] as PerformanceNavigationTiming | undefined;
  if (!nav) return true;
  if (nav.type === 'reload' || nav.type === 'back_forward') return false;
  try {
    return pathPart(new URL(nav.name).pathname) === `${routerBasename === '/' ? '' : routerBasename}/login`;
  } catch {
    return false;
  }
}

/** A document counts at most one failed return, however often its effects run. */
let countedHere = false;

/**
 * /login got no code, or the server refused the code. Counted as a failed trip only when the
 * browser really came back from the sign-on portal; visits, reloads and back/forward never count.
 */
export function signOnFailed(now: number = Date.now()): void {
  if (countedHere || !cameBackFromSignOn()) return;
  countedHere = true;
  removeStore(TRIP);
  setStore(FAILURES, [...recentFailures(now), now], 'session');
}

/**
 * Sends the browser to the sign-on portal. `returnTo` is the page the visitor asked for (see
 * rememberReturnPath); without it an earlier remembered page is kept. After LOOP_LIMIT failed
 * returns within LOOP_WINDOW_MS it stops at /500 instead of bouncing between the two forever.
 */
export function goToSignOn(returnTo?: string): void {
  if (leaving) return;
  if (returnTo !== undefined) rememberReturnPath(returnTo);
  const now = Date.now();
  if (recentFailures(now).length >= LOOP_LIMIT) {
    if (claimDeparture()) browser.replace(appUrl('/500?reason=signon'));
    return;
  }
  setStore(TRIP, now, 'session');
  leaveApp(signOnUrl());
}

/** A login went through (or the user asks to try again from /500): forget the loop guard's trail. */
export function resetLoopGuard(): void {
  removeStore(FAILURES);
  removeStore(TRIP);
}

/**
 * The refresh token is gone or the refresh answer has none (specification §4): the token is
 * cleared and the browser goes to sign-on, coming back to this page afterwards.
 */
export function signOnAgain(): void {
  const here = currentAppPath();
  clearSession();
  unlockScreen();
  goToSignOn(here);
}

/** A response with code 401 (specification §8): the full logout, see logout.ts. */
export { expireSession } from './logout';
