import { STALE_VERSION_MSG } from '@gsl/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { buttonsOf, grantMenus, useTestApp } from '../../../test/use-test-app.js';

/**
 * blade-user account calls as clients notice them: data scope (404 outside it), permissions, the
 * Chinese messages, sessions ending on disable / remove / password and role changes.
 *
 * Fixture: federation staff (aoc) get the user menu and every user button except user_view (so they
 * see masked phones); chamber staff (coc) get only the user menu (reads).
 */
let t: TestApp;
let ids: Record<string, string>;
let depts: Record<string, { id: string; idPath: string }>;
let suzhou: { id: string; account: string };

const tokens = useTestApp(['admin', 'js_aoc', 'nj_aoc', 'nj_coc'], async (app) => {
  t = app;
  await grantMenus(t.db, 'aoc', ['user', ...buttonsOf('user', ['user_view']), 'log_login']);
  await grantMenus(t.db, 'coc', ['user']);
  const d = await t.db
    .selectFrom('bladeDept')
    .select(['id', 'idPath', 'deptName'])
    .where('deptName', 'in', ['南京市工商联', '苏州市工商联', '南京市浙江商会', '南京市福建商会', '南京市江宁区工商联', '江苏省工商联'])
    .execute();
  depts = Object.fromEntries(d.map((x) => [x.deptName, x]));
  const sz = await t.db
    .selectFrom('bladeUser')
    .select(['id', 'account'])
    .where('deptId', '=', depts['苏州市工商联'].id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  suzhou = sz;
  const u = await t.db.selectFrom('bladeUser').select(['id', 'account']).where('account', 'in', ['admin', 'js_aoc', 'nj_aoc', 'nj_coc']).execute();
  ids = Object.fromEntries(u.map((x) => [x.account, x.id]));
});

type Who = string;
const get = (url: string, query: Record<string, string>, who: Who = 'admin') => t.call({ url: `/api/blade-user/${url}`, token: tokens[who] ?? who, query });
const post = (url: string, opts: { query?: Record<string, string>; body?: unknown }, who: Who = 'admin') =>
  t.call({ method: 'POST', url: `/api/blade-user/${url}`, token: tokens[who] ?? who, ...opts });
const page = (query: Record<string, string>, who: Who = 'admin') => get('page', { size: '5000', ...query }, who);
const accountsOf = (res: { body: any }) => new Set<string>(res.body.data.records.map((r: any) => r.account));
/** The password grant, answering the captcha when an earlier failure makes the server ask for one. */
const signOn = (account: string, password: string) => t.passwordGrant(account, password, { captcha: 'auto' });
const userInfo = (token: string) => t.call({ url: '/api/blade-auth/oauth/user-info', token });

let seq = 0;
/** A new user in a Nanjing chamber, created by nj_aoc, signed on. */
async function newUser(extra: Record<string, unknown> = {}, who = 'nj_aoc') {
  seq++;
  const cocRole = await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'coc').executeTakeFirstOrThrow();
  const body = {
    account: `t_user_${seq}`,
    password: 'Passw0rd!',
    realName: `测试${seq}`,
    phone: `1391234${String(seq).padStart(4, '0')}`,
    deptId: depts['南京市福建商会'].id,
    roleIds: cocRole.id,
    ...extra,
  };
  const res = await post('submit', { body }, who);
  expect(res.body).toMatchObject({ code: 200, msg: '新增成功' });
  return res.body.data as Record<string, any>;
}

