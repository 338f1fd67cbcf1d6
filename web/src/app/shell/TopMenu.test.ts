import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../api/system/menu';
import { activeEntry, topEntries } from './TopMenu';

const node = (code: string, name: string, path: string, sort: number, isOpen = 1): MenuNode => ({
  id: code,
  parentId: '0',
  code,
  name,
  path,
  sort,
  category: 1,
  isOpen,
});

describe('top menu entries (specification §2)', () => {
  it('always shows 我的一天, even when the server leaves it out', () => {
    expect(topEntries([])).toEqual([expect.objectContaining({ code: 'portal_myday', name: '我的一天', path: '/portal/myDay' })]);
    const entries = topEntries([node('cockpit', '领导驾驶舱', '/portal/cockpit', 4, 2), node('portal_myorg', '我的组织', '/portal/myOrg', 6)]);
    expect(entries.map((e) => e.name)).toEqual(['我的一天', '领导驾驶舱', '我的组织']);
  });

  it('uses the server title for 我的一天 and its order for the rest', () => {
    const entries = topEntries([
      node('portal_myorg', '本会组织', '/portal/myOrg', 6),
      node('portal_myday', '今日', '/portal/myDay', 1),
      node('portal_myapp', '业务应用', '/portal/myApp', 2),
    ]);
    expect(entries.map((e) => e.name)).toEqual(['今日', '业务应用', '本会组织']);
  });

  it('marks the entry whose path prefixes the current route', () => {
    const entries = topEntries([node('portal_news', '新闻', '/portal/real-time-info', 5), node('portal_myorg', '我的组织', '/portal/myOrg', 6)]);
    expect(activeEntry(entries, '/portal/myDay/bigmsg')).toBe('portal_myday');
    expect(activeEntry(entries, '/portal/myOrg/gslAddress')).toBe('portal_myorg');
    expect(activeEntry(entries, '/portal/real-time-info2')).toBe('portal_news');
    expect(activeEntry(entries, '/system/user')).toBeUndefined();
  });
});
