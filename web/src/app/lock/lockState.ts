import { useSyncExternalStore } from 'react';
import { getStore, removeStore, setStore } from '../../utils/storage';

/**
 * The lock screen state (specification §4): kept in sessionStorage, so it belongs to this browser
 * tab and survives a reload. While locked every route goes to /lock.
 */
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((fn) => fn());

export const isLocked = (): boolean => getStore<boolean>('isLock') === true;

/** Locks the screen, remembering where the user was so unlocking returns there. */
export function lockScreen(returnTo: string): void {
  setStore('isLock', true, 'session');
  setStore('lockReturn', returnTo, 'session');
  notify();
}

/** Clears the lock and returns the path to go back to. */
export function unlockScreen(): string {
  const back = getStore<string>('lockReturn') || '/';
  removeStore('isLock');
  removeStore('lockReturn');
  notify();
  return back;
}

export function useLocked(): boolean {
  return useSyncExternalStore((fn) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  }, isLocked);
}
