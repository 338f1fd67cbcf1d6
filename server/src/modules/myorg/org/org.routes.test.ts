import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MYORG_GUIDE_FIELDS } from '@gsl/contract';
import { createTestApp, type TestApp } from '../../../../test/app.js';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const a of ['nj_aoc', 'nj_coc', 'js_aoc']) tokens[a] = (await t.login(a)).access_token;
});
afterAll(() => t?.close());

const card = (who: string) => t.call({ url: '/api/aoc-service/portal/myOrg', token: tokens[who] });
const orgOf = (account: string) =>
  t.db
    .selectFrom('bladeUser as u')
    .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
    .select(['d.id', 'd.idPath', 'd.deptName'])
    .where('u.account', '=', account)
    .executeTakeFirstOrThrow();

/** The counts recomputed from the tables themselves (not from the per-org member counts the card reads). */
async function expected(account: string) {
  const org = await orgOf(account);
  const staff = await t.db
    .selectFrom('bladeUser')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('deptId', '=', org.id)
    .where('isDeleted', '=', 0)
    .executeTakeFirstOrThrow();
  const below = (category: number) =>
    t.db
      .selectFrom('bladeDept')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('idPath', 'like', `${org.idPath}%`)
      .where('id', '<>', org.id)
      .where('isDeleted', '=', 0)
      .where('deptCategory', '=', category)
      .executeTakeFirstOrThrow();
  const members = async (table: 'aoc_member_enterprise' | 'aoc_member_group' | 'aoc_member_person') =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} m join blade_dept d on d.id = m.dept_id
          where m.is_deleted = 0 and d.id_path like ${`${org.idPath}%`}`.execute(t.db)
      ).rows[0].n,
    );
  const [enterprise, group, person] = [await members('aoc_member_enterprise'), await members('aoc_member_group'), await members('aoc_member_person')];
  return {
    org,
    staffCount: Number(staff.n),
    federationCount: Number((await below(1)).n),
    chamberCount: Number((await below(2)).n),
    associationCount: Number((await below(3)).n),
    memberCount: { total: enterprise + group + person, enterprise, group, person },
  };
}

describe('portal/myOrg: the own org’s card', () => {
  it('needs a token and 我的组织', async () => {
    expect((await t.call({ url: '/api/aoc-service/portal/myOrg' })).status).toBe(401);
  });

  it('a city federation: its names, region and level, and counts that agree with the data', async () => {
    const res = await card('nj_aoc');
    expect(res.status).toBe(200);
    const want = await expected('nj_aoc');
    expect(res.body.data).toMatchObject({
      deptId: String(want.org.id),
      deptName: '南京市工商联',
      deptCategory: 1,
      deptCategoryName: '工商联',
      parentName: '江苏省工商联',
      regionName: '江苏省 / 南京市',
      regionLevelName: '市级',
      staffCount: want.staffCount,
      federationCount: want.federationCount,
      chamberCount: want.chamberCount,
      associationCount: want.associationCount,
      memberCount: want.memberCount,
      profileTotal: MYORG_GUIDE_FIELDS.length,
    });
    expect(want.staffCount).toBeGreaterThan(0);
    expect(want.chamberCount).toBeGreaterThan(0);
    expect(want.federationCount).toBeGreaterThan(0);
    expect(want.memberCount.total).toBeGreaterThan(0);
  });

  it('the province sees its whole tree counted; a chamber only itself', async () => {
    const js = await card('js_aoc');
    const wantJs = await expected('js_aoc');
    expect(js.body.data).toMatchObject({ chamberCount: wantJs.chamberCount, memberCount: wantJs.memberCount, regionName: '江苏省', regionLevelName: '省级' });
    expect(wantJs.chamberCount).toBeGreaterThan((await expected('nj_aoc')).chamberCount);
    const coc = await card('nj_coc');
    const wantCoc = await expected('nj_coc');
    expect(coc.body.data).toMatchObject({
      deptName: '南京市浙江商会',
      deptCategory: 2,
      deptCategoryName: '商会',
      parentName: '南京市工商联',
      staffCount: wantCoc.staffCount,
      chamberCount: 0,
      federationCount: 0,
      memberCount: wantCoc.memberCount,
    });
  });

  it('follows the data: a new account, an address-book entry and a member move the counts', async () => {
    const before = (await card('nj_coc')).body.data;
    const org = await orgOf('nj_coc');
    await t.db
      .insertInto('bladeUser')
      .values({ account: 'card_new_staff', passwordHash: 'x', realName: '新同事', deptId: org.id, userType: 1, isAddressBook: 1, profileTag: 'coc' } as never)
      .execute();
    await t.db
      .insertInto('aocMemberEnterprise')
      .values({ deptId: org.id, name: '卡片测试企业', creditCode: '91320100MA1TEST001', status: 1 } as never)
      .execute();
    const after = (await card('nj_coc')).body.data;
    expect(after.staffCount).toBe(before.staffCount + 1);
    expect(after.addressBookCount).toBe(before.addressBookCount + 1);
    expect(after.memberCount.enterprise).toBe(before.memberCount.enterprise + 1);
    expect(after.memberCount.total).toBe(before.memberCount.total + 1);
  });

  it('the person in charge and the progress come from the org profile', async () => {
    const before = (await card('nj_aoc')).body.data;
    expect(before.profileFilled).toBeLessThanOrEqual(before.profileTotal);
    const org = await orgOf('nj_aoc');
    const profile = (await t.call({ url: '/api/aoc-service/orgprofile/detail', query: { deptId: String(org.id) }, token: tokens.nj_aoc })).body.data;
    const saved = await t.call({
      method: 'POST',
      url: '/api/aoc-service/orgprofile/submit',
      token: tokens.nj_aoc,
      body: {
        deptId: String(org.id),
        name: profile.name,
        representative: '王主席',
        contactPerson: '李秘书',
        contactPhone: '025-83201234',
        ...(profile.version ? { version: profile.version } : {}),
      },
    });
    expect(saved.body.code).toBe(200);
    const after = (await card('nj_aoc')).body.data;
    expect(after).toMatchObject({ representative: '王主席', contactPerson: '李秘书', contactPhone: '025-83201234', profileId: saved.body.data.id });
    // every guided field the profile has filled is counted, recomputed here from the row
    const row = (await t.db
      .selectFrom('aocOrgProfile')
      .selectAll()
      .where('deptId', '=', org.id)
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    const filled = MYORG_GUIDE_FIELDS.filter((f) => row[f] !== null && row[f] !== undefined && String(row[f]) !== '').length;
    expect(after.profileFilled).toBe(filled);
    expect(after.profileFilled).toBeGreaterThan(before.profileFilled);
  });

  it('a role without 我的组织 is refused', async () => {
    const coc = await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'coc').executeTakeFirstOrThrow();
    const menu = await t.db.selectFrom('bladeMenu').select('id').where('code', '=', 'portal_myorg').executeTakeFirstOrThrow();
    await t.db.deleteFrom('bladeRoleMenu').where('roleId', '=', coc.id).where('menuId', '=', menu.id).execute();
    expect((await card('nj_coc')).status).toBe(403);
  });
});
