import { describe, expect, it } from 'vitest';
import { PORTALAPP_MSG, PORTALAPP_PATHS as P } from '@gsl/contract';
import type { TestApp } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['nj_aoc', 'nj_coc', 'admin'], (app) => (t = app));

const get = (who: string | undefined, url: string, query: Record<string, string> = {}) => t.call({ url, token: who ? tokens[who] : undefined, query });
const post = (who: string, url: string, body: unknown, query?: Record<string, string>) => t.call({ method: 'POST', url, token: tokens[who], body, query });
const names = (res: { body: { data: { records: Array<{ appName: string }> } } }) => res.body.data.records.map((r) => r.appName);

describe('业务应用 › portal/appList and business-app-usage', () => {
  it('needs a token', async () => {
    expect((await get(undefined, P.appList)).status).toBe(401);
    expect((await t.call({ method: 'POST', url: P.usageAdd, body: { menuCode: 'message' } })).status).toBe(401);
  });

  it('lists the enabled applications by appType, and puts the caller’s most used first', async () => {
    const all = await get('nj_coc', P.appList, { current: '1', size: '500' });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(6);
    expect(names(all).slice(0, 2)).toEqual(['江苏省工商联门户网站', '全国工商联']);
    const sites = await get('nj_coc', P.appList, { size: '500', appType: '3' });
    for (const r of sites.body.data.records) expect(r).toMatchObject({ appType: 3, appTypeName: '外部网站', useCount: 0 });
    expect((await get('nj_coc', P.appList, { appType: '9' })).body.msg).toBe(PORTALAPP_MSG.typeBad);

    const credit = all.body.data.records.find((r: { appName: string }) => r.appName === '信用中国');
    const chamber = all.body.data.records.find((r: { appName: string }) => r.appName === '商会管理');
    expect((await post('nj_coc', P.usageAdd, { appId: credit.id })).body.data).toMatchObject({ appKey: `app:${credit.id}`, useCount: 1 });
    expect(names(await get('nj_coc', P.appList, { size: '500' }))[0]).toBe('信用中国');
    await post('nj_coc', P.usageAdd, { appId: chamber.id });
    const twice = await post('nj_coc', P.usageAdd, { appId: chamber.id });
    expect(twice.body.data.useCount).toBe(2);
    const mine = await get('nj_coc', P.appList, { size: '500' });
    expect(names(mine).slice(0, 2)).toEqual(['商会管理', '信用中国']);
    expect(mine.body.data.records[0]).toMatchObject({ useCount: 2 });
    expect(mine.body.data.records[0].lastUseTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // Another user's order is their own.
    expect(names(await get('nj_aoc', P.appList, { size: '500' }))[0]).toBe('江苏省工商联门户网站');
  });

  it('records openings of the product’s own screens under 业务应用, the caller’s own only', async () => {
    const opened = await post('nj_aoc', P.usageAdd, { menuCode: 'message' });
    expect(opened.body).toMatchObject({ code: 200, data: { appKey: 'menu:message', useCount: 1 } });
    await post('nj_aoc', P.usageAdd, { menuCode: 'message' });
    const mine = (await get('nj_aoc', P.usageMy)).body.data;
    expect(mine[0]).toMatchObject({ appKey: 'menu:message', useCount: 2 });
    expect((await get('nj_coc', P.usageMy)).body.data.map((u: { appKey: string }) => u.appKey)).not.toContain('menu:message');

    expect((await post('nj_aoc', P.usageAdd, {})).body.msg).toBe(PORTALAPP_MSG.usageTarget);
    expect((await post('nj_aoc', P.usageAdd, { appId: '1', menuCode: 'message' })).body.msg).toBe(PORTALAPP_MSG.usageBoth);
    // Not a screen of 业务应用, or one the caller does not hold.
    const user = await post('nj_aoc', P.usageAdd, { menuCode: 'user' });
    expect(user.status).toBe(400);
    expect(user.body.msg).toBe(PORTALAPP_MSG.menuNotApp);
    expect((await post('nj_aoc', P.usageAdd, { appId: '999999999' })).status).toBe(404);
  });
});

describe('系统管理 › 业务应用管理', () => {
  it('lets only administrators manage the applications, with Chinese messages; a stopped one leaves the users’ list', async () => {
    expect((await get('nj_aoc', P.appPage)).status).toBe(403);
    expect((await post('nj_aoc', P.appSubmit, { appName: 'x', appType: 1, url: '/x' })).status).toBe(403);

    expect((await post('admin', P.appSubmit, { appName: ' ', appType: 1, url: '/x' })).body.msg).toBe(PORTALAPP_MSG.nameRequired);
    expect((await post('admin', P.appSubmit, { appName: '应用', appType: 1, url: 'ftp://x' })).body.msg).toBe(PORTALAPP_MSG.urlBad);
    expect((await post('admin', P.appSubmit, { appName: '应用', appType: 1, url: 'https://x.cn', isOpen: 1 })).body.msg).toBe(PORTALAPP_MSG.inPlaceNeedsPath);
    expect((await post('admin', P.appSubmit, { appName: '应用', appType: 4, url: '/x' })).body.msg).toBe(PORTALAPP_MSG.typeBad);
    expect((await post('admin', P.appSubmit, { appName: '应用', appType: 1, url: '/x', icon: '<b>' })).body.msg).toBe(PORTALAPP_MSG.iconBad);
    expect((await post('admin', P.appSubmit, { appName: '信用中国', appType: 2, url: 'https://x.cn' })).body.msg).toBe(PORTALAPP_MSG.nameTaken);

    const added = await post('admin', P.appSubmit, { appName: '苏商数据平台', appType: 2, url: 'https://data.example.cn/', icon: 'database', sort: 50 });
    expect(added.body).toMatchObject({ code: 200, msg: '新增成功', data: { appName: '苏商数据平台', isOpen: 2, status: 1, version: 1 } });
    const id = added.body.data.id as string;
    expect(names(await get('nj_coc', P.appList, { size: '500', appType: '2' }))).toContain('苏商数据平台');

    const stopped = await post('admin', P.appSubmit, { id, version: 1, appName: '苏商数据平台', appType: 2, url: 'https://data.example.cn/', status: 0 });
    expect(stopped.body).toMatchObject({ msg: '更新成功', data: { status: 0, version: 2 } });
    expect((await post('admin', P.appSubmit, { id, version: 1, appName: '苏商数据平台', appType: 2, url: 'https://x.cn/' })).status).toBe(400);
    expect(names(await get('nj_coc', P.appList, { size: '500' }))).not.toContain('苏商数据平台');
    expect((await post('nj_coc', P.usageAdd, { appId: id })).body.msg).toBe(PORTALAPP_MSG.appDisabled);
    expect((await get('admin', P.appPage, { status: '0' })).body.data.records.map((r: { id: string }) => r.id)).toContain(id);
    expect((await get('admin', P.appDetail, { id })).body.data.appName).toBe('苏商数据平台');

    expect((await post('nj_coc', P.appRemove, undefined, { ids: id })).status).toBe(403);
    expect((await post('admin', P.appRemove, undefined, { ids: `${id},999999999` })).status).toBe(404);
    expect((await post('admin', P.appRemove, undefined, { ids: id })).body.msg).toBe('删除成功');
    expect((await get('admin', P.appDetail, { id })).status).toBe(404);
  });
});
