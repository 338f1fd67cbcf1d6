import { beforeAll, describe, expect, it } from 'vitest';
import { STALE_VERSION_MSG } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';

let t: TestApp;
const CC = '/api/aoc-service/chambercommerce';
const IN = '/api/aoc-service/chambercommerceallopatryjiangsu';
const OUT = '/api/aoc-service/chambercommercejiangsuallopatry';
let njChamber: { id: string; deptId: string };
let njDept: string;
let suzhouChamberId: string;

const call = (who: string, method: 'GET' | 'POST', url: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
  t.call({ method, url, token: tokens[who], ...opts });

const tokens = useTestApp(['admin', 'js_aoc', 'nj_aoc', 'nj_coc'], (app) => (t = app));
beforeAll(async () => {
  const coc = await t.db.selectFrom('bladeUser').select('deptId').where('account', '=', 'nj_coc').executeTakeFirstOrThrow();
  njDept = String((await t.db.selectFrom('bladeUser').select('deptId').where('account', '=', 'nj_aoc').executeTakeFirstOrThrow()).deptId);
  const c = await t.db.selectFrom('aocChamber').select(['id', 'deptId']).where('chamberDeptId', '=', coc.deptId).executeTakeFirstOrThrow();
  njChamber = { id: String(c.id), deptId: String(c.deptId) };
  const sz = await t.db
    .selectFrom('aocChamber as c')
    .innerJoin('bladeDept as d', 'd.id', 'c.deptId')
    .innerJoin('bladeDept as p', 'p.id', 'd.parentId')
    .select('c.id')
    .where('p.deptName', '=', '苏州市工商联')
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  suzhouChamberId = String(sz.id);
  const szDept = await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', '苏州市工商联').executeTakeFirstOrThrow();
  const szUser = await t.db.selectFrom('bladeUser').select('account').where('deptId', '=', szDept.id).orderBy('id').executeTakeFirstOrThrow();
  tokens.sz = (await t.login(szUser.account)).access_token;
});

describe('chambercommerce', () => {
  it('simpleSelectList: the chambers of a type under an org, within the scope, at most size', async () => {
    const res = await call('js_aoc', 'GET', `${CC}/simpleSelectList`, { query: { deptId: njDept, size: '300', chamberType: '1' } });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((r: any) => r.chamberType === 1)).toBe(true);
    const mine = await call('nj_coc', 'GET', `${CC}/simpleSelectList`);
    expect(mine.body.data.map((r: any) => r.id)).toEqual([njChamber.id]);
    expect((await call('js_aoc', 'GET', `${CC}/simpleSelectList`, { query: { size: '2' } })).body.data).toHaveLength(2);
    expect((await call('js_aoc', 'GET', `${CC}/simpleSelectList`, { query: { chamberType: '9' } })).status).toBe(400);
  });

  it('leader lists and the vice-president detail, with masked phones, scoped to the chamber', async () => {
    const vps = await call('nj_coc', 'GET', `${CC}/vice-president-list`, { query: { chamberId: njChamber.id } });
    expect(vps.body.data.length).toBeGreaterThanOrEqual(2);
    expect(vps.body.data.every((r: any) => r.leaderTypeName === '副会长' && /^1\d{2}\*{4}\d{4}$/.test(r.phone))).toBe(true);
    expect((await call('nj_coc', 'GET', `${CC}/council-list`, { query: { chamberId: njChamber.id } })).body.data.every((r: any) => r.leaderType === 3)).toBe(
      true,
    );
    expect((await call('nj_coc', 'GET', `${CC}/secretariat-list`, { query: { chamberId: njChamber.id } })).body.data.length).toBeGreaterThan(0);
    const one = await call('nj_coc', 'GET', `${CC}/detail-vice-president`, { query: { id: vps.body.data[0].id } });
    expect(one.body.data).toMatchObject({ id: vps.body.data[0].id, name: vps.body.data[0].name });
    expect((await call('nj_coc', 'GET', `${CC}/vice-president-list`, { query: { chamberId: suzhouChamberId } })).status).toBe(404);
    expect((await call('nj_aoc', 'GET', `${CC}/council-list`, { query: { chamberId: suzhouChamberId } })).status).toBe(404);
    const full = await call('admin', 'GET', `${CC}/vice-president-list`, { query: { chamberId: njChamber.id } });
    expect(full.body.data[0].phone).toMatch(/^1\d{10}$/);
  });

  it('submit updates at the version read and replaces the leader lists given, in one transaction', async () => {
    const detail = (await call('nj_coc', 'GET', `${CC}/detail`, { query: { id: njChamber.id } })).body.data;
    const res = await call('nj_coc', 'POST', `${CC}/submit`, {
      body: {
        id: njChamber.id,
        version: detail.version,
        name: detail.name,
        chamberDeptId: njChamber.deptId,
        address: '南京市建邺区江东中路1号',
        vicePresidents: [{ name: '赵建国', post: '常务副会长', phone: '13900001111' }, { name: '钱海燕' }],
      },
    });
    expect(res.body).toMatchObject({ code: 200, msg: '更新成功' });
    expect(res.body.data).toMatchObject({ address: '南京市建邺区江东中路1号', version: detail.version + 1 });
    const vps = (await call('nj_coc', 'GET', `${CC}/vice-president-list`, { query: { chamberId: njChamber.id } })).body.data;
    expect(vps.map((v: any) => [v.name, v.phone])).toEqual([
      ['赵建国', '139****1111'],
      ['钱海燕', null],
    ]);
    // Sent back as the list showed it (masked, with the leader's id), a phone is kept; masked without an id it is refused.
    const again = await call('nj_coc', 'POST', `${CC}/submit`, {
      body: {
        id: njChamber.id,
        version: detail.version + 1,
        name: detail.name,
        vicePresidents: vps.map((v: any) => ({ id: v.id, name: v.name, phone: v.phone })),
      },
    });
    expect(again.body.msg).toBe('更新成功');
    const kept = await call('admin', 'GET', `${CC}/vice-president-list`, { query: { chamberId: njChamber.id } });
    expect(kept.body.data.map((v: any) => v.phone)).toEqual(['13900001111', null]);
    const maskedNoId = await call('nj_coc', 'POST', `${CC}/submit`, {
      body: { id: njChamber.id, version: detail.version + 2, name: detail.name, vicePresidents: [{ name: '赵建国', phone: '139****1111' }] },
    });
    expect(maskedNoId.body.msg).toBe('请输入完整的手机号码');
    // The council was not named, so it is kept.
    expect((await call('nj_coc', 'GET', `${CC}/council-list`, { query: { chamberId: njChamber.id } })).body.data.length).toBeGreaterThan(0);
    const stale = await call('nj_coc', 'POST', `${CC}/submit`, { body: { id: njChamber.id, version: detail.version, name: detail.name } });
    // (versions: detail.version + 2 is current after the two updates above)
    expect(stale.body.msg).toBe(STALE_VERSION_MSG);
    const bad = await call('nj_coc', 'POST', `${CC}/submit`, {
      body: { id: njChamber.id, version: detail.version + 2, name: '', vicePresidents: [{ name: '' }] },
    });
    expect(bad.body.msg).toBe('请输入商会名称');
    expect((await call('nj_coc', 'POST', `${CC}/submit`, { body: { name: 'x', vicePresidents: [{ name: '甲', phone: '123' }] } })).body.msg).toBe(
      '手机号码长度不为11位',
    );
    expect((await call('nj_coc', 'POST', `${CC}/submit`, { body: { id: suzhouChamberId, version: 1, name: 'x' } })).status).toBe(404);
  });

  it('nextOrgUserList: the staff of the orgs one level below, inside the scope', async () => {
    const res = await call('nj_aoc', 'GET', `${CC}/nextOrgUserList`, { query: { deptId: njDept, current: '1', size: '500' } });
    expect(res.status).toBe(200);
    const accounts = res.body.data.records.map((r: any) => r.account);
    expect(accounts).toContain('nj_coc');
    expect(accounts).not.toContain('nj_aoc');
    const sz = String((await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', '苏州市工商联').executeTakeFirstOrThrow()).id);
    expect((await call('nj_aoc', 'GET', `${CC}/nextOrgUserList`, { query: { deptId: sz } })).status).toBe(404);
  });
});

describe('chambercommerce addOrgUser', () => {
  it('creates a staff account of an org under the user rules (user_add, dept in scope)', async () => {
    const coc = await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'coc').executeTakeFirstOrThrow();
    const noRole = await call('admin', 'POST', `${CC}/addOrgUser`, {
      body: { account: 'coc_x', password: 'Chamber2026', password2: 'Chamber2026', deptId: njChamber.deptId, realName: '周', phone: '13655556667' },
    });
    expect(noRole.body.msg).toBe('请选择所属角色');
    const body = {
      roleIds: String(coc.id),
      account: 'coc_new_staff',
      password: 'Chamber2026',
      password2: 'Chamber2026',
      deptId: njChamber.deptId,
      realName: '周晓燕',
      phone: '13655556666',
    };
    expect((await call('nj_aoc', 'POST', `${CC}/addOrgUser`, { body })).status).toBe(403);
    const res = await call('admin', 'POST', `${CC}/addOrgUser`, { body });
    expect(res.body).toMatchObject({ code: 200, msg: '新增成功', data: { account: 'coc_new_staff', deptId: njChamber.deptId, profileTag: 'coc' } });
    expect(JSON.stringify(res.body)).not.toContain('Chamber2026');
    expect((await call('admin', 'POST', `${CC}/addOrgUser`, { body: { ...body, id: '1' } })).status).toBe(400);
  });
});

describe('异地商会 (both directions)', () => {
  it('save-simple keeps name as adminName and makes chamberName the name, lists and removes it', async () => {
    const saved = await call('nj_aoc', 'POST', `${IN}/save-simple`, {
      body: { name: '南京市福建商会(登记名)', chamberName: '南京福建商会', homeRegion: '福建省' },
    });
    expect(saved.body).toMatchObject({ code: 200, msg: '新增成功' });
    expect(saved.body.data).toMatchObject({
      adminName: '南京市福建商会(登记名)',
      name: '南京福建商会',
      chamberType: 3,
      chamberTypeName: '外省在苏商会',
      deptId: njDept,
    });
    const list = await call('nj_aoc', 'GET', `${IN}/chamber-list`, { query: { name: '福建', size: '100' } });
    expect(list.body.data.records.map((r: any) => r.id)).toContain(saved.body.data.id);
    expect(list.body.data.records.every((r: any) => r.chamberType === 3)).toBe(true);
    expect((await call('nj_aoc', 'POST', `${IN}/save-simple`, { body: { name: '南京福建商会' } })).body.msg).toBe('同一组织下已有同名商会');
    expect((await call('nj_coc', 'POST', `${IN}/remove`, { query: { ids: saved.body.data.id } })).status).toBe(404);
    // Only 外省在苏 records: a tree chamber of another type is not removable here.
    expect((await call('nj_aoc', 'POST', `${IN}/remove`, { query: { ids: `${saved.body.data.id},${njChamber.id}` } })).status).toBe(404);
    expect((await call('nj_aoc', 'POST', `${IN}/remove`, { query: { ids: saved.body.data.id } })).body.msg).toBe('删除成功');
    expect((await call('nj_aoc', 'GET', `${CC}/detail`, { query: { id: saved.body.data.id } })).status).toBe(404);
  });

  it('chamber/list: every type, filtered and paged in SQL, within the scope', async () => {
    const all = await call('js_aoc', 'GET', '/api/aoc-service/chamber/list', { query: { size: '5' } });
    expect(all.body.data.total).toBeGreaterThan(5);
    expect(all.body.data.records).toHaveLength(5);
    const typed = await call('js_aoc', 'GET', '/api/aoc-service/chamber/list', { query: { chamberType: '4', size: '500' } });
    expect(typed.body.data.records.every((r: any) => r.chamberType === 4)).toBe(true);
    const mine = await call('nj_coc', 'GET', '/api/aoc-service/chamber/list', { query: { size: '500' } });
    expect(mine.body.data.records.map((r: any) => r.id)).toEqual([njChamber.id]);
    expect((await call('js_aoc', 'GET', '/api/aoc-service/chamber/list', { query: { descs: 'secret' } })).status).toBe(400);
  });

  it('jiangsuallopatry chamber-list: the province sees Jiangsu chambers elsewhere; a city sees only its own', async () => {
    const all = await call('js_aoc', 'GET', `${OUT}/chamber-list`, { query: { size: '100' } });
    expect(all.body.data.total).toBeGreaterThan(0);
    expect(all.body.data.records.every((r: any) => r.chamberType === 4 && r.chamberTypeName === '江苏在外地商会')).toBe(true);
    const city = await call('nj_coc', 'GET', `${OUT}/chamber-list`);
    expect(city.body.data.records.every((r: any) => r.deptId === njChamber.deptId)).toBe(true);
  });
});

describe('chambercommerce log (变更记录)', () => {
  /** A mobile number in full or masked (139****5678). */
  const PHONE = /1[3-9]\d{9}|1\d{2}\*{4}\d{4}/;
  const history = (who: string, id: string, query: Record<string, string> = {}) => call(who, 'GET', `${CC}/log`, { query: { id, ...query } });

  it('names the old and new value of an edited field and of a leader list (names only, never a phone); an update that changes nothing writes nothing', async () => {
    const d = (await call('nj_coc', 'GET', `${CC}/detail`, { query: { id: njChamber.id } })).body.data;
    const first = await call('nj_coc', 'POST', `${CC}/submit`, {
      body: {
        id: njChamber.id,
        version: d.version,
        name: d.name,
        address: '南京市鼓楼区中山路100号',
        memberCount: 321,
        vicePresidents: [
          { name: '张三', phone: '13911112222' },
          { name: '李四', phone: '13933334444' },
        ],
      },
    });
    expect(first.body.msg).toBe('更新成功');
    const vps = (await call('nj_coc', 'GET', `${CC}/vice-president-list`, { query: { chamberId: njChamber.id } })).body.data;
    const second = await call('nj_coc', 'POST', `${CC}/submit`, {
      body: {
        id: njChamber.id,
        version: d.version + 1,
        name: d.name,
        vicePresidents: [
          { id: vps[0].id, name: '张三', phone: vps[0].phone },
          { name: '王五', phone: '13955556666' },
        ],
      },
    });
    expect(second.body.msg).toBe('更新成功');
    // The same values again (masked phones sent back with their leader's id): nothing changed, nothing written.
    const kept = (await call('nj_coc', 'GET', `${CC}/vice-president-list`, { query: { chamberId: njChamber.id } })).body.data;
    const before = (await history('nj_coc', njChamber.id)).body.data.total;
    const same = await call('nj_coc', 'POST', `${CC}/submit`, {
      body: {
        id: njChamber.id,
        version: d.version + 2,
        name: d.name,
        address: '南京市鼓楼区中山路100号',
        vicePresidents: kept.map((v: any) => ({ id: v.id, name: v.name, phone: v.phone })),
      },
    });
    expect(same.body.msg).toBe('更新成功');

    const res = await history('nj_coc', njChamber.id, { current: '1', size: '10' });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(before);
    const [latest, earlier] = res.body.data.records;
    expect(latest).toMatchObject({
      tag: 'chamber',
      tagName: '商会',
      mode: 'update',
      modeName: '修改',
      recordId: njChamber.id,
      recordName: d.name,
      fieldCount: 1,
      createBy: 'nj_coc',
    });
    expect(latest.changes.map((c: any) => [c.field, c.fieldLabel, c.oldValue, c.newValue])).toEqual([['vicePresidents', '副会长', '张三、李四', '张三、王五']]);
    expect(earlier.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'address', fieldLabel: '地址', newValue: '南京市鼓楼区中山路100号' }),
        expect.objectContaining({ field: 'memberCount', fieldLabel: '会员数量', newValue: '321' }),
        expect.objectContaining({ field: 'vicePresidents', fieldLabel: '副会长', newValue: '张三、李四' }),
      ]),
    );
    // Phones are personal data: not in the answer, not in the stored history (even for a caller who may see them in full).
    expect(JSON.stringify(res.body)).not.toMatch(PHONE);
    expect(JSON.stringify((await history('admin', njChamber.id, { size: '100' })).body)).not.toMatch(PHONE);
    const stored = await t.db
      .selectFrom('aocLog as l')
      .innerJoin('aocLogField as f', 'f.logId', 'l.id')
      .select(['f.oldValue', 'f.newValue'])
      .where('l.tag', '=', 'chamber')
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toMatch(PHONE);
  });

  it("is scoped like the chamber detail: another city's federation, or another chamber, gets 404", async () => {
    expect((await history('nj_aoc', njChamber.id)).status).toBe(200);
    expect((await history('js_aoc', njChamber.id)).status).toBe(200);
    const other = await history('sz', njChamber.id);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('张三');
    expect((await history('nj_coc', suzhouChamberId)).status).toBe(404);
    expect((await history('nj_aoc', '999999999999')).status).toBe(404);
    expect((await call('nj_aoc', 'GET', `${CC}/log`, { query: { id: njChamber.id, size: '0' } })).status).toBe(400);
  });

  it("records a chamber's insert, an edit through save-simple and its removal", async () => {
    const saved = (
      await call('nj_aoc', 'POST', `${IN}/save-simple`, { body: { name: '南京市江西商会(登记名)', chamberName: '南京江西商会', homeRegion: '江西省' } })
    ).body.data;
    const up = await call('nj_aoc', 'POST', `${IN}/save-simple`, {
      body: { id: saved.id, version: saved.version, name: '南京市江西商会(登记名)', chamberName: '南京江西商会', homeRegion: '江西省南昌市' },
    });
    expect(up.body.msg).toBe('更新成功');
    const log = (await history('nj_aoc', saved.id)).body.data;
    expect(log.records.map((r: any) => r.modeName)).toEqual(['修改', '新增']);
    expect(log.records[0].changes).toEqual([expect.objectContaining({ fieldLabel: '籍贯地区', oldValue: '江西省', newValue: '江西省南昌市' })]);
    expect(log.records[1]).toMatchObject({ recordName: '南京江西商会', deptId: njDept, fieldCount: 0, changes: [] });
    expect((await call('nj_aoc', 'POST', `${IN}/remove`, { query: { ids: saved.id } })).body.msg).toBe('删除成功');
    const rows = await t.db
      .selectFrom('aocLog')
      .select(['mode', 'recordName'])
      .where('tag', '=', 'chamber')
      .where('recordId', '=', saved.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { mode: 'insert', recordName: '南京江西商会' },
      { mode: 'update', recordName: '南京江西商会' },
      { mode: 'delete', recordName: '南京江西商会' },
    ]);
    // A removed chamber's history goes with it, as its detail does.
    expect((await history('nj_aoc', saved.id)).status).toBe(404);
  });
});
