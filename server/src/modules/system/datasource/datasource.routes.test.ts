import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { creditCheckChar } from '@gsl/contract';
import { openDatabase, type DbHandle } from '../../../db/connection.js';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { SsoBrowser } from '../../../../test/sso.js';
import { adminQuery } from '../../../../test/pg-admin.js';
import { syncAllTenants } from '../../../platform/tenancy/bind.js';

/**
 * Tenant datasources: a tenant bound to a database of its own works there and only there. The target
 * databases are created on the machine's PostgreSQL (DATABASE_URL), whichever database the main one is.
 */
const serverUrl = process.env.DATABASE_URL;
const server = serverUrl ? new URL(serverUrl) : null;
const jdbc = (database: string) => `jdbc:postgresql://127.0.0.1:${server?.port || 5432}/${database}`;
const username = server ? decodeURIComponent(server.username || 'postgres') : 'postgres';
const password = server ? decodeURIComponent(server.password) : '';

let t: TestApp;
let admin: string;
const databases = [`ds_${randomBytes(5).toString('hex')}`, `ds_${randomBytes(5).toString('hex')}`];
let target: DbHandle;

const call = (method: 'GET' | 'POST', url: string, token: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
  t.call({ method, url, token, ...opts });
const loginAs = (account: string, pw: string, tenantId: string) => t.passwordGrant(account, pw, { tenantId, captcha: 'auto' });

describe.skipIf(!serverUrl)('tenant datasources (数据源管理, 租户绑定数据源)', () => {
  beforeAll(async () => {
    for (const d of databases) await adminQuery(serverUrl!, `create database ${d}`);
    t = await createTestApp({ tenantMode: true });
    admin = (await t.login('admin')).access_token;
    const u = new URL(serverUrl!);
    u.pathname = `/${databases[0]}`;
    target = await openDatabase({ databaseUrl: u.toString(), poolSize: 2 });
  });
  afterAll(async () => {
    await target?.close();
    await t?.close();
    for (const d of databases) await adminQuery(serverUrl!, `drop database if exists ${d} with (force)`).catch(() => undefined);
  });

  let dsId: string;
  let otherDsId: string;
  let tenant: { id: string; tenantId: string; adminPassword: string };

  it('a datasource is saved only when its address is allowed and it really connects; the password is never answered', async () => {
    const submit = (body: Record<string, unknown>) => call('POST', '/api/blade-develop/datasource/submit', admin, { body });
    expect((await submit({ name: '吴江库', url: 'mysql://127.0.0.1/x', username })).body.msg).toBe('连接地址格式应为 jdbc:postgresql://主机:端口/数据库');
    expect((await submit({ name: '吴江库', url: 'jdbc:postgresql://10.1.2.3:5432/wj', username })).body.msg).toBe(
      '连接地址的主机不在允许范围内,请联系运维人员配置 DATASOURCE_HOSTS',
    );
    expect((await submit({ name: '吴江库', url: `postgres://u:p@127.0.0.1/${databases[0]}`, username })).body.msg).toBe(
      '用户名和密码请填写在各自的输入框中,不要写在连接地址里',
    );
    const missing = await submit({ name: '吴江库', url: jdbc('no_such_database_here'), username });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/^数据源连接失败,请检查连接地址、用户名和密码/);
    expect(await t.db.selectFrom('bladeDatasource').select('id').execute()).toHaveLength(0);

    const ok = await submit({ name: '吴江库', url: jdbc(databases[0]), username, password: password || 'trust-ignores-it', remark: '吴江区工商联独立库' });
    expect(ok.body).toMatchObject({ msg: '新增成功', data: { name: '吴江库', url: jdbc(databases[0]), username, hasPassword: true, tenants: [] } });
    expect(JSON.stringify(ok.body)).not.toContain('trust-ignores-it');
    dsId = ok.body.data.id;
    const stored = await t.db.selectFrom('bladeDatasource').select('passwordEnc').where('id', '=', dsId).executeTakeFirstOrThrow();
    expect(stored.passwordEnc).toMatch(/^v1:/);
    expect((await submit({ name: '吴江库', url: jdbc(databases[1]), username })).body.msg).toBe('数据源名称已存在');
    otherDsId = (await submit({ name: '备用库', url: jdbc(databases[1]), username })).body.data.id;
    const list = await call('GET', '/api/blade-develop/datasource/list', admin, { query: { name: '吴江' } });
    expect(list.body.data.records.map((r: any) => r.name)).toEqual(['吴江库']);
    expect(JSON.stringify(list.body)).not.toMatch(/passwordEnc|v1:/);
  });

  it('binding is for a new tenant only: not the default tenant, not twice, not one database for two tenants', async () => {
    const created = await call('POST', '/api/blade-system/tenant/submit', admin, { body: { tenantName: '苏州市吴江区工商联', accountNumber: 5 } });
    tenant = { id: created.body.data.id, tenantId: created.body.data.tenantId, adminPassword: created.body.data.adminPassword };
    const bind = (tenantId: string, datasourceId: string) => call('POST', '/api/blade-system/tenant/datasource', admin, { body: { tenantId, datasourceId } });
    expect((await bind('000001', dsId)).body.msg).toBe('默认租户使用主数据库,不能绑定数据源');

    const busy = await call('POST', '/api/blade-system/tenant/submit', admin, { body: { tenantName: '已有数据的商会', accountNumber: 5 } });
    // a chamber of its own: business data that binding would have to carry across databases
    await t.db.insertInto('aocChamber').values({ tenantId: busy.body.data.tenantId, deptId: '1', name: '已有商会' }).execute();
    expect((await bind(busy.body.data.tenantId, dsId)).body.msg).toBe('该租户已有业务数据,只能为新开通的租户绑定数据源');

    const ok = await bind(tenant.tenantId, dsId);
    expect(ok.body).toMatchObject({ code: 200, msg: '数据源绑定成功' });
    expect((await bind(tenant.tenantId, otherDsId)).body.msg).toBe('该租户已绑定数据源,不能更换');
    const third = await call('POST', '/api/blade-system/tenant/submit', admin, { body: { tenantName: '第三个租户', accountNumber: 5 } });
    expect((await bind(third.body.data.tenantId, dsId)).body.msg).toBe('该数据源已被其他租户使用');
    expect((await call('POST', '/api/blade-develop/datasource/remove', admin, { query: { ids: dsId } })).body.msg).toBe('该数据源正被租户使用,不能删除');
    const edit = await call('POST', '/api/blade-develop/datasource/submit', admin, {
      body: { id: dsId, version: 1, name: '吴江库', url: jdbc(databases[1]), username },
    });
    expect(edit.body.msg).toBe('该数据源正被租户使用,不能修改连接地址、用户名和密码');

    const listed = (await call('GET', '/api/blade-system/tenant/list', admin, { query: { tenantId: tenant.tenantId } })).body.data.records[0];
    expect(listed).toMatchObject({ datasourceId: dsId, datasourceName: '吴江库', accountUsed: 1 });
    // the tenant's accounts moved: none on the main database, its admin on its own
    expect(await t.db.selectFrom('bladeUser').select('id').where('tenantId', '=', tenant.tenantId).execute()).toHaveLength(0);
    expect((await target.db.selectFrom('bladeUser').select('account').where('tenantId', '=', tenant.tenantId).execute()).map((u) => u.account)).toEqual([
      'admin',
    ]);
  });

  it('the bound tenant signs on, works and writes only to its own database; others never see its rows', async () => {
    const session = await loginAs('admin', tenant.adminPassword, tenant.tenantId);
    expect(session.status).toBe(200);
    const token = session.body.access_token;
    const info = await call('GET', '/api/blade-auth/oauth/user-info', token);
    expect(info.body.data).toMatchObject({ account: 'admin', tenantId: tenant.tenantId, orgName: '苏州市吴江区工商联' });

    const root = (await call('GET', '/api/blade-system/dept/tree', token)).body.data[0];
    const dept = await call('POST', '/api/blade-system/dept/submit', token, {
      body: { parentId: root.id, deptName: '吴江区商会', fullName: '吴江区商会', deptCategory: 2, sort: 1 },
    });
    expect(dept.body.msg).toBe('新增成功');
    const user = await call('POST', '/api/blade-user/submit', token, {
      body: {
        account: 'wj_staff',
        password: 'Wj@2026staff',
        password2: 'Wj@2026staff',
        realName: '吴江职员',
        name: '吴江职员',
        phone: '13912345678',
        deptId: dept.body.data?.id ?? root.id,
        roleIds: session.body.role_id,
      },
    });
    expect(user.body.msg).toBe('新增成功');

    const onTarget = await target.db.selectFrom('bladeDept').select(['id', 'deptName']).where('deptName', '=', '吴江区商会').execute();
    expect(onTarget).toHaveLength(1);
    expect(BigInt(onTarget[0].id)).toBeGreaterThanOrEqual(BigInt(tenant.tenantId) * 1_000_000_000_000n); // ids never collide with the main database's
    expect(await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', '吴江区商会').execute()).toHaveLength(0);
    expect(await t.db.selectFrom('bladeUser').select('id').where('account', '=', 'wj_staff').execute()).toHaveLength(0);
    expect(await target.db.selectFrom('bladeUser').select('id').where('account', '=', 'wj_staff').execute()).toHaveLength(1);

    const staff = await loginAs('wj_staff', 'Wj@2026staff', tenant.tenantId);
    expect(staff.status).toBe(200);
    // its request log (the user it created) is kept on its database, where its own log screen reads it
    await expect
      .poll(
        async () =>
          (
            await target.db
              .selectFrom('bladeLogApi')
              .select('id')
              .where('tenantId', '=', tenant.tenantId)
              .where('requestUri', '=', '/api/blade-user/submit')
              .execute()
          ).length,
      )
      .toBe(1);
    expect(await t.db.selectFrom('bladeLogApi').select('id').where('tenantId', '=', tenant.tenantId).execute()).toHaveLength(0);
    const logs = await call('GET', '/api/blade-log/api/list', token, { query: { current: '1', size: '50' } });
    expect(logs.body.data.records.map((r: any) => r.requestUri)).toContain('/api/blade-user/submit');
    // the default tenant's administrator works on the main database and never sees the bound tenant's rows
    const users = await call('GET', '/api/blade-user/page', admin, { query: { account: 'wj_staff' } });
    expect(users.body.data.total).toBe(0);
    // the tenant list counts the bound tenant's accounts on its own database
    expect((await call('GET', '/api/blade-system/tenant/list', admin, { query: { tenantId: tenant.tenantId } })).body.data.records[0].accountUsed).toBe(2);
  });

  it("members of the bound tenant live on its database: saved, counted, paged and exported there (a streamed export keeps the tenant's database)", async () => {
    const token = (await loginAs('admin', tenant.adminPassword, tenant.tenantId)).body.access_token;
    const body17 = '91320509MA1WJ0001';
    const saved = await call('POST', '/api/aoc-service/memberaocenterprise/save', token, {
      body: { name: '吴江数据源测试有限公司', creditCode: body17 + creditCheckChar(body17), contactName: '沈建华', contactPhone: '13912345678' },
    });
    expect(saved.body.msg).toBe('新增成功');
    expect(await target.db.selectFrom('aocMemberEnterprise').select('id').where('name', '=', '吴江数据源测试有限公司').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('aocMemberEnterprise').select('id').where('name', '=', '吴江数据源测试有限公司').execute()).toHaveLength(0);
    const page = await call('GET', '/api/aoc-service/memberaocenterprise/page', token, { query: { current: '1', size: '10' } });
    expect(page.body.data).toMatchObject({
      total: 1,
      records: [expect.objectContaining({ name: '吴江数据源测试有限公司', contactPhone: '13912345678', deptName: '苏州市吴江区工商联' })],
    }); // the tenant's admin holds member_sensitive
    const count = await call('GET', '/api/aoc-service/member/member-count', token);
    expect(count.body.data).toMatchObject({ enterprise: 1, total: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/aoc-service/memberaocenterprise/export-member-enterprise',
      headers: { authorization: `Basic ${Buffer.from(`${t.config.clientId}:${t.config.clientSecret}`).toString('base64')}`, 'blade-auth': `bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const names: string[] = [];
    wb.worksheets[0].eachRow((row, n) => n > 1 && names.push(String(row.getCell(2).value)));
    expect(names).toEqual(['吴江数据源测试有限公司']);
  });

  it('the bound tenant signs on through the portal too (租户编号): the account is checked on its database', async () => {
    const browser = new SsoBrowser(t);
    const res = await browser.login({ tenantId: tenant.tenantId, account: 'wj_staff', password: 'Wj@2026staff' });
    expect(res.statusCode).toBe(302);
    const tokens = await t.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { grant_type: 'sso_authorization_code', code: SsoBrowser.codeOf(res) },
    });
    expect(tokens.body).toMatchObject({ tenant_id: tenant.tenantId, account: 'wj_staff' });
    const again = await browser.get(`/sso/login?${new URLSearchParams(browser.app)}`);
    expect(again.statusCode).toBe(302); // the session's user is found on the tenant's database
  });

  it('refresh and logout work across the two databases: sign-on state stays on the main one', async () => {
    const session = (await loginAs('admin', tenant.adminPassword, tenant.tenantId)).body;
    const refreshed = await t.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { grant_type: 'sso_refresh_token', refresh_token: session.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.tenant_id).toBe(tenant.tenantId);
    expect((await call('GET', '/api/blade-auth/oauth/logout', refreshed.body.access_token)).status).toBe(200);
    const after = await call('GET', '/api/blade-auth/oauth/user-info', refreshed.body.access_token);
    expect(after.body.code).toBe(401);
  });

  it('platform settings changed on the main database reach the bound tenant at once', async () => {
    const menu = await t.db.selectFrom('bladeMenu').select(['id', 'name', 'version']).where('code', '=', 'portal_myday').executeTakeFirstOrThrow();
    const before = await call('GET', '/api/blade-system/menu/detail', admin, { query: { id: menu.id } });
    const { parentName: _p, hasChildren: _h, ...fields } = before.body.data;
    const renamed = await call('POST', '/api/blade-system/menu/submit', admin, { body: { ...fields, name: '我的一天(新)' } });
    expect(renamed.body.msg).toBe('更新成功');
    const copy = await target.db.selectFrom('bladeMenu').select('name').where('id', '=', menu.id).executeTakeFirstOrThrow();
    expect(copy.name).toBe('我的一天(新)');
    // an expired tenant is refused even though its database is elsewhere: the tenant's state is read on the main one
    const live = (await loginAs('admin', tenant.adminPassword, tenant.tenantId)).body.access_token;
    await call('POST', '/api/blade-system/tenant/setting', admin, { query: { ids: tenant.id }, body: { accountNumber: 5, expireTime: '2020-01-01 00:00:00' } });
    expect((await call('GET', '/api/blade-auth/oauth/user-info', live)).body.msg).toBe('租户授权已过期,请联系管理员');
    await call('POST', '/api/blade-system/tenant/setting', admin, { query: { ids: tenant.id }, body: { accountNumber: 5, expireTime: '' } });
    expect((await call('GET', '/api/blade-auth/oauth/user-info', live)).status).toBe(200);
  });

  it('while its datasource cannot be reached the tenant is told so (503), and nobody else notices', async () => {
    const live = (await loginAs('admin', tenant.adminPassword, tenant.tenantId)).body.access_token;
    await t.db
      .updateTable('bladeDatasource')
      .set({ url: jdbc('no_such_database_here') })
      .where('id', '=', dsId)
      .execute();
    await t.app.services.tenancy.release(dsId);
    const refused = await call('GET', '/api/blade-auth/oauth/user-info', live);
    expect(refused.status).toBe(503);
    expect(refused.body.msg).toBe('租户数据源暂时无法连接,请稍后再试或联系管理员');
    expect((await loginAs('admin', tenant.adminPassword, tenant.tenantId)).body.error_description).toBe('租户数据源暂时无法连接,请稍后再试或联系管理员');
    expect((await call('GET', '/api/blade-auth/oauth/user-info', admin)).status).toBe(200);
    await t.db
      .updateTable('bladeDatasource')
      .set({ url: jdbc(databases[0]) })
      .where('id', '=', dsId)
      .execute();
    await t.app.services.tenancy.release(dsId);
    expect((await call('GET', '/api/blade-auth/oauth/user-info', live)).status).toBe(200);
  });

  it('at start a bound database gets the migrations added since it was bound', async () => {
    // as if it had been bound before migration 0017 existed
    await sql`drop index idx_member_ent_time, idx_member_grp_time, idx_member_psn_time`.execute(target.db);
    await sql`delete from schema_migration where name = '0017_member_time_index'`.execute(target.db);
    await syncAllTenants(t.app.services.tenancy, undefined, { migrate: true }); // what the server's onReady runs
    const index = await sql<{ n: string }>`select count(*)::text as n from pg_indexes where indexname = 'idx_member_ent_time'`.execute(target.db);
    expect(index.rows[0].n).toBe('1');
  });

  it('a datasource nobody uses can be removed', async () => {
    const res = await call('POST', '/api/blade-develop/datasource/remove', admin, { query: { ids: otherDsId } });
    expect(res.body.msg).toBe('删除成功');
    const select = await call('GET', '/api/blade-develop/datasource/select', admin);
    expect(select.body.data).toEqual([{ id: dsId, name: '吴江库', url: jdbc(databases[0]), inUse: true }]);
    expect((await sql<{ n: string }>`select count(*)::text as n from blade_menu`.execute(target.db)).rows[0].n).not.toBe('0');
  });
});
