import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';

/**
 * Role grants as clients notice them: menus in menu/routes and buttons, access to the API, what a
 * grantor may give, and the protected built-in roles.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const roleIds: Record<string, string> = {};
const menuIds: Record<string, string> = {};
/** Three generated federation staff (not the fixed demo accounts), each given one test role. */
let users: Array<{ id: string; account: string }>;

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = (await t.login('admin')).access_token;
  for (const r of await t.db.selectFrom('bladeRole').select(['id', 'roleAlias']).where('isDeleted', '=', 0).execute()) roleIds[r.roleAlias] = r.id;
  for (const m of await t.db.selectFrom('bladeMenu').select(['id', 'code']).where('isDeleted', '=', 0).execute()) menuIds[m.code] = m.id;
  users = await t.db
    .selectFrom('bladeUser as u')
    .innerJoin('bladeUserRole as ur', 'ur.userId', 'u.id')
    .select(['u.id', 'u.account'])
    .where('ur.roleId', '=', roleIds.aoc)
    .where('u.account', 'not in', ['js_aoc', 'nj_aoc'])
    .where('u.isDeleted', '=', 0)
    .orderBy('u.id')
    .limit(3)
    .execute();
  expect(users).toHaveLength(3);
});
afterAll(() => t?.close());

const submit = (body: unknown, who = 'admin') => t.call({ method: 'POST', url: '/api/blade-system/role/submit', token: tokens[who], body });
const grant = (body: unknown, who = 'admin') => t.call({ method: 'POST', url: '/api/blade-system/role/grant', token: tokens[who], body });
const keys = (ids: string, who = 'admin') => t.call({ url: '/api/blade-system/menu/role-tree-keys', token: tokens[who], query: { roleIds: ids } });
const routes = (token: string) => t.call({ url: '/api/blade-system/menu/routes', token });
const buttons = (token: string) => t.call({ url: '/api/blade-system/menu/buttons', token });
const codes = (forest: any[], out: string[] = []): string[] => {
  for (const n of forest ?? []) {
    out.push(n.code);
    codes(n.children, out);
  }
  return out;
};
const flatIds = (forest: any[], out: string[] = []): string[] => {
  for (const n of forest ?? []) {
    out.push(n.id);
    flatIds(n.children, out);
  }
  return out;
};
const newRole = async (alias: string) => (await submit({ roleName: `授权${alias}`, roleAlias: alias, sort: 20 })).body.data.id as string;
const giveRole = (userId: string, roleId: string) => t.db.insertInto('bladeUserRole').values({ userId, roleId }).execute();

