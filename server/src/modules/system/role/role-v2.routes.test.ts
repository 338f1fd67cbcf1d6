import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/app.js';
import { menuIdsByCode, useTestApp } from '../../../../test/use-test-app.js';

/** The v2 role calls: org roles within the dept data scope, a role with its menus in one call, users per role. */
let t: TestApp;
const roleIds: Record<string, string> = {};
const menuIds: Record<string, string> = {};
const depts: Record<string, { id: string; unionId: string | null }> = {};
let suzhouRole: string;
let chamberRole: string;

const tokens = useTestApp(['admin', 'nj_aoc', 'nj_coc'], (app) => (t = app));
beforeAll(async () => {
  for (const r of await t.db.selectFrom('bladeRole').select(['id', 'roleAlias']).where('isDeleted', '=', 0).execute()) roleIds[r.roleAlias] = r.id;
  Object.assign(menuIds, await menuIdsByCode(t.db));
  for (const d of await t.db
    .selectFrom('bladeDept')
    .select(['id', 'deptName', 'unionId'])
    .where('deptName', 'in', ['南京市工商联', '南京市浙江商会', '苏州市工商联', '江苏省工商联'])
    .execute()) {
    depts[d.deptName] = { id: d.id, unionId: d.unionId };
  }
  // Federation staff may administer roles (given through the API, as an administrator would).
  const held = (await t.call({ url: '/api/blade-system/menu/role-tree-keys', token: tokens.admin, query: { roleIds: roleIds.aoc } })).body.data
    .menu as string[];
  const more = ['authority', 'role', 'role_add', 'role_edit', 'role_menu'].map((c) => menuIds[c]);
  const res = await t.call({
    method: 'POST',
    url: '/api/blade-system/role/grant',
    token: tokens.admin,
    body: { roleIds: [roleIds.aoc], menuIds: [...held, ...more] },
  });
  expect(res.status).toBe(200);
});