describe('page and detail: data scope', () => {
  it('a city federation sees exactly the users of its city (its federation and every org below)', async () => {
    const res = await page({}, 'nj_aoc');
    expect(res.status).toBe(200);
    const expected = await t.db
      .selectFrom('bladeUser as u')
      .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
      .select('u.account')
      .where('u.isDeleted', '=', 0)
      .where('d.idPath', 'like', `${depts['南京市工商联'].idPath}%`)
      .execute();
    expect(accountsOf(res)).toEqual(new Set(expected.map((e) => e.account)));
    expect(res.body.data.total).toBe(expected.length);
    expect(accountsOf(res)).toContain('nj_coc');
    expect(accountsOf(res)).not.toContain(suzhou.account);
    expect(accountsOf(res)).not.toContain('js_aoc');
  });

  it('chamber staff see only their own chamber', async () => {
    const res = await page({}, 'nj_coc');
    expect(res.body.data.records.length).toBeGreaterThan(0);
    for (const r of res.body.data.records) expect(r.deptId).toBe(depts['南京市浙江商会'].id);
    expect(accountsOf(res)).toContain('nj_coc');
  });

  it('the administrator sees every org', async () => {
    const seen = accountsOf(await page({}));
    for (const a of ['admin', 'js_aoc', 'nj_aoc', 'nj_coc', suzhou.account]) expect(seen).toContain(a);
  });

  it('filters by account, realName, phone and status; deptId means that org and below, never beyond the scope', async () => {
    expect([...accountsOf(await page({ account: 'nj_' }, 'nj_aoc'))].sort()).toEqual(['nj_aoc', 'nj_coc']);
    expect([...accountsOf(await page({ realName: '方海涛' }, 'nj_aoc'))]).toEqual(['nj_coc']);
    expect([...accountsOf(await page({ phone: '13776603148' }, 'nj_aoc'))]).toEqual(['nj_coc']);
    expect((await page({ status: '0' }, 'nj_aoc')).body.data.total).toBe(0);

    const jiangning = await page({ deptId: depts['南京市江宁区工商联'].id }, 'nj_aoc');
    expect(jiangning.body.data.total).toBeGreaterThan(0);
    const below = await t.db.selectFrom('bladeDept').select('id').where('idPath', 'like', `${depts['南京市江宁区工商联'].idPath}%`).execute();
    for (const r of jiangning.body.data.records) expect(below.map((b) => b.id)).toContain(r.deptId);
    expect(jiangning.body.data.records.some((r: any) => r.deptId !== depts['南京市江宁区工商联'].id)).toBe(true); // chambers below too
    expect((await page({ deptId: depts['苏州市工商联'].id }, 'nj_aoc')).body.data.total).toBe(0);
    expect((await page({ deptId: depts['江苏省工商联'].id }, 'nj_aoc')).body.data.total).toBe((await page({}, 'nj_aoc')).body.data.total);
    expect((await page({ deptId: 'x' }, 'nj_aoc')).status).toBe(400);
    expect((await page({ descs: 'password_hash' }, 'nj_aoc')).status).toBe(400);
  });

  it("detail: another city's user is 404; never a hash; phones masked without user_view", async () => {
    expect((await get('detail', { id: suzhou.id }, 'nj_aoc')).status).toBe(404);
    expect((await get('detail', { id: ids.nj_aoc }, 'nj_coc')).status).toBe(404);
    const mine = await get('detail', { id: ids.nj_coc }, 'nj_aoc');
    expect(mine.body.data).toMatchObject({
      account: 'nj_coc',
      realName: '方海涛',
      phone: '137****3148',
      deptName: '南京市浙江商会',
      roleNames: '商会工作人员',
      status: 1,
      locked: false,
    });
    expect(mine.raw).not.toMatch(/argon2|passwordHash/);
    const full = await get('detail', { id: ids.nj_coc });
    expect(full.body.data.phone).toBe('13776603148');
    expect(JSON.stringify(full.body)).not.toMatch(/argon2|passwordHash/);
    expect((await page({ account: 'nj_coc' }, 'nj_aoc')).body.data.records[0].phone).toBe('137****3148');
    expect((await get('detail', { id: '99999999' })).status).toBe(404);
  });

  it("info: the caller's own full record; no token 401; a role without the menu 403", async () => {
    const info = await get('info', {}, 'nj_coc');
    expect(info.body.data).toMatchObject({ id: ids.nj_coc, account: 'nj_coc', phone: '13776603148', deptName: '南京市浙江商会' });
    expect(JSON.stringify(info.body)).not.toMatch(/argon2|passwordHash/);
    expect((await t.call({ url: '/api/blade-user/page' })).status).toBe(401);
    expect((await post('remove', { query: { ids: ids.nj_aoc } }, 'nj_coc')).status).toBe(403);
    expect((await post('submit', { body: { account: 'x', realName: 'x', phone: '13912345678', deptId: depts['南京市浙江商会'].id } }, 'nj_coc')).status).toBe(
      403,
    );
  });
});

