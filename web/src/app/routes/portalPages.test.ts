import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE, PORTAL_PAGES } from './portalPages';

describe('portal pages', () => {
  it('take 数据库查询 and its screens, names and paths, from the menu registry, each with its own page', () => {
    const database = PORTAL_PAGES.find((p) => p.path === 'database')!;
    expect(database.title).toBe('数据库查询');
    expect(database.children!.map((c) => [c.path, c.title])).toEqual([
      ['enterprise', '企业会员'],
      ['group', '团体会员'],
      ['person', '个人会员'],
      ['log', '变更记录'],
      ['chamber', '商会管理'],
      ['personbase', '人员库'],
      ['enterprisebase', '企业库'],
      ['orgprofile', '组织档案'],
      ['honor', '荣誉与领导排名'],
    ]);
    for (const page of [database, ...database.children!]) expect(page.page && page.page !== DEFAULT_PAGE).toBe(true);
  });

  it('name the registry’s other portal screens as the registry does', () => {
    expect(PORTAL_PAGES.map((p) => [p.path, p.title])).toEqual(
      expect.arrayContaining([
        ['myDay', '我的一天'],
        ['myApp', '业务应用'],
        ['myOrg', '我的组织'],
        ['cockpit', '领导驾驶舱'],
      ]),
    );
  });

  it('take 业务应用’s screens (消息中心, 领导班子, 大事记, 协会基本信息) from the registry, each with its page, and give 我的一天’s 消息 its page', () => {
    const myApp = PORTAL_PAGES.find((p) => p.path === 'myApp')!;
    expect(myApp.children!.map((c) => [c.path, c.title])).toEqual([
      ['message', '消息中心'],
      ['leader', '领导班子'],
      ['associationHistory', '大事记'],
      ['associationBase', '协会基本信息'],
      ['fillSituation', '填报情况'],
    ]);
    for (const c of myApp.children!) expect(c.page && c.page !== DEFAULT_PAGE).toBe(true);
    const bigmsg = PORTAL_PAGES.find((p) => p.path === 'myDay')!.children!.find((c) => c.path === 'bigmsg')!;
    expect(bigmsg.page && bigmsg.page !== DEFAULT_PAGE).toBe(true);
  });
});
