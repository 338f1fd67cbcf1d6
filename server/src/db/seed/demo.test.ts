import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { hash } from '@node-rs/argon2';
import { openDatabase, type DbHandle } from '../connection.js';
import { migrate } from '../migrate.js';
import { DEMO_ACCOUNTS, DEMO_PROVINCE_UNION_ID, seedDemo, type DemoContext } from './demo.js';

const TENANT = '000001';

let handle: DbHandle;
let ctx: DemoContext;
let first: { depts: number; users: number; created: boolean };

beforeAll(async () => {
  handle = await openDatabase({});
  await migrate(handle.db);
  const roles = await handle.db
    .insertInto('bladeRole')
    .values([
      { tenantId: TENANT, roleName: '超级管理员', roleAlias: 'administrator', sort: 1 },
      { tenantId: TENANT, roleName: '租户管理员', roleAlias: 'admin', sort: 2 },
      { tenantId: TENANT, roleName: '工商联工作人员', roleAlias: 'aoc', sort: 3 },
      { tenantId: TENANT, roleName: '商会工作人员', roleAlias: 'coc', sort: 4 },
    ])
    .returning(['id', 'roleAlias'])
    .execute();
  const byAlias = Object.fromEntries(roles.map((r) => [r.roleAlias, r.id]));
  ctx = {
    tenantId: TENANT,
    passwordHash: await hash('Demo@2026'),
    roleIds: { administrator: byAlias.administrator, admin: byAlias.admin, aoc: byAlias.aoc, coc: byAlias.coc },
  };
  first = await seedDemo(handle.db, ctx);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

async function allDepts() {
  return handle.db.selectFrom('bladeDept').selectAll().where('isDeleted', '=', 0).orderBy('id').execute();
}

async function deptByName(name: string) {
  return handle.db.selectFrom('bladeDept').selectAll().where('deptName', '=', name).executeTakeFirstOrThrow();
}

describe('seedDemo', () => {
  it('creates the province federation and reports what it created', async () => {
    expect(first.created).toBe(true);
    const root = await deptByName('江苏省工商联');
    expect(root).toMatchObject({
      fullName: '江苏省工商业联合会',
      deptCategory: 1,
      regionCode: '320000',
      regionLevel: 1,
      parentId: '0',
      ancestors: '0',
      idPath: `0,${root.id},`,
      unionId: DEMO_PROVINCE_UNION_ID,
      tenantId: TENANT,
    });
    const depts = await allDepts();
    expect(first.depts).toBe(depts.length);
    expect(depts.length).toBeGreaterThanOrEqual(60);
    expect(depts.length).toBeLessThanOrEqual(160);
    const users = await handle.db.selectFrom('bladeUser').select('id').execute();
    expect(first.users).toBe(users.length);
  });

  it('has the four fixed accounts with the right roles and orgs', async () => {
    const rows = await handle.db
      .selectFrom('bladeUser as u')
      .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
      .innerJoin('bladeUserRole as ur', 'ur.userId', 'u.id')
      .innerJoin('bladeRole as r', 'r.id', 'ur.roleId')
      .select(['u.account', 'u.realName', 'u.profileTag', 'u.passwordHash', 'u.status', 'd.deptName', 'd.deptCategory', 'd.parentId', 'r.roleAlias'])
      .where(
        'u.account',
        'in',
        DEMO_ACCOUNTS.map((a) => a.account),
      )
      .execute();
    expect(rows).toHaveLength(4);
    const by = Object.fromEntries(rows.map((r) => [r.account, r]));

    expect(by.admin).toMatchObject({ realName: '系统管理员', roleAlias: 'administrator', deptName: '江苏省工商联' });
    expect(by.js_aoc).toMatchObject({ roleAlias: 'aoc', profileTag: 'aoc', deptName: '江苏省工商联' });
    expect(by.nj_aoc).toMatchObject({ roleAlias: 'aoc', profileTag: 'aoc', deptName: '南京市工商联' });
    expect(by.nj_coc).toMatchObject({ roleAlias: 'coc', profileTag: 'coc', deptCategory: 2 });
    const nanjing = await deptByName('南京市工商联');
    expect(by.nj_coc.parentId).toBe(nanjing.id);
    for (const r of rows) {
      expect(r.passwordHash).toBe(ctx.passwordHash);
      expect(r.status).toBe(1);
      expect(DEMO_ACCOUNTS.find((a) => a.account === r.account)).toMatchObject({ realName: r.realName, role: r.roleAlias });
    }
    for (const a of DEMO_ACCOUNTS) expect(a.description.length).toBeGreaterThan(4);
  });

  it('has the 13 city federations under the province with their region codes', async () => {
    const root = await deptByName('江苏省工商联');
    const cities = await handle.db.selectFrom('bladeDept').selectAll().where('parentId', '=', root.id).where('deptCategory', '=', 1).orderBy('sort').execute();
    expect(cities.map((c) => [c.deptName, c.regionCode])).toEqual([
      ['南京市工商联', '320100'],
      ['无锡市工商联', '320200'],
      ['徐州市工商联', '320300'],
      ['常州市工商联', '320400'],
      ['苏州市工商联', '320500'],
      ['南通市工商联', '320600'],
      ['连云港市工商联', '320700'],
      ['淮安市工商联', '320800'],
      ['盐城市工商联', '320900'],
      ['扬州市工商联', '321000'],
      ['镇江市工商联', '321100'],
      ['泰州市工商联', '321200'],
      ['宿迁市工商联', '321300'],
    ]);
    for (const c of cities) {
      expect(c.regionLevel).toBe(2);
      expect(c.fullName).toBe(c.deptName.replace('工商联', '工商业联合会'));
      const counties = await handle.db.selectFrom('bladeDept').selectAll().where('parentId', '=', c.id).where('deptCategory', '=', 1).execute();
      expect(counties.length).toBeGreaterThanOrEqual(2);
      expect(counties.length).toBeLessThanOrEqual(4);
      for (const k of counties) {
        expect(k.regionLevel).toBe(3);
        expect(k.regionCode!.slice(0, 4)).toBe(c.regionCode!.slice(0, 4));
      }
    }
  });

  it('keeps ancestors and id_path consistent for every dept', async () => {
    const depts = await allDepts();
    const byId = new Map(depts.map((d) => [d.id, d]));
    for (const d of depts) {
      expect(d.idPath).toBe(`${d.ancestors},${d.id},`);
      if (d.parentId === '0') {
        expect(d.ancestors).toBe('0');
        continue;
      }
      const parent = byId.get(d.parentId);
      expect(parent, `parent of ${d.deptName}`).toBeDefined();
      expect(d.ancestors).toBe(`${parent!.ancestors},${parent!.id}`);
      expect(d.idPath.startsWith(parent!.idPath)).toBe(true);
    }
    expect(depts.filter((d) => d.parentId === '0')).toHaveLength(1);
  });

  it('gives every org a unique union id and name, and chambers a valid chamber type', async () => {
    const depts = await allDepts();
    const unionIds = depts.map((d) => d.unionId);
    expect(unionIds.every((u) => typeof u === 'string' && u.length > 0)).toBe(true);
    expect(new Set(unionIds).size).toBe(depts.length);
    expect(new Set(depts.map((d) => d.deptName)).size).toBe(depts.length);
    for (const d of depts) {
      expect(d.tenantId).toBe(TENANT);
      if (d.deptCategory === 2) expect([1, 2, 3, 4]).toContain(d.chamberType);
      if (d.deptCategory === 1) expect(d.chamberType).toBeNull();
    }
    const types = new Set(depts.filter((d) => d.deptCategory === 2).map((d) => d.chamberType));
    expect(types).toEqual(new Set([1, 2, 3, 4]));
    expect(depts.some((d) => d.deptCategory === 3)).toBe(true);
    // 江苏在外地商会 hang under the province federation.
    const root = depts.find((d) => d.parentId === '0')!;
    for (const d of depts.filter((x) => x.chamberType === 4)) expect(d.parentId).toBe(root.id);
  });

  it('staffs every org with plausible users', async () => {
    const users = await handle.db
      .selectFrom('bladeUser as u')
      .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
      .leftJoin('bladeUserRole as ur', 'ur.userId', 'u.id')
      .leftJoin('bladeRole as r', 'r.id', 'ur.roleId')
      .select([
        'u.id',
        'u.account',
        'u.realName',
        'u.name',
        'u.phone',
        'u.email',
        'u.sex',
        'u.profileTag',
        'u.isAddressBook',
        'u.deptId',
        'd.deptCategory',
        'r.roleAlias',
      ])
      .execute();
    expect(new Set(users.map((u) => u.id)).size).toBe(users.length); // one role each
    expect(new Set(users.map((u) => u.account.toLowerCase())).size).toBe(users.length);
    expect(new Set(users.map((u) => u.phone)).size).toBe(users.length);
    for (const u of users) {
      expect(u.phone).toMatch(/^1[3-9]\d{9}$/);
      expect(u.email).toMatch(/^[a-z0-9_]+@[a-z0-9.-]+$/);
      expect(u.account).toMatch(/^[a-z_]+\d*$/);
      expect(u.realName!.length).toBeGreaterThanOrEqual(2);
      expect(u.name!.length).toBeLessThanOrEqual(4);
      expect([1, 2]).toContain(u.sex);
      expect(u.isAddressBook).toBe(1);
      if (u.account === 'admin') continue;
      expect(u.profileTag).toBe(u.deptCategory === 1 ? 'aoc' : 'coc');
      expect(u.roleAlias).toBe(u.profileTag);
    }
    const depts = await allDepts();
    for (const d of depts) {
      const staff = users.filter((u) => u.deptId === d.id && u.account !== 'admin');
      if (d.deptCategory === 1) expect(staff.length, d.deptName).toBeGreaterThanOrEqual(1);
      if (d.deptCategory === 1) expect(staff.length, d.deptName).toBeLessThanOrEqual(3);
      if (d.deptCategory !== 1) expect(staff.length, d.deptName).toBeGreaterThanOrEqual(1);
      if (d.deptCategory !== 1) expect(staff.length, d.deptName).toBeLessThanOrEqual(2);
    }
  });

  it('finds Nanjing and below by id_path prefix, without any Suzhou org', async () => {
    const nanjing = await deptByName('南京市工商联');
    const below = await handle.db
      .selectFrom('bladeDept')
      .selectAll()
      .where('idPath', 'like', nanjing.idPath + '%')
      .execute();
    const names = below.map((d) => d.deptName);
    expect(names).toContain('南京市工商联');
    expect(names).toContain('南京市玄武区工商联');
    expect(names).toContain('南京市江宁区工商联');
    expect(names).toContain('江宁区淳化街道商会');
    expect(names).toContain('南京市浙江商会');
    expect(names).toContain('南京市青年企业家协会');
    expect(names.some((n) => n.includes('苏州'))).toBe(false);
    expect(names).not.toContain('昆山市工商联');
    expect(below.every((d) => d.regionCode!.startsWith('3201'))).toBe(true);
    const children = await handle.db.selectFrom('bladeDept').select('id').where('parentId', '=', nanjing.id).execute();
    expect(below.length).toBeGreaterThan(children.length);
  });

  it('does nothing the second time', async () => {
    const deptsBefore = (await allDepts()).length;
    const usersBefore = (await handle.db.selectFrom('bladeUser').select('id').execute()).length;
    const again = await seedDemo(handle.db, ctx);
    expect(again).toEqual({ depts: first.depts, users: first.users, created: false });
    expect((await allDepts()).length).toBe(deptsBefore);
    expect((await handle.db.selectFrom('bladeUser').select('id').execute()).length).toBe(usersBefore);
  });
});
