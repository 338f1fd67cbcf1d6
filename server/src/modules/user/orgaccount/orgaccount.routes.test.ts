import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ORG_ACCOUNT_MSG, ROLE_MSG, STALE_VERSION_MSG, USER_MSG } from '@gsl/contract';
import type { TestApp } from '../../../../test/app.js';
import { createRole, createUser, deptId, grantScope } from '../../../../test/harness/people.js';
import { menuIdsByCode, useTestApp } from '../../../../test/use-test-app.js';

/**
 * 我的组织 › 账号管理 / 角色管理 as a manager meets it: accounts of his own org and the orgs below only
 * (another org's account is 404), roles no wider than his own (the grant ceiling, on the account calls
 * and on the role calls), the initial password issued by the server and changed at the first sign-on.
 */
let t: TestApp;
let nanjing: string;
let chamber: string;
let suzhou: string;
let suzhouChamber: string;
let cocRole: string;
let aocRole: string;
let adminRole: string;
let wideRole: string;
let menus: Record<string, string>;
let cocOnly: { account: string; password: string };

const tokens = useTestApp(['nj_aoc', 'nj_coc', 'js_aoc'], async (app) => {
  t = app;
  nanjing = await deptId(t.db, '南京市工商联');
  chamber = await deptId(t.db, '南京市浙江商会');
  suzhou = await deptId(t.db, '苏州市工商联');
  suzhouChamber = (
    await sql<{ id: string }>`select d.id::text as id from blade_dept d join blade_dept p on p.id = d.parent_id
      where p.dept_name = '苏州市工商联' and d.dept_category = 2 and d.is_deleted = 0 order by d.id limit 1`.execute(t.db)
  ).rows[0].id;
  const roleId = async (alias: string) =>
    String((await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', alias).where('deptId', 'is', null).executeTakeFirstOrThrow()).id);
  cocRole = await roleId('coc');
  aocRole = await roleId('aoc');
  adminRole = await roleId('admin');
  menus = await menuIdsByCode(t.db);
  // A role carrying 用户管理 (an administration menu no federation staff holds): beyond nj_aoc's ceiling.
  wideRole = await createRole(t.db, { alias: 'orgacc_wide', grants: ['portal', 'user'] });
  // A manager of chamber accounts only, whose data scope still reaches the federation's own accounts.
  const cocManager = await createRole(t.db, {
    alias: 'orgacc_coc_manager',
    grants: ['portal', 'portal_myorg', 'myorg_coc_account', 'myorg_coc_account_enable', 'myorg_coc_account_edit'],
  });
  await grantScope(t.db, { roleId: cocManager, resource: 'user', type: 4 });
  const u = await createUser(t.db, { account: 'orgacc_cocmgr', deptId: nanjing, roleIds: [cocManager] });
  cocOnly = u;
});

const call = (token: string | undefined, method: 'GET' | 'POST', url: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
  t.call({ method, url, token, ...opts });
const detail = (token: string | undefined, userId: string) => call(token, 'GET', '/api/blade-user/userProfile/detail', { query: { userId } });
const add = (token: string, tag: 'aoc' | 'coc', body: Record<string, unknown>) => call(token, 'POST', `/api/blade-user/userProfile/${tag}/add`, { body });
const update = (token: string, body: Record<string, unknown>) => call(token, 'POST', '/api/blade-user/userProfile/update', { body });
const userIdOf = async (account: string) =>
  String((await t.db.selectFrom('bladeUser').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id);

let n = 0;
const newAccount = () => `orgacc_${++n}`;

describe('userProfile/detail', () => {
  it("answers an account of the manager's org or an org below it, 404 for another org's, 401 without a token", async () => {
    const res = await detail(tokens.nj_aoc, await userIdOf('nj_coc'));
    expect(res.status).toBe(200);
    expect(res.body.data.account).toBe('nj_coc');
    expect(res.body.data).not.toHaveProperty('passwordHash');
    const other = await createUser(t.db, { account: 'orgacc_suzhou', deptId: suzhou, roleIds: [aocRole] });
    expect((await detail(tokens.nj_aoc, other.id)).status).toBe(404);
    expect((await detail(tokens.nj_coc, await userIdOf('nj_aoc'))).status).toBe(404);
    expect((await detail(tokens.js_aoc, other.id)).status).toBe(200);
    expect((await detail(undefined, other.id)).status).toBe(401);
    expect((await detail(tokens.nj_aoc, 'x')).status).toBe(400);
  });
});

describe('userProfile/coc/add and aoc/add', () => {
  it('creates a chamber account with a role, shows the password once, and the first sign-on must change it', async () => {
    const account = newAccount();
    const res = await add(tokens.nj_aoc, 'coc', { account, realName: '新会员', deptId: chamber, roleIds: cocRole });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(ORG_ACCOUNT_MSG.addedShown);
    expect(res.headers['cache-control']).toBe('no-store');
    const { user, delivery, password } = res.body.data;
    expect(delivery).toBe('show');
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(user).toMatchObject({ account, profileTag: 'coc', deptId: chamber, roleIds: cocRole, passwordResetRequired: 1 });
    const row = await t.db.selectFrom('bladeUser').select(['passwordHash', 'createUser']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.passwordHash).not.toContain(password);

    // Signed on with the issued password: only the calls every signed-in user makes, until it is changed.
    const token = (await t.login(account, password)).access_token;
    const blocked = await detail(token, user.id);
    expect(blocked.status).toBe(403);
    expect(blocked.body.msg).toBe(ORG_ACCOUNT_MSG.passwordChangeRequired);
    const info = await call(token, 'GET', '/api/blade-user/info');
    expect(info.status).toBe(200);
    expect(info.body.data.passwordResetRequired).toBe(1);
    const changed = await call(token, 'POST', '/api/blade-user/update-password', {
      body: { oldPassword: password, newPassword: 'Changed@2026', newPassword1: 'Changed@2026' },
    });
    expect(changed.status).toBe(200);
    expect((await detail(token, user.id)).status).toBe(200);
    expect((await t.passwordGrant(account, password)).status).toBe(400);
    expect((await t.passwordGrant(account, 'Changed@2026', { captcha: 'auto' })).status).toBe(200);
  });

  it('sends the initial password by SMS when a phone is given, by e-mail when asked, through the outbox', async () => {
    const account = newAccount();
    const res = await add(tokens.nj_aoc, 'coc', { account, realName: '短信', deptId: chamber, roleIds: cocRole, phone: '13912340001' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ delivery: 'sms', password: null });
    expect(res.body.msg).toBe(ORG_ACCOUNT_MSG.addedSms);
    const job = await t.db
      .selectFrom('outboxJob')
      .select('payload')
      .where('kind', '=', 'user.initial-password.sms')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(job.payload)).not.toContain('13912340001');
    await t.app.services.outbox.drainUntilIdle(30_000);
    const sms = await t.db.selectFrom('smsOutbox').select(['content', 'deptId']).where('mobile', '=', '13912340001').executeTakeFirstOrThrow();
    expect(String(sms.deptId)).toBe(chamber);
    const password = /初始密码为([A-Za-z0-9]{12})/.exec(sms.content)![1];
    expect((await t.passwordGrant(account, password)).status).toBe(200);

    const mailed = newAccount();
    const viaMail = await add(tokens.nj_aoc, 'coc', {
      account: mailed,
      realName: '邮件',
      deptId: chamber,
      roleIds: cocRole,
      phone: '13912340002',
      email: 'orgacc@example.cn',
      passwordDelivery: 'email',
    });
    expect(viaMail.body.data.delivery).toBe('email');
    await t.app.services.outbox.drainUntilIdle(30_000);
    const mail = await t.db.selectFrom('mailOutbox').select(['html', 'subject']).where('toAddr', '=', 'orgacc@example.cn').executeTakeFirstOrThrow();
    expect(mail.subject).toContain('账号开通通知');
    const mailedPassword = /<b>([A-Za-z0-9]{12})<\/b>/.exec(mail.html)![1];
    expect((await t.passwordGrant(mailed, mailedPassword)).status).toBe(200);

    const noMail = await add(tokens.nj_aoc, 'coc', { account: newAccount(), realName: '无邮箱', deptId: chamber, roleIds: cocRole, passwordDelivery: 'email' });
    expect(noMail.status).toBe(400);
    expect(noMail.body.msg).toBe(ORG_ACCOUNT_MSG.emailForMail);
  });

  it('refuses another org (404), the wrong kind of org, a taken account and an incomplete form, creating nothing', async () => {
    const before = Number((await sql<{ n: string }>`select count(*) as n from blade_user`.execute(t.db)).rows[0].n);
    expect((await add(tokens.nj_aoc, 'coc', { account: newAccount(), realName: '外', deptId: suzhouChamber, roleIds: cocRole })).status).toBe(404);
    expect((await add(tokens.nj_coc, 'coc', { account: newAccount(), realName: '外', deptId: nanjing, roleIds: cocRole })).status).toBe(404);
    const wrongKind = await add(tokens.nj_aoc, 'coc', { account: newAccount(), realName: '错', deptId: nanjing, roleIds: cocRole });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.msg).toBe(ORG_ACCOUNT_MSG.notChamber);
    const notFederation = await add(tokens.nj_aoc, 'aoc', { account: newAccount(), realName: '错', deptId: chamber, roleIds: aocRole });
    expect(notFederation.body.msg).toBe(ORG_ACCOUNT_MSG.notFederation);
    const taken = await add(tokens.nj_aoc, 'coc', { account: 'NJ_COC', realName: '重', deptId: chamber, roleIds: cocRole });
    expect(taken.body.msg).toBe(USER_MSG.accountExists);
    const noRole = await add(tokens.nj_aoc, 'coc', { account: newAccount(), realName: '无', deptId: chamber });
    expect(noRole.body.msg).toBe(USER_MSG.roleRequired);
    const badPhone = await add(tokens.nj_aoc, 'coc', { account: newAccount(), realName: '号', deptId: chamber, roleIds: cocRole, phone: '12345' });
    expect(badPhone.body.msg).toBe('手机号码长度不为11位');
    // A chamber's staff hold no federation account screen.
    expect((await add(tokens.nj_coc, 'aoc', { account: newAccount(), realName: '无权', deptId: chamber, roleIds: cocRole })).status).toBe(403);
    expect(Number((await sql<{ n: string }>`select count(*) as n from blade_user`.execute(t.db)).rows[0].n)).toBe(before);
  });
});

describe('grant ceiling', () => {
  it('never gives a role carrying more than the manager holds, nor one that outranks him', async () => {
    const ceiling = await add(tokens.nj_aoc, 'coc', { account: newAccount(), realName: '越权', deptId: chamber, roleIds: `${cocRole},${wideRole}` });
    expect(ceiling.status).toBe(403);
    expect(ceiling.body.msg).toBe(ORG_ACCOUNT_MSG.roleCeiling);
    const outranked = await add(tokens.nj_aoc, 'coc', { account: newAccount(), realName: '越级', deptId: chamber, roleIds: adminRole });
    expect(outranked.status).toBe(400);
    expect(outranked.body.msg).toBe(USER_MSG.roleNotGrantable);
    // A chamber manager holds only own-org scopes: a federation role reaches further than his.
    const wider = await add(tokens.nj_coc, 'coc', { account: newAccount(), realName: '越权', deptId: chamber, roleIds: aocRole });
    expect(wider.status).toBe(403);
    // The same ceiling on the user module's own grant and on an update's roles.
    const target = await userIdOf('nj_coc');
    const before = await detail(tokens.nj_aoc, target);
    const viaUpdate = await update(tokens.nj_aoc, { id: target, version: before.body.data.version, roleIds: `${cocRole},${wideRole}` });
    expect(viaUpdate.status).toBe(403);
    expect((await detail(tokens.nj_aoc, target)).body.data.roleIds).toBe(cocRole);
  });

  it('v2/role/tree offers the roles of an org, those beyond the ceiling disabled', async () => {
    const res = await call(tokens.nj_aoc, 'GET', '/api/blade-system/v2/role/tree', { query: { deptId: chamber } });
    expect(res.status).toBe(200);
    const flat = (nodes: any[]): any[] => nodes.flatMap((x) => [x, ...flat(x.children ?? [])]);
    const byId = new Map(flat(res.body.data).map((x) => [x.id, x]));
    expect(byId.get(cocRole)?.disabled).toBeUndefined();
    expect(byId.get(aocRole)?.disabled).toBeUndefined();
    expect(byId.get(wideRole)?.disabled).toBe(true);
    expect(byId.has(adminRole)).toBe(false);
  });

  it('the role calls grant only menus and scopes the manager holds, and only on org roles', async () => {
    const scopeId = async (name: string) =>
      String((await t.db.selectFrom('bladeScopeData').select('id').where('scopeName', '=', name).executeTakeFirstOrThrow()).id);
    const held = await scopeId('会员: 所在机构及子级可见');
    const notHeld = await scopeId('机构: 全部可见');
    const submit = (token: string, body: Record<string, unknown>) => call(token, 'POST', '/api/blade-system/v2/role/submit', { body });
    const base = { roleName: '联络员', roleAlias: 'orgacc_liaison', sort: 1, deptId: nanjing };
    const tooMuch = await submit(tokens.nj_aoc, { ...base, menuIds: [menus.portal_myorg, menus.user] });
    expect(tooMuch.status).toBe(403);
    expect(tooMuch.body.msg).toBe(ROLE_MSG.notHeld);
    const tooFar = await submit(tokens.nj_aoc, { ...base, dataScopeIds: [notHeld] });
    expect(tooFar.status).toBe(403);
    const created = await submit(tokens.nj_aoc, { ...base, menuIds: [menus.portal_myorg, menus.myorg_coc_account], dataScopeIds: [held] });
    expect(created.status).toBe(200);
    const roleId = created.body.data.id;
    const got = await call(tokens.nj_aoc, 'GET', `/api/blade-system/v2/role/detail/${roleId}`);
    expect(got.body.data.menuIds.sort()).toEqual([menus.portal_myorg, menus.myorg_coc_account].sort());
    expect(got.body.data.dataScopeIds).toEqual([held]);
    const page = await call(tokens.nj_aoc, 'GET', '/api/blade-system/v2/role/page', { query: { deptId: nanjing } });
    expect(page.body.data.records.map((r: any) => r.id)).toContain(roleId);
    // The org's new role is the manager's to give.
    const given = await add(tokens.nj_aoc, 'coc', { account: newAccount(), realName: '联络员', deptId: chamber, roleIds: roleId });
    expect(given.status).toBe(200);
    // A tenant role is no org's to change (404), a role without an org is refused, another org's is 404.
    const coc = await call(tokens.nj_aoc, 'GET', `/api/blade-system/v2/role/detail/${cocRole}`);
    expect((await submit(tokens.nj_aoc, { id: cocRole, version: coc.body.data.version, roleName: '改', roleAlias: 'coc', sort: 1 })).status).toBe(404);
    const noOrg = await submit(tokens.nj_aoc, { roleName: '无机构', roleAlias: 'orgacc_noorg', sort: 1 });
    expect(noOrg.status).toBe(400);
    expect(noOrg.body.msg).toBe(ROLE_MSG.orgRoleOnly);
    expect((await submit(tokens.nj_aoc, { ...base, roleAlias: 'orgacc_sz', deptId: suzhou })).status).toBe(404);
    // A chamber's staff edit nothing of a federation's roles.
    expect((await call(tokens.nj_coc, 'GET', `/api/blade-system/v2/role/detail/${roleId}`)).status).toBe(404);
  });
});

describe('userProfile/update and the account operations', () => {
  it("changes an account of the scope at its version; another org's is 404, a stale version 400", async () => {
    const created = await add(tokens.nj_aoc, 'coc', { account: newAccount(), realName: '旧名', deptId: chamber, roleIds: cocRole, phone: '13912340003' });
    const u = created.body.data.user;
    // Phones in full only with 用户管理's 查看: the masked one the form sends back keeps the number.
    expect(u.phone).toBe('139****0003');
    const res = await update(tokens.nj_aoc, { id: u.id, version: u.version, realName: '新名', phone: '139****0003', seq: 3 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ realName: '新名', phone: '139****0003', seq: 3 });
    expect((await t.db.selectFrom('bladeUser').select('phone').where('id', '=', u.id).executeTakeFirstOrThrow()).phone).toBe('13912340003');
    const stale = await update(tokens.nj_aoc, { id: u.id, version: u.version, realName: '再改' });
    expect(stale.body.msg).toBe(STALE_VERSION_MSG);
    const other = await createUser(t.db, { account: 'orgacc_suzhou2', deptId: suzhou, roleIds: [aocRole] });
    expect((await update(tokens.nj_aoc, { id: other.id, version: 1, realName: '外' })).status).toBe(404);
    const moved = await update(tokens.nj_aoc, { id: u.id, version: res.body.data.version, deptId: nanjing });
    expect(moved.body.msg).toBe(ORG_ACCOUNT_MSG.notChamber);
  });

  it('enable, disable, unlock and reset-password take the screens’ buttons, inside the scope and for their profile tag only', async () => {
    const created = await add(tokens.nj_aoc, 'coc', { account: newAccount(), realName: '操作', deptId: chamber, roleIds: cocRole });
    const id = created.body.data.user.id;
    for (const action of ['disable', 'enable', 'unlock'])
      expect((await call(tokens.nj_aoc, 'POST', `/api/blade-user/${action}`, { query: { userIds: id } })).status).toBe(200);
    const reset = await call(tokens.nj_aoc, 'POST', '/api/blade-user/reset-password', { query: { userIds: id } });
    expect(reset.status).toBe(200);
    expect((await t.passwordGrant(created.body.data.user.account, reset.body.data[0].password)).status).toBe(200);
    const other = await userIdOf('orgacc_suzhou');
    expect((await call(tokens.nj_aoc, 'POST', '/api/blade-user/disable', { query: { userIds: other } })).status).toBe(404);
    // A manager of chamber accounts only: a federation account in his scope is not his to change.
    const cocManager = (await t.login(cocOnly.account, cocOnly.password)).access_token;
    expect((await call(cocManager, 'POST', '/api/blade-user/enable', { query: { userIds: id } })).status).toBe(200);
    const federation = await call(cocManager, 'POST', '/api/blade-user/enable', { query: { userIds: await userIdOf('nj_aoc') } });
    expect(federation.status).toBe(403);
    expect(federation.body.msg).toBe(USER_MSG.outranked);
    const fed = await detail(cocManager, await userIdOf('nj_aoc'));
    expect(fed.body.data.phone === null || fed.body.data.phone.includes('****')).toBe(true);
    expect((await update(cocManager, { id: await userIdOf('nj_aoc'), version: fed.body.data.version, realName: '改' })).status).toBe(403);
    expect((await call(cocManager, 'POST', '/api/blade-user/reset-password', { query: { userIds: id } })).status).toBe(403);
    const page = await call(tokens.nj_aoc, 'GET', '/api/blade-user/page', { query: { profileTag: 'coc', deptId: chamber, size: '100' } });
    expect(page.status).toBe(200);
    expect(page.body.data.records.every((r: any) => r.profileTag === 'coc')).toBe(true);
  });
});
