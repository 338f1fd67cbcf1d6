import { useSyncExternalStore } from 'react';
import type { RouteMeta } from '../routes/meta';
import { getStore, removeStore, setStore } from '../../utils/storage';

/**
 * The tab bar's tabs (specification §2 "Tabs are created per visited route"): one per route path.
 * `value` is path + query of the latest visit: the same route opened with another query reuses its
 * tab and takes the new query. The home tab (the portal home, /portal → /portal/myDay) is always
 * first, keeps its label and cannot be closed. Kept in sessionStorage so a reload keeps this
 * window's tabs.
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

/** The route a tab stands for: its value without query or hash. */
export function tabPath(value: string): string {
  return value.split(/[?#]/)[0];
}

function load(): Tab[] {
  const saved = (getStore<Tab[]>(STORE_NAME) ?? []).filter((t) => t && typeof t.value === 'string' && !isHomeTab(t.value));
  // one per path, the latest visit winning (older sessions kept one per query)
  const byPath = new Map(saved.map((t) => [tabPath(t.value), t]));
  return [HOME_TAB, ...byPath.values()];
}

function commit(next: Tab[]): void {
  tabs = next;
  setStore(STORE_NAME, next.slice(1), 'session');
  listeners.forEach((fn) => fn());
}

export function isHomeTab(value: string): boolean {
  return tabPath(value) === HOME_PATH;
}
export const getTabs = (): Tab[] => tabs;

/** The open tab of a value's route, if any. */
export const findTab = (value: string): Tab | undefined => tabs.find((t) => tabPath(t.value) === tabPath(value));

/**
 * Adds the tab, or — the route already open — points its tab at this visit (value, query, params)
 * and refreshes its label. The home tab keeps its label and meta.
 */
export function openTab(tab: Tab): void {
  const at = tabs.findIndex((t) => tabPath(t.value) === tabPath(tab.value));
  if (at === -1) return commit([...tabs, tab]);
  const current = tabs[at];
  const home = isHomeTab(tab.value);
  const label = home ? current.label : tab.label;
  if (current.value === tab.value && current.label === label) return;
  const next: Tab = home
    ? { ...current, value: tab.value, query: tab.query, params: tab.params }
    : { ...current, value: tab.value, query: tab.query, params: tab.params, label, meta: tab.meta };
  commit(tabs.map((t, i) => (i === at ? next : t)));
}

/** Closes a tab; returns the value of the tab to show if the closed one was active. */
export function closeTab(value: string, active: string): string | undefined {
  if (isHomeTab(value)) return undefined;
  const at = tabs.findIndex((t) => tabPath(t.value) === tabPath(value));
  if (at === -1) return undefined;
  const next = tabs.filter((_, i) => i !== at);
  commit(next);
  return tabPath(value) === tabPath(active) ? next[Math.min(at, next.length - 1)].value : undefined;
}

export function closeOtherTabs(keep: string): void {
  commit(tabs.filter((t) => isHomeTab(t.value) || tabPath(t.value) === tabPath(keep)));
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
  return useSyncExternalStore((fn) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  }, getTabs);
}
