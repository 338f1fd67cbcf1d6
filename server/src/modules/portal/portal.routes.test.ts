import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { createUser } from '../../../test/harness/people.js';
import { mintToken } from '../../../test/harness/wire.js';

let t: TestApp;
const tokens = useTestApp(['admin', 'js_aoc', 'nj_aoc', 'nj_coc'], (app) => (t = app));

const codes = (forest: any[]): string[] => forest.flatMap((n) => [n.code, ...codes(n.children ?? [])]);
const get = (url: string, who: string, query?: Record<string, string>) => t.call({ url, token: tokens[who], query });

describe('menus and permissions come from the server per user', () => {
  it('administrators get the admin menus and every button code', async () => {
    const routes = (await get('/api/blade-system/menu/routes', 'admin')).body.data;
    expect(codes(routes)).toEqual(expect.arrayContaining(['system', 'param', 'dict', 'role', 'portal_myday']));
    expect(codes(routes)).not.toContain('param_add'); // routes are category 1 only
    const buttons = codes((await get('/api/blade-system/menu/buttons', 'admin')).body.data);
    expect(buttons).toEqual(expect.arrayContaining(['param_add', 'param_delete', 'user_reset', 'role_menu']));
  });

  it('chamber staff get the portal but no admin menus and no cockpit', async () => {
    const routes = codes((await get('/api/blade-system/menu/routes', 'nj_coc')).body.data);
    expect(routes).toContain('portal_myday');
    expect(routes).not.toContain('system');
    expect(routes).not.toContain('cockpit');
    expect(codes((await get('/api/blade-system/menu/buttons', 'nj_coc')).body.data)).not.toContain('param_add');
  });

  it('the portal top menu lists the granted entries in order with their shape', async () => {
    const aoc = (await get('/api/aoc-service/portal/menu', 'nj_aoc')).body.data;
    expect(aoc.map((m: any) => m.name)).toEqual(['我的一天', '业务应用', '数据库查询', '领导驾驶舱', '新闻', '我的组织']);
    expect(aoc[0]).toMatchObject({ code: 'portal_myday', path: '/portal/myDay', isOpen: 1, category: 1 });
    const coc = (await get('/api/aoc-service/portal/menu', 'nj_coc')).body.data;
    expect(coc.map((m: any) => m.code)).not.toContain('cockpit');
  });
});

describe('portal org info', () => {
  it('names the federation and its 总商会 for federation staff', async () => {
    const res = await get('/api/aoc-service/portal/deptInfo/detail', 'nj_aoc');
    expect(res.body.data).toMatchObject({
      orgName: '南京市工商业联合会',
      chamberName: '南京市总商会',
      deptName: '南京市工商联',
      regionLevel: 2,
      deptCategory: 1,
    });
  });

  it('names the chamber for chamber staff', async () => {
    const res = await get('/api/aoc-service/portal/deptInfo/detail', 'nj_coc');
    expect(res.body.data.chamberName).toBe('南京市浙江商会');
    expect(res.body.data.deptCategory).toBe(2);
  });
});

describe('getAocUnionId', () => {
  const deptId = async (name: string) => (await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', name).executeTakeFirstOrThrow()).id;

  it("resolves a chamber to its federation's union id", async () => {
    const chamber = await deptId('南京市浙江商会');
    const nanjing = await t.db.selectFrom('bladeDept').select('unionId').where('deptName', '=', '南京市工商联').executeTakeFirstOrThrow();
    const res = await get('/api/aoc-service/dept/aoc-union-id', 'nj_coc', { deptId: chamber });
    expect(res.body.data).toBe(nanjing.unionId);
  });

  it("answers 404 for an org outside the user's line, and for none at all", async () => {
    expect((await get('/api/aoc-service/dept/aoc-union-id', 'nj_aoc', { deptId: await deptId('苏州市工商联') })).status).toBe(404);
    expect((await get('/api/aoc-service/dept/aoc-union-id', 'nj_aoc', { deptId: '999999999' })).status).toBe(404);
    expect((await get('/api/aoc-service/dept/aoc-union-id', 'js_aoc', { deptId: await deptId('苏州市工商联') })).status).toBe(200);
  });

  it('an administrator gets no more than his own line either: an org beside it is 404', async () => {
    const nanjing = await deptId('南京市工商联');
    const administrator = (
      await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'administrator').where('tenantId', '=', '000001').executeTakeFirstOrThrow()
    ).id;
    const user = await createUser(t.db, { account: 'union_admin_nj', deptId: nanjing, roleIds: [administrator] });
    const token = await mintToken(t, user);
    const ask = (deptId: string) => t.call({ url: '/api/aoc-service/dept/aoc-union-id', token, query: { deptId } });
    expect((await ask(await deptId('苏州市工商联'))).status).toBe(404);
    expect((await ask(await deptId('南京市浙江商会'))).status).toBe(200); // below him
    expect((await ask(await deptId('江苏省工商联'))).status).toBe(200); // above him
  });
});

describe('getAocUnionId across tenants', () => {
  let tm: TestApp;
  afterAll(() => tm?.close());

  it("never answers another tenant's org, even to the platform administrator", async () => {
    tm = await createTestApp({ tenantMode: true });
    const admin = (await tm.login('admin')).access_token;
    const created = await tm.call({
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      token: admin,
      body: { tenantName: '联合编号测试租户', accountNumber: 5 },
    });
    const root = await tm.db
      .selectFrom('bladeDept')
      .select('id')
      .where('tenantId', '=', created.body.data.tenantId)
      .where('parentId', '=', '0')
      .executeTakeFirstOrThrow();
    // the tenant's root is a federation with a union id of its own
    await tm.db.updateTable('bladeDept').set({ deptCategory: 1, unionId: 'TENANT-UNION-1' }).where('id', '=', root.id).execute();
    const res = await tm.call({ url: '/api/aoc-service/dept/aoc-union-id', token: admin, query: { deptId: root.id } });
    expect(res.status).toBe(404);
  });
});

describe('getParamDetail', () => {
  it('reads portal settings by key for any signed-in user', async () => {
    const res = await get('/api/blade-system/param/detail', 'nj_coc', { paramKey: 'portal.banner.interval' });
    expect(res.body.data).toMatchObject({ paramKey: 'portal.banner.interval', paramValue: '5000' });
  });

  it('hides other parameters from non-administrators as if absent', async () => {
    expect((await get('/api/blade-system/param/detail', 'nj_coc', { paramKey: 'account.lock.minutes' })).status).toBe(404);
    expect((await get('/api/blade-system/param/detail', 'admin', { paramKey: 'account.lock.minutes' })).status).toBe(200);
    expect((await get('/api/blade-system/param/detail', 'admin', {})).body.msg).toBe('请提供参数编号或参数键名');
  });
});
