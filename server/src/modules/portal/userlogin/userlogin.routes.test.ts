import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let suzhouAccount: string;

beforeAll(async () => {
  t = await createTestApp();
  const sz = await t.db
    .selectFrom('bladeUser as u')
    .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
    .select('u.account')
    .where('d.deptName', '=', '苏州市工商联')
    .executeTakeFirstOrThrow();
  suzhouAccount = sz.account;
  for (const a of ['admin', 'js_aoc', 'nj_aoc', 'nj_coc', suzhouAccount]) tokens[a] = (await t.login(a)).access_token;
});
afterAll(() => t?.close());

const list = (who: string, query: Record<string, string> = {}) =>
  t.call({ url: '/api/aoc-service/portal/userlogin/list', token: tokens[who], query: { size: '500', ...query } });
const accounts = (res: Awaited<ReturnType<typeof list>>) => new Set<string>(res.body.data.records.map((r: any) => r.account));

describe('portal/userlogin/list: the login journal within the data scope', () => {
  it("a city federation sees its own and its chambers' logins, not another city's", async () => {
    const seen = accounts(await list('nj_aoc'));
    expect(seen).toContain('nj_aoc');
    expect(seen).toContain('nj_coc');
    expect(seen).not.toContain(suzhouAccount);
    expect(seen).not.toContain('js_aoc');
  });

  it('chamber staff see only their own org', async () => {
    expect([...accounts(await list('nj_coc'))]).toEqual(['nj_coc']);
  });

  it('the province federation and the administrator see every city', async () => {
    for (const who of ['js_aoc', 'admin']) {
      const seen = accounts(await list(who));
      expect(seen).toContain(suzhouAccount);
      expect(seen).toContain('nj_coc');
    }
  });

  it('pages, filters and formats as the wire contract says', async () => {
    const res = await list('js_aoc', { size: '2', current: '1', account: 'nj_' });
    expect(res.body.data).toMatchObject({ size: 2, current: 1 });
    expect(res.body.data.records).toHaveLength(2);
    for (const r of res.body.data.records) {
      expect(r.account).toMatch(/nj_/);
      expect(r.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(r.loginTypeName).toBe('账号密码');
    }
    expect((await list('js_aoc', { success: '0' })).body.data.total).toBe(0);
    expect((await list('js_aoc', { createTime_dategt: 'soon' })).status).toBe(400);
  });

  it('a role without the menu gets 403 and no rows', async () => {
    const coc = await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'coc').executeTakeFirstOrThrow();
    const menu = await t.db.selectFrom('bladeMenu').select('id').where('code', '=', 'myorg_login').executeTakeFirstOrThrow();
    await t.db.deleteFrom('bladeRoleMenu').where('roleId', '=', coc.id).where('menuId', '=', menu.id).execute();
    const res = await list('nj_coc');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, success: false, data: null });
  });
});