describe('submit, update, changeAccount', () => {
  it('creates an account in scope with a password it can sign on with, 新增成功', async () => {
    const u = await newUser();
    expect(u).toMatchObject({
      version: 1,
      deptName: '南京市福建商会',
      profileTag: 'coc',
      roleNames: '商会工作人员',
      status: 1,
      phone: expect.stringMatching(/^139\*{4}\d{4}$/),
    });
    expect((await signOn(u.account, 'Passw0rd!')).status).toBe(200);
  });

  it('refuses a duplicate account whatever its case, a dept outside the scope, and roles the actor may not grant', async () => {
    const roles = Object.fromEntries((await t.db.selectFrom('bladeRole').select(['id', 'roleAlias']).execute()).map((r) => [r.roleAlias, r.id]));
    const base = { password: 'Passw0rd!', realName: '某人', phone: '13912340000', deptId: depts['南京市福建商会'].id, roleIds: roles.coc };
    const before = await t.db
      .selectFrom('bladeUser')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await post('submit', { body: { ...base, account: 'NJ_AOC' } }, 'nj_aoc')).body).toMatchObject({ code: 400, msg: '账号已存在' });
    expect((await post('submit', { body: { ...base, account: 'sz_new', deptId: depts['苏州市工商联'].id } }, 'nj_aoc')).body.msg).toBe(
      '所属机构不存在或不在数据权限范围内',
    );
    expect((await post('submit', { body: { ...base, account: 'esc1', roleIds: roles.administrator } }, 'nj_aoc')).body.msg).toBe('所选角色不存在或无权分配');
    expect((await post('submit', { body: { ...base, account: 'esc2', roleIds: roles.admin } }, 'nj_aoc')).body.msg).toBe('所选角色不存在或无权分配');
    expect((await post('submit', { body: { ...base, account: 'esc3', roleIds: '99999999' } }, 'nj_aoc')).body.msg).toBe('所选角色不存在或无权分配');
    expect((await post('submit', { body: { ...base, account: 'norole', roleIds: '' } }, 'nj_aoc')).body.msg).toBe('请选择所属角色');
    const after = await t.db
      .selectFrom('bladeUser')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('checks the phone (§5, mobile numbers) and the password rule', async () => {
    const coc = await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'coc').executeTakeFirstOrThrow();
    const base = { account: 'phone_case', password: 'Passw0rd!', realName: '某人', deptId: depts['南京市福建商会'].id, roleIds: coc.id };
    const msg = async (extra: object) => (await post('submit', { body: { ...base, ...extra } }, 'nj_aoc')).body.msg;
    expect(await msg({ phone: '' })).toBe('手机号码不能为空');
    expect(await msg({})).toBe('手机号码不能为空');
    expect(await msg({ phone: '1391234567' })).toBe('手机号码长度不为11位');
    expect(await msg({ phone: '12812345678' })).toBe('手机号码格式不正确');
    expect(await msg({ phone: '02584461234' })).toBe('手机号码格式不正确'); // a landline shape is not a mobile
    expect(await msg({ phone: '139****0000' })).toBe('手机号码格式不正确'); // a masked number is no phone for a new user
    expect(await msg({ phone: '13912345678', password: 'abcdefgh' })).toBe('密码至少8位且包含字母和数字');
    expect(await msg({ phone: '13912345678', password: 'abc123' })).toBe('密码至少8位且包含字母和数字');
    expect(await msg({ phone: '13912345678', password: undefined })).toBe('请输入密码');
    expect(await msg({ phone: '13912345678', password2: 'Other123' })).toBe('两次输入的密码不一致');
    expect(await msg({ phone: '13912345678', realName: '' })).toBe('请输入姓名');
    expect(await msg({ phone: '13912345678', account: '' })).toBe('请输入账号');
    expect(await msg({ phone: '13912345678', deptId: '' })).toBe('请选择所属机构');
    expect((await post('submit', { body: { ...base, phone: '13912345678', bogus: 1 } }, 'nj_aoc')).status).toBe(400);
  });

  it('updates at its version without touching the password; a stale version is refused; the masked phone is kept', async () => {
    const u = await newUser({ name: '昵称', profileTag: 'aoc', email: 'keep@example.com' });
    const body = { id: u.id, version: u.version, account: u.account, realName: '改名', phone: u.phone, deptId: u.deptId, roleIds: u.roleIds };
    const res = await post('submit', { body }, 'nj_aoc');
    expect(res.body).toMatchObject({
      code: 200,
      msg: '更新成功',
      data: { realName: '改名', version: 2, name: '昵称', profileTag: 'aoc', email: 'keep@example.com' },
    });
    const cleared = await post('submit', { body: { ...body, version: 2, name: '', email: null } }, 'nj_aoc');
    expect(cleared.body.data).toMatchObject({ name: null, email: null, version: 3 });
    const stored = await t.db.selectFrom('bladeUser').select(['phone']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(stored.phone).toMatch(/^139\d{8}$/); // the masked form did not overwrite it
    expect((await post('submit', { body }, 'nj_aoc')).body.msg).toBe('数据已被他人修改,请刷新后重试'); // still at version 1
    expect((await post('submit', { body: { ...body, version: undefined } }, 'nj_aoc')).body.msg).toBe('请提供数据版本号(version)');
    expect((await post('submit', { body: { ...body, version: 3, password: 'NewPass123' } }, 'nj_aoc')).body.msg).toBe(
      '修改用户时不能修改密码,请使用密码重置或设置密码',
    );
    expect((await post('submit', { body: { ...body, version: 3, phone: '139****9999' } }, 'nj_aoc')).body.msg).toBe('手机号码格式不正确');
    expect((await signOn(u.account, 'Passw0rd!')).status).toBe(200);
    // another city's user is not there for nj_aoc
    expect((await post('submit', { body: { ...body, id: suzhou.id, version: 1 } }, 'nj_aoc')).status).toBe(404);
  });

  it('update changes only the profile fields given', async () => {
    const u = await newUser();
    const res = await post('update', { body: { id: u.id, version: 1, email: 'new@example.com', sex: 2, birthday: '1990-02-03', isAddressBook: 1 } }, 'nj_aoc');
    expect(res.body).toMatchObject({
      msg: '更新成功',
      data: { email: 'new@example.com', sex: 2, sexName: '女', birthday: '1990-02-03', isAddressBook: 1, realName: u.realName, version: 2 },
    });
    // fields the server answers (as BladeX clients send back what they read) are ignored: the account keeps its
    // own call; an unknown field is still refused, and so is a stale version
    expect((await post('update', { body: { id: u.id, version: 2, account: 'nope', foo: 1 } }, 'nj_aoc')).status).toBe(400);
    expect((await post('update', { body: { id: u.id, version: 1, account: 'nope', email: 'old@example.com' } }, 'nj_aoc')).body.msg).toBe(STALE_VERSION_MSG);
    const echoed = await post(
      'update',
      { body: { id: u.id, version: 2, account: 'nope', deptId: depts['苏州市工商联'].id, email: 'echo@example.com' } },
      'nj_aoc',
    );
    expect(echoed.body.data).toMatchObject({ account: u.account, deptId: u.deptId, email: 'echo@example.com' });
    expect((await post('update', { body: { id: u.id, version: 2, birthday: '1990-02-30' } }, 'nj_aoc')).body.msg).toBe('生日日期不存在');
    expect((await post('update', { body: { id: suzhou.id, version: 1, email: 'x@example.com' } }, 'nj_aoc')).status).toBe(404);
  });

  it('changeAccount renames, unique per tenant whatever the case; the new name signs on', async () => {
    const u = await newUser();
    expect((await post('changeAccount', { body: { id: u.id, version: 1, account: 'Nj_Coc' } }, 'nj_aoc')).body.msg).toBe('账号已存在');
    const res = await post('changeAccount', { body: { id: u.id, version: 1, account: `${u.account}_renamed` } }, 'nj_aoc');
    expect(res.body).toMatchObject({ code: 200, data: { account: `${u.account}_renamed`, version: 2 } });
    expect((await signOn(`${u.account}_renamed`, 'Passw0rd!')).status).toBe(200);
    expect((await signOn(u.account, 'Passw0rd!')).status).toBe(400);
    expect((await post('changeAccount', { body: { id: suzhou.id, version: 1, account: 'stolen' } }, 'nj_aoc')).status).toBe(404);
  });

  it('parallel creates of one account: exactly one succeeds, no 5xx', async () => {
    const coc = await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'coc').executeTakeFirstOrThrow();
    const body = { account: 'race_user', password: 'Passw0rd!', realName: '并发', phone: '13912349999', deptId: depts['南京市福建商会'].id, roleIds: coc.id };
    const results = await Promise.all(Array.from({ length: 6 }, () => post('submit', { body }, 'nj_aoc')));
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.msg === '账号已存在')).toHaveLength(5);
  });
});

