import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/app.js';
import { menuIdsByCode, useTestApp } from '../../../../test/use-test-app.js';
import { createRole, createUser } from '../../../../test/harness/people.js';

let t: TestApp;
const menuIds: Record<string, string> = {};
const roleIds: Record<string, string> = {};
const depts: Record<string, string> = {};
const tokens = useTestApp(['admin', 'nj_aoc', 'nj_coc'], async (app) => {
  t = app;
  Object.assign(menuIds, await menuIdsByCode(t.db));
  for (const r of await t.db.selectFrom('bladeRole').select(['id', 'roleAlias']).where('isDeleted', '=', 0).execute()) roleIds[r.roleAlias] = r.id;
  for (const d of await t.db.selectFrom('bladeDept').select(['id', 'deptName']).where('deptName', 'in', ['苏州市工商联', '无锡市工商联']).execute())
    depts[d.deptName] = d.id;
});

const url = (path: string, call: string) => `/api/blade-system/${path}/${call}`;
const get = (path: string, call: string, query: Record<string, string> = {}, who = 'admin') => t.call({ url: url(path, call), token: tokens[who], query });
const submit = (path: string, body: unknown, who = 'admin') => t.call({ method: 'POST', url: url(path, 'submit'), token: tokens[who], body });
const remove = (path: string, ids: string, who = 'admin') => t.call({ method: 'POST', url: url(path, 'remove'), token: tokens[who], query: { ids } });
const keys = async (roleId: string) =>
  (await t.call({ url: '/api/blade-system/menu/role-tree-keys', token: tokens.admin, query: { roleIds: roleId } })).body.data;
const grant = (body: unknown) => t.call({ method: 'POST', url: '/api/blade-system/role/grant', token: tokens.admin, body });

describe('data-scope list / submit / detail / remove', () => {
  it("lists a menu's rules, paged", async () => {
    const res = (await get('data-scope', 'list', { menuId: menuIds.portal_myorg })).body.data;
    expect(res.total).toBe(3);
    expect(res.records[0]).toMatchObject({
      menuId: menuIds.portal_myorg,
      menuName: '我的组织',
      resourceCode: 'userlogin',
      scopeType: 4,
      scopeTypeName: '所在机构及子级可见',
      version: 1,
    });
    expect((await get('data-scope', 'list', { menuId: menuIds.portal_myorg, scopeType: '2' })).body.data.total).toBe(1);
    expect((await get('data-scope', 'list', { resourceCode: 'userlogin', size: '1' })).body.data).toMatchObject({ size: 1, total: 3 });
    expect((await get('data-scope', 'list', { menuId: 'x' })).status).toBe(400);
  });

  it('validates; a custom rule names live depts of the tenant', async () => {
    const rule = { menuId: menuIds.portal_myorg, resourceCode: 'userlogin', scopeName: '自定义', scopeType: 5 };
    expect((await submit('data-scope', { ...rule, scopeName: '' })).body.msg).toBe('请输入数据权限名称');
    expect((await submit('data-scope', { ...rule, resourceCode: undefined })).body.msg).toBe('请输入资源编号');
    expect((await submit('data-scope', { ...rule, menuId: undefined })).body.msg).toBe('请选择所属菜单');
    expect((await submit('data-scope', { ...rule, scopeType: 6 })).body.msg).toBe('请选择数据权限类型');
    expect((await submit('data-scope', { ...rule, menuId: '99999999', scopeValue: depts['苏州市工商联'] })).body.msg).toBe('所属菜单不存在');
    expect((await submit('data-scope', rule)).body.msg).toBe('自定义数据权限请选择可见的机构');
    expect((await submit('data-scope', { ...rule, scopeValue: '99999999' })).body.msg).toBe('自定义数据权限中的机构不存在');
    const foreign = await t.db.insertInto('bladeDept').values({ tenantId: '000002', deptName: '外租户机构' }).returning('id').executeTakeFirstOrThrow();
    expect((await submit('data-scope', { ...rule, scopeValue: foreign.id })).body.msg).toBe('自定义数据权限中的机构不存在');
    expect((await submit('data-scope', { ...rule, scopeValue: 'a,b' })).status).toBe(400);
    const ok = await submit('data-scope', { ...rule, scopeValue: `${depts['苏州市工商联']},${depts['无锡市工商联']}` });
    expect(ok.body).toMatchObject({
      msg: '新增成功',
      data: { scopeType: 5, scopeValue: `${depts['苏州市工商联']},${depts['无锡市工商联']}`, scopeColumn: 'dept_id' },
    });
  });

  it('updates at the read version; detail; remove drops the rule and its grants', async () => {
    const made = (await submit('data-scope', { menuId: menuIds.portal_myorg, resourceCode: 'userlogin', scopeName: '全部', scopeType: 1 })).body.data;
    const updated = await submit('data-scope', {
      id: made.id,
      version: made.version,
      menuId: menuIds.portal_myorg,
      resourceCode: 'userlogin',
      scopeName: '全部可见',
      scopeType: 1,
      remark: '测试',
    });
    expect(updated.body).toMatchObject({ msg: '更新成功', data: { scopeName: '全部可见', remark: '测试', version: 2 } });
    expect(
      (await submit('data-scope', { id: made.id, version: 1, menuId: menuIds.portal_myorg, resourceCode: 'userlogin', scopeName: 'x', scopeType: 1 })).body.msg,
    ).toBe('数据已被他人修改,请刷新后重试');
    expect((await get('data-scope', 'detail', { id: made.id })).body.data).toMatchObject({ scopeName: '全部可见', scopeTypeName: '全部可见' });

    const before = await keys(roleIds.coc);
    await grant({ roleIds: [roleIds.coc], dataScopeIds: [...before.dataScope, made.id] });
    expect((await keys(roleIds.coc)).dataScope).toContain(made.id);
    expect((await remove('data-scope', made.id)).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await keys(roleIds.coc)).dataScope).toEqual(before.dataScope);
    expect((await get('data-scope', 'detail', { id: made.id })).status).toBe(404);
    expect((await remove('data-scope', made.id)).status).toBe(404);
  });

  it('a custom rule granted to a role widens what its users see at once', async () => {
    const suzhou = await t.db
      .selectFrom('bladeUser as u')
      .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
      .select('u.account')
      .where('d.deptName', '=', '苏州市工商联')
      .executeTakeFirstOrThrow();
    await t.login(suzhou.account); // leaves a login in 苏州市工商联's journal
    const journal = async () =>
      (await t.call({ url: '/api/aoc-service/portal/userlogin/list', token: tokens.nj_coc, query: { size: '500' } })).body.data.records.map(
        (r: any) => r.account,
      );
    expect(await journal()).not.toContain(suzhou.account);
    const rule = (
      await submit('data-scope', {
        menuId: menuIds.portal_myorg,
        resourceCode: 'userlogin',
        scopeName: '苏州',
        scopeType: 5,
        scopeValue: depts['苏州市工商联'],
      })
    ).body.data;
    const held = await keys(roleIds.coc);
    await grant({ roleIds: [roleIds.coc], dataScopeIds: [...held.dataScope, rule.id] });
    const seen = await journal();
    expect(seen).toContain(suzhou.account);
    expect(seen).toContain('nj_coc');
  });

  it('federation staff without the screens get 403', async () => {
    expect((await get('data-scope', 'list', {}, 'nj_aoc')).status).toBe(403);
    expect((await get('api-scope', 'list', {}, 'nj_aoc')).status).toBe(403);
    expect((await submit('data-scope', { menuId: menuIds.param, resourceCode: 'x', scopeName: 'x', scopeType: 1 }, 'nj_aoc')).status).toBe(403);
    expect((await submit('api-scope', { menuId: menuIds.param, resourceCode: 'x', scopeName: 'x', scopePath: '/api/x/**' }, 'nj_aoc')).status).toBe(403);
  });
});