describe("role grant takes effect for the role's users", () => {
  let roleA: string;
  let roleB: string;
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    roleA = await newRole('grant_a');
    roleB = await newRole('grant_b');
    await giveRole(users[0].id, roleA);
    await giveRole(users[1].id, roleB);
  });

  it("granting role A the parameter menu shows it to A's user after signing on again, not to B's", async () => {
    const res = await grant({ roleIds: [roleA], menuIds: [menuIds.system, menuIds.param, menuIds.param_view] });
    expect(res.body).toMatchObject({ code: 200, msg: '授权成功' });
    tokenA = (await t.login(users[0].account)).access_token;
    tokenB = (await t.login(users[1].account)).access_token;
    expect(codes((await routes(tokenA)).body.data)).toEqual(expect.arrayContaining(['system', 'param']));
    expect(codes((await routes(tokenA)).body.data)).not.toContain('param_view'); // buttons are not routes
    expect(codes((await buttons(tokenA)).body.data)).toContain('param_view');
    expect(codes((await routes(tokenB)).body.data)).not.toContain('param');
    expect((await t.call({ url: '/api/blade-system/param/list', token: tokenA })).status).toBe(200);
    expect((await t.call({ url: '/api/blade-system/param/list', token: tokenB })).status).toBe(403);
    const held = (await keys(roleA)).body.data;
    expect(new Set(held.menu)).toEqual(new Set([menuIds.system, menuIds.param, menuIds.param_view]));
    expect(held).toMatchObject({ dataScope: [], apiScope: [] });
  });

  it("a grant replaces the role's menus; a list left out is not touched", async () => {
    await grant({ roleIds: [roleA], menuIds: [menuIds.system, menuIds.dict] });
    const menus = codes((await routes(tokenA)).body.data);
    expect(menus).toContain('dict');
    expect(menus).not.toContain('param');
    const scope = await t.db.selectFrom('bladeScopeData').select('id').where('resourceCode', '=', 'userlogin').orderBy('id').executeTakeFirstOrThrow();
    await grant({ roleIds: [roleA], dataScopeIds: [scope.id] });
    const held = (await keys(roleA)).body.data;
    expect(new Set(held.menu)).toEqual(new Set([menuIds.system, menuIds.dict]));
    expect(held.dataScope).toEqual([scope.id]);
    await grant({ roleIds: [roleA], dataScopeIds: [] });
    expect((await keys(roleA)).body.data.dataScope).toEqual([]);
  });

  it('a disabled role stops granting at once (same token), and grants again when enabled', async () => {
    await t.call({ method: 'POST', url: '/api/blade-system/role/disable', token: tokens.admin, query: { ids: roleA } });
    expect(codes((await routes(tokenA)).body.data)).not.toContain('dict');
    expect((await t.call({ url: '/api/blade-system/dict/parent-list', token: tokenA })).status).toBe(403);
    await t.call({ method: 'POST', url: '/api/blade-system/role/enable', token: tokens.admin, query: { ids: roleA } });
    expect(codes((await routes(tokenA)).body.data)).toContain('dict');
    expect((await t.call({ url: '/api/blade-system/dict/parent-list', token: tokenA })).status).toBe(200);
  });

  it('a grant is one transaction: an unknown item refuses the whole grant and changes nothing', async () => {
    const before = (await keys(roleA)).body.data;
    const res = await grant({ roleIds: [roleA, roleB], menuIds: [menuIds.param], apiScopeIds: ['99999999'] });
    expect(res.body).toMatchObject({ code: 400, msg: '所选接口权限不存在' });
    expect((await keys(roleA)).body.data).toEqual(before);
    expect((await grant({ roleIds: [roleA], menuIds: ['99999999'] })).body.msg).toBe('所选菜单不存在');
    expect((await grant({ roleIds: ['99999999'], menuIds: [] })).status).toBe(404);
    expect((await grant({ roleIds: [], menuIds: [] })).body.msg).toBe('请选择角色');
    expect((await grant({ roleIds: [roleA], menuIds: [1] })).status).toBe(400);
    expect((await grant({ roleIds: [roleA], menuIds: [], extra: 1 })).status).toBe(400);
  });

  it('parallel grants of one role leave exactly one of the requested sets', async () => {
    const sets = [[menuIds.param], [menuIds.dict], [menuIds.post], [menuIds.dept]];
    const results = await Promise.all(sets.map((menuIds) => grant({ roleIds: [roleB], menuIds })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const held = (await keys(roleB)).body.data.menu;
    expect(sets.some((s) => JSON.stringify(s) === JSON.stringify(held))).toBe(true);
  });
});

