import { beforeAll, describe, expect, it } from 'vitest';
import { STALE_VERSION_MSG, creditCheckChar, idCardCheckChar } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';

let t: TestApp;
const depts: Record<string, string> = {};
let serial = 0;

const idNo = (birth = '19800512', male = true) => {
  const body = `320102${birth}${String(10 + (serial++ % 80)).padStart(2, '0')}${male ? 1 : 2}`;
  return body + idCardCheckChar(body);
};
const credit = () => {
  const body = `9132010${String(20_000_000 + serial++ * 7919).padStart(8, '0')}MA`.slice(0, 17);
  return body + creditCheckChar(body);
};

const PB = '/api/aoc-service/personbase';
const EB = '/api/aoc-service/enterprisebase';
const call = (who: string, method: 'GET' | 'POST', url: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
  t.call({ method, url, token: tokens[who], ...opts });
const person = (over: Record<string, unknown> = {}) => ({
  name: '张建国',
  certType: 1,
  certNo: idNo(),
  phone: '13912345678',
  company: '南京某科技有限公司',
  ...over,
});

const tokens = useTestApp(['admin', 'js_aoc', 'nj_aoc', 'nj_coc'], (app) => (t = app));
beforeAll(async () => {
  const deptOf = async (account: string) =>
    String((await t.db.selectFrom('bladeUser').select('deptId').where('account', '=', account).executeTakeFirstOrThrow()).deptId);
  depts.nj = await deptOf('nj_aoc');
  depts.njChamber = await deptOf('nj_coc');
  depts.suzhou = String((await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', '苏州市工商联').executeTakeFirstOrThrow()).id);
  depts.county = String(
    (await t.db.selectFrom('bladeDept').select('id').where('parentId', '=', depts.nj).where('deptCategory', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id,
  );
  const sz = await t.db.selectFrom('bladeUser').select('account').where('deptId', '=', depts.suzhou).orderBy('id').executeTakeFirstOrThrow();
  tokens.sz = (await t.login(sz.account)).access_token;
  const county = await t.db.selectFrom('bladeUser').select('account').where('deptId', '=', depts.county).orderBy('id').executeTakeFirst();
  if (county) tokens.county = (await t.login(county.account)).access_token;
});

describe('person base: rules', () => {
  it('refuses bad input with the Chinese message of the first rule (400, never 500)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...person(), name: '' }, '请输入姓名'],
      [{ ...person(), name: undefined }, '请输入姓名'],
      [{ ...person(), certType: undefined }, '请选择证件类型'],
      [{ ...person(), certNo: '' }, '请输入证件号码'],
      [{ ...person(), certNo: '320102198005121234' }, '身份证号码校验位不正确'],
      [{ ...person(), certNo: '3201021980' }, '身份证号码应为18位,最后一位可为X'],
      [{ ...person(), birthDate: '1981-01-01' }, '出生日期与身份证号码不一致'],
      [{ ...person(), gender: 2 }, '性别与身份证号码不一致'],
      [{ ...person(), phone: '1391234567' }, '手机号码长度不为11位'],
      [{ ...person(), phone: '02584561234' }, '手机号码格式不正确'],
      [{ ...person(), visibility: 7 }, '档案可见范围取值不正确'],
      [{ ...person(), photo: 'javascript:alert(1)' }, '照片应为上传后的附件地址或 http(s) 地址'],
      [{ ...person(), birthDate: '1980-02-30' }, '出生日期格式应为 yyyy-MM-dd'],
      [{ ...person(), deptId: depts.suzhou }, '所属组织不存在或不在数据权限范围内'],
      [{ ...person(), certNo: '320***********1234' }, '请输入完整的号码'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('nj_aoc', 'POST', `${PB}/submit`, { body });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await call('nj_aoc', 'POST', `${PB}/submit`, { body: { ...person(), isDeleted: 1 } })).status).toBe(400);
    expect((await call('nj_aoc', 'GET', `${PB}/list-byname`, { query: { name: '' } })).body.msg).toBe('请输入姓名');
  });

  it('stores certificate and phone encrypted, masks them, fills birth date and gender, refuses a duplicate number', async () => {
    const certNo = idNo('19750301', false);
    const res = await call('nj_aoc', 'POST', `${PB}/submit`, { body: person({ name: '李秀英', certNo }) });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('新增成功');
    expect(res.body.data).toMatchObject({
      name: '李秀英',
      birthDate: '1975-03-01',
      gender: 2,
      genderName: '女',
      phone: '139****5678',
      visibility: 2,
      deptId: depts.nj,
      version: 1,
    });
    expect(res.body.data.certNo).toBe(`${certNo.slice(0, 3)}***********${certNo.slice(-4)}`);
    expect(res.body.data.unionId).toMatch(/^P[0-9a-f]{32}$/);
    const stored = await t.db.selectFrom('aocPersonBase').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(certNo);
    expect(JSON.stringify(stored)).not.toContain('13912345678');
    expect(stored.certNoEnc).toMatch(/^v1:/);
    const dup = await call('nj_aoc', 'POST', `${PB}/submit`, { body: person({ name: '李秀英二', certNo }) });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('该证件号码的人员已在人员库中');
    // Exact search by certificate number goes through the keyed hash.
    const found = await call('nj_aoc', 'GET', `${PB}/list`, { query: { certNo } });
    expect(found.body.data.records.map((r: any) => r.id)).toEqual([res.body.data.id]);
    expect((await call('nj_aoc', 'GET', `${PB}/list`, { query: { certNo, descs: 'certNoEnc' } })).status).toBe(400);
  });

  it('shows personal data unmasked only with member_sensitive, and logs every unmasked view', async () => {
    const certNo = idNo('19660708');
    const saved = (await call('nj_aoc', 'POST', `${PB}/submit`, { body: person({ name: '周卫东', certNo }) })).body.data;
    const masked = await call('nj_aoc', 'GET', `${PB}/detail`, { query: { id: saved.id } });
    expect(masked.body.data.certNo).not.toBe(certNo);
    const full = await call('admin', 'GET', `${PB}/mgpersonbase/detail`, { query: { unionId: saved.unionId } });
    expect(full.status).toBe(200);
    expect(full.body.data).toMatchObject({ certNo, phone: '13912345678', id: saved.id });
    await t.app.services.audit.flush();
    const logs = await t.db
      .selectFrom('bladeLogUsual')
      .select(['logData', 'createBy'])
      .where('logId', '=', 'profile_sensitive_view')
      .orderBy('id', 'desc')
      .execute();
    expect(logs[0].createBy).toBe('admin');
    expect(JSON.parse(logs[0].logData!)).toMatchObject({ tag: 'personbase', recordIds: [saved.id], fields: ['certNo', 'phone'] });
  });

  it('updates at the version read, keeps a masked number, records the change, refuses a stale version', async () => {
    const saved = (await call('nj_aoc', 'POST', `${PB}/submit`, { body: person({ name: '王志强' }) })).body.data;
    const up = await call('nj_aoc', 'POST', `${PB}/submit`, {
      body: { id: saved.id, version: 1, name: '王志强', certType: 1, certNo: saved.certNo, phone: saved.phone, post: '董事长', education: 3 },
    });
    expect(up.status).toBe(200);
    expect(up.body.msg).toBe('更新成功');
    expect(up.body.data).toMatchObject({ version: 2, post: '董事长', educationName: '大学本科', phone: '139****5678', certNo: saved.certNo });
    const stale = await call('nj_aoc', 'POST', `${PB}/submit`, { body: { id: saved.id, version: 1, name: '王志强', certType: 1, certNo: saved.certNo } });
    expect(stale.status).toBe(400);
    expect(stale.body.msg).toBe(STALE_VERSION_MSG);
    const noVersion = await call('nj_aoc', 'POST', `${PB}/submit`, { body: { id: saved.id, name: '王志强', certType: 1, certNo: saved.certNo } });
    expect(noVersion.status).toBe(400);
    const log = await t.db
      .selectFrom('aocLog as l')
      .innerJoin('aocLogField as f', 'f.logId', 'l.id')
      .select(['f.field', 'f.oldValue', 'f.newValue'])
      .where('l.tag', '=', 'personbase')
      .where('l.recordId', '=', saved.id)
      .execute();
    expect(log).toEqual(
      expect.arrayContaining([
        { field: 'post', oldValue: null, newValue: '董事长' },
        { field: 'education', oldValue: null, newValue: '大学本科' },
      ]),
    );
    // the profile's own history (personbase/log): newest first, who changed which field from what to what
    const history = await call('nj_aoc', 'GET', `${PB}/log`, { query: { id: saved.id } });
    expect(history.status).toBe(200);
    expect(history.body.data.total).toBe(2);
    const [update, insert] = history.body.data.records;
    expect(insert).toMatchObject({ mode: 'insert', modeName: '新增', tagName: '人员库', recordName: '王志强' });
    expect(update).toMatchObject({ mode: 'update', modeName: '修改', fieldCount: 2 });
    expect(update.changes).toEqual(expect.arrayContaining([expect.objectContaining({ fieldLabel: expect.any(String), oldValue: null, newValue: '董事长' })]));
    // another city's federation sees neither the record nor its history
    expect((await call('sz', 'GET', `${PB}/log`, { query: { id: saved.id } })).status).toBe(404);
  });
});

describe('person base: scope and the profile permission setting', () => {
  it("a chamber never sees a federation's records, another city neither; the province above does", async () => {
    const saved = (await call('nj_aoc', 'POST', `${PB}/submit`, { body: person({ name: '赵德明' }) })).body.data;
    expect((await call('js_aoc', 'GET', `${PB}/detail`, { query: { id: saved.id } })).status).toBe(200);
    expect((await call('nj_coc', 'GET', `${PB}/detail`, { query: { id: saved.id } })).status).toBe(404);
    expect((await call('sz', 'GET', `${PB}/detail`, { query: { id: saved.id } })).status).toBe(404);
    expect((await call('sz', 'POST', `${PB}/remove`, { query: { ids: saved.id } })).status).toBe(404);
    const szList = await call('sz', 'GET', `${PB}/list`, { query: { name: '赵德明', size: '100' } });
    expect(szList.body.data.records.map((r: any) => r.id)).not.toContain(saved.id);
    // The chamber's own records: Nanjing sees them (below it), Suzhou does not.
    const chamber = (await call('nj_coc', 'POST', `${PB}/submit`, { body: person({ name: '钱商会' }) })).body.data;
    expect(chamber.deptId).toBe(depts.njChamber);
    expect((await call('nj_aoc', 'GET', `${PB}/list`, { query: { name: '钱商会' } })).body.data.records.map((r: any) => r.id)).toContain(chamber.id);
    expect((await call('sz', 'GET', `${PB}/detail`, { query: { id: chamber.id } })).status).toBe(404);
    // A county's record is visible to its city federation, not to another city.
    if (tokens.county) {
      const c = (await call('county', 'POST', `${PB}/submit`, { body: person({ name: '孙县级' }) })).body.data;
      expect((await call('nj_aoc', 'GET', `${PB}/detail`, { query: { id: c.id } })).status).toBe(200);
      expect((await call('sz', 'GET', `${PB}/detail`, { query: { id: c.id } })).status).toBe(404);
    }
    // A request cannot widen its scope with deptId.
    const widened = await call('sz', 'GET', `${PB}/list`, { query: { deptId: depts.nj, name: '赵德明' } });
    expect(widened.body.data.records).toEqual([]);
  });

  it('public profiles are readable by everyone but writable only in scope; private ones only by their creator', async () => {
    const pub = (await call('nj_aoc', 'POST', `${PB}/submit`, { body: person({ name: '公开档案人', visibility: 1 }) })).body.data;
    const seen = await call('sz', 'GET', `${PB}/detail`, { query: { id: pub.id } });
    expect(seen.status).toBe(200);
    expect(seen.body.data.visibilityName).toBe('公开');
    expect((await call('sz', 'GET', `${PB}/list-byname`, { query: { name: '公开档案' } })).body.data.map((r: any) => r.id)).toContain(pub.id);
    expect((await call('sz', 'POST', `${PB}/submit`, { body: { id: pub.id, version: 1, name: 'x', certType: 1, certNo: pub.certNo } })).status).toBe(404);
    expect(
      (await call('sz', 'POST', `${PB}/experience/submit`, { body: { personId: pub.id, kind: 1, startDate: '2001-01-01', orgName: '某单位' } })).status,
    ).toBe(404);
    expect((await call('sz', 'GET', `${PB}/experience/list`, { query: { personId: pub.id } })).status).toBe(200);

    const priv = (await call('nj_aoc', 'POST', `${PB}/submit`, { body: person({ name: '私密档案人', visibility: 3 }) })).body.data;
    expect((await call('nj_aoc', 'GET', `${PB}/detail`, { query: { id: priv.id } })).status).toBe(200);
    expect((await call('js_aoc', 'GET', `${PB}/detail`, { query: { id: priv.id } })).status).toBe(404);
    expect((await call('js_aoc', 'GET', `${PB}/list`, { query: { name: '私密档案人' } })).body.data.records).toEqual([]);
    expect((await call('js_aoc', 'GET', `${PB}/list-byname`, { query: { name: '私密档案' } })).body.data).toEqual([]);
    expect((await call('js_aoc', 'POST', `${PB}/remove`, { query: { ids: priv.id } })).status).toBe(404);
  });
});

describe('person profile sections', () => {
  it('adds, lists, updates and removes experience rows, with their rules', async () => {
    const p = (await call('nj_aoc', 'POST', `${PB}/submit`, { body: person({ name: '履历人' }) })).body.data;
    const bad = await call('nj_aoc', 'POST', `${PB}/experience/submit`, {
      body: { personId: p.id, kind: 1, startDate: '2010-01-01', endDate: '2009-01-01', orgName: 'A' },
    });
    expect(bad.body.msg).toBe('结束日期不能早于开始日期');
    expect((await call('nj_aoc', 'POST', `${PB}/experience/submit`, { body: { personId: p.id, kind: 1, startDate: '2010-01-01' } })).body.msg).toBe(
      '请输入单位或学校',
    );
    expect(
      (await call('nj_aoc', 'POST', `${PB}/experience/submit`, { body: { personId: p.id, kind: 9, startDate: '2010-01-01', orgName: 'A' } })).body.msg,
    ).toBe('经历类型取值不正确');
    const a = await call('nj_aoc', 'POST', `${PB}/experience/submit`, {
      body: { personId: p.id, kind: 2, startDate: '1998-09-01', endDate: '2002-07-01', orgName: '南京大学', title: '经济学' },
    });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ personId: p.id, kindName: '学习经历', orgName: '南京大学', version: 1 });
    const b = await call('nj_aoc', 'POST', `${PB}/experience/submit`, {
      body: { personId: p.id, kind: 1, startDate: '2002-08-01', orgName: '南京某科技有限公司', title: '总经理' },
    });
    const list = await call('nj_aoc', 'GET', `${PB}/experience/list`, { query: { personId: p.id } });
    expect(list.body.data.map((r: any) => r.orgName)).toEqual(['南京某科技有限公司', '南京大学']);
    const up = await call('nj_aoc', 'POST', `${PB}/experience/submit`, {
      body: { id: b.body.data.id, version: 1, personId: p.id, kind: 1, startDate: '2002-08-01', orgName: '南京某科技有限公司', title: '董事长' },
    });
    expect(up.body).toMatchObject({ msg: '更新成功', data: { title: '董事长', version: 2 } });
    expect(
      (
        await call('nj_aoc', 'POST', `${PB}/experience/submit`, {
          body: { id: b.body.data.id, version: 1, personId: p.id, kind: 1, startDate: '2002-08-01', orgName: 'x' },
        })
      ).body.msg,
    ).toBe(STALE_VERSION_MSG);
    expect((await call('nj_coc', 'POST', `${PB}/experience/remove`, { query: { ids: a.body.data.id } })).status).toBe(404);
    expect((await call('nj_aoc', 'POST', `${PB}/experience/remove`, { query: { ids: a.body.data.id } })).body.msg).toBe('删除成功');
    expect((await call('nj_aoc', 'GET', `${PB}/experience/list`, { query: { personId: p.id } })).body.data).toHaveLength(1);
    // Removing the person removes its sections.
    await call('nj_aoc', 'POST', `${PB}/remove`, { query: { ids: p.id } });
    expect((await call('nj_aoc', 'GET', `${PB}/experience/list`, { query: { personId: p.id } })).status).toBe(404);
    const left = await t.db.selectFrom('aocPersonExperience').select('id').where('parentId', '=', p.id).where('isDeleted', '=', 0).execute();
    expect(left).toEqual([]);
  });
});

describe('enterprise base and profile', () => {
  it('checks the credit code, refuses duplicates, scopes, and keeps shareholders at most 100%', async () => {
    expect((await call('nj_aoc', 'POST', `${EB}/submit`, { body: { name: '测试企业', creditCode: '91110108551385083Q' } })).body.msg).toBe(
      '统一社会信用代码校验位不正确',
    );
    expect((await call('nj_aoc', 'POST', `${EB}/submit`, { body: { name: '测试企业' } })).body.msg).toBe('请输入统一社会信用代码');
    expect((await call('nj_aoc', 'POST', `${EB}/submit`, { body: { name: '测试企业', creditCode: credit(), registeredCapital: -5 } })).body.msg).toBe(
      '注册资本(万元)不能小于0或过大',
    );
    const code = credit();
    const e = await call('nj_aoc', 'POST', `${EB}/submit`, {
      body: { name: '南京钟山智能装备有限公司', creditCode: code, registeredCapital: '1200.50', establishedDate: '2012-05-18', status: 1 },
    });
    expect(e.status).toBe(200);
    expect(e.body.data).toMatchObject({ registeredCapital: 1200.5, statusName: '存续', establishedDate: '2012-05-18' });
    expect((await call('nj_aoc', 'POST', `${EB}/submit`, { body: { name: '另一家', creditCode: code } })).body.msg).toBe(
      '该统一社会信用代码的企业已在企业库中',
    );
    expect((await call('sz', 'GET', `${EB}/detail`, { query: { id: e.body.data.id } })).status).toBe(404);
    expect((await call('nj_coc', 'GET', `${EB}/equity/list`, { query: { enterpriseId: e.body.data.id } })).status).toBe(404);

    const eid = e.body.data.id;
    const s1 = await call('nj_aoc', 'POST', `${EB}/equity/submit`, { body: { enterpriseId: eid, shareholder: '张三', shareholderType: 1, ratio: 60 } });
    expect(s1.status).toBe(200);
    const over = await call('nj_aoc', 'POST', `${EB}/equity/submit`, { body: { enterpriseId: eid, shareholder: '李四', ratio: 40.0001 } });
    expect(over.body.msg).toBe('股东持股比例合计不能超过100%');
    expect((await call('nj_aoc', 'POST', `${EB}/equity/submit`, { body: { enterpriseId: eid, shareholder: '李四', ratio: 40 } })).status).toBe(200);
    // Raising a shareholder's ratio counts the others.
    expect(
      (await call('nj_aoc', 'POST', `${EB}/equity/submit`, { body: { id: s1.body.data.id, version: 1, enterpriseId: eid, shareholder: '张三', ratio: 61 } }))
        .body.msg,
    ).toBe('股东持股比例合计不能超过100%');
    const list = await call('nj_aoc', 'GET', `${EB}/equity/list`, { query: { enterpriseId: eid } });
    expect(list.body.data.map((r: any) => [r.shareholder, r.ratio])).toEqual([
      ['张三', 60],
      ['李四', 40],
    ]);

    // Contacts: phone encrypted at rest and masked.
    const c = await call('nj_aoc', 'POST', `${EB}/contact/submit`, {
      body: { enterpriseId: eid, name: '王经理', phone: '13800001111', email: 'wang@example.cn' },
    });
    expect(c.body.data.phone).toBe('138****1111');
    const row = await t.db.selectFrom('aocEnterpriseContact').selectAll().where('id', '=', c.body.data.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('13800001111');
    expect((await call('nj_aoc', 'POST', `${EB}/contact/submit`, { body: { enterpriseId: eid, name: '王经理', email: 'not-an-email' } })).body.msg).toBe(
      '电子邮箱格式不正确',
    );
    for (const [key, body] of [
      ['investment', { enterpriseName: '苏州某新材料有限公司', amount: 300, ratio: 30, investDate: '2020-01-01' }],
      ['ip', { ipType: 1, name: '一种智能装备控制方法', regNo: 'CN202010000001.1' }],
      ['credit', { creditType: '纳税信用等级', grade: 'A', agency: '国家税务总局南京市税务局', ratedDate: '2023-04-01' }],
      ['penalty', { decisionNo: '宁环罚〔2022〕12号', authority: '南京市生态环境局', amount: 2, penaltyDate: '2022-06-01' }],
    ] as const) {
      const r = await call('nj_aoc', 'POST', `${EB}/${key}/submit`, { body: { enterpriseId: eid, ...body } });
      expect(r.status, key).toBe(200);
      expect((await call('nj_aoc', 'GET', `${EB}/${key}/list`, { query: { enterpriseId: eid } })).body.data).toHaveLength(1);
    }
  });

  it('pages in SQL with filters and whitelisted sorting', async () => {
    const res = await call('js_aoc', 'GET', `${EB}/list`, { query: { size: '5', current: '1', ascs: 'name' } });
    expect(res.status).toBe(200);
    expect(res.body.data.size).toBe(5);
    const names = res.body.data.records.map((r: any) => r.name);
    expect(names.length).toBeGreaterThan(0);
    expect((await call('js_aoc', 'GET', `${EB}/list`, { query: { establishedDate_dategt: 'x' } })).status).toBe(400);
  });
});

describe('person base: 会员身份 (memberships)', () => {
  const ENT = '/api/aoc-service/memberaocenterprise';
  const GRP = '/api/aoc-service/memberAocGroup';
  const PSN = '/api/aoc-service/memberaocperson';
  const ok = async (who: string, url: string, opts: { query?: Record<string, string>; body?: unknown }) => {
    const res = await call(who, 'POST', url, opts);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const memberships = async (who: string, id: string) => {
    const res = await call(who, 'GET', `${PB}/detail`, { query: { id } });
    expect(res.status).toBe(200);
    return res.body.data.memberships;
  };

  it("lists the member persons with the same certificate and the enterprises and groups they represent, inside the caller's member scope", async () => {
    const certNo = idNo('19630915');
    const pb = (await call('nj_aoc', 'POST', `${PB}/submit`, { body: person({ name: '顾永明', certNo, visibility: 1 }) })).body.data;
    expect(await memberships('nj_aoc', pb.id)).toEqual([]);
    const mp = await ok('nj_aoc', `${PSN}/save`, { body: { name: '顾永明', certNo, phone: '13655550001' } });
    const ent = await ok('nj_aoc', `${ENT}/save`, { body: { name: '南京永明机电有限公司', creditCode: credit() } });
    const grp = await ok('nj_aoc', `${GRP}/save`, { body: { name: '南京市机电行业协会' } });
    await ok('nj_aoc', `${ENT}/representative-save`, { body: { memberId: ent.id, personId: mp.id, title: '法定代表人' } });
    await ok('nj_aoc', `${GRP}/representative-save`, { body: { memberId: grp.id, personId: mp.id, title: '副会长' } });
    // An enterprise in Suzhou that the province linked him to: outside Nanjing's member scope.
    const szEnt = await ok('js_aoc', `${ENT}/save`, { body: { name: '苏州永明精密有限公司', creditCode: credit(), deptId: depts.suzhou } });
    await ok('js_aoc', `${ENT}/representative-save`, { body: { memberId: szEnt.id, personId: mp.id, title: '股东代表' } });

    const mine = await memberships('nj_aoc', pb.id);
    expect(mine).toEqual([
      {
        id: mp.id,
        name: '顾永明',
        deptId: depts.nj,
        deptName: '南京市工商联',
        status: 1,
        statusName: '正常',
        representatives: [
          {
            id: expect.any(String),
            memberKind: 'enterprise',
            memberKindName: '企业会员',
            memberId: ent.id,
            memberName: '南京永明机电有限公司',
            title: '法定代表人',
          },
          { id: expect.any(String), memberKind: 'group', memberKindName: '团体会员', memberId: grp.id, memberName: '南京市机电行业协会', title: '副会长' },
        ].sort((a, b) => Number(a.id) - Number(b.id)),
      },
    ]);
    expect(JSON.stringify(mine)).not.toContain('苏州永明');
    // The province sees the Suzhou representation too; no phone or certificate number in any of it.
    const province = await memberships('js_aoc', pb.id);
    expect(province[0].representatives.map((r: any) => r.memberName)).toContain('苏州永明精密有限公司');
    expect(JSON.stringify(province)).not.toContain('13655550001');
    expect(JSON.stringify(province)).not.toContain(certNo);
  });

  it("never reveals a member person outside the caller's member scope, even on a profile the caller may read", async () => {
    const certNo = idNo('19630916');
    const pb = (await call('nj_aoc', 'POST', `${PB}/submit`, { body: person({ name: '陆建华', certNo, visibility: 1 }) })).body.data;
    const mp = await ok('nj_aoc', `${PSN}/save`, { body: { name: '陆建华', certNo } });
    expect((await memberships('nj_aoc', pb.id)).map((m: any) => m.id)).toEqual([mp.id]);
    // The profile is public: another city and a chamber read it, but the Nanjing federation's member is not theirs to see.
    for (const who of ['sz', 'nj_coc']) {
      const res = await call(who, 'GET', `${PB}/detail`, { query: { id: pb.id } });
      expect(res.status).toBe(200);
      expect(res.body.data.memberships).toEqual([]);
    }
    // A removed member person is no membership.
    expect((await call('nj_aoc', 'POST', `${PSN}/remove`, { query: { ids: mp.id } })).body.msg).toBe('删除成功');
    expect(await memberships('nj_aoc', pb.id)).toEqual([]);
    // Enterprise profiles have no memberships.
    const e = (await call('nj_aoc', 'POST', `${EB}/submit`, { body: { name: '无会员身份企业', creditCode: credit() } })).body.data;
    expect((await call('nj_aoc', 'GET', `${EB}/detail`, { query: { id: e.id } })).body.data).not.toHaveProperty('memberships');
  });
});
