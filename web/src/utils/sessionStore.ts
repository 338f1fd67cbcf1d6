import type { TokenAnswer } from '@gsl/contract';
import { getStore, getStoreEntry, removeStore, setStore, type StoreEntry } from './storage';

/**
 * The signed-in session (specification §4): access token (its storage datetime is its age),
 * refresh token and the user from the token answer, all in localStorage so every window of the
 * app shares one session. Listeners hear changes made here and in other windows.
 */
export type SessionUser = Omit<TokenAnswer, 'access_token' | 'refresh_token' | 'token_type' | 'expires_in'>;

export interface SessionSnapshot {
  token: string | undefined;
  user: SessionUser | undefined;
}

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot = read();

function read(): SessionSnapshot {
  return { token: getStore<string>('token'), user: getStore<SessionUser>('userInfo') };
}

function changed(): void {
  const next = read();
  if (next.token === snapshot.token && next.user === snapshot.user) return;
  snapshot = next;
  listeners.forEach((fn) => fn());
}

export function subscribeSession(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export const getSessionSnapshot = (): SessionSnapshot => snapshot;

export type TokenEntry = StoreEntry<string>;

/**
 * Read from storage at every call (never from the snapshot), so a request always carries the token
 * another window may have just stored by refreshing.
 */
export const getToken = (): string | undefined => getStore<string>('token');
/** The stored token entry with its datetime (its age). */
export const getTokenEntry = (): TokenEntry | undefined => getStoreEntry<string>('token');
export const getRefreshToken = (): string | undefined => getStore<string>('refreshToken');
export const getUser = (): SessionUser | undefined => getStore<SessionUser>('userInfo');

/** Age of the stored access token in seconds, or undefined without one. */
export function tokenAgeSeconds(now: number = Date.now()): number | undefined {
  const entry = getTokenEntry();
  return entry?.content ? (now - entry.datetime) / 1000 : undefined;
}

/** Stores a fresh token answer: token (datetime = now), refresh token, user, tenant. */
export function saveTokenAnswer(answer: TokenAnswer): void {
  const { access_token, refresh_token, token_type: _type, expires_in: _expires, ...user } = answer;
  setStore('token', access_token);
  setStore('refreshToken', refresh_token);
  setStore('userInfo', user);
  setStore('tenantId', user.tenant_id);
  changed();
}

/** Forgets the token, refresh token and user (the rest of storage is the caller's business). */
export function clearSession(): void {
  removeStore('token');
  removeStore('refreshToken');
  removeStore('userInfo');
  removeStore('tenantId');
  changed();
}

/** Re-reads storage, e.g. after another window or a wholesale clear changed it. */
export const syncSession = changed;

if (typeof window !== 'undefined') {
  window.addEventListener('storage', () => changed());
}