describe('api-scope list / submit / detail / remove', () => {
  it('validates the path pattern; adds, lists, shows, updates and removes', async () => {
    const rule = { menuId: menuIds.param, resourceCode: 'param', scopeName: '参数列表', scopePath: '/api/blade-system/param/list' };
    expect((await submit('api-scope', { ...rule, scopeName: ' ' })).body.msg).toBe('请输入接口权限名称');
    expect((await submit('api-scope', { ...rule, scopePath: '' })).body.msg).toBe('请输入接口路径');
    expect((await submit('api-scope', { ...rule, scopePath: 'blade-system/param/**' })).body.msg).toBe(
      '接口路径须以 /api/ 开头,只能包含字母、数字和 / _ - . * { }',
    );
    expect((await submit('api-scope', { ...rule, scopePath: '/api/x/(.*)' })).status).toBe(400);
    expect((await submit('api-scope', { ...rule, scopeType: 3 })).body.msg).toBe('请选择接口权限类型');
    const made = await submit('api-scope', { ...rule, scopePath: '/api/blade-system/example/**' });
    expect(made.body).toMatchObject({
      msg: '新增成功',
      data: { scopePath: '/api/blade-system/example/**', scopeType: 1, scopeTypeName: '请求', menuName: '参数管理' },
    });
    const list = (await get('api-scope', 'list', { menuId: menuIds.param })).body.data;
    expect(list.records.map((r: any) => r.scopePath)).toEqual(['/api/blade-system/example/**']);
    const id = made.body.data.id;
    const updated = await submit('api-scope', { ...rule, id, version: 1, scopePath: '/api/blade-system/example/{id}', scopeType: 2 });
    expect(updated.body).toMatchObject({ msg: '更新成功', data: { scopePath: '/api/blade-system/example/{id}', scopeTypeName: '授权', version: 2 } });
    expect((await get('api-scope', 'detail', { id })).body.data.version).toBe(2);
    expect((await remove('api-scope', id)).body.msg).toBe('删除成功');
    expect((await get('api-scope', 'list', { menuId: menuIds.param })).body.data.total).toBe(0);
  });
});

describe('the menu tree the scope screens pick from', () => {
  it('is granted by any of 菜单管理, 数据权限 or 接口权限, and by none of the others', async () => {
    const nanjing = (await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', '南京市工商联').executeTakeFirstOrThrow()).id;
    const tokenWith = async (alias: string, grants: string[]) => {
      const roleId = await createRole(t.db, { alias, grants });
      const u = await createUser(t.db, { account: alias, deptId: nanjing, roleIds: [roleId] });
      return (await t.login(u.account, u.password)).access_token as string;
    };
    const tree = (token: string) => t.call({ url: '/api/blade-system/menu/tree', token });
    for (const code of ['data_scope', 'api_scope', 'menu']) {
      const res = await tree(await tokenWith(`tree_by_${code}`, ['authority', code]));
      expect(res.status, code).toBe(200);
      expect(JSON.stringify(res.body.data)).toContain('"参数管理"');
    }
    const none = await tree(await tokenWith('tree_by_role', ['authority', 'role']));
    expect(none.status).toBe(403);
    expect(none.body.msg).toBe('没有访问该接口的权限');
  });
});
