import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/app.js';
import { menuIdsByCode, useTestApp } from '../../../../test/use-test-app.js';

let t: TestApp;
const menuIds: Record<string, string> = {};
const tokens = useTestApp(['admin', 'nj_aoc'], async (app) => {
  t = app;
  Object.assign(menuIds, await menuIdsByCode(t.db));
});

const base = '/api/blade-system/topmenu';
const get = (url: string, query: Record<string, string> = {}, who = 'admin') => t.call({ url, token: tokens[who], query });
const submit = (body: unknown, who = 'admin') => t.call({ method: 'POST', url: `${base}/submit`, token: tokens[who], body });
const remove = (ids: string, who = 'admin') => t.call({ method: 'POST', url: `${base}/remove`, token: tokens[who], query: { ids } });
const grant = (body: unknown, who = 'admin') => t.call({ method: 'POST', url: `${base}/grant`, token: tokens[who], body });
const codes = (forest: any[], out: string[] = []): string[] => {
  for (const n of forest ?? []) {
    out.push(n.code);
    codes(n.children, out);
  }
  return out;
};

describe('topmenu list / submit / detail / remove', () => {
  it('adds, lists, filters and shows top menus', async () => {
    const res = await submit({ code: 'workbench', name: '工作台', source: 'desktop', path: '/workbench', sort: 1 });
    expect(res.body).toMatchObject({ code: 200, msg: '新增成功', data: { code: 'workbench', name: '工作台', version: 1 } });
    await submit({ code: 'admin_area', name: '系统后台', sort: 2 });
    const list = (await get(`${base}/list`)).body.data;
    expect(list.records.map((r: any) => r.code)).toEqual(['workbench', 'admin_area']);
    expect(list.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await get(`${base}/list`, { name: '后台' })).body.data.records.map((r: any) => r.code)).toEqual(['admin_area']);
    expect((await get(`${base}/detail`, { id: res.body.data.id })).body.data).toMatchObject({ code: 'workbench', path: '/workbench', source: 'desktop' });
  });

  it('validates, keeps codes unique within the tenant and updates at the read version', async () => {
    expect((await submit({ name: '无编号', sort: 1 })).body.msg).toBe('请输入顶部菜单编号');
    expect((await submit({ code: 'x', sort: 1 })).body.msg).toBe('请输入顶部菜单名称');
    expect((await submit({ code: 'x', name: 'x' })).body.msg).toBe('请输入顶部菜单排序');
    expect((await submit({ code: 'workbench', name: '重复', sort: 3 })).body).toMatchObject({ code: 400, msg: '顶部菜单编号已存在' });
    const m = (await submit({ code: 'versioned_top', name: '版本', sort: 3 })).body.data;
    expect((await submit({ id: m.id, version: m.version, code: 'versioned_top', name: '改名', sort: 3 })).body).toMatchObject({
      msg: '更新成功',
      data: { name: '改名', version: 2 },
    });
    expect((await submit({ id: m.id, version: 1, code: 'versioned_top', name: '旧', sort: 3 })).body.msg).toBe('数据已被他人修改,请刷新后重试');
    expect((await submit({ id: m.id, code: 'versioned_top', name: '旧', sort: 3 })).body.msg).toBe('请提供数据版本号(version)');
  });

  it("another tenant's top menus are invisible: 404, and their codes do not collide", async () => {
    const other = await t.db
      .insertInto('bladeTopMenu')
      .values({ tenantId: '000002', code: 'other_top', name: '外租户', sort: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await get(`${base}/detail`, { id: other.id })).status).toBe(404);
    expect((await remove(other.id)).status).toBe(404);
    expect((await grant({ topMenuIds: [other.id], menuIds: [menuIds.param] })).status).toBe(404);
    expect((await get('/api/blade-system/menu/top-tree-keys', { topMenuIds: other.id })).status).toBe(404);
    expect((await submit({ code: 'other_top', name: '本租户', sort: 1 })).body.msg).toBe('新增成功');
    // a menu set on another tenant's top menu never reaches this tenant's routes
    await t.db.insertInto('bladeTopMenuSetting').values({ topMenuId: other.id, menuId: menuIds.param }).execute();
    expect((await get('/api/blade-system/menu/routes', { topMenuId: other.id })).body.data).toEqual([]);
  });

  it('federation staff without the top menu screen get 403', async () => {
    expect((await get(`${base}/list`, {}, 'nj_aoc')).status).toBe(403);
    expect((await submit({ code: 'by_aoc', name: 'x', sort: 1 }, 'nj_aoc')).status).toBe(403);
    expect((await grant({ topMenuIds: ['1'], menuIds: [] }, 'nj_aoc')).status).toBe(403);
    expect((await get('/api/blade-system/menu/grant-top-tree', {}, 'nj_aoc')).status).toBe(403);
  });
});

describe('topmenu grant: the menus shown under a top menu', () => {
  let top: string;
  beforeAll(async () => {
    top = (await submit({ code: 'grant_top', name: '授权顶部菜单', sort: 9 })).body.data.id;
  });

  it('grant-top-tree offers the menus (no buttons) the actor holds', async () => {
    const tree = (await get('/api/blade-system/menu/grant-top-tree')).body.data.menu;
    const all = codes(tree);
    expect(all).toEqual(expect.arrayContaining(['system', 'param', 'portal']));
    expect(all).not.toContain('param_add');
    expect(tree[0]).toMatchObject({ title: expect.any(String), key: tree[0].id, value: tree[0].id });
  });

  it("the grant sets the top menu's menus, read back by top-tree-keys and filtering routes?topMenuId", async () => {
    const res = await grant({ topMenuIds: [top], menuIds: [menuIds.system, menuIds.param, menuIds.dict] });
    expect(res.body).toMatchObject({ code: 200, msg: '配置成功' });
    const keys = (await get('/api/blade-system/menu/top-tree-keys', { topMenuIds: top })).body.data.menu;
    expect(new Set(keys)).toEqual(new Set([menuIds.system, menuIds.param, menuIds.dict]));
    const routes = (await get('/api/blade-system/menu/routes', { topMenuId: top })).body.data;
    expect(new Set(codes(routes))).toEqual(new Set(['system', 'param', 'dict']));
    // without a top menu, routes answer everything as before
    expect(codes((await get('/api/blade-system/menu/routes')).body.data)).toContain('portal');
  });

  it('a second grant replaces the first in one go; unknown menus refuse the whole grant', async () => {
    await grant({ topMenuIds: [top], menuIds: [menuIds.portal, menuIds.portal_myday] });
    expect(new Set(codes((await get('/api/blade-system/menu/routes', { topMenuId: top })).body.data))).toEqual(new Set(['portal', 'portal_myday']));
    const refused = await grant({ topMenuIds: [top], menuIds: [menuIds.param, '99999999'] });
    expect(refused.body).toMatchObject({ code: 400, msg: '所选菜单不存在' });
    expect(new Set(codes((await get('/api/blade-system/menu/routes', { topMenuId: top })).body.data))).toEqual(new Set(['portal', 'portal_myday']));
    expect((await grant({ topMenuIds: [], menuIds: [] })).body.msg).toBe('请选择顶部菜单');
  });

  it('removing a top menu removes its settings: its routes are empty', async () => {
    expect((await remove(top)).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await get('/api/blade-system/menu/routes', { topMenuId: top })).body.data).toEqual([]);
    expect((await get(`${base}/detail`, { id: top })).status).toBe(404);
    expect(await t.db.selectFrom('bladeTopMenuSetting').select('menuId').where('topMenuId', '=', top).execute()).toEqual([]);
  });
});
