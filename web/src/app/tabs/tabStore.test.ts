import { beforeEach, describe, expect, it } from 'vitest';
import { getStore } from '../../utils/storage';
import { clearTabs, closeAllTabs, closeOtherTabs, closeTab, getTabs, HOME_TAB, openTab, type Tab } from './tabStore';

const tab = (value: string, label = value): Tab => ({ label, value, params: {}, query: {}, meta: { title: label }, group: 'system' });

describe('tab store', () => {
  beforeEach(() => clearTabs());

  it('opens one tab per route value, after the home tab, and stores them for the session', () => {
    openTab(tab('/system/user', '用户管理'));
    openTab(tab('/system/user', '用户管理'));
    openTab(tab('/system/user?deptId=1', '用户管理'));
    expect(getTabs().map((t) => t.value)).toEqual([HOME_TAB.value, '/system/user', '/system/user?deptId=1']);
    expect(getStore<Tab[]>('tagList')?.map((t) => t.value)).toEqual(['/system/user', '/system/user?deptId=1']);
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
});
