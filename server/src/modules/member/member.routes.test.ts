import { beforeAll, describe, expect, it } from 'vitest';
import { creditCheckChar, idCardCheckChar, STALE_VERSION_MSG } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { QUALITY_PASSWORD, createRole, createUser, passwordLogin } from '../../../test/harness/people.js';

let t: TestApp;
const depts: Record<string, string> = {};
let serial = 0;

/** A fresh valid credit code (GB 32100) / identity number (GB 11643) per call. */
const credit = () => {
  const body = `9132010${String(10_000_000 + serial++ * 7919).padStart(8, '0')}MA`.slice(0, 17);
  return body + creditCheckChar(body);
};
const idNo = (birth = '19800512', male = true) => {
  const body = `320102${birth}${String(10 + (serial++ % 40)).padStart(2, '0')}${male ? 1 : 2}`;
  return body + idCardCheckChar(body);
};

const ENT = '/api/aoc-service/memberaocenterprise';
const GRP = '/api/aoc-service/memberAocGroup';
const PSN = '/api/aoc-service/memberaocperson';

const call = (who: string, method: 'GET' | 'POST', url: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
  t.call({ method, url, token: tokens[who], ...opts });

async function deptOf(account: string) {
  const r = await t.db.selectFrom('bladeUser').select('deptId').where('account', '=', account).executeTakeFirstOrThrow();
  return String(r.deptId);
}

const tokens = useTestApp(['admin', 'js_aoc', 'nj_aoc', 'nj_coc'], (app) => (t = app));
beforeAll(async () => {
  depts.nj = await deptOf('nj_aoc');
  depts.njChamber = await deptOf('nj_coc');
  const byName = async (name: string) =>
    String((await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', name).where('isDeleted', '=', 0).executeTakeFirstOrThrow()).id);
  depts.suzhou = await byName('苏州市工商联');
  // A county federation under Nanjing, and another chamber in Nanjing's tree.
  const njPath = (await t.db.selectFrom('bladeDept').select('idPath').where('id', '=', depts.nj).executeTakeFirstOrThrow()).idPath;
  depts.county = String(
    (await t.db.selectFrom('bladeDept').select('id').where('parentId', '=', depts.nj).where('deptCategory', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id,
  );
  depts.otherChamber = String(
    (
      await t.db
        .selectFrom('bladeDept')
        .select('id')
        .where('idPath', 'like', `${njPath}%`)
        .where('deptCategory', '=', 2)
        .where('id', '<>', depts.njChamber)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  // A chamber or association in Nanjing's tree that hangs under a county (so not yet a group member of Nanjing).
  depts.countyOrg = String(
    (
      await t.db
        .selectFrom('bladeDept')
        .select('id')
        .where('idPath', 'like', `${njPath}%`)
        .where('deptCategory', 'in', [2, 3])
        .where('parentId', '<>', depts.nj)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  // A staff account of the Suzhou federation (for city vs city).
  const sz = await t.db.selectFrom('bladeUser').select('account').where('deptId', '=', depts.suzhou).orderBy('id').executeTakeFirstOrThrow();
  tokens.sz = (await t.login(sz.account)).access_token;
});

const enterprise = (over: Record<string, unknown> = {}) => ({
  name: '南京测试科技有限公司',
  creditCode: credit(),
  contactPhone: '13912345678',
  contactName: '王建华',
  ...over,
});

describe('enterprise members: rules', () => {
  it('refuses bad input with the Chinese message of the first rule', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...enterprise(), name: '' }, '请输入企业名称'],
      [{ ...enterprise(), creditCode: '91110108551385083Q' }, '统一社会信用代码校验位不正确'],
      [{ ...enterprise(), creditCode: '1234' }, '统一社会信用代码应为18位数字或大写字母'],
      [{ ...enterprise(), contactPhone: '1391234567' }, '手机号码长度不为11位'],
      [{ ...enterprise(), contactPhone: '02584561234' }, '手机号码格式不正确'],
      [{ ...enterprise(), status: 7 }, '会员状态取值不正确'],
      [{ ...enterprise(), joinDate: '2024-02-30' }, '入会日期格式应为 yyyy-MM-dd'],
      [{ ...enterprise(), joinDate: '2024-99-99' }, '入会日期格式应为 yyyy-MM-dd'],
      [{ ...enterprise(), deptId: depts.suzhou }, '所属组织不存在或不在数据权限范围内'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('nj_aoc', 'POST', `${ENT}/save`, { body });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await call('nj_aoc', 'POST', `${ENT}/save`, { body: { ...enterprise(), isDeleted: 1 } })).status).toBe(400);
  });

  it('saves, stores the phone encrypted with a keyed hash, masks it in lists, refuses a duplicate credit code', async () => {
    const body = enterprise({ name: '南京金陵新材料科技有限公司', joinDate: '2020-06-01', memberLevel: 2 });
    const res = await call('nj_aoc', 'POST', `${ENT}/save`, { body });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('新增成功');
    expect(res.body.data).toMatchObject({
      name: body.name,
      creditCode: body.creditCode,
      contactPhone: '139****5678',
      deptId: depts.nj,
      memberLevelName: '理事',
      statusName: '正常',
      joinDate: '2020-06-01',
      version: 1,
    });
    const stored = await t.db.selectFrom('aocMemberEnterprise').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(stored.contactPhoneEnc).toMatch(/^v1:/);
    expect(JSON.stringify(stored)).not.toContain('13912345678');
    expect(stored.contactPhoneHash).toMatch(/^[0-9a-f]{64}$/);
    // Exact search by phone goes through the hash.
    const found = await call('nj_aoc', 'GET', `${ENT}/page`, { query: { contactPhone: '13912345678', name: '金陵新材料' } });
    expect(found.body.data.records.map((r: any) => r.id)).toContain(res.body.data.id);
    expect(found.body.data.records.every((r: any) => r.contactPhone === '139****5678')).toBe(true);
    const dup = await call('nj_aoc', 'POST', `${ENT}/save`, { body: { ...body, name: '另一家公司' } });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('统一社会信用代码已存在');
  });

  it('pages in SQL with filters and whitelisted sorting', async () => {
    const res = await call('js_aoc', 'GET', `${ENT}/page`, { query: { size: '5', current: '2', descs: 'joinDate', status: '1' } });
    expect(res.body.data).toMatchObject({ size: 5, current: 2 });
    expect(res.body.data.records).toHaveLength(5);
    const dates = res.body.data.records.map((r: any) => r.joinDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(res.body.data.records.every((r: any) => r.status === 1)).toBe(true);
    expect((await call('js_aoc', 'GET', `${ENT}/page`, { query: { descs: 'contactPhoneEnc' } })).status).toBe(400);
    // Equal values (every status 1) keep the default order as tie-breaker: pages never repeat or skip a row.
    const ids = async (current: string, size: string) =>
      (await call('js_aoc', 'GET', `${ENT}/page`, { query: { ascs: 'status', status: '1', current, size } })).body.data.records.map((r: any) => r.id);
    const [p1, p2, both] = [await ids('1', '3'), await ids('2', '3'), await ids('1', '6')];
    expect([...p1, ...p2]).toEqual(both);
    expect(new Set(both).size).toBe(both.length);
    expect((await call('js_aoc', 'GET', `${ENT}/page`, { query: { joinDate_dategt: 'yesterday' } })).status).toBe(400);
  });

  it('updates at the version read, refuses a stale version, and keeps a masked phone unchanged', async () => {
    const saved = (await call('nj_aoc', 'POST', `${ENT}/save`, { body: enterprise() })).body.data;
    const up = await call('nj_aoc', 'POST', `${ENT}/update`, {
      body: { id: saved.id, version: 1, contactPhone: '139****5678', address: '南京市玄武区中山路1号' },
    });
    expect(up.status).toBe(200);
    expect(up.body.msg).toBe('更新成功');
    expect(up.body.data).toMatchObject({ version: 2, address: '南京市玄武区中山路1号', contactPhone: '139****5678' });
    const stale = await call('nj_aoc', 'POST', `${ENT}/update`, { body: { id: saved.id, version: 1, address: 'x' } });
    expect(stale.status).toBe(400);
    expect(stale.body.msg).toBe(STALE_VERSION_MSG);
    const noVersion = await call('nj_aoc', 'POST', `${ENT}/update`, { body: { id: saved.id, address: 'x' } });
    expect(noVersion.status).toBe(400);
  });
});

describe('personal data: masking and the unmasked-view log', () => {
  it('shows the full phone only with member_sensitive, and logs every unmasked detail view', async () => {
    const saved = (await call('nj_aoc', 'POST', `${ENT}/save`, { body: enterprise({ contactPhone: '13800001111' }) })).body.data;
    const masked = await call('nj_aoc', 'GET', `${ENT}/detail`, { query: { id: saved.id } });
    expect(masked.body.data.contactPhone).toBe('138****1111');
    const before = await t.db
      .selectFrom('bladeLogUsual')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('logId', '=', 'member_sensitive_view')
      .executeTakeFirstOrThrow();
    const full = await call('admin', 'GET', `${ENT}/detail`, { query: { id: saved.id } });
    expect(full.body.data.contactPhone).toBe('13800001111');
    await t.app.services.audit.flush();
    const logs = await t.db
      .selectFrom('bladeLogUsual')
      .select(['logData', 'createBy'])
      .where('logId', '=', 'member_sensitive_view')
      .orderBy('id', 'desc')
      .execute();
    expect(logs.length).toBe(Number(before.n) + 1);
    expect(logs[0].createBy).toBe('admin');
    expect(JSON.parse(logs[0].logData!)).toMatchObject({ tag: 'enterprise', recordIds: [saved.id] });
  });
});

describe('person members', () => {
  it('checks the identity number, derives birth date and gender, refuses duplicates and mismatches', async () => {
    const bad = await call('nj_aoc', 'POST', `${PSN}/save`, { body: { name: '张三', certNo: '320102198005120012' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('身份证号码校验位不正确');
    const passportOk = await call('nj_aoc', 'POST', `${PSN}/save`, { body: { name: 'John Smith', certType: 2, certNo: 'E12345678', phone: '13700002222' } });
    expect(passportOk.status).toBe(200);
    const cert = idNo('19800512', false);
    const ok = await call('nj_aoc', 'POST', `${PSN}/save`, { body: { name: '李秀英', certNo: cert, phone: '13700003333' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ birthDate: '1980-05-12', gender: 2, genderName: '女', certTypeName: '居民身份证', phone: '137****3333' });
    expect(ok.body.data.certNo).toBe(`${cert.slice(0, 3)}***********${cert.slice(-4)}`);
    const dup = await call('nj_aoc', 'POST', `${PSN}/save`, { body: { name: '李秀英', certNo: cert.toLowerCase() } });
    expect(dup.body.msg).toBe('该证件号码的个人会员已存在');
    const mismatch = await call('nj_aoc', 'POST', `${PSN}/save`, { body: { name: '王五', certNo: idNo(), birthDate: '1990-01-01' } });
    expect(mismatch.body.msg).toBe('出生日期与身份证号码不一致');
    // Changing the type to identity card checks the stored number against GB 11643.
    const retype = await call('nj_aoc', 'POST', `${PSN}/update`, { body: { id: passportOk.body.data.id, version: 1, certType: 1 } });
    expect(retype.status).toBe(400);
    expect(retype.body.msg).toBe('身份证号码应为18位,最后一位可为X');
  });
});

describe('data scope', () => {
  let chamberMember: string;
  let otherChamberMember: string;
  let countyMember: string;
  let suzhouMember: string;
  beforeAll(async () => {
    chamberMember = (await call('nj_coc', 'POST', `${ENT}/save`, { body: enterprise({ name: '本商会会员企业' }) })).body.data.id;
    otherChamberMember = (await call('nj_aoc', 'POST', `${ENT}/save`, { body: enterprise({ name: '另一商会会员企业', deptId: depts.otherChamber }) })).body.data
      .id;
    countyMember = (await call('nj_aoc', 'POST', `${ENT}/save`, { body: enterprise({ name: '区县工商联会员企业', deptId: depts.county }) })).body.data.id;
    suzhouMember = (await call('sz', 'POST', `${ENT}/save`, { body: enterprise({ name: '苏州会员企业' }) })).body.data.id;
    for (const id of [chamberMember, otherChamberMember, countyMember, suzhouMember]) expect(id).toMatch(/^\d+$/);
  });

  const pageIds = async (who: string) => {
    const ids = new Set<string>();
    for (let current = 1; ; current++) {
      const res = await call(who, 'GET', `${ENT}/page`, { query: { size: '500', current: String(current) } });
      res.body.data.records.forEach((r: any) => ids.add(r.id));
      if (res.body.data.records.length < 500) return ids;
    }
  };

  it("a chamber's staff never see or touch another chamber's members", async () => {
    const seen = await pageIds('nj_coc');
    expect(seen).toContain(chamberMember);
    expect(seen).not.toContain(otherChamberMember);
    expect(seen).not.toContain(countyMember);
    expect((await call('nj_coc', 'GET', `${ENT}/detail`, { query: { id: otherChamberMember } })).status).toBe(404);
    expect((await call('nj_coc', 'POST', `${ENT}/update`, { body: { id: otherChamberMember, version: 1, name: 'x' } })).status).toBe(404);
    expect((await call('nj_coc', 'POST', `${ENT}/remove`, { query: { ids: `${chamberMember},${otherChamberMember}` } })).status).toBe(404);
    // All or nothing: the caller's own record was not removed either.
    expect((await call('nj_coc', 'GET', `${ENT}/detail`, { query: { id: chamberMember } })).status).toBe(200);
    const row = await t.db.selectFrom('aocMemberEnterprise').select(['name', 'isDeleted']).where('id', '=', otherChamberMember).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: '另一商会会员企业', isDeleted: 0 });
  });

  it("a city federation sees its counties' and chambers' members but not another city's", async () => {
    const seen = await pageIds('nj_aoc');
    expect(seen).toContain(countyMember);
    expect(seen).toContain(chamberMember);
    expect(seen).not.toContain(suzhouMember);
    expect((await call('nj_aoc', 'GET', `${ENT}/detail`, { query: { id: suzhouMember } })).status).toBe(404);
    expect((await call('sz', 'GET', `${ENT}/detail`, { query: { id: countyMember } })).status).toBe(404);
    // deptId narrows, never widens.
    const widened = await call('nj_aoc', 'GET', `${ENT}/page`, { query: { deptId: depts.suzhou } });
    expect(widened.body.data.total).toBe(0);
    const province = await pageIds('js_aoc');
    for (const id of [countyMember, suzhouMember, chamberMember]) expect(province).toContain(id);
  });

  it('member-count counts by kind within the scope', async () => {
    const res = await call('nj_coc', 'GET', '/api/aoc-service/member/member-count');
    expect(res.status).toBe(200);
    const { total, enterprise: e, group, person } = res.body.data;
    expect(total).toBe(e + group + person);
    expect(e).toBe((await pageIds('nj_coc')).size);
    const city = (await call('nj_aoc', 'GET', '/api/aoc-service/member/member-count')).body.data;
    expect(city.enterprise).toBeGreaterThan(e);
    const underCounty = (await call('nj_aoc', 'GET', '/api/aoc-service/member/member-count', { query: { deptId: depts.county } })).body.data;
    expect(underCounty.enterprise).toBeGreaterThan(0);
    expect(underCounty.enterprise).toBeLessThan(city.enterprise);
  });

  it('member-count (per-org counts kept by triggers, migration 0014) equals the rows after saves, updates and removals', async () => {
    // An unfiltered page takes its total from the same per-org counts; a page with a filter that keeps every
    // row counts the rows themselves — the two must agree.
    const total = async (who: string, url: string) => {
      const kept = (await call(who, 'GET', `${url}/page`, { query: { current: '1', size: '1' } })).body.data.total as number;
      const counted = (await call(who, 'GET', `${url}/page`, { query: { current: '1', size: '1', createTime_datelt: '2999-01-01' } })).body.data
        .total as number;
      expect(kept).toBe(counted);
      return counted;
    };
    const a = (await call('nj_aoc', 'POST', `${ENT}/save`, { body: enterprise({ name: '计数测试甲有限公司' }) })).body.data;
    const b = (await call('nj_aoc', 'POST', `${ENT}/save`, { body: enterprise({ name: '计数测试乙有限公司' }) })).body.data;
    expect((await call('nj_aoc', 'POST', `${ENT}/update-all`, { body: { ids: `${a.id},${b.id}`, status: 2 } })).status).toBe(200);
    expect((await call('nj_aoc', 'POST', `${ENT}/remove`, { query: { ids: a.id } })).status).toBe(200);
    for (const who of ['js_aoc', 'nj_aoc', 'nj_coc']) {
      const c = (await call(who, 'GET', '/api/aoc-service/member/member-count')).body.data;
      expect(c.enterprise).toBe(await total(who, ENT));
      expect(c.group).toBe(await total(who, GRP));
      expect(c.person).toBe(await total(who, PSN));
    }
  });
});

describe('change history (auto/logger, aoclog)', () => {
  it('an update through the API records exactly the changed fields, with masked personal data', async () => {
    const saved = (await call('nj_aoc', 'POST', `${ENT}/save`, { body: enterprise({ name: '历史测试有限公司', contactPhone: '13600001234', status: 1 }) })).body
      .data;
    const up = await call('nj_aoc', 'POST', `${ENT}/update`, {
      body: {
        id: saved.id,
        version: 1,
        name: '历史测试(集团)有限公司',
        contactPhone: '13600005678',
        status: 2,
        contactName: saved.contactName,
        legalPerson: null,
      },
    });
    expect(up.status).toBe(200);
    const res = await call('nj_aoc', 'GET', '/api/aoc-service/auto/logger/page', {
      query: { mode: 'update', tags: 'enterprise,group,person', recordId: saved.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    const entry = res.body.data.records[0];
    expect(entry).toMatchObject({
      tag: 'enterprise',
      tagName: '企业会员',
      mode: 'update',
      recordId: saved.id,
      recordName: '历史测试(集团)有限公司',
      createBy: 'nj_aoc',
      fieldCount: 3,
    });
    expect(entry.changes.map((c: any) => [c.field, c.fieldLabel, c.oldValue, c.newValue])).toEqual([
      ['name', '企业名称', '历史测试有限公司', '历史测试(集团)有限公司'],
      ['contactPhone', '联系电话', '136****1234', '136****5678'],
      ['status', '会员状态', '正常', '暂停'],
    ]);
    // An update that changes nothing leaves no history; aoclog shows the insert and the update.
    await call('nj_aoc', 'POST', `${ENT}/update`, { body: { id: saved.id, version: 2, status: 2 } });
    const ops = await call('nj_aoc', 'GET', '/api/aoc-service/aoclog/page', { query: { tag: 'enterprise', recordId: saved.id } });
    expect(ops.body.data.records.map((r: any) => r.modeName)).toEqual(['修改', '新增']);
    const fields = await call('nj_aoc', 'GET', '/api/aoc-service/aoclog/list', { query: { logId: ops.body.data.records[0].id } });
    expect(fields.body.data).toHaveLength(3);
    // Another city cannot read this record's history.
    expect((await call('sz', 'GET', '/api/aoc-service/aoclog/list', { query: { logId: ops.body.data.records[0].id } })).status).toBe(404);
    expect((await call('sz', 'GET', '/api/aoc-service/auto/logger/page', { query: { recordId: saved.id } })).body.data.total).toBe(0);
  });

  it('update-all writes the field set to every selected record in one transaction, each change in the history', async () => {
    const a = (await call('nj_aoc', 'POST', `${ENT}/save`, { body: enterprise({ memberLevel: 1 }) })).body.data;
    const b = (await call('nj_aoc', 'POST', `${ENT}/save`, { body: enterprise({ memberLevel: 3 }) })).body.data;
    const res = await call('nj_aoc', 'POST', `${ENT}/update-all`, { body: { ids: `${a.id},${b.id}`, memberLevel: 3 } });
    expect(res.body).toMatchObject({ code: 200, msg: '更新成功', data: { updated: 2 } });
    const after = await t.db.selectFrom('aocMemberEnterprise').select(['id', 'memberLevel', 'version']).where('id', 'in', [a.id, b.id]).orderBy('id').execute();
    expect(after.map((r) => [r.memberLevel, r.version])).toEqual([
      [3, 2],
      [3, 2],
    ]);
    const hist = await call('nj_aoc', 'GET', '/api/aoc-service/auto/logger/page', { query: { mode: 'update', recordId: a.id } });
    expect(hist.body.data.records[0].changes).toEqual([expect.objectContaining({ field: 'memberLevel', oldValue: '会员', newValue: '常务理事' })]);
    expect((await call('nj_aoc', 'GET', '/api/aoc-service/auto/logger/page', { query: { mode: 'update', recordId: b.id } })).body.data.total).toBe(0);
    expect((await call('nj_aoc', 'POST', `${ENT}/update-all`, { body: { ids: a.id } })).body.msg).toBe('请至少选择一项要批量修改的内容');
    expect((await call('nj_aoc', 'POST', `${ENT}/update-all`, { body: { ids: `${a.id},${b.id}`, status: 2, foo: 1 } })).status).toBe(400);
  });
});

describe('representatives and groups', () => {
  it('links person members to an enterprise, refuses removing a member that still has them', async () => {
    const ent = (await call('nj_aoc', 'POST', `${ENT}/save`, { body: enterprise() })).body.data;
    const person = (
      await call('nj_aoc', 'POST', `${PSN}/save`, { body: { name: '陈志强', certNo: idNo('19751103'), phone: '13512340000', company: ent.name } })
    ).body.data;
    const add = await call('nj_aoc', 'POST', `${ENT}/representative-save`, { body: { memberId: ent.id, personId: person.id, title: '会员代表' } });
    expect(add.body).toMatchObject({ code: 200, msg: '新增成功' });
    expect((await call('nj_aoc', 'POST', `${ENT}/representative-save`, { body: { memberId: ent.id, personId: person.id } })).body.msg).toBe(
      '该人员已是本会员的会员代表',
    );
    const list = await call('nj_aoc', 'GET', `${ENT}/representative-list`, { query: { memberId: ent.id } });
    expect(list.body.data).toEqual([expect.objectContaining({ personId: person.id, name: '陈志强', phone: '135****0000', title: '会员代表' })]);
    expect((await call('nj_aoc', 'POST', `${ENT}/remove`, { query: { ids: ent.id } })).body.msg).toBe('该会员仍有会员代表,请先移除会员代表');
    expect((await call('nj_aoc', 'POST', `${PSN}/remove`, { query: { ids: person.id } })).body.msg).toBe('该个人会员是其他会员的会员代表,请先移除代表关系');
    expect((await call('sz', 'POST', `${ENT}/representative-remove`, { query: { ids: add.body.data.id } })).status).toBe(404);
    expect((await call('nj_aoc', 'POST', `${ENT}/representative-remove`, { query: { ids: add.body.data.id } })).body.msg).toBe('删除成功');
    const removed = await call('nj_aoc', 'POST', `${ENT}/remove`, { query: { ids: ent.id } });
    expect(removed.body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('nj_aoc', 'GET', `${ENT}/detail`, { query: { id: ent.id } })).status).toBe(404);
  });

  it('a group member may stand for a chamber of the tree, once per federation', async () => {
    const body = { name: '南京测试商会', groupType: 1, orgDeptId: depts.njChamber, creditCode: '', contactPhone: '' };
    // The demo data made every chamber directly under Nanjing a group member of it already.
    expect((await call('nj_aoc', 'POST', `${GRP}/save`, { body })).body.msg).toBe('该组织已是本会的团体会员');
    const first = await call('nj_aoc', 'POST', `${GRP}/save`, { body: { ...body, orgDeptId: depts.countyOrg } });
    expect(first.body.msg).toBe('新增成功');
    expect(first.body.data).toMatchObject({ orgDeptId: depts.countyOrg, groupTypeName: '商会', creditCode: null, contactPhone: null });
    // As a chamber's staff, the Nanjing chamber may not claim an org outside its own scope.
    expect((await call('nj_coc', 'POST', `${GRP}/save`, { body: { ...body, orgDeptId: depts.countyOrg } })).body.msg).toBe(
      '所选组织不存在或不在数据权限范围内',
    );
    expect((await call('nj_aoc', 'POST', `${GRP}/save`, { body: { ...body, orgDeptId: depts.suzhou } })).body.msg).toBe('所选组织不存在或不在数据权限范围内');
  });
});

describe('eh-aoc groupbase', () => {
  it('submit inserts without id and updates with id and version; list, detail and remove within the scope', async () => {
    const created = await call('nj_aoc', 'POST', '/api/eh-aoc/groupbase/submit', {
      body: { name: '南京市测试行业协会', groupType: 2, contactPhone: '13312345678' },
    });
    expect(created.body).toMatchObject({ code: 200, msg: '新增成功' });
    expect(created.body.data).toMatchObject({ groupTypeName: '行业协会', contactPhone: '133****5678', version: 1 });
    const id = created.body.data.id;
    const noVersion = await call('nj_aoc', 'POST', '/api/eh-aoc/groupbase/submit', { body: { id, name: '改名' } });
    expect(noVersion.body.msg).toBe('请提供数据版本号(version)');
    const updated = await call('nj_aoc', 'POST', '/api/eh-aoc/groupbase/submit', { body: { id, version: 1, name: '南京市测试行业协会(更名)', groupType: 2 } });
    expect(updated.body).toMatchObject({ code: 200, msg: '更新成功', data: { name: '南京市测试行业协会(更名)', version: 2, contactPhone: '133****5678' } });
    const list = await call('nj_aoc', 'GET', '/api/eh-aoc/groupbase/list', { query: { name: '测试行业协会' } });
    expect(list.body.data.records.map((r: any) => r.id)).toEqual([id]);
    expect((await call('sz', 'GET', '/api/eh-aoc/groupbase/detail', { query: { id } })).status).toBe(404);
    const hist = await call('nj_aoc', 'GET', '/api/aoc-service/auto/logger/page', { query: { mode: 'update', tags: 'group', recordId: id } });
    expect(hist.body.data.records[0].changes.map((c: any) => c.field)).toEqual(['name']);
    expect((await call('nj_aoc', 'POST', '/api/eh-aoc/groupbase/remove', { query: { ids: id } })).body.msg).toBe('删除成功');
    expect((await call('nj_aoc', 'GET', '/api/eh-aoc/groupbase/detail', { query: { id } })).status).toBe(404);
  });
});

describe('member person ↔ person base (人员库)', () => {
  const PB = '/api/aoc-service/personbase';
  const profile = async (who: string, body: Record<string, unknown>) => {
    const res = await call(who, 'POST', `${PB}/submit`, { body: { certType: 1, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string; unionId: string };
  };
  const member = async (who: string, body: Record<string, unknown>) => {
    const res = await call(who, 'POST', `${PSN}/save`, { body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as string;
  };
  const link = async (who: string, id: string) => {
    const res = await call(who, 'GET', `${PSN}/detail`, { query: { id } });
    expect(res.status).toBe(200);
    return { personBaseId: res.body.data.personBaseId, personBaseUnionId: res.body.data.personBaseUnionId };
  };

  it('the detail names the person-base record with the same certificate, when the caller may see it', async () => {
    const cert = idNo('19690301');
    const pb = await profile('nj_aoc', { name: '韩立军', certNo: cert });
    const id = await member('nj_aoc', { name: '韩立军', certNo: cert.toLowerCase(), phone: '13811110001' });
    expect(await link('nj_aoc', id)).toEqual({ personBaseId: pb.id, personBaseUnionId: pb.unionId });
    // The province above sees both.
    expect(await link('js_aoc', id)).toEqual({ personBaseId: pb.id, personBaseUnionId: pb.unionId });
    // No person-base record with that number (and type): null.
    const alone = await member('nj_aoc', { name: '孤立会员', certNo: idNo('19690302') });
    expect(await link('nj_aoc', alone)).toEqual({ personBaseId: null, personBaseUnionId: null });
    // The same number under another certificate type is another document: no link.
    const passport = await member('nj_aoc', { name: 'Hans Weber', certType: 2, certNo: 'G19690303' });
    await profile('nj_aoc', { name: 'Hans Weber', certType: 3, certNo: 'G19690303' });
    expect(await link('nj_aoc', passport)).toEqual({ personBaseId: null, personBaseUnionId: null });
    const samePassport = await profile('nj_aoc', { name: 'Hans Weber', certType: 2, certNo: 'g19690303' });
    expect((await link('nj_aoc', passport)).personBaseId).toBe(samePassport.id);
    // Other kinds answer no link.
    const ent = (await call('nj_aoc', 'POST', `${ENT}/save`, { body: enterprise() })).body.data;
    expect((await call('nj_aoc', 'GET', `${ENT}/detail`, { query: { id: ent.id } })).body.data).not.toHaveProperty('personBaseId');
  });

  it("a person-base record outside the caller's profile scope or visibility is not revealed", async () => {
    // A Suzhou record of the person: Nanjing sees its own member, not Suzhou's profile.
    const cert = idNo('19690401');
    const sz = await profile('sz', { name: '蒋海涛', certNo: cert });
    const id = await member('nj_aoc', { name: '蒋海涛', certNo: cert });
    expect(await link('nj_aoc', id)).toEqual({ personBaseId: null, personBaseUnionId: null });
    expect(await link('js_aoc', id)).toEqual({ personBaseId: sz.id, personBaseUnionId: sz.unionId });
    // A federation's profile is not a chamber's to see, even when the chamber's member is the same person.
    const cert2 = idNo('19690402');
    await profile('nj_aoc', { name: '沈国平', certNo: cert2 });
    const chamberMember = await member('nj_coc', { name: '沈国平', certNo: cert2 });
    expect(await link('nj_coc', chamberMember)).toEqual({ personBaseId: null, personBaseUnionId: null });
    expect((await link('nj_aoc', chamberMember)).personBaseId).toMatch(/^\d+$/);
    // 仅本人可见: only its creator; 公开: everyone with the person base menu.
    const cert3 = idNo('19690403');
    const priv = await profile('nj_aoc', { name: '朱文静', certNo: cert3, visibility: 3 });
    const id3 = await member('nj_aoc', { name: '朱文静', certNo: cert3 });
    expect((await link('nj_aoc', id3)).personBaseId).toBe(priv.id);
    expect(await link('js_aoc', id3)).toEqual({ personBaseId: null, personBaseUnionId: null });
    const cert4 = idNo('19690404');
    const pub = await profile('sz', { name: '秦晓东', certNo: cert4, visibility: 1 });
    const id4 = await member('nj_aoc', { name: '秦晓东', certNo: cert4 });
    expect((await link('nj_aoc', id4)).personBaseId).toBe(pub.id);
    // A removed person-base record is no link.
    expect((await call('js_aoc', 'POST', `${PB}/remove`, { query: { ids: sz.id } })).body.msg).toBe('删除成功');
    expect(await link('js_aoc', id)).toEqual({ personBaseId: null, personBaseUnionId: null });
  });

  it("each side shows only to a caller holding the other side's menu: no 人员库 menu, no link; no 个人会员 menu, no memberships (null)", async () => {
    const cert = idNo('19690501');
    const pb = await profile('nj_aoc', { name: '严志刚', certNo: cert });
    const id = await member('nj_aoc', { name: '严志刚', certNo: cert });
    const userWith = async (alias: string, grants: string[]) => {
      const roleId = await createRole(t.db, { alias, grants });
      await createUser(t.db, { account: alias, deptId: depts.nj, roleIds: [roleId] });
      tokens[alias] = await passwordLogin(t, alias, QUALITY_PASSWORD);
    };
    await userWith('link_member_only', ['member_person']);
    await userWith('link_profile_only', ['profile_person']);
    await userWith('link_both', ['member_person', 'profile_person']);
    expect(await link('link_member_only', id)).toEqual({ personBaseId: null, personBaseUnionId: null });
    expect(await link('link_both', id)).toEqual({ personBaseId: pb.id, personBaseUnionId: pb.unionId });
    const detailOf = async (who: string) => (await call(who, 'GET', `${PB}/detail`, { query: { id: pb.id } })).body.data;
    expect((await detailOf('link_profile_only')).memberships).toBeNull();
    expect((await detailOf('link_both')).memberships).toEqual([expect.objectContaining({ id, name: '严志刚', representatives: [] })]);
    // the detail by unionId (mgpersonbase/detail) answers the same memberships
    const byUnion = (await call('link_both', 'GET', `${PB}/mgpersonbase/detail`, { query: { unionId: pb.unionId } })).body.data;
    expect(byUnion.memberships).toEqual((await detailOf('link_both')).memberships);
  });
});
