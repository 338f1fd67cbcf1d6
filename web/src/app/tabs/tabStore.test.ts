import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStore, setStore } from '../../utils/storage';
import { clearTabs, closeAllTabs, closeOtherTabs, closeTab, findTab, getTabs, HOME_TAB, isHomeTab, openTab, type Tab } from './tabStore';

const tab = (value: string, label = value): Tab => ({ label, value, params: {}, query: {}, meta: { title: label }, group: 'system' });

describe('tab store', () => {
  beforeEach(() => clearTabs());

  it('opens one tab per route, after the home tab, and stores them for the session', () => {
    openTab(tab('/system/user', '用户管理'));
    openTab(tab('/system/user', '用户管理'));
    openTab(tab('/system/param', '参数管理'));
    expect(getTabs().map((t) => t.value)).toEqual([HOME_TAB.value, '/system/user', '/system/param']);
    expect(getStore<Tab[]>('tagList')?.map((t) => t.value)).toEqual(['/system/user', '/system/param']);
  });

  it('the same route with another query reuses its tab, in place, with the new query (specification §2)', () => {
    openTab(tab('/system/user', '用户管理'));
    openTab(tab('/system/param', '参数管理'));
    openTab({ ...tab('/system/user?deptId=1', '用户管理'), query: { deptId: '1' } });
    expect(getTabs().map((t) => t.value)).toEqual([HOME_TAB.value, '/system/user?deptId=1', '/system/param']);
    expect(getTabs()[1].query).toEqual({ deptId: '1' });
    openTab({ ...tab('/system/user?deptId=2', '用户管理'), query: { deptId: '2' } });
    expect(getTabs().map((t) => t.value)).toEqual([HOME_TAB.value, '/system/user?deptId=2', '/system/param']);
    expect(findTab('/system/user')?.value).toBe('/system/user?deptId=2');
    expect(getStore<Tab[]>('tagList')?.map((t) => t.value)).toEqual(['/system/user?deptId=2', '/system/param']);
    // closing by any visit of the route closes its one tab
    expect(closeTab('/system/user', '/system/user?deptId=2')).toBe('/system/param');
    expect(getTabs().map((t) => t.value)).toEqual([HOME_TAB.value, '/system/param']);
  });

  it('the home tab stays first, keeps its label and cannot be closed, whatever its query', () => {
    openTab(tab('/system/user', '用户管理'));
    openTab(tab('/portal/myDay?from=mail', '我的一天'));
    expect(getTabs()).toHaveLength(2);
    expect(getTabs()[0]).toMatchObject({ value: '/portal/myDay?from=mail', label: '首页' });
    expect(isHomeTab('/portal/myDay?from=mail')).toBe(true);
    expect(closeTab('/portal/myDay?from=mail', '/portal/myDay?from=mail')).toBeUndefined();
    closeOtherTabs('/portal/myDay');
    expect(getTabs().map((t) => t.label)).toEqual(['首页']);
  });

  it('never closes the home tab; closing the active tab picks its neighbour', () => {
    openTab(tab('/a'));
    openTab(tab('/b'));
    expect(closeTab(HOME_TAB.value, HOME_TAB.value)).toBeUndefined();
    expect(getTabs()[0]).toBe(HOME_TAB);
    expect(closeTab('/b', '/b')).toBe('/a');
    expect(closeTab('/a', HOME_TAB.value)).toBeUndefined();
    expect(getTabs()).toEqual([HOME_TAB]);
  });

  it('close others keeps home and the given tab; close all keeps home', () => {
    openTab(tab('/a'));
    openTab(tab('/b'));
    openTab(tab('/c'));
    closeOtherTabs('/b');
    expect(getTabs().map((t) => t.value)).toEqual([HOME_TAB.value, '/b']);
    closeAllTabs();
    expect(getTabs()).toEqual([HOME_TAB]);
  });

  it('a reload keeps one tab per route, the latest visit winning', async () => {
    setStore('tagList', [tab('/system/user?deptId=1'), tab('/system/param'), tab('/system/user?deptId=3')], 'session');
    vi.resetModules();
    const fresh = await import('./tabStore');
    expect(fresh.getTabs().map((t) => t.value)).toEqual([HOME_TAB.value, '/system/user?deptId=3', '/system/param']);
  });
});