const v2 = '/api/blade-system/v2/role';
const get = (url: string, query: Record<string, string> = {}, who = 'admin') => t.call({ url, token: tokens[who], query });
const submit = (body: unknown, who = 'admin') => t.call({ method: 'POST', url: `${v2}/submit`, token: tokens[who], body });
const aliases = (forest: any[]): string[] => forest.flatMap((n: any) => [n.roleAlias, ...aliases(n.children)]);
const roleCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('bladeRole')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('v2/role/submit and detail: org roles with their menus', () => {
  it('an administrator creates an org role for any org', async () => {
    const res = await submit({ roleName: '苏州机构角色', roleAlias: 'sz_org', sort: 1, systemType: 'aoc', deptId: depts['苏州市工商联'].id });
    expect(res.body).toMatchObject({ msg: '新增成功', data: { deptId: depts['苏州市工商联'].id, deptName: '苏州市工商联', systemType: 'aoc' } });
    suzhouRole = res.body.data.id;
  });

  it('federation staff create an org role below them, with menus they hold, in one call', async () => {
    const res = await submit(
      {
        roleName: '浙江商会管理员',
        roleAlias: 'zj_chamber_admin',
        sort: 1,
        deptId: depts['南京市浙江商会'].id,
        menuIds: [menuIds.portal, menuIds.portal_myday, menuIds.portal_news],
      },
      'nj_aoc',
    );
    expect(res.body).toMatchObject({ msg: '新增成功', data: { deptName: '南京市浙江商会', version: 1 } });
    chamberRole = res.body.data.id;
    const detail = (await get(`${v2}/detail/${chamberRole}`, {}, 'nj_aoc')).body.data;
    expect(detail).toMatchObject({ id: chamberRole, roleAlias: 'zj_chamber_admin', deptId: depts['南京市浙江商会'].id, dataScopeIds: [], apiScopeIds: [] });
    expect(new Set(detail.menuIds)).toEqual(new Set([menuIds.portal, menuIds.portal_myday, menuIds.portal_news]));
  });

  it("an org outside the staff member's data scope is 404 and nothing is created", async () => {
    const before = await roleCount();
    const res = await submit({ roleName: '越权', roleAlias: 'sz_by_nj', sort: 1, deptId: depts['苏州市工商联'].id }, 'nj_aoc');
    expect(res.status).toBe(404);
    expect((await submit({ roleName: '越权', roleAlias: 'up_by_nj', sort: 1, deptId: depts['江苏省工商联'].id }, 'nj_aoc')).status).toBe(404);
    expect((await get(`${v2}/detail/${suzhouRole}`, {}, 'nj_aoc')).status).toBe(404);
    expect(await roleCount()).toBe(before);
  });

  it('menus the staff member does not hold are refused (403) and the role is not created either', async () => {
    const before = await roleCount();
    const res = await submit(
      { roleName: '带用户管理', roleAlias: 'with_user_menu', sort: 1, deptId: depts['南京市浙江商会'].id, menuIds: [menuIds.portal_myday, menuIds.user] },
      'nj_aoc',
    );
    expect(res.status).toBe(403);
    expect(await roleCount()).toBe(before);
  });

  it('updates keep the org when deptId is absent and drop it with an empty deptId; versions apply', async () => {
    const d = (await get(`${v2}/detail/${chamberRole}`, {}, 'nj_aoc')).body.data;
    const kept = await submit({ id: chamberRole, version: d.version, roleName: '浙江商会管理员(改)', roleAlias: 'zj_chamber_admin', sort: 2 }, 'nj_aoc');
    expect(kept.body).toMatchObject({ msg: '更新成功', data: { deptId: depts['南京市浙江商会'].id, version: 2 } });
    // menus untouched when menuIds is left out
    expect((await get(`${v2}/detail/${chamberRole}`, {}, 'nj_aoc')).body.data.menuIds).toHaveLength(3);
    const stale = await submit({ id: chamberRole, version: 1, roleName: 'x', roleAlias: 'zj_chamber_admin', sort: 2 }, 'nj_aoc');
    expect(stale.body.msg).toBe('数据已被他人修改,请刷新后重试');
    const tmp = (await submit({ roleName: '临时', roleAlias: 'tmp_org', sort: 1, deptId: depts['南京市工商联'].id })).body.data;
    const general = await submit({ id: tmp.id, version: tmp.version, roleName: '临时', roleAlias: 'tmp_org', sort: 1, deptId: '' });
    expect(general.body.data).toMatchObject({ deptId: null, deptName: null });
  });
});

