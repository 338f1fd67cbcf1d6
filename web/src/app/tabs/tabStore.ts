import { useSyncExternalStore } from 'react';
import type { RouteMeta } from '../routes/meta';
import { getStore, removeStore, setStore } from '../../utils/storage';

/**
 * The tab bar's tabs (specification §2): one per visited route, identified by `value`
 * (path + query). The home tab (the portal home, /portal → /portal/myDay) is always first and
 * cannot be closed. Kept in sessionStorage so a reload keeps this window's tabs.
 */
export interface Tab {
  label: string;
  /** pathname + search: what the tab navigates to. */
  value: string;
  params: Record<string, string>;
  query: Record<string, string>;
  meta: RouteMeta;
  group: string;
}

export const HOME_PATH = '/portal/myDay';
export const HOME_TAB: Tab = {
  label: '首页',
  value: HOME_PATH,
  params: {},
  query: {},
  meta: { title: '首页', isAuth: true, group: 'myDay' },
  group: 'myDay',
};

const STORE_NAME = 'tagList';
const listeners = new Set<() => void>();
let tabs: Tab[] = load();

function load(): Tab[] {
  const saved = (getStore<Tab[]>(STORE_NAME) ?? []).filter((t) => t && typeof t.value === 'string' && t.value !== HOME_TAB.value);
  return [HOME_TAB, ...saved];
}

function commit(next: Tab[]): void {
  tabs = next;
  setStore(STORE_NAME, next.slice(1), 'session');
  listeners.forEach((fn) => fn());
}

export const isHomeTab = (value: string): boolean => value === HOME_TAB.value;
export const getTabs = (): Tab[] => tabs;

/** Adds the tab, or refreshes its label when the route is already open. */
export function openTab(tab: Tab): void {
  const at = tabs.findIndex((t) => t.value === tab.value);
  if (at === -1) return commit([...tabs, tab]);
  if (isHomeTab(tab.value) || tabs[at].label === tab.label) return;
  commit(tabs.map((t, i) => (i === at ? { ...t, label: tab.label, meta: tab.meta } : t)));
}

/** Closes a tab; returns the value of the tab to show if the closed one was active. */
export function closeTab(value: string, active: string): string | undefined {
  if (isHomeTab(value)) return undefined;
  const at = tabs.findIndex((t) => t.value === value);
  if (at === -1) return undefined;
  const next = tabs.filter((t) => t.value !== value);
  commit(next);
  return value === active ? next[Math.min(at, next.length - 1)].value : undefined;
}

export function closeOtherTabs(keep: string): void {
  commit(tabs.filter((t) => isHomeTab(t.value) || t.value === keep));
}

export function closeAllTabs(): void {
  commit([HOME_TAB]);
}

/** Logout: forget every tab. */
export function clearTabs(): void {
  removeStore(STORE_NAME);
  tabs = [HOME_TAB];
  listeners.forEach((fn) => fn());
}

export function useTabs(): Tab[] {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    getTabs,
  );
}
