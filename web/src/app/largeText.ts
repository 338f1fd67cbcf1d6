import { useSyncExternalStore } from 'react';

/**
 * 大字模式 (适老化, issue 21): a larger text size for older users, chosen in the user menu and kept per user
 * in this browser (localStorage, key per user id), applied through antd's fontSize token (AntdProviders).
 */
const KEY = 'gsl-large-text:';
export const LARGE_FONT_SIZE = 18;

const listeners = new Set<() => void>();
const keyOf = (userId: string | undefined) => (userId ? `${KEY}${userId}` : undefined);

function read(userId: string | undefined): boolean {
  const key = keyOf(userId);
  if (!key) return false;
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function setLargeText(userId: string | undefined, on: boolean): void {
  const key = keyOf(userId);
  if (!key) return;
  try {
    if (on) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch {
    // storage refused (private mode): the choice cannot be kept; the text stays as it is
    return;
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key?.startsWith(KEY) && listener();
  window.addEventListener('storage', onStorage); // another window of the same user
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether the user chose the larger text. */
export function useLargeText(userId: string | undefined): boolean {
  return useSyncExternalStore(
    subscribe,
    () => read(userId),
    () => false,
  );
}