describe("v2/role/tree and page: an org's roles inside the data scope", () => {
  it("by deptId or cocUnionId: the org's roles plus the tenant's, without roles above the caller", async () => {
    const byDept = (await get(`${v2}/tree`, { deptId: depts['南京市浙江商会'].id, systemType: 'aoc' }, 'nj_aoc')).body.data;
    const names = aliases(byDept);
    expect(names).toEqual(expect.arrayContaining(['zj_chamber_admin', 'aoc', 'coc']));
    for (const absent of ['sz_org', 'administrator', 'admin']) expect(names).not.toContain(absent);
    expect(byDept[0]).toMatchObject({ title: expect.any(String), key: byDept[0].id, value: byDept[0].id });
    const byUnion = (await get(`${v2}/tree`, { cocUnionId: depts['南京市浙江商会'].unionId! }, 'nj_aoc')).body.data;
    expect(aliases(byUnion).sort()).toEqual(names.sort());
    const tenantOnly = aliases((await get(`${v2}/tree`, {}, 'nj_aoc')).body.data);
    expect(tenantOnly).toContain('aoc');
    expect(tenantOnly).not.toContain('zj_chamber_admin');
  });

  it("an org outside the caller's scope is 404; chamber staff reach only their own org", async () => {
    expect((await get(`${v2}/tree`, { deptId: depts['苏州市工商联'].id }, 'nj_aoc')).status).toBe(404);
    expect((await get(`${v2}/tree`, { cocUnionId: 'NO_SUCH_UNION' }, 'nj_aoc')).status).toBe(404);
    expect(aliases((await get(`${v2}/tree`, { deptId: depts['苏州市工商联'].id })).body.data)).toContain('sz_org');
    expect(aliases((await get(`${v2}/tree`, { deptId: depts['南京市浙江商会'].id }, 'nj_coc')).body.data)).toContain('zj_chamber_admin');
    expect((await get(`${v2}/tree`, { deptId: depts['南京市工商联'].id }, 'nj_coc')).status).toBe(404);
    expect((await get(`${v2}/tree`, { deptId: 'abc' }, 'nj_coc')).status).toBe(400);
  });

  it("v2/role/page lists the tenant's roles and the org roles in scope", async () => {
    const mine = (await get(`${v2}/page`, { size: '100' }, 'nj_aoc')).body.data.records.map((r: any) => r.roleAlias);
    expect(mine).toEqual(expect.arrayContaining(['zj_chamber_admin', 'aoc', 'admin']));
    expect(mine).not.toContain('sz_org');
    const all = (await get(`${v2}/page`, { size: '100' })).body.data.records.map((r: any) => r.roleAlias);
    expect(all).toContain('sz_org');
    const byOrg = (await get(`${v2}/page`, { deptId: depts['南京市浙江商会'].id }, 'nj_aoc')).body.data;
    expect(byOrg.records.map((r: any) => r.roleAlias)).toEqual(['zj_chamber_admin']);
    // Chamber staff reach it through 我的组织 › 角色管理 (myorg_role), inside their own chamber.
    const chamber = (await get(`${v2}/page`, { size: '100' }, 'nj_coc')).body.data.records.map((r: any) => r.roleAlias);
    expect(chamber).toContain('zj_chamber_admin');
    expect(chamber).not.toContain('sz_org');
  });

  it('role/tree (v1) also hides org roles outside the scope', async () => {
    const tree = aliases((await get('/api/blade-system/role/tree', {}, 'nj_aoc')).body.data);
    expect(tree).toContain('zj_chamber_admin');
    expect(tree).not.toContain('sz_org');
  });
});

describe('v2/role/user/list and page: users holding a role, inside the user data scope', () => {
  it('the administrator sees every holder; federation staff only those of their org and below', async () => {
    const all = (await get(`${v2}/user/list`, { roleId: roleIds.aoc })).body.data.map((u: any) => u.account);
    expect(all).toEqual(expect.arrayContaining(['js_aoc', 'nj_aoc']));
    const mine = (await get(`${v2}/user/list`, { roleId: roleIds.aoc }, 'nj_aoc')).body.data;
    expect(mine.map((u: any) => u.account)).toContain('nj_aoc');
    expect(mine.map((u: any) => u.account)).not.toContain('js_aoc');
    expect(mine.length).toBeLessThan(all.length);
    expect(mine[0]).toMatchObject({ id: expect.any(String), account: expect.any(String), deptName: expect.any(String), status: 1 });
    expect(Object.keys(mine[0])).not.toContain('passwordHash');
  });

  it('pages and filters; an unknown or unseen role is 404; roleId is required', async () => {
    const page = (await get(`${v2}/user/page`, { roleId: roleIds.aoc, size: '2', current: '1' })).body.data;
    expect(page).toMatchObject({ size: 2, current: 1 });
    expect(page.records).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    const one = (await get(`${v2}/user/page`, { roleId: roleIds.aoc, account: 'nj_aoc' })).body.data;
    expect(one.records.map((u: any) => u.account)).toEqual(['nj_aoc']);
    expect((await get(`${v2}/user/page`, { roleId: '99999999' })).status).toBe(404);
    expect((await get(`${v2}/user/list`, { roleId: suzhouRole }, 'nj_aoc')).status).toBe(404);
    expect((await get(`${v2}/user/list`, {})).body.msg).toBe('请提供角色编号');
  });
});