describe('enable, disable, unlock, remove', () => {
  it("disable: the user's sign-on is refused with 该账号已被禁用,请联系管理员 and the live token is 401; enable restores it", async () => {
    const u = await newUser();
    const live = (await signOn(u.account, 'Passw0rd!')).body;
    expect((await userInfo(live.access_token)).status).toBe(200);
    expect((await post('disable', { query: { userIds: u.id } }, 'nj_aoc')).body).toMatchObject({ code: 200, msg: '账号禁用成功' });
    expect((await signOn(u.account, 'Passw0rd!')).body.error_description).toBe('该账号已被禁用,请联系管理员');
    expect((await userInfo(live.access_token)).status).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', query: { grant_type: 'sso_refresh_token', refresh_token: live.refresh_token } }))
        .status,
    ).toBe(400);
    expect((await get('detail', { id: u.id }, 'nj_aoc')).body.data).toMatchObject({ status: 0, statusName: '禁用' });
    expect((await post('enable', { query: { userIds: u.id } }, 'nj_aoc')).body.msg).toBe('账号启用成功');
    expect((await signOn(u.account, 'Passw0rd!')).status).toBe(200);
  });

  it("cannot disable or remove yourself; another city's user is 404 and nothing changes", async () => {
    expect((await post('disable', { query: { userIds: ids.nj_aoc } }, 'nj_aoc')).body.msg).toBe('不能禁用当前登录账号');
    expect((await post('remove', { query: { ids: ids.nj_aoc } }, 'nj_aoc')).body.msg).toBe('不能删除当前登录账号');
    const u = await newUser();
    expect((await post('disable', { query: { userIds: `${u.id},${suzhou.id}` } }, 'nj_aoc')).status).toBe(404);
    expect((await t.db.selectFrom('bladeUser').select('status').where('id', '=', u.id).executeTakeFirstOrThrow()).status).toBe(1);
    expect((await post('unlock', { query: { userIds: suzhou.id } }, 'nj_aoc')).status).toBe(404);
    expect((await post('disable', { query: {} }, 'nj_aoc')).body.msg).toBe('请选择至少一条数据');
  });

  it('unlock clears a lockout after five failed sign-ons', async () => {
    const u = await newUser();
    for (let i = 0; i < 5; i++) await signOn(u.account, `wrong${i}`);
    expect((await signOn(u.account, 'Passw0rd!')).body.error_description).toMatch(/^登录错误次数过多/);
    expect((await get('detail', { id: u.id }, 'nj_aoc')).body.data.locked).toBe(true);
    expect((await post('unlock', { query: { userIds: u.id } }, 'nj_aoc')).body.msg).toBe('账号解封成功');
    const row = await t.db.selectFrom('bladeUser').select(['loginFailCount', 'lockedUntil']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ loginFailCount: 0, lockedUntil: null });
    expect((await get('detail', { id: u.id }, 'nj_aoc')).body.data.locked).toBe(false);
    expect((await signOn(u.account, 'Passw0rd!')).status).toBe(200);
  });

  it('remove soft-deletes, ends the sessions, and frees the account name', async () => {
    const u = await newUser();
    const live = (await signOn(u.account, 'Passw0rd!')).body;
    expect((await post('remove', { query: { ids: u.id } }, 'nj_aoc')).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await userInfo(live.access_token)).status).toBe(401);
    expect((await signOn(u.account, 'Passw0rd!')).status).toBe(400);
    expect((await page({ account: u.account }, 'nj_aoc')).body.data.total).toBe(0);
    expect((await t.db.selectFrom('bladeUser').select('isDeleted').where('id', '=', u.id).executeTakeFirstOrThrow()).isDeleted).toBe(1);
    expect((await post('remove', { query: { ids: u.id } }, 'nj_aoc')).status).toBe(404);
    await newUser({ account: u.account });
  });

  it('a federation member cannot touch the platform administrator, even inside the scope', async () => {
    expect((await get('detail', { id: ids.admin }, 'js_aoc')).status).toBe(200);
    expect((await post('disable', { query: { userIds: ids.admin } }, 'js_aoc')).body).toMatchObject({ code: 403, msg: '无权操作该账号' });
    expect((await post('set-password', { body: { userId: ids.admin, password: 'Takeover123' } }, 'js_aoc')).status).toBe(403);
    expect((await signOn('admin', 'Demo@2026')).status).toBe(200);
  });

  it('set-address-book and changeUserSeq', async () => {
    const a = await newUser();
    const b = await newUser();
    expect((await post('set-address-book', { query: { userIds: `${a.id},${b.id}`, isAddressBook: '1' } }, 'nj_aoc')).body.code).toBe(200);
    expect(
      (
        await post(
          'changeUserSeq',
          {
            body: {
              list: [
                { id: a.id, seq: 7 },
                { id: b.id, seq: 3 },
              ],
            },
          },
          'nj_aoc',
        )
      ).body.code,
    ).toBe(200);
    expect((await post('changeUserSeq', { body: { id: a.id, seq: 9 } }, 'nj_aoc')).body.code).toBe(200);
    const rows = await t.db.selectFrom('bladeUser').select(['id', 'isAddressBook', 'seq']).where('id', 'in', [a.id, b.id]).orderBy('id').execute();
    expect(rows.map((r) => [r.isAddressBook, r.seq])).toEqual([
      [1, 9],
      [1, 3],
    ]);
    expect((await post('changeUserSeq', { body: { id: suzhou.id, seq: 1 } }, 'nj_aoc')).status).toBe(404);
    expect((await post('set-address-book', { query: { userIds: a.id, isAddressBook: '2' } }, 'nj_aoc')).status).toBe(400);
  });
});