describe('a grantor gives only what he holds', () => {
  let grantor: string;
  let target: string;
  let tokenC: string;

  beforeAll(async () => {
    grantor = await newRole('grantor');
    target = await newRole('grant_target');
    // The grantor holds the role screen with its grant button, and the parameter menu; not the dictionary.
    await grant({
      roleIds: [grantor],
      menuIds: [menuIds.authority, menuIds.role, menuIds.role_menu, menuIds.role_edit, menuIds.role_disable, menuIds.system, menuIds.param],
    });
    // The target already holds the dictionary menu (given by the administrator).
    await grant({ roleIds: [target], menuIds: [menuIds.system, menuIds.dict] });
    await giveRole(users[2].id, grantor);
    tokenC = (await t.login(users[2].account)).access_token;
    tokens.C = tokenC;
  });

  it("the grant tree offers exactly the grantor's own menus and buttons", async () => {
    const res = await t.call({ url: '/api/blade-system/menu/grant-tree', token: tokenC, query: { systemType: 'aoc', roleId: target } });
    expect(res.status).toBe(200);
    const offered = codes(res.body.data.menu);
    // the grantor role's menus, and those of the user's other role (federation staff: the portal)
    const aocMenus = (await keys(roleIds.aoc)).body.data.menu as string[];
    const expected = new Set([...['authority', 'role', 'role_menu', 'role_edit', 'role_disable', 'system', 'param'].map((c) => menuIds[c]), ...aocMenus]);
    expect(new Set(flatIds(res.body.data.menu))).toEqual(expected);
    expect(offered).toContain('portal_myday');
    for (const notHeld of ['dict', 'user', 'tenant', 'param_add']) expect(offered).not.toContain(notHeld);
    const node = res.body.data.menu.find((n: any) => n.code === 'system');
    expect(node).toMatchObject({ id: menuIds.system, title: '系统管理', key: menuIds.system, value: menuIds.system, hasChildren: true });
    const leaves = res.body.data.dataScope.flatMap((g: any) => g.children.map((c: any) => c.id));
    expect(new Set(leaves)).toEqual(new Set((await keys(roleIds.aoc)).body.data.dataScope));
    const all = (await t.call({ url: '/api/blade-system/menu/grant-tree', token: tokens.admin })).body.data;
    expect(codes(all.menu)).toEqual(expect.arrayContaining(['user', 'dict', 'tenant', 'portal_myday']));
    expect(all.dataScope.length).toBeGreaterThan(0);
    expect(all.dataScope[0]).toMatchObject({ kind: 'menu', hasChildren: true });
    expect(all.dataScope[0].children[0]).toMatchObject({ kind: 'scope', key: all.dataScope[0].children[0].id });
  });

  it('granting a menu the grantor does not hold is 403 and changes nothing', async () => {
    const res = await grant({ roleIds: [target], menuIds: [menuIds.param, menuIds.user] }, 'C');
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('不能授予自己未拥有的权限');
    expect(new Set((await keys(target)).body.data.menu)).toEqual(new Set([menuIds.system, menuIds.dict]));
  });

  it('the grantor replaces only what he holds: the target keeps the dictionary he could not give', async () => {
    const res = await grant({ roleIds: [target], menuIds: [menuIds.param] }, 'C');
    expect(res.status).toBe(200);
    // system was held by both and not asked for: removed; dict is not the grantor's: kept.
    expect(new Set((await keys(target)).body.data.menu)).toEqual(new Set([menuIds.param, menuIds.dict]));
  });

  it("nobody but an administrator changes the administrator role; the admin role is out of a staff member's reach", async () => {
    for (const alias of ['administrator', 'admin']) {
      const res = await grant({ roleIds: [roleIds[alias]], menuIds: [menuIds.param] }, 'C');
      expect(res.status).toBe(403);
    }
    expect((await grant({ roleIds: [roleIds.administrator], menuIds: [] }, 'C')).body.msg).toBe('只有超级管理员可以修改超级管理员角色');
    const administrator = await t.db.selectFrom('bladeRole').selectAll().where('id', '=', roleIds.administrator).executeTakeFirstOrThrow();
    const edit = await submit({ id: administrator.id, version: administrator.version, roleName: '篡改', roleAlias: 'administrator', sort: 1 }, 'C');
    expect(edit.status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/blade-system/role/disable', token: tokenC, query: { ids: roleIds.admin } })).status).toBe(403);
    const after = await t.db.selectFrom('bladeRole').selectAll().where('id', '=', roleIds.administrator).executeTakeFirstOrThrow();
    expect(after).toEqual(administrator);
    // the administrator himself may rename it
    const own = await submit({ id: administrator.id, version: administrator.version, roleName: '超级管理员', roleAlias: 'administrator', sort: 1 });
    expect(own.body.msg).toBe('更新成功');
  });

  it('without the role_menu button no grant at all', async () => {
    await grant({ roleIds: [grantor], menuIds: [menuIds.authority, menuIds.role, menuIds.system, menuIds.param] });
    expect((await grant({ roleIds: [target], menuIds: [menuIds.param] }, 'C')).status).toBe(403);
  });
});
