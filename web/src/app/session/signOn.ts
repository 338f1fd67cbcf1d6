import { appUrl, config } from '../../config';
import { browser } from '../../utils/browser';
import { getStore, removeStore, setStore } from '../../utils/storage';
import { unlockScreen } from '../lock/lockState';
import { clearSession } from './sessionStore';

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

const TRAIL = 'signOnTrail';

/**
 * Set once this page has started leaving for the sign-on portal (or its logout). Later requests to
 * leave (a guard noticing the token is gone, a second 401) are ignored, so they cannot race the
 * first navigation — e.g. replace the sign-on logout with a plain sign-on and keep the SSO session.
 */
let leaving = false;

if (typeof window !== 'undefined') {
  // Coming back from the back/forward cache restores this module as it was: allow leaving again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leaving = false;
  });
}

/** Full-page navigation away from the app; the first one wins. */
export function leaveApp(url: string): void {
  if (leaving) return;
  leaving = true;
  browser.assign(url);
}
const LOOP_WINDOW_MS = 60_000;
const LOOP_LIMIT = 3;

/**
 * Sends the browser to the sign-on portal. If this window was already sent there several times in
 * the last minute without a successful login (a code the server keeps refusing), it stops and shows
 * the 500 page instead of bouncing between the two forever.
 */
export function goToSignOn(): void {
  if (leaving) return;
  const now = Date.now();
  const trail = (getStore<number[]>(TRAIL) ?? []).filter((t) => now - t < LOOP_WINDOW_MS);
  if (trail.length >= LOOP_LIMIT) {
    browser.replace(appUrl('/500?reason=signon'));
    return;
  }
  setStore(TRAIL, [...trail, now], 'session');
  leaveApp(signOnUrl());
}

/** A login went through: forget the redirect trail. */
export const signOnSucceeded = (): void => removeStore(TRAIL);

/** The session is no longer valid (401, lost refresh token): forget it and sign on again. */
export function expireSession(): void {
  clearSession();
  unlockScreen();
  goToSignOn();
}