describe('passwords', () => {
  it('reset-password answers one new password per user, once; the user signs on with it and must change it', async () => {
    const a = await newUser();
    const b = await newUser();
    const live = (await signOn(a.account, 'Passw0rd!')).body;
    const res = await post('reset-password', { query: { userIds: `${a.id},${b.id}` } }, 'nj_aoc');
    expect(res.body).toMatchObject({ code: 200, msg: '密码已重置,新密码仅显示这一次,请妥善转交' });
    expect(res.headers['cache-control']).toBe('no-store');
    const issued = res.body.data as Array<{ id: string; account: string; password: string }>;
    expect(issued.map((x) => x.account).sort()).toEqual([a.account, b.account].sort());
    expect(issued[0].password).not.toBe(issued[1].password);
    for (const p of issued) expect(p.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12}$/);
    expect((await userInfo(live.access_token)).status).toBe(401);
    expect((await signOn(a.account, 'Passw0rd!')).status).toBe(400);
    const mine = issued.find((x) => x.id === a.id)!;
    const session = (await signOn(a.account, mine.password)).body;
    expect((await get('info', {}, session.access_token)).body.data.passwordResetRequired).toBe(1);
    // the user chooses their own; the flag clears
    const changed = await post(
      'update-password',
      { body: { oldPassword: mine.password, newPassword: 'MyOwn2026x', newPassword1: 'MyOwn2026x' } },
      session.access_token,
    );
    expect(changed.body).toMatchObject({ code: 200, msg: '密码修改成功' });
    expect((await get('info', {}, session.access_token)).body.data.passwordResetRequired).toBe(0);
    expect((await post('reset-password', { query: { userIds: ids.nj_aoc } }, 'nj_aoc')).body.msg).toBe('请通过修改密码功能修改本人密码');
    expect((await post('reset-password', { query: { userIds: suzhou.id } }, 'nj_aoc')).status).toBe(404);
    const log = await t.db.selectFrom('bladeLogApi').select('params').where('requestUri', '=', '/api/blade-user/reset-password').execute();
    expect(JSON.stringify(log)).not.toContain(mine.password);
  });

  it('update-password checks the old password, the confirmation and the strength, in Chinese', async () => {
    const u = await newUser();
    const s1 = (await signOn(u.account, 'Passw0rd!')).body;
    const s2 = (await signOn(u.account, 'Passw0rd!')).body;
    const change = (body: object) => post('update-password', { body }, s1.access_token);
    expect((await change({ oldPassword: 'wrong', newPassword: 'Abcdefg1', newPassword1: 'Abcdefg1' })).body.msg).toBe('原密码不正确');
    expect((await change({ oldPassword: 'Passw0rd!', newPassword: 'Abcdefg1', newPassword1: 'Abcdefg2' })).body.msg).toBe('两次输入的密码不一致');
    expect((await change({ oldPassword: 'Passw0rd!', newPassword: 'abcdefgh', newPassword1: 'abcdefgh' })).body.msg).toBe('新密码至少8位且包含字母和数字');
    expect((await change({ oldPassword: 'Passw0rd!', newPassword: 'Ab1', newPassword1: 'Ab1' })).body.msg).toBe('新密码至少8位且包含字母和数字');
    expect((await change({ oldPassword: 'Passw0rd!', newPassword: 'Abcdefg1', newPassword1: 'Abcdefg1' })).body.msg).toBe('密码修改成功');
    expect((await signOn(u.account, 'Passw0rd!')).status).toBe(400);
    expect((await signOn(u.account, 'Abcdefg1')).status).toBe(200);
    expect((await userInfo(s1.access_token)).status).toBe(200); // this session stays
    expect((await userInfo(s2.access_token)).status).toBe(401); // the others end
  });

  it("set-password: an administrator sets one user's password by the same rule", async () => {
    const u = await newUser();
    expect((await post('set-password', { body: { userId: u.id, password: 'short1' } }, 'nj_aoc')).body.msg).toBe('新密码至少8位且包含字母和数字');
    expect((await post('set-password', { body: { userId: u.id, password: 'Handed0ver', password2: 'Handed0ver!' } }, 'nj_aoc')).body.msg).toBe(
      '两次输入的密码不一致',
    );
    expect((await post('set-password', { body: { userId: u.id, password: 'Handed0ver' } }, 'nj_aoc')).body.msg).toBe('密码设置成功');
    expect((await signOn(u.account, 'Handed0ver')).status).toBe(200);
    expect((await post('set-password', { body: { userId: ids.nj_aoc, password: 'Handed0ver' } }, 'nj_aoc')).body.msg).toBe('请通过修改密码功能修改本人密码');
    expect((await post('set-password', { body: { userId: suzhou.id, password: 'Handed0ver' } }, 'nj_aoc')).status).toBe(404);
  });
});

