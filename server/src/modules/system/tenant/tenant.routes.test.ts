import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { assertAccountQuota } from './tenant.service.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ tenantMode: true });
  admin = (await t.login('admin')).access_token;
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST', url: string, token: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
  t.call({ method, url, token, ...opts });
const loginAs = (account: string, password: string, tenantId: string) => t.passwordGrant(account, password, { tenantId, captcha: 'auto' });

let created: { id: string; tenantId: string; adminPassword: string; version: number };
let packageId: string;

describe('tenants and packages (tenant mode on)', () => {
  it('a package lists non-platform menus only', async () => {
    const menus = await t.db
      .selectFrom('bladeMenu')
      .select(['id', 'code'])
      .where('code', 'in', ['portal', 'portal_myday', 'user', 'user_add', 'param'])
      .execute();
    const id = (code: string) => menus.find((m) => m.code === code)!.id;
    const refused = await call('POST', '/api/blade-system/tenant-package/submit', admin, {
      body: { packageName: '基础版', menuIds: [id('portal'), id('param')].join(',') },
    });
    expect(refused.body.msg).toBe('产品包不能包含平台设置菜单');
    const ok = await call('POST', '/api/blade-system/tenant-package/submit', admin, {
      body: { packageName: '基础版', menuIds: ['portal', 'portal_myday', 'user', 'user_add'].map(id).join(',') },
    });
    expect(ok.body.msg).toBe('新增成功');
    packageId = ok.body.data.id;
  });

  it('creating a tenant provisions its org, an admin role limited to its package, and an admin account shown once', async () => {
    const res = await call('POST', '/api/blade-system/tenant/submit', admin, {
      body: { tenantName: '苏州市吴江区工商联', linkman: '王敏', accountNumber: 3, packageId },
    });
    expect(res.body).toMatchObject({ msg: '新增成功', data: { tenantId: '000002', adminAccount: 'admin', packageName: '基础版', accountUsed: 1 } });
    created = { id: res.body.data.id, tenantId: res.body.data.tenantId, adminPassword: res.body.data.adminPassword, version: res.body.data.version };
    const session = await loginAs('admin', created.adminPassword, '000002');
    expect(session.status).toBe(200);
    const buttons = await t.call({ url: '/api/blade-system/menu/buttons', token: session.body.access_token });
    const codes = JSON.stringify(buttons.body.data);
    expect(codes).toContain('"user_add"');
    expect(codes).not.toContain('"param"');
    expect((await t.call({ url: '/api/blade-system/tenant/list', token: session.body.access_token })).status).toBe(403);
  });

  it("a tenant admin cannot reach platform settings or another tenant's rows (SpringBlade #41/#42)", async () => {
    const session = await loginAs('admin', created.adminPassword, '000002');
    const token = session.body.access_token;
    // even if his role were granted the parameter menu, tenant mode keeps platform settings to the platform administrator
    const role = await t.db.selectFrom('bladeRole').select('id').where('tenantId', '=', '000002').where('roleAlias', '=', 'admin').executeTakeFirstOrThrow();
    const paramMenus = await t.db.selectFrom('bladeMenu').select('id').where('code', 'in', ['param', 'param_add', 'client', 'tenant']).execute();
    await t.db
      .insertInto('bladeRoleMenu')
      .values(paramMenus.map((m) => ({ roleId: role.id, menuId: m.id })))
      .execute();
    const fresh = (await loginAs('admin', created.adminPassword, '000002')).body.access_token;
    expect((await call('GET', '/api/blade-system/param/list', fresh)).status).toBe(403);
    expect((await call('POST', '/api/blade-system/param/submit', fresh, { body: { paramName: 'x', paramKey: 'x.y', paramValue: 'z' } })).status).toBe(403);
    expect((await call('GET', '/api/blade-system/tenant/list', fresh)).status).toBe(403);
    expect((await call('POST', '/api/blade-system/tenant/submit', fresh, { body: { id: created.id, version: 1, tenantName: '篡改' } })).status).toBe(403);
    // his own tenant's business dictionary is his; the default tenant's stays invisible
    const biz = await call('GET', '/api/blade-system/dict-biz/parent-list', token);
    expect(biz.status === 403 || biz.body.data.total === 0).toBe(true);
    const ownInfo = await call('GET', '/api/aoc-service/portal/deptInfo/detail', token);
    expect(ownInfo.body.data.orgName).toBe('苏州市吴江区工商联');
  });

  it('the account quota refuses users beyond it', async () => {
    await assertAccountQuota(t.db, '000002', 2); // 1 used + 2 = 3: fits
    await expect(assertAccountQuota(t.db, '000002', 3)).rejects.toThrow('租户账号额度已用完,请联系管理员扩容');
    await expect(assertAccountQuota(t.db, '000001', 10_000)).resolves.toBeUndefined(); // -1: no limit
  });

  it("an expired tenant's users are refused at sign-on and their live tokens stop", async () => {
    const live = (await loginAs('admin', created.adminPassword, '000002')).body.access_token;
    const setting = await call('POST', '/api/blade-system/tenant/setting', admin, {
      query: { ids: created.id },
      body: { accountNumber: 3, expireTime: '2020-01-01 00:00:00' },
    });
    expect(setting.body.msg).toBe('更新成功');
    const refused = await loginAs('admin', created.adminPassword, '000002');
    expect(refused.body.error_description).toBe('租户授权已过期,请联系管理员');
    const info = await t.call({ url: '/api/blade-auth/oauth/user-info', token: live });
    expect(info.body).toMatchObject({ code: 401, msg: '租户授权已过期,请联系管理员' });
    const listed = (await call('GET', '/api/blade-system/tenant/list', admin, { query: { tenantId: '000002' } })).body.data.records[0];
    expect(listed.expired).toBe(true);
  });

  it('package in use cannot be removed; default and own tenants cannot be removed; a removed tenant cannot sign on', async () => {
    expect((await call('POST', '/api/blade-system/tenant-package/remove', admin, { query: { ids: packageId } })).body.msg).toBe(
      '该产品包仍被租户使用,不能删除',
    );
    const own = await t.db.selectFrom('bladeTenant').select('id').where('tenantId', '=', '000001').executeTakeFirstOrThrow();
    expect((await call('POST', '/api/blade-system/tenant/remove', admin, { query: { ids: own.id } })).body.msg).toBe('不能删除当前登录所在的租户');
    await t.db
      .updateTable('bladeTenant')
      .set({ expireTime: sql`now() + interval '1 day'` })
      .where('id', '=', created.id)
      .execute();
    expect((await call('POST', '/api/blade-system/tenant/remove', admin, { query: { ids: created.id } })).body.msg).toBe('删除成功');
    expect((await loginAs('admin', created.adminPassword, '000002')).body.error_description).toBe('租户不存在或已停用');
  });

  it('an update keeps the contact fields it does not name', async () => {
    const made = await call('POST', '/api/blade-system/tenant/submit', admin, {
      body: { tenantName: '保留字段租户', linkman: '李强', contactNumber: '13912345678', address: '南京市玄武区', accountNumber: -1 },
    });
    expect(made.body.msg).toBe('新增成功');
    const renamed = await call('POST', '/api/blade-system/tenant/submit', admin, {
      body: { id: made.body.data.id, version: made.body.data.version, tenantName: '保留字段租户二' },
    });
    expect(renamed.body.msg).toBe('更新成功');
    const detail = (await call('GET', '/api/blade-system/tenant/detail', admin, { query: { id: made.body.data.id } })).body.data;
    expect(detail).toMatchObject({
      tenantName: '保留字段租户二',
      linkman: '李强',
      contactNumber: '13912345678',
      address: '南京市玄武区',
      version: made.body.data.version + 1,
    });
  });

  it('tenant names are unique', async () => {
    expect((await call('POST', '/api/blade-system/tenant/submit', admin, { body: { tenantName: '江苏省工商业联合会' } })).body.msg).toBe('租户名称已存在');
  });
});

