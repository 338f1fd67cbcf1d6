import { useSyncExternalStore } from 'react';
import { getStore, setStore } from '../../utils/storage';

/**
 * The `menu` query parameter hides the menus (specification §2 "A query parameter menu hides the
 * menu"): the header's top menu and the admin side menu, e.g. when a page is embedded elsewhere.
 * `?menu=false` (or any value but true/1/show) hides them, `?menu=true` shows them again. The choice
 * sticks for this browser tab (sessionStorage) so in-app navigation keeps it.
 */
const listeners = new Set<() => void>();

export const isMenuHidden = (): boolean => getStore<boolean>('hideMenu') === true;

export function applyMenuParam(value: string | null): void {
  if (value === null) return;
  const hidden = !['true', '1', 'show'].includes(value.toLowerCase());
  if (hidden === isMenuHidden()) return;
  setStore('hideMenu', hidden, 'session');
  listeners.forEach((fn) => fn());
}

export function useMenuHidden(): boolean {
  return useSyncExternalStore((fn) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  }, isMenuHidden);
}