describe('grant', () => {
  it('replaces the roles; the user gets the new menus after signing on again', async () => {
    const u = await newUser();
    const roles = Object.fromEntries((await t.db.selectFrom('bladeRole').select(['id', 'roleAlias']).execute()).map((r) => [r.roleAlias, r.id]));
    const before = (await signOn(u.account, 'Passw0rd!')).body;
    const menuCodes = async (token: string) => {
      const res = await t.call({ url: '/api/blade-system/menu/routes', token });
      const codes: string[] = [];
      const walk = (nodes: any[]) => nodes.forEach((n) => (codes.push(n.code), walk(n.children ?? [])));
      walk(res.body.data ?? []);
      return codes;
    };
    expect(await menuCodes(before.access_token)).not.toContain('cockpit'); // chamber staff have no cockpit

    expect((await post('grant', { query: { userIds: u.id, roleIds: roles.administrator } }, 'nj_aoc')).body.msg).toBe('所选角色不存在或无权分配');
    expect((await post('grant', { query: { userIds: u.id, roleIds: roles.admin } }, 'nj_aoc')).body.msg).toBe('所选角色不存在或无权分配');
    expect((await post('grant', { query: { userIds: suzhou.id, roleIds: roles.aoc } }, 'nj_aoc')).status).toBe(404);
    const res = await post('grant', { query: { userIds: u.id, roleIds: roles.aoc } }, 'nj_aoc');
    expect(res.body).toMatchObject({ code: 200, msg: '角色配置成功,重新登录后生效' });
    const held = await t.db.selectFrom('bladeUserRole').select('roleId').where('userId', '=', u.id).execute();
    expect(held.map((h) => h.roleId)).toEqual([roles.aoc]);

    // the old session is over; signing on again brings the new role's menus
    expect((await userInfo(before.access_token)).status).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', query: { grant_type: 'sso_refresh_token', refresh_token: before.refresh_token } }))
        .status,
    ).toBe(400);
    const after = (await signOn(u.account, 'Passw0rd!')).body;
    expect(after.role_name).toBe('aoc');
    expect(await menuCodes(after.access_token)).toContain('cockpit');

    // the administrator may grant the tenant admin role
    expect((await post('grant', { query: { userIds: u.id, roleIds: `${roles.admin},${roles.aoc}` } })).body.code).toBe(200);
    expect((await signOn(u.account, 'Passw0rd!')).body.role_name.split(',').sort()).toEqual(['admin', 'aoc']);
  });
});

describe('User login log: list', () => {
  it('shows the sign-ons of the users in scope', async () => {
    const list = (who: string, query: Record<string, string> = {}) => get('login-log/list', { size: '500', ...query }, who);
    const nj = await list('nj_aoc');
    expect(nj.status).toBe(200);
    const seen = new Set(nj.body.data.records.map((r: any) => r.account));
    expect(seen).toContain('nj_aoc');
    expect(seen).toContain('nj_coc');
    expect(seen).not.toContain('js_aoc');
    expect(seen).not.toContain('admin');
    // the list belongs to the 登录日志 menu (log_login): the user menu alone does not open it
    expect((await list('nj_coc')).status).toBe(403);
    await grantMenus(t.db, 'coc', ['log_login']);
    const coc = await list('nj_coc');
    expect(new Set(coc.body.data.records.map((r: any) => r.deptId))).toEqual(new Set([depts['南京市浙江商会'].id]));
    const one = await list('nj_aoc', { userId: ids.nj_coc });
    expect(one.body.data.records.every((r: any) => r.account === 'nj_coc')).toBe(true);
    expect(one.body.data.records[0]).toMatchObject({ loginTypeName: '账号密码', success: 1, realName: '方海涛' });
    expect(one.body.data.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
