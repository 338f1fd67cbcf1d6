import { describe, expect, it } from 'vitest';
import { menuOf, screensOf, type AppView } from '@gsl/contract';
import { appsOf, tilesOf } from './myAppLogic';

const [, ...screens] = screensOf(menuOf('portal_myapp')!);

const app = (id: string, appName: string, extra: Partial<AppView> = {}): AppView => ({
  id,
  appName,
  appType: 3,
  appTypeName: '外部网站',
  icon: 'global',
  url: `https://${id}.example.cn/`,
  isOpen: 2,
  sort: Number(id),
  status: 1,
  remark: null,
  useCount: 0,
  lastUseTime: null,
  version: 1,
  updateTime: null,
  ...extra,
});

describe('业务应用', () => {
  it('offers 消息中心 to a user holding any of its buttons, and nothing to a user holding none', () => {
    expect(appsOf(screens, (c) => c === 'message_sms').map((s) => s.name)).toEqual(['消息中心']);
    expect(appsOf(screens, () => false)).toEqual([]);
  });

  it('puts the most used first, then the latest used, then the registry’s order; screens only under 全部 and 业务系统', () => {
    const held = appsOf(screens, (c) => c === 'message');
    const apps = [app('1', '官网'), app('2', '信用中国')];
    expect(tilesOf(held, apps, [], '').map((t) => t.name)).toEqual(['消息中心', '官网', '信用中国']);
    const usage = [
      { appKey: 'app:2', useCount: 3, lastUseTime: '2026-11-01 10:00:00' },
      { appKey: 'app:1', useCount: 1, lastUseTime: '2026-11-02 10:00:00' },
      { appKey: 'menu:message', useCount: 1, lastUseTime: '2026-11-03 10:00:00' },
    ];
    const tiles = tilesOf(held, apps, usage, '');
    expect(tiles.map((t) => t.name)).toEqual(['信用中国', '消息中心', '官网']);
    expect(tiles[0]).toMatchObject({ newTab: true, target: 'https://2.example.cn/', use: { appId: '2' } });
    expect(tiles[1]).toMatchObject({ newTab: false, target: '/portal/myApp/message', use: { menuCode: 'message' } });
    expect(tilesOf(held, apps, usage, 3).map((t) => t.name)).toEqual(['信用中国', '官网']);
  });
});