describe('account quota on user creation', () => {
  it("creating a user beyond the tenant's quota is refused and writes nothing", async () => {
    const tenant = await t.db.selectFrom('bladeTenant').select(['id']).where('tenantId', '=', '000001').executeTakeFirstOrThrow();
    const used = await t.db
      .selectFrom('bladeUser')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenantId', '=', '000001')
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('bladeTenant')
      .set({ accountNumber: Number(used.n) })
      .where('id', '=', tenant.id)
      .execute();
    const dept = await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', '南京市工商联').executeTakeFirstOrThrow();
    const role = await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'aoc').where('tenantId', '=', '000001').executeTakeFirstOrThrow();
    const res = await call('POST', '/api/blade-user/submit', admin, {
      body: {
        account: 'quota_user',
        realName: '额度测试',
        phone: '13912345678',
        deptId: dept.id,
        roleIds: role.id,
        password: 'Quota2026ab',
        password2: 'Quota2026ab',
      },
    });
    expect(res.body.msg).toBe('租户账号额度已用完,请联系管理员扩容');
    expect(await t.db.selectFrom('bladeUser').select('id').where('account', '=', 'quota_user').executeTakeFirst()).toBeUndefined();
    await t.db.updateTable('bladeTenant').set({ accountNumber: -1 }).where('id', '=', tenant.id).execute();
    const ok = await call('POST', '/api/blade-user/submit', admin, {
      body: {
        account: 'quota_user',
        realName: '额度测试',
        phone: '13912345678',
        deptId: dept.id,
        roleIds: role.id,
        password: 'Quota2026ab',
        password2: 'Quota2026ab',
      },
    });
    expect(ok.body.msg).toBe('新增成功');
  });
});

