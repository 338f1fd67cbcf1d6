import { config } from '../config';

/**
 * Browser storage in the wire contract §6 format: every entry is
 * `{ dataType, content, type, datetime }` under `<appKey>-<name>`, in sessionStorage when
 * `type` is 'session', else in localStorage. `datetime` (ms since epoch) is when it was written;
 * the token refresh timer compares the token's against its threshold.
 */
export type StoreType = 'session' | 'local';

export interface StoreEntry<T = unknown> {
  dataType: string;
  content: T;
  type: StoreType;
  datetime: number;
}

const keyOf = (name: string) => `${config.appKey}-${name}`;
const areaOf = (type: StoreType | undefined): Storage => (type === 'session' ? window.sessionStorage : window.localStorage);

export function setStore<T>(name: string, content: T, type: StoreType = 'local'): void {
  const entry: StoreEntry<T> = { dataType: typeof content, content, type, datetime: Date.now() };
  areaOf(type).setItem(keyOf(name), JSON.stringify(entry));
}

/** The whole entry (with its datetime); sessionStorage wins over localStorage, as the original client. */
export function getStoreEntry<T>(name: string): StoreEntry<T> | undefined {
  const raw = window.sessionStorage.getItem(keyOf(name)) ?? window.localStorage.getItem(keyOf(name));
  if (raw == null) return undefined;
  try {
    const entry = JSON.parse(raw) as StoreEntry<T>;
    return entry && typeof entry === 'object' && 'content' in entry ? entry : undefined;
  } catch {
    return undefined;
  }
}

export function getStore<T>(name: string): T | undefined {
  return getStoreEntry<T>(name)?.content;
}

/** Removes the entry from the given area, or from both when no type is given. */
export function removeStore(name: string, type?: StoreType): void {
  if (type !== 'local') window.sessionStorage.removeItem(keyOf(name));
  if (type !== 'session') window.localStorage.removeItem(keyOf(name));
}

/** Clears a whole storage area (logout clears both, specification §4). */
export function clearStore(type: StoreType): void {
  areaOf(type).clear();
}

/**
 * Logout's storage clear (specification §4 "Logout", §9 "clearing the cache"): every entry of the
 * app (`<appKey>-…`) in sessionStorage and localStorage, then the clear-cache rule (the client id's
 * entries and cookies). Entries other software keeps on the same origin stay.
 */
export function clearAppStorage(clientId: string = config.clientId): void {
  for (const area of [window.sessionStorage, window.localStorage]) {
    const doomed: string[] = [];
    for (let i = 0; i < area.length; i++) {
      const key = area.key(i);
      if (key?.startsWith(`${config.appKey}-`)) doomed.push(key);
    }
    doomed.forEach((key) => area.removeItem(key));
  }
  clearCache(clientId);
}

/**
 * The clear-cache rule (specification §9): remove every entry whose key starts with the client id
 * from localStorage, sessionStorage and cookies.
 */
export function clearCache(clientId: string = config.clientId): void {
  for (const area of [window.localStorage, window.sessionStorage]) {
    const doomed: string[] = [];
    for (let i = 0; i < area.length; i++) {
      const key = area.key(i);
      if (key?.startsWith(clientId)) doomed.push(key);
    }
    doomed.forEach((key) => area.removeItem(key));
  }
  const paths = ['/', config.basePath, config.basePath.replace(/\/$/, '')];
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name?.startsWith(clientId)) continue;
    for (const path of paths) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}`;
  }
}
