import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/app.js';
import { menuIdsByCode, useTestApp } from '../../../../test/use-test-app.js';

let t: TestApp;
const menuIds: Record<string, string> = {};
const tokens = useTestApp(['admin', 'nj_aoc'], async (app) => {
  t = app;
  Object.assign(menuIds, await menuIdsByCode(t.db));
});

const base = '/api/blade-system/menu';
const get = (call: string, query: Record<string, string> = {}, who = 'admin') => t.call({ url: `${base}/${call}`, token: tokens[who], query });
const submit = (body: unknown, who = 'admin') => t.call({ method: 'POST', url: `${base}/submit`, token: tokens[who], body });
const remove = (ids: string, who = 'admin') => t.call({ method: 'POST', url: `${base}/remove`, token: tokens[who], query: { ids } });
const page = (extra: Record<string, unknown> = {}) => ({
  parentId: menuIds.system,
  code: 'test_page',
  name: '测试页面',
  path: '/system/test',
  source: 'file',
  sort: 50,
  category: 1,
  ...extra,
});

describe('menu list / lazy-list / detail / tree', () => {
  it('lists the whole tree as tree nodes, and filtered', async () => {
    const tree = (await get('list')).body.data;
    const system = tree.find((n: any) => n.code === 'system');
    expect(system).toMatchObject({
      id: menuIds.system,
      parentId: '0',
      title: '系统管理',
      key: menuIds.system,
      value: menuIds.system,
      hasChildren: true,
      category: 1,
      version: 1,
    });
    const param = system.children.find((n: any) => n.code === 'param');
    expect(param.children.map((b: any) => b.code)).toEqual(['param_add', 'param_edit', 'param_delete', 'param_view']);
    expect(param.children[0]).toMatchObject({ category: 2, parentName: '参数管理' });
    const found = (await get('list', { name: '参数' })).body.data;
    expect(found.map((n: any) => n.code)).toEqual(['param']);
    expect((await get('list', { category: '2', code: 'param_' })).body.data).toHaveLength(4);
  });

  it('lazy-list answers one level with hasChildren; detail names the parent', async () => {
    const top = (await get('lazy-list')).body.data;
    expect(top.map((n: any) => n.code)).toEqual(expect.arrayContaining(['portal', 'system', 'authority', 'monitor']));
    expect(top.every((n: any) => n.parentId === '0')).toBe(true);
    expect(top.every((n: any) => n.hasChildren)).toBe(true);
    const below = (await get('lazy-list', { parentId: menuIds.param })).body.data;
    expect(below.map((n: any) => n.code)).toEqual(['param_add', 'param_edit', 'param_delete', 'param_view']);
    expect(below[0].hasChildren).toBe(false);
    expect((await get('detail', { id: menuIds.param })).body.data).toMatchObject({
      code: 'param',
      parentName: '系统管理',
      path: '/system/param',
      source: 'tool',
    });
    expect((await get('detail', { id: '99999999' })).status).toBe(404);
    expect((await get('detail', { id: 'x' })).status).toBe(400);
  });

  it('the select tree holds menus only, no buttons', async () => {
    const tree = (await get('tree')).body.data;
    const all: any[] = [];
    const walk = (nodes: any[]) => nodes.forEach((n) => (all.push(n), walk(n.children)));
    walk(tree);
    expect(all.length).toBeGreaterThan(20);
    expect(all.every((n) => n.category === 1)).toBe(true);
    expect(all.map((n) => n.code)).toContain('param');
  });

  it('administration needs the menu permission; routes and buttons stay open to every signed-in user', async () => {
    expect((await get('list', {}, 'nj_aoc')).status).toBe(403);
    expect((await get('tree', {}, 'nj_aoc')).status).toBe(403);
    expect((await submit(page({ code: 'by_aoc' }), 'nj_aoc')).status).toBe(403);
    expect((await remove(menuIds.param, 'nj_aoc')).status).toBe(403);
    expect((await get('routes', {}, 'nj_aoc')).status).toBe(200);
    expect((await get('buttons', {}, 'nj_aoc')).status).toBe(200);
  });
});

