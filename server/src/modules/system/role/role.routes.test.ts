import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';

let t: TestApp;
const roleIds: Record<string, string> = {};
const tokens = useTestApp(['admin', 'nj_aoc', 'nj_coc'], async (app) => {
  t = app;
  for (const r of await t.db.selectFrom('bladeRole').select(['id', 'roleAlias']).where('isDeleted', '=', 0).execute()) roleIds[r.roleAlias] = r.id;
});

const base = '/api/blade-system/role';
const get = (url: string, query: Record<string, string> = {}, who = 'admin') => t.call({ url, token: tokens[who], query });
const submit = (body: unknown, who = 'admin') => t.call({ method: 'POST', url: `${base}/submit`, token: tokens[who], body });
const post = (call: string, ids: string, who = 'admin') => t.call({ method: 'POST', url: `${base}/${call}`, token: tokens[who], query: { ids } });
const newRole = async (alias: string, extra: Record<string, unknown> = {}) => {
  const res = await submit({ roleName: `测试${alias}`, roleAlias: alias, sort: 10, ...extra });
  expect(res.body.msg, JSON.stringify(res.body)).toBe('新增成功');
  return res.body.data as { id: string; version: number; roleAlias: string; roleName: string };
};

describe('role page-list / submit', () => {
  it("lists the tenant's roles, paged and filtered by roleName and roleAlias", async () => {
    const all = (await get(`${base}/page-list`, { size: '100' })).body.data;
    expect(all.records.map((r: any) => r.roleAlias)).toEqual(expect.arrayContaining(['administrator', 'admin', 'aoc', 'coc']));
    expect(all.records[0]).toMatchObject({ id: expect.any(String), parentId: '0', status: 1, version: 1, systemType: 'aoc', deptId: null });
    expect(all.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const byName = (await get(`${base}/page-list`, { roleName: '商会' })).body.data;
    expect(byName.records.map((r: any) => r.roleAlias)).toEqual(['coc']);
    expect((await get(`${base}/page-list`, { roleAlias: 'admin' })).body.data.total).toBe(2); // administrator, admin
    const paged = (await get(`${base}/page-list`, { size: '2', current: '2' })).body.data;
    expect(paged).toMatchObject({ size: 2, current: 2 });
    expect(paged.records).toHaveLength(2);
  });

  it("another tenant's roles are neither listed nor addressable", async () => {
    const other = await t.db
      .insertInto('bladeRole')
      .values({ tenantId: '000002', roleName: '外租户角色', roleAlias: 'other_tenant', sort: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await get(`${base}/page-list`, { roleAlias: 'other_tenant' })).body.data.total).toBe(0);
    expect((await get(`/api/blade-system/v2/role/detail/${other.id}`)).status).toBe(404);
    expect((await submit({ id: other.id, version: 1, roleName: 'x', roleAlias: 'other_tenant', sort: 1 })).status).toBe(404);
    expect((await post('remove', other.id)).status).toBe(404);
    expect((await post('disable', other.id)).status).toBe(404);
    // an alias used in another tenant is free here
    expect((await submit({ roleName: '本租户', roleAlias: 'other_tenant', sort: 1 })).body.msg).toBe('新增成功');
  });

  it("requires name, alias and sort with the form's messages; bad input is 400", async () => {
    expect((await submit({ roleAlias: 'x1', sort: 1 })).body.msg).toBe('请输入角色名称');
    expect((await submit({ roleName: '甲', roleAlias: ' ', sort: 1 })).body.msg).toBe('请输入角色别名');
    expect((await submit({ roleName: '甲', roleAlias: 'x1' })).body.msg).toBe('请输入角色排序');
    expect((await submit({ roleName: '甲', roleAlias: 'has space', sort: 1 })).status).toBe(400);
    expect((await submit({ roleName: '甲', roleAlias: 'x1', sort: 1, deptId: '1' })).status).toBe(400); // v1 takes no org
    expect((await submit({ roleName: '甲', roleAlias: 'x1', sort: 1, systemType: 'coc' })).body.msg).toBe('系统类型不正确');
  });

  it('keeps aliases unique in the tenant and the built-in aliases reserved', async () => {
    await newRole('dup_alias');
    expect((await submit({ roleName: '重复', roleAlias: 'dup_alias', sort: 1 })).body).toMatchObject({ code: 400, msg: '角色别名已存在' });
    expect((await submit({ roleName: '冒充', roleAlias: 'administrator', sort: 1 })).body.msg).toBe('该角色别名为系统保留,不能使用');
    expect((await submit({ roleName: '冒充', roleAlias: 'admin', sort: 1 })).body.msg).toBe('该角色别名为系统保留,不能使用');
    const admin = (await get(`/api/blade-system/v2/role/detail/${roleIds.admin}`)).body.data;
    const renamed = await submit({ id: admin.id, version: admin.version, roleName: admin.roleName, roleAlias: 'tenant_admin', sort: admin.sort });
    expect(renamed.body.msg).toBe('内置角色的别名不能修改');
  });

  it('updates at the read version and bumps it; stale, missing version and unknown ids are refused', async () => {
    const r = await newRole('versioned');
    const updated = await submit({ id: r.id, version: r.version, roleName: '改名', roleAlias: 'versioned', sort: 3 });
    expect(updated.body).toMatchObject({ msg: '更新成功', data: { roleName: '改名', version: 2, sort: 3 } });
    expect((await submit({ id: r.id, version: 1, roleName: '旧', roleAlias: 'versioned', sort: 3 })).body.msg).toBe('数据已被他人修改,请刷新后重试');
    expect((await submit({ id: r.id, roleName: '旧', roleAlias: 'versioned', sort: 3 })).body.msg).toBe('请提供数据版本号(version)');
    expect((await submit({ id: '99999999', version: 1, roleName: '无', roleAlias: 'nobody', sort: 3 })).status).toBe(404);
  });

  it('a role hangs under an existing role, never under itself or its descendants', async () => {
    const parent = await newRole('tree_parent');
    const child = await newRole('tree_child', { parentId: parent.id });
    expect((await get(`/api/blade-system/v2/role/detail/${child.id}`)).body.data).toMatchObject({ parentId: parent.id, parentName: '测试tree_parent' });
    const cycle = await submit({ id: parent.id, version: parent.version, roleName: 'p', roleAlias: 'tree_parent', sort: 1, parentId: child.id });
    expect(cycle.body.msg).toBe('上级角色不能是自身或其子角色');
    expect((await submit({ roleName: 'x', roleAlias: 'orphan', sort: 1, parentId: '99999999' })).body.msg).toBe('上级角色不存在');

    const tree = (await get(`${base}/tree-by-id`, { roleId: parent.id })).body.data;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: parent.id, title: '测试tree_parent', key: parent.id, value: parent.id, hasChildren: true });
    expect(tree[0].children.map((c: any) => c.id)).toEqual([child.id]);
    expect((await get(`${base}/tree-by-id`, { roleId: '99999999' })).status).toBe(404);
  });

  it('parallel updates at one version: exactly one wins; parallel creates of one alias: exactly one row', async () => {
    const r = await newRole('race_role');
    const updates = await Promise.all(
      Array.from({ length: 8 }, (_, i) => submit({ id: r.id, version: r.version, roleName: `并发${i}`, roleAlias: 'race_role', sort: 1 })),
    );
    expect(updates.every((x) => x.status < 500)).toBe(true);
    expect(updates.filter((x) => x.status === 200)).toHaveLength(1);
    const creates = await Promise.all(Array.from({ length: 8 }, (_, i) => submit({ roleName: `并发新增${i}`, roleAlias: 'race_create', sort: 1 })));
    expect(creates.every((x) => x.status < 500)).toBe(true);
    expect(creates.filter((x) => x.status === 200)).toHaveLength(1);
    expect(creates.filter((x) => x.body.msg === '角色别名已存在')).toHaveLength(7);
  });

  it('federation staff without the role menu get 403 and change nothing', async () => {
    const before = await t.db
      .selectFrom('bladeRole')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await get(`${base}/page-list`, {}, 'nj_aoc')).status).toBe(403);
    expect((await submit({ roleName: 'x', roleAlias: 'x_by_aoc', sort: 1 }, 'nj_aoc')).status).toBe(403);
    expect((await post('remove', roleIds.coc, 'nj_aoc')).status).toBe(403);
    expect((await post('disable', roleIds.coc, 'nj_aoc')).status).toBe(403);
    expect((await t.call({ method: 'POST', url: `${base}/grant`, token: tokens.nj_aoc, body: { roleIds: [roleIds.coc], menuIds: [] } })).status).toBe(403);
    const after = await t.db
      .selectFrom('bladeRole')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('role remove / enable / disable', () => {
  it('refuses a role that still has users, naming it', async () => {
    const res = await post('remove', roleIds.coc);
    expect(res.body).toMatchObject({ code: 400, msg: '角色「商会工作人员」下仍有用户,请先解除用户的该角色后再删除' });
    expect((await get(`/api/blade-system/v2/role/detail/${roleIds.coc}`)).status).toBe(200);
  });

  it('refuses a role with child roles unless they go together; removed roles are gone', async () => {
    const parent = await newRole('rm_parent');
    const child = await newRole('rm_child', { parentId: parent.id });
    expect((await post('remove', parent.id)).body.msg).toBe('角色「测试rm_parent」下存在子角色,请先删除子角色');
    expect((await post('remove', `${parent.id},${child.id}`)).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await get(`/api/blade-system/v2/role/detail/${parent.id}`)).status).toBe(404);
    expect((await post('remove', parent.id)).status).toBe(404);
    expect((await post('remove', '')).body.msg).toBe('请选择至少一条数据');
    // the alias is free again
    await newRole('rm_parent');
  });

  it('never removes the built-in administrator and admin roles', async () => {
    for (const alias of ['administrator', 'admin']) {
      const res = await post('remove', roleIds[alias]);
      expect(res.body).toMatchObject({ code: 400, msg: '内置角色(超级管理员、管理员)不能删除' });
    }
  });

  it('disables and enables; the administrator role cannot be disabled', async () => {
    const r = await newRole('toggle');
    expect((await post('disable', r.id)).body).toMatchObject({ code: 200, msg: '禁用成功' });
    expect((await get(`/api/blade-system/v2/role/detail/${r.id}`)).body.data).toMatchObject({ status: 0, version: 2 });
    expect((await post('enable', r.id)).body.msg).toBe('启用成功');
    expect((await get(`/api/blade-system/v2/role/detail/${r.id}`)).body.data.status).toBe(1);
    expect((await post('disable', roleIds.administrator)).body.msg).toBe('超级管理员角色不能禁用');
    expect((await post('enable', '99999999')).status).toBe(404);
  });
});

describe('role tree for selects', () => {
  it("every signed-in user gets the tenant's tree, without roles that outrank him", async () => {
    const mine = (await get(`${base}/tree`)).body.data.map((n: any) => n.roleAlias);
    expect(mine).toEqual(expect.arrayContaining(['administrator', 'admin', 'aoc', 'coc']));
    const staff = (await get(`${base}/tree`, {}, 'nj_coc')).body.data;
    const aliases = staff.map((n: any) => n.roleAlias);
    expect(aliases).toEqual(expect.arrayContaining(['aoc', 'coc']));
    expect(aliases).not.toContain('administrator');
    expect(aliases).not.toContain('admin');
    expect(staff[0]).toMatchObject({ title: expect.any(String), key: staff[0].id, value: staff[0].id, children: expect.any(Array) });
    expect((await get(`${base}/tree-by-id`, { roleId: roleIds.administrator }, 'nj_coc')).status).toBe(404);
  });
});