describe('package menus for the screens', () => {
  const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

  it('menu-tree offers menus and buttons without the platform settings the submit would refuse', async () => {
    const res = await call('GET', '/api/blade-system/tenant-package/menu-tree', admin);
    expect(res.status).toBe(200);
    const codes = flat(res.body.data).map((n) => n.code);
    expect(codes).toEqual(expect.arrayContaining(['portal', 'portal_myday', 'system', 'user', 'user_add', 'dept', 'dept_delete']));
    for (const platform of ['tenant', 'tenant_setting', 'tenantpackage', 'param', 'param_add', 'menu', 'region']) expect(codes).not.toContain(platform);
    expect(res.body.data.find((n: any) => n.code === 'system')).toMatchObject({ title: '系统管理', hasChildren: true });
  });

  it("tenant setting may change the package: the tenant's admin role follows it", async () => {
    const menus = await t.db
      .selectFrom('bladeMenu')
      .select(['id', 'code'])
      .where('code', 'in', ['portal', 'portal_myday', 'system', 'user', 'user_add', 'dept'])
      .execute();
    const id = (code: string) => menus.find((m) => m.code === code)!.id;
    const small = (
      await call('POST', '/api/blade-system/tenant-package/submit', admin, {
        body: { packageName: '门户版', menuIds: [id('portal'), id('portal_myday')].join(',') },
      })
    ).body.data.id;
    const big = (
      await call('POST', '/api/blade-system/tenant-package/submit', admin, {
        body: { packageName: '机构版', menuIds: ['portal', 'portal_myday', 'system', 'dept'].map(id).join(',') },
      })
    ).body.data.id;
    const tenant = (await call('POST', '/api/blade-system/tenant/submit', admin, { body: { tenantName: '授权测试工商联', packageId: small } })).body.data;
    const adminMenus = async () => {
      const rows = await t.db
        .selectFrom('bladeRoleMenu as rm')
        .innerJoin('bladeRole as r', 'r.id', 'rm.roleId')
        .innerJoin('bladeMenu as m', 'm.id', 'rm.menuId')
        .select('m.code')
        .where('r.tenantId', '=', tenant.tenantId)
        .where('r.roleAlias', '=', 'admin')
        .execute();
      return rows.map((r) => r.code).sort();
    };
    expect(await adminMenus()).toEqual(['portal', 'portal_myday']);

    const res = await call('POST', '/api/blade-system/tenant/setting', admin, {
      query: { ids: tenant.id },
      body: { accountNumber: 10, expireTime: '2099-12-31 23:59:59', packageId: big },
    });
    expect(res.body.msg).toBe('更新成功');
    const detail = (await call('GET', '/api/blade-system/tenant/detail', admin, { query: { id: tenant.id } })).body.data;
    expect(detail).toMatchObject({ accountNumber: 10, expireTime: '2099-12-31 23:59:59', packageId: big, packageName: '机构版', version: tenant.version + 1 });
    expect(await adminMenus()).toEqual(['dept', 'portal', 'portal_myday', 'system']);

    // without packageId the package stays; a missing package is refused and changes nothing
    await call('POST', '/api/blade-system/tenant/setting', admin, { query: { ids: tenant.id }, body: { accountNumber: 5, expireTime: '' } });
    expect((await call('GET', '/api/blade-system/tenant/detail', admin, { query: { id: tenant.id } })).body.data).toMatchObject({
      accountNumber: 5,
      expireTime: null,
      packageId: big,
    });
    const refused = await call('POST', '/api/blade-system/tenant/setting', admin, {
      query: { ids: tenant.id },
      body: { accountNumber: 1, packageId: '999999' },
    });
    expect(refused.body.msg).toBe('产品包不存在');
    expect((await call('GET', '/api/blade-system/tenant/detail', admin, { query: { id: tenant.id } })).body.data.accountNumber).toBe(5);
  });
});