describe('menu submit / remove', () => {
  it("adds a menu and a button under it; the new menu reaches the administrator's routes", async () => {
    const res = await submit(page());
    expect(res.body).toMatchObject({ msg: '新增成功', data: { code: 'test_page', parentId: menuIds.system, category: 1, isOpen: 1, action: 0, version: 1 } });
    const button = await submit({ parentId: res.body.data.id, code: 'test_page_add', name: '新增', sort: 1, category: 2 });
    expect(button.body).toMatchObject({ msg: '新增成功', data: { category: 2, action: 1, path: null } });
    const routes = (await get('routes')).body.data;
    const system = routes.find((n: any) => n.code === 'system');
    expect(system.children.map((n: any) => n.code)).toContain('test_page');
  });

  it("validates with the form's messages", async () => {
    expect((await submit(page({ code: 'x_no_path', path: '' }))).body.msg).toBe('请输入路由地址');
    expect((await submit(page({ code: undefined }))).body.msg).toBe('请输入菜单编号');
    expect((await submit(page({ code: 'x_no_name', name: ' ' }))).body.msg).toBe('请输入菜单名称');
    expect((await submit(page({ code: 'x_no_sort', sort: undefined }))).body.msg).toBe('请输入菜单排序');
    expect((await submit(page({ code: 'x_no_cat', category: 3 }))).body.msg).toBe('请选择菜单类型');
    expect((await submit(page({ code: 'x bad' }))).status).toBe(400);
    expect((await submit(page({ code: 'x_extra', bogus: 1 }))).status).toBe(400);
    expect((await submit(page({ code: 'param' }))).body).toMatchObject({ code: 400, msg: '菜单编号已存在' });
    expect((await submit(page({ code: 'x_under_button', parentId: menuIds.param_add }))).body.msg).toBe('按钮下不能再添加菜单或按钮');
    expect((await submit(page({ code: 'x_no_parent', parentId: '99999999' }))).body.msg).toBe('上级菜单不存在');
  });

  it('updates at the read version; never under itself; a menu with children cannot become a button', async () => {
    const m = (await submit(page({ code: 'ver_page', path: '/system/ver' }))).body.data;
    const child = (await submit(page({ code: 'ver_child', parentId: m.id, path: '/system/ver/child' }))).body.data;
    const updated = await submit(page({ id: m.id, version: m.version, code: 'ver_page', name: '改名', path: '/system/ver2', isOpen: 2 }));
    expect(updated.body).toMatchObject({ msg: '更新成功', data: { name: '改名', isOpen: 2, version: 2 } });
    expect((await submit(page({ id: m.id, version: 1, code: 'ver_page' }))).body.msg).toBe('数据已被他人修改,请刷新后重试');
    expect((await submit(page({ id: m.id, code: 'ver_page' }))).body.msg).toBe('请提供数据版本号(version)');
    expect((await submit(page({ id: m.id, version: 2, code: 'ver_page', parentId: child.id }))).body.msg).toBe('上级菜单不能是自身或其子菜单');
    expect((await submit(page({ id: m.id, version: 2, code: 'ver_page', category: 2 }))).body.msg).toBe('该菜单下存在子项,不能改为按钮');
    expect((await submit(page({ id: '99999999', version: 1, code: 'nowhere' }))).status).toBe(404);
  });

  it('built-in codes (the permission registry) cannot be renamed or removed', async () => {
    const param = (await get('detail', { id: menuIds.param_view })).body.data;
    const renamed = await submit({ id: param.id, version: param.version, parentId: menuIds.param, code: 'param_look', name: '查看', sort: 4, category: 2 });
    expect(renamed.body.msg).toBe('系统内置菜单的编号不能修改(接口权限依赖该编号)');
    const relabelled = await submit({ id: param.id, version: param.version, parentId: menuIds.param, code: 'param_view', name: '详情', sort: 4, category: 2 });
    expect(relabelled.body.msg).toBe('更新成功');
    expect((await remove(menuIds.param_view)).body.msg).toBe('系统内置菜单不能删除(接口权限依赖该编号)');
  });

  it('refuses to remove a menu with children, removes bottom-up or together; removed menus leave the routes', async () => {
    const m = (await submit(page({ code: 'rm_page', path: '/system/rm' }))).body.data;
    const b = (await submit({ parentId: m.id, code: 'rm_page_add', name: '新增', sort: 1, category: 2 })).body.data;
    expect((await remove(m.id)).body).toMatchObject({ code: 400, msg: '该菜单下存在子菜单或按钮,请先删除子项' });
    expect((await remove(`${m.id},${b.id}`)).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await get('detail', { id: m.id })).status).toBe(404);
    expect((await remove(m.id)).status).toBe(404);
    const codes = JSON.stringify((await get('routes')).body.data);
    expect(codes).not.toContain('rm_page');
    // the code is free again
    expect((await submit(page({ code: 'rm_page', path: '/system/rm' }))).body.msg).toBe('新增成功');
  });
});
