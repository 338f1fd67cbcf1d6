import { beforeAll, describe, expect, it } from 'vitest';
import { creditCheckChar, idCardCheckChar } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { fetchFile, readBook, uploadBook, workbook } from '../../../test/harness/files.js';

/** export-member-*: the page's rows under the same filters and scope, personal data masked without member_sensitive. */
let t: TestApp;
const depts: Record<string, string> = {};
let serial = 0;
/** The identity card number of the person saved before the tests (an import repeating it is refused). */
let personCert = '';

const credit = () => {
  const body = `9132010${String(30_000_000 + serial++ * 7919).padStart(8, '0')}MA`.slice(0, 17);
  return body + creditCheckChar(body);
};
const idNo = () => {
  const body = `320102198${serial % 10}0512${String(10 + (serial++ % 40)).padStart(2, '0')}1`;
  return body + idCardCheckChar(body);
};

const ENT = '/api/aoc-service/memberaocenterprise';
const PSN = '/api/aoc-service/memberaocperson';
const TAG = '导出核对';

/** The export as the browser gets it: status, headers, and the raw bytes. */
const exportCall = (url: string, who: string, query: Record<string, string> = {}) => fetchFile(t, tokens[who], 'POST', url, query);
const exportCallGet = (url: string, who: string) => fetchFile(t, tokens[who], 'GET', url);
const uploadTo = (url: string, file: Buffer, who: string, query: Record<string, string> = {}) => uploadBook(t, tokens[who], url, file, 'members.xlsx', query);
const call = (who: string, method: 'GET' | 'POST', url: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
  t.call({ method, url, token: tokens[who], ...opts });

const usualLogs = async () => t.db.selectFrom('bladeLogUsual').select(['logData']).where('logId', '=', 'member_sensitive_view').orderBy('id', 'desc').execute();

const tokens = useTestApp(['admin', 'nj_aoc', 'nj_coc'], (app) => (t = app));
beforeAll(async () => {
  const deptOf = async (account: string) =>
    String((await t.db.selectFrom('bladeUser').select('deptId').where('account', '=', account).executeTakeFirstOrThrow()).deptId);
  depts.nj = await deptOf('nj_aoc');
  depts.njChamber = await deptOf('nj_coc');
  depts.suzhou = String(
    (await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', '苏州市工商联').where('isDeleted', '=', 0).executeTakeFirstOrThrow()).id,
  );
  const sz = await t.db.selectFrom('bladeUser').select('account').where('deptId', '=', depts.suzhou).orderBy('id').executeTakeFirstOrThrow();
  tokens.sz = (await t.login(sz.account)).access_token;

  // Three enterprises of the Nanjing federation, two of its chamber, one of Suzhou's (outside Nanjing's scope).
  const save = async (who: string, name: string, over: Record<string, unknown> = {}) => {
    const res = await call(who, 'POST', `${ENT}/save`, {
      body: { name, creditCode: credit(), contactPhone: `1391234${String(1000 + serial).slice(-4)}`, memberLevel: 2, ...over },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  for (let i = 1; i <= 3; i++) await save('nj_aoc', `${TAG}南京企业${i}有限公司`, { status: i === 3 ? 2 : 1 });
  for (let i = 1; i <= 2; i++) await save('nj_coc', `${TAG}商会企业${i}有限公司`);
  await save('sz', `${TAG}苏州企业有限公司`);
  personCert = idNo();
  const person = await call('nj_aoc', 'POST', `${PSN}/save`, { body: { name: `${TAG}张伟`, certType: 1, certNo: personCert, phone: '13812345678' } });
  expect(person.status, JSON.stringify(person.body)).toBe(200);
});

describe('export-member-enterprise', () => {
  it('writes the rows the page lists under the same filters, in the same order, phones masked without member_sensitive', async () => {
    const filter = { name: TAG };
    const page = await call('nj_aoc', 'GET', `${ENT}/page`, { query: { ...filter, current: '1', size: '100' } });
    expect(page.status).toBe(200);
    const res = await exportCall(`${ENT}/export-member-enterprise`, 'nj_aoc', filter);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('企业会员_')}`);
    const rows = await readBook(res.body);
    expect(rows[0]).toEqual([
      '所属组织',
      '企业名称',
      '统一社会信用代码',
      '法定代表人',
      '所属行业',
      '企业规模',
      '所在地区',
      '地址',
      '联系人',
      '联系电话',
      '入会日期',
      '会员级别',
      '企业类型',
      '会员状态',
      '备注',
      '创建时间',
    ]);
    const records = page.body.data.records as Array<Record<string, string>>;
    expect(records.length).toBe(5); // Nanjing's three and its chamber's two; not Suzhou's
    expect(rows.slice(1).map((r) => r[1])).toEqual(records.map((r) => r.name));
    expect(rows.slice(1).map((r) => r[2])).toEqual(records.map((r) => r.creditCode));
    expect(rows.slice(1).map((r) => r[9])).toEqual(records.map((r) => r.contactPhone));
    for (const r of rows.slice(1)) expect(r[9]).toMatch(/^139\*{4}\d{4}$/);
    expect(rows[1][11]).toBe('理事');
    expect(
      rows
        .slice(1)
        .map((r) => r[13])
        .sort(),
    ).toEqual(['暂停', '正常', '正常', '正常', '正常']);
  });

  it('applies suffix filters like the page (status, deptId) and answers an empty workbook when nothing matches', async () => {
    const paused = await readBook((await exportCall(`${ENT}/export-member-enterprise`, 'nj_aoc', { name: TAG, status: '2' })).body);
    expect(paused.slice(1).map((r) => r[1])).toEqual([`${TAG}南京企业3有限公司`]);
    const chamber = await readBook((await exportCall(`${ENT}/export-member-enterprise`, 'nj_aoc', { name: TAG, deptId: depts.njChamber })).body);
    expect(
      chamber
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual([`${TAG}商会企业1有限公司`, `${TAG}商会企业2有限公司`]);
    const none = await exportCall(`${ENT}/export-member-enterprise`, 'nj_aoc', { name: '没有这样的企业名称' });
    expect(none.status).toBe(200);
    expect(await readBook(none.body)).toHaveLength(1);
  });

  it("respects the data scope: a chamber sees its own members, another city none of Nanjing's", async () => {
    const chamber = await readBook((await exportCall(`${ENT}/export-member-enterprise`, 'nj_coc', { name: TAG })).body);
    expect(
      chamber
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual([`${TAG}商会企业1有限公司`, `${TAG}商会企业2有限公司`]);
    const suzhou = await readBook((await exportCall(`${ENT}/export-member-enterprise`, 'sz', { name: TAG })).body);
    expect(suzhou.slice(1).map((r) => r[1])).toEqual([`${TAG}苏州企业有限公司`]);
    // deptId outside the scope narrows to nothing, it never widens.
    const outside = await readBook((await exportCall(`${ENT}/export-member-enterprise`, 'nj_aoc', { name: TAG, deptId: depts.suzhou })).body);
    expect(outside).toHaveLength(1);
  });

  it('shows phones in full with member_sensitive and logs the unmasked export', async () => {
    const before = (await usualLogs()).length;
    const rows = await readBook((await exportCall(`${ENT}/export-member-enterprise`, 'admin', { name: TAG })).body);
    expect(rows.length).toBe(7); // header + every tenant row of the tag
    for (const r of rows.slice(1)) expect(r[9]).toMatch(/^1391234\d{4}$/);
    await t.app.services.audit.flush();
    expect((await usualLogs()).length).toBe(before + 1);
    const log = JSON.parse((await usualLogs())[0].logData!);
    expect(log).toMatchObject({ tag: 'enterprise', export: true, rows: 6, fields: ['contactPhone'], filters: { name: TAG } });
  });

  it('answers bad filters and a missing permission with JSON, before any byte of a workbook', async () => {
    for (const query of [{ status: 'abc' }, { createTime_datege: '2024-13-45' }, { deptId: 'x1' }, { name_datege: '2024-01-01' }] as Array<
      Record<string, string>
    >) {
      const res = await call('nj_aoc', 'POST', `${ENT}/export-member-enterprise`, { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.headers['content-type']).not.toContain('spreadsheetml');
      expect(res.body).toMatchObject({ code: 400, success: false });
      expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const coc = await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'coc').executeTakeFirstOrThrow();
    const button = await t.db.selectFrom('bladeMenu').select('id').where('code', '=', 'member_enterprise_export').executeTakeFirstOrThrow();
    await t.db.deleteFrom('bladeRoleMenu').where('roleId', '=', coc.id).where('menuId', '=', button.id).execute();
    try {
      tokens.nj_coc = (await t.login('nj_coc')).access_token;
      const res = await call('nj_coc', 'POST', `${ENT}/export-member-enterprise`, { query: { name: TAG } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 403 });
    } finally {
      await t.db.insertInto('bladeRoleMenu').values({ roleId: coc.id, menuId: button.id }).execute();
      tokens.nj_coc = (await t.login('nj_coc')).access_token;
    }
  });
});

describe('export-member-enterprise: more rows than one chunk', () => {
  it('reads every row exactly once by keyset, ties on create_time and microseconds included', async () => {
    // 4,500 rows: 3,000 share one create_time (ties broken by id), the rest differ by microseconds.
    const values = Array.from({ length: 4500 }, (_, i) => ({
      tenantId: '000001',
      deptId: depts.nj,
      name: `分块${String(i).padStart(4, '0')}`,
      creditCode: `CHUNK${String(i).padStart(6, '0')}`,
      status: 1,
      createTime: i < 3000 ? new Date('2020-01-01T00:00:00.000Z') : new Date(Date.UTC(2021, 0, 1, 0, 0, 0, i % 7)),
    }));
    for (let i = 0; i < values.length; i += 500)
      await t.db
        .insertInto('aocMemberEnterprise')
        .values(values.slice(i, i + 500))
        .execute();
    await t.db.executeQuery(
      (await import('kysely'))
        .sql`update aoc_member_enterprise set create_time = create_time + (id % 997) * interval '1 microsecond' where name like '分块%' and create_time > '2020-06-01'`.compile(
        t.db,
      ),
    );
    const page = await call('nj_aoc', 'GET', `${ENT}/page`, { query: { name: '分块', current: '1', size: '5000' } });
    const rows = await readBook((await exportCall(`${ENT}/export-member-enterprise`, 'nj_aoc', { name: '分块' })).body);
    expect(rows.length - 1).toBe(4500);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(4500);
    const pageNames = (page.body.data.records as Array<{ name: string }>).map((r) => r.name);
    if (pageNames.length === 4500) expect(rows.slice(1).map((r) => r[1])).toEqual(pageNames);
  });
});

describe('export-member-person and export-member-group', () => {
  it('masks certificate numbers and phones of persons without member_sensitive, shows them with it', async () => {
    const masked = await readBook((await exportCall(`${PSN}/export-member-person`, 'nj_aoc', { name: TAG })).body);
    expect(masked[0].slice(0, 5)).toEqual(['所属组织', '姓名', '证件类型', '证件号码', '性别']);
    expect(masked).toHaveLength(2);
    expect(masked[1][2]).toBe('居民身份证');
    expect(masked[1][3]).toMatch(/^\d{3}\*+[\dX]{4}$/);
    expect(masked[1][10]).toBe('138****5678');
    const full = await readBook((await exportCall(`${PSN}/export-member-person`, 'admin', { name: TAG })).body);
    expect(full[1][3]).toMatch(/^320102\d{11}[\dX]$/);
    expect(full[1][10]).toBe('13812345678');
  });

  it('exports groups with their own header', async () => {
    const res = await exportCall('/api/aoc-service/memberAocGroup/export-member-group', 'nj_aoc');
    expect(res.status).toBe(200);
    const rows = await readBook(res.body);
    expect(rows[0].slice(0, 3)).toEqual(['所属组织', '团体名称', '统一社会信用代码']);
  });
});

describe('import-member-enterprise', () => {
  const HEAD = [
    '所属组织',
    '企业名称*',
    '统一社会信用代码*',
    '法定代表人',
    '所属行业',
    '企业规模',
    '所在地区',
    '地址',
    '联系人',
    '联系电话',
    '入会日期',
    '会员级别',
    '企业类型',
    '会员状态',
    '备注',
  ];
  const upload = (file: Buffer, who: string, query: Record<string, string> = {}) => uploadTo(`${ENT}/import-member-enterprise`, file, who, query);
  const row = (org: string, name: string, code: string, extra: Partial<Record<'phone' | 'level' | 'status' | 'join', string>> = {}) => [
    org,
    name,
    code,
    '',
    '',
    '',
    '',
    '',
    '',
    extra.phone ?? '',
    extra.join ?? '',
    extra.level ?? '',
    '',
    extra.status ?? '',
    '',
  ];
  const live = (names: string[]) =>
    t.db
      .selectFrom('aocMemberEnterprise')
      .select(['id', 'name', 'deptId', 'status', 'memberLevel', 'contactPhoneEnc'])
      .where('name', 'in', names)
      .where('isDeleted', '=', 0)
      .execute();

  it('offers a template with the header (required columns starred), an example row and the rules', async () => {
    const res = await exportCallGet(`${ENT}/export-template`, 'nj_aoc');
    expect(res.status).toBe(200);
    const rows = await readBook(res.body);
    expect(rows[0]).toEqual(HEAD);
    expect(rows[1][0]).toBe('南京市工商联');
    expect(rows).toHaveLength(2);
  });

  it('checks the whole file on a dry run (checksum, phone, duplicates in the file and the database, org in scope) and writes nothing', async () => {
    const taken = (await t.db.selectFrom('aocMemberEnterprise').select('creditCode').where('name', 'like', `${TAG}南京企业1%`).executeTakeFirstOrThrow())
      .creditCode;
    const dup = credit();
    const book = await workbook('会员', [
      HEAD,
      row('', '导入好企业一有限公司', credit(), { phone: '13912340001', level: '理事', status: '正常', join: '2023-05-01' }),
      row('南京市工商联', '导入好企业二有限公司', credit()),
      row('', '导入坏校验位有限公司', '91110108551385083Q'),
      row('', '导入坏电话有限公司', credit(), { phone: '1391234' }),
      row('苏州市工商联', '导入外地有限公司', credit()),
      row('', '导入重复一有限公司', dup),
      row('', '导入重复二有限公司', dup),
      row('', '导入已存在有限公司', taken),
      row('', '', credit()),
    ]);
    const res = await upload(book, 'nj_aoc', { dryRun: 'true' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body.data;
    expect(a).toMatchObject({ total: 9, valid: 2, imported: 0, dryRun: true });
    expect(a.errors).toEqual([
      { row: 4, column: '统一社会信用代码', message: '统一社会信用代码校验位不正确' },
      { row: 5, column: '联系电话', message: '手机号码长度不为11位' },
      { row: 6, column: '所属组织', message: '所属组织不存在或不在数据权限范围内' },
      { row: 7, column: '统一社会信用代码', message: '统一社会信用代码在文件中重复(第7、8行)' },
      { row: 8, column: '统一社会信用代码', message: '统一社会信用代码在文件中重复(第7、8行)' },
      { row: 9, column: '统一社会信用代码', message: '统一社会信用代码已存在' },
      { row: 10, column: '企业名称', message: '请输入企业名称' },
    ]);
    expect(await live(['导入好企业一有限公司', '导入好企业二有限公司'])).toHaveLength(0);

    // The real import writes the valid rows in one go, with their history, phones encrypted.
    const real = await upload(book, 'nj_aoc');
    expect(real.body.data).toMatchObject({ total: 9, valid: 2, imported: 2, dryRun: false });
    const rows = await live(['导入好企业一有限公司', '导入好企业二有限公司']);
    expect(rows).toHaveLength(2);
    const one = rows.find((r) => r.name === '导入好企业一有限公司')!;
    expect(one).toMatchObject({ deptId: depts.nj, status: 1, memberLevel: 2 });
    expect(String(one.contactPhoneEnc)).toMatch(/^v1:/);
    const history = await t.db
      .selectFrom('aocLog')
      .select(['recordId', 'mode', 'createBy'])
      .where(
        'recordId',
        'in',
        rows.map((r) => r.id),
      )
      .where('tag', '=', 'enterprise')
      .execute();
    expect(history.map((h) => h.mode)).toEqual(['insert', 'insert']);
    expect(history[0].createBy).toBe('nj_aoc');
    // Importing the same file again: every row is now a duplicate of the database or otherwise wrong.
    const again = await upload(book, 'nj_aoc');
    expect(again.body.data).toMatchObject({ valid: 0, imported: 0 });
  });

  it('answers a missing column, a file that is not xlsx, and a missing permission clearly', async () => {
    const noCode = await upload(await workbook('会员', [['企业名称'], ['某某有限公司']]), 'nj_aoc', { dryRun: 'true' });
    expect(noCode.body.data.errors).toEqual([{ row: 1, column: '统一社会信用代码', message: '缺少必填列: 统一社会信用代码' }]);
    expect((await upload(Buffer.from('not a workbook'), 'nj_aoc')).body).toMatchObject({ code: 400, msg: '文件无法读取,请上传 .xlsx 格式的 Excel 文件' });
    expect((await call('nj_aoc', 'POST', `${ENT}/import-member-enterprise`, { body: {} })).status).toBe(400);
    // A chamber's staff cannot place a member in the federation above it.
    const chamber = await upload(await workbook('会员', [HEAD, row('南京市工商联', '商会导入有限公司', credit())]), 'nj_coc', { dryRun: 'true' });
    expect(chamber.body.data.errors).toEqual([{ row: 2, column: '所属组织', message: '所属组织不存在或不在数据权限范围内' }]);
  });
});

/** A row of cells under the given header, by column name (a star marks a required column). */
const line = (head: string[], cells: Record<string, string>) => head.map((h) => cells[h.replace('*', '')] ?? '');
const GRP = '/api/aoc-service/memberAocGroup';

describe('every kind: the template', () => {
  it.each([
    ['enterprise', ENT],
    ['group', GRP],
    ['person', PSN],
  ])('%s: its example row passes its own dry run', async (kind, prefix) => {
    const template = await exportCallGet(`${prefix}/export-template`, 'nj_aoc');
    expect(template.status).toBe(200);
    const res = await uploadTo(`${prefix}/import-member-${kind}`, template.body, 'nj_aoc', { dryRun: 'true' });
    expect(res.body.data).toEqual({ total: 1, valid: 1, imported: 0, dryRun: true, errors: [] });
  });
});

describe('import-member-group', () => {
  const HEAD = [
    '所属组织',
    '团体名称*',
    '统一社会信用代码',
    '团体类型',
    '对应组织',
    '负责人',
    '所在地区',
    '地址',
    '联系人',
    '联系电话',
    '会员数量',
    '入会日期',
    '会员级别',
    '会员状态',
    '备注',
  ];
  const upload = (file: Buffer, who: string, query: Record<string, string> = {}) => uploadTo(`${GRP}/import-member-group`, file, who, query);
  const row = (cells: Record<string, string>) => line(HEAD, cells);
  /** A group's credit code (51: a social organisation) with a valid check character. */
  const groupCredit = () => {
    const body = `51${credit().slice(2, 17)}`;
    return body + creditCheckChar(body);
  };
  const live = (names: string[]) =>
    t.db
      .selectFrom('aocMemberGroup')
      .select(['id', 'name', 'deptId', 'orgDeptId', 'groupType', 'memberCount', 'memberLevel', 'creditCode', 'contactPhoneEnc', 'contactPhoneHash'])
      .where('name', 'in', names)
      .where('isDeleted', '=', 0)
      .execute();
  /** Chambers and associations inside Nanjing's scope that are not yet group members of the Nanjing federation. */
  let free: Array<{ id: string; deptName: string }> = [];
  let takenCredit = '';

  beforeAll(async () => {
    const nj = await t.db.selectFrom('bladeDept').select('idPath').where('id', '=', depts.nj).executeTakeFirstOrThrow();
    const orgs = await t.db
      .selectFrom('bladeDept')
      .select(['id', 'deptName'])
      .where('idPath', 'like', `${nj.idPath}%`)
      .where('deptCategory', 'in', [2, 3])
      .where('isDeleted', '=', 0)
      .orderBy('id')
      .execute();
    const groups = await t.db.selectFrom('aocMemberGroup').select('orgDeptId').where('deptId', '=', depts.nj).where('isDeleted', '=', 0).execute();
    const taken = new Set(groups.map((g) => String(g.orgDeptId)));
    const names = orgs.map((o) => o.deptName);
    free = orgs
      .filter((o) => !taken.has(String(o.id)) && names.filter((n) => n === o.deptName).length === 1)
      .map((o) => ({ id: String(o.id), deptName: o.deptName! }));
    expect(free.length).toBeGreaterThanOrEqual(4);
    // One group saved the usual way: its credit code and its org are taken.
    takenCredit = groupCredit();
    const saved = await call('nj_aoc', 'POST', `${GRP}/save`, { body: { name: '导入前已有团体商会', creditCode: takenCredit, orgDeptId: free[0].id } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('offers its own template', async () => {
    const rows = await readBook((await exportCallGet(`${GRP}/export-template`, 'nj_aoc')).body);
    expect(rows[0]).toEqual(HEAD);
    expect(rows[1].slice(0, 2)).toEqual(['南京市工商联', '南京市示例行业商会']);
  });

  it('checks the whole file on a dry run (checksum, codes, the org, duplicates in the file and the database) and writes nothing; the import writes the valid rows', async () => {
    const dup = groupCredit();
    const book = await workbook('会员', [
      HEAD,
      row({
        团体名称: '导入好团体一商会',
        统一社会信用代码: groupCredit(),
        团体类型: '商会',
        对应组织: free[1].deptName,
        联系电话: '13912340011',
        会员数量: '85',
        会员级别: '理事',
      }),
      row({ 所属组织: '南京市工商联', 团体名称: '导入好团体二协会', 团体类型: '2', 对应组织: free[2].id }),
      row({ 团体名称: '导入坏校验位商会', 统一社会信用代码: `${takenCredit.slice(0, 17)}${takenCredit[17] === '0' ? '1' : '0'}` }),
      row({ 团体名称: '导入无此组织商会', 对应组织: '没有这个商会' }),
      row({ 团体名称: '导入对应工商联商会', 对应组织: '南京市工商联' }),
      row({ 团体名称: '导入坏类型商会', 团体类型: '基金会', 会员数量: '-3' }),
      row({ 团体名称: '导入重复一商会', 统一社会信用代码: dup }),
      row({ 团体名称: '导入重复二商会', 统一社会信用代码: dup }),
      row({ 团体名称: '导入已存在代码商会', 统一社会信用代码: takenCredit }),
      row({ 团体名称: '导入已存在组织商会', 对应组织: free[0].deptName }),
      row({ 团体名称: '导入组织重复一商会', 对应组织: free[3].id }),
      row({ 团体名称: '导入组织重复二商会', 对应组织: free[3].deptName }),
      row({ 统一社会信用代码: groupCredit() }),
      row({ 所属组织: '苏州市工商联', 团体名称: '导入外地商会' }),
      row({ 团体名称: '导入脱敏电话商会', 联系电话: '139****0011' }),
    ]);
    const res = await upload(book, 'nj_aoc', { dryRun: 'true' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body.data;
    expect(a).toMatchObject({ total: 15, valid: 2, imported: 0, dryRun: true });
    expect(a.errors).toEqual([
      { row: 4, column: '统一社会信用代码', message: '统一社会信用代码校验位不正确' },
      { row: 5, column: '对应组织', message: '所选组织不存在或不在数据权限范围内' },
      { row: 6, column: '对应组织', message: '所选组织不存在或不在数据权限范围内' },
      { row: 7, column: '团体类型', message: '团体类型取值不正确' },
      { row: 7, column: '会员数量', message: '会员数量不能小于0' },
      { row: 8, column: '统一社会信用代码', message: '统一社会信用代码在文件中重复(第8、9行)' },
      { row: 9, column: '统一社会信用代码', message: '统一社会信用代码在文件中重复(第8、9行)' },
      { row: 10, column: '统一社会信用代码', message: '统一社会信用代码已存在' },
      { row: 11, column: '对应组织', message: '该组织已是本会的团体会员' },
      { row: 12, column: '对应组织', message: '对应组织在文件中重复(第12、13行)' },
      { row: 13, column: '对应组织', message: '对应组织在文件中重复(第12、13行)' },
      { row: 14, column: '团体名称', message: '请输入团体名称' },
      { row: 15, column: '所属组织', message: '所属组织不存在或不在数据权限范围内' },
      { row: 16, column: '联系电话', message: '请输入完整的号码' },
    ]);
    expect(await live(['导入好团体一商会', '导入好团体二协会'])).toHaveLength(0);

    const real = await upload(book, 'nj_aoc');
    expect(real.body.data).toMatchObject({ total: 15, valid: 2, imported: 2, dryRun: false });
    expect(real.body.data.errors).toEqual(a.errors);
    const rows = await live(['导入好团体一商会', '导入好团体二协会']);
    expect(rows).toHaveLength(2);
    const one = rows.find((r) => r.name === '导入好团体一商会')!;
    expect(one).toMatchObject({ deptId: depts.nj, orgDeptId: free[1].id, groupType: 1, memberCount: 85, memberLevel: 2 });
    expect(String(one.contactPhoneEnc)).toMatch(/^v1:/);
    expect(String(one.contactPhoneEnc)).not.toContain('13912340011');
    const two = rows.find((r) => r.name === '导入好团体二协会')!;
    expect(two).toMatchObject({ deptId: depts.nj, orgDeptId: free[2].id, groupType: 2, creditCode: null, contactPhoneEnc: null });
    // The phone is read back as on a normal save (admin holds member_sensitive), and found by exact search.
    const detail = await call('admin', 'GET', `${GRP}/detail`, { query: { id: String(one.id) } });
    expect(detail.body.data).toMatchObject({ contactPhone: '13912340011', orgDeptId: free[1].id });
    const found = await call('nj_aoc', 'GET', `${GRP}/page`, { query: { contactPhone: '13912340011', current: '1', size: '10' } });
    expect((found.body.data.records as Array<{ id: string }>).map((r) => r.id)).toEqual([String(one.id)]);
    const history = await t.db
      .selectFrom('aocLog')
      .select(['recordId', 'mode'])
      .where(
        'recordId',
        'in',
        rows.map((r) => r.id),
      )
      .where('tag', '=', 'group')
      .execute();
    expect(history.map((h) => h.mode)).toEqual(['insert', 'insert']);
    // Again: the two imported rows are now duplicates of the database.
    const again = await upload(book, 'nj_aoc');
    expect(again.body.data).toMatchObject({ valid: 0, imported: 0 });
    expect(again.body.data.errors).toEqual(
      expect.arrayContaining([
        { row: 2, column: '统一社会信用代码', message: '统一社会信用代码已存在' },
        { row: 2, column: '对应组织', message: '该组织已是本会的团体会员' },
        { row: 3, column: '对应组织', message: '该组织已是本会的团体会员' },
      ]),
    );
  });

  it('writes nothing when every row is wrong, and asks for the required column', async () => {
    const before = await t.db
      .selectFrom('aocMemberGroup')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const logs = await t.db
      .selectFrom('aocLog')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tag', '=', 'group')
      .executeTakeFirstOrThrow();
    const res = await upload(
      await workbook('会员', [HEAD, row({ 团体名称: '导入全错商会', 会员数量: 'abc' }), row({ 统一社会信用代码: takenCredit })]),
      'nj_aoc',
    );
    expect(res.body.data).toEqual({
      total: 2,
      valid: 0,
      imported: 0,
      dryRun: false,
      errors: [
        { row: 2, column: '会员数量', message: '会员数量必须是数字' },
        { row: 3, column: '团体名称', message: '请输入团体名称' },
        { row: 3, column: '统一社会信用代码', message: '统一社会信用代码已存在' },
      ],
    });
    expect(
      await t.db
        .selectFrom('aocMemberGroup')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect(
      await t.db
        .selectFrom('aocLog')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tag', '=', 'group')
        .executeTakeFirstOrThrow(),
    ).toEqual(logs);
    const noName = await upload(await workbook('会员', [['统一社会信用代码'], [groupCredit()]]), 'nj_aoc', { dryRun: 'true' });
    expect(noName.body.data.errors).toEqual([{ row: 1, column: '团体名称', message: '缺少必填列: 团体名称' }]);
  });
});

describe('import-member-person', () => {
  const HEAD = [
    '所属组织',
    '姓名*',
    '证件类型',
    '证件号码*',
    '性别',
    '出生日期',
    '国籍',
    '籍贯',
    '政治面貌',
    '学历',
    '手机号码',
    '工作单位',
    '职务',
    '所在地区',
    '入会日期',
    '会员级别',
    '会员状态',
    '备注',
  ];
  const upload = (file: Buffer, who: string, query: Record<string, string> = {}) => uploadTo(`${PSN}/import-member-person`, file, who, query);
  const row = (cells: Record<string, string>) => line(HEAD, cells);
  const live = (names: string[]) =>
    t.db
      .selectFrom('aocMemberPerson')
      .select(['id', 'name', 'deptId', 'certType', 'certNoEnc', 'certNoHash', 'phoneEnc', 'politics', 'education'])
      .where('name', 'in', names)
      .where('isDeleted', '=', 0)
      .execute();
  const PASSPORT = `E${String(Date.now()).slice(-8)}`;
  /** Identity card numbers of men born 1990-01-01 (odd 17th digit), none repeated in this file. */
  let men = 1;
  const idNo = () => {
    const body = `32010519900101${String(100 + (men += 2)).slice(-3)}`;
    return body + idCardCheckChar(body);
  };

  it('offers its own template', async () => {
    const rows = await readBook((await exportCallGet(`${PSN}/export-template`, 'nj_aoc')).body);
    expect(rows[0]).toEqual(HEAD);
    expect(rows[1].slice(0, 4)).toEqual(['南京市工商联', '张三', '居民身份证', '320102198001011238']);
  });

  it('checks the whole file on a dry run (GB 11643, birth date and gender, the mobile rule, duplicates in the file and the database) and writes nothing; the import stores numbers encrypted', async () => {
    const good = idNo();
    const dup = idNo();
    const wrongCheck = (() => {
      const n = idNo();
      return `${n.slice(0, 17)}${n[17] === '0' ? '1' : '0'}`;
    })();
    const book = await workbook('会员', [
      HEAD,
      row({ 姓名: '导入张明', 证件号码: good, 手机号码: '13912340021', 政治面貌: '中共党员', 学历: '大学本科', 会员级别: '会员' }),
      row({ 所属组织: '南京市工商联', 姓名: '导入李华', 证件类型: '护照', 证件号码: PASSPORT, 性别: '女', 出生日期: '1990-05-06' }),
      row({ 姓名: '导入坏校验位', 证件号码: wrongCheck }),
      row({ 姓名: '导入生日不符', 证件号码: idNo(), 出生日期: '1970-01-01' }),
      row({ 姓名: '导入性别不符', 证件号码: idNo(), 性别: '女' }),
      row({ 姓名: '导入坏手机', 证件号码: idNo(), 手机号码: '1391234' }),
      row({ 姓名: '导入脱敏手机', 证件号码: idNo(), 手机号码: '138****5678' }),
      row({ 姓名: '导入重复一', 证件号码: dup }),
      row({ 姓名: '导入重复二', 证件号码: dup.toLowerCase() }),
      row({ 姓名: '导入已存在', 证件号码: personCert }),
      row({ 证件号码: idNo() }),
      row({ 姓名: '导入无证件' }),
      row({ 姓名: '导入坏政治面貌', 证件号码: idNo(), 政治面貌: '无' }),
      row({ 姓名: '导入脱敏证件', 证件号码: '320***********1234' }),
    ]);
    const res = await upload(book, 'nj_aoc', { dryRun: 'true' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body.data;
    expect(a).toMatchObject({ total: 14, valid: 2, imported: 0, dryRun: true });
    expect(a.errors).toEqual([
      { row: 4, column: '证件号码', message: '身份证号码校验位不正确' },
      { row: 5, column: '出生日期', message: '出生日期与身份证号码不一致' },
      { row: 6, column: '性别', message: '性别与身份证号码不一致' },
      { row: 7, column: '手机号码', message: '手机号码长度不为11位' },
      { row: 8, column: '手机号码', message: '请输入完整的号码' },
      { row: 9, column: '证件号码', message: '证件号码在文件中重复(第9、10行)' },
      { row: 10, column: '证件号码', message: '证件号码在文件中重复(第9、10行)' },
      { row: 11, column: '证件号码', message: '该证件号码的个人会员已存在' },
      { row: 12, column: '姓名', message: '请输入姓名' },
      { row: 13, column: '证件号码', message: '请输入证件号码' },
      { row: 14, column: '政治面貌', message: '政治面貌取值不正确' },
      { row: 15, column: '证件号码', message: '请输入完整的号码' },
    ]);
    expect(await live(['导入张明', '导入李华'])).toHaveLength(0);

    const real = await upload(book, 'nj_aoc');
    expect(real.body.data).toMatchObject({ total: 14, valid: 2, imported: 2, dryRun: false });
    const rows = await live(['导入张明', '导入李华']);
    expect(rows).toHaveLength(2);
    const zhang = rows.find((r) => r.name === '导入张明')!;
    expect(zhang).toMatchObject({ deptId: depts.nj, certType: 1, politics: 1, education: 3 });
    for (const v of [zhang.certNoEnc, zhang.phoneEnc]) expect(String(v)).toMatch(/^v1:/);
    expect(String(zhang.certNoEnc)).not.toContain(good);
    // Read back and searched exactly as a person saved on the form: the full numbers for member_sensitive,
    // the birth date and gender taken from the identity card.
    const detail = await call('admin', 'GET', `${PSN}/detail`, { query: { id: String(zhang.id) } });
    expect(detail.body.data).toMatchObject({
      certNo: good,
      phone: '13912340021',
      birthDate: `${good.slice(6, 10)}-${good.slice(10, 12)}-${good.slice(12, 14)}`,
      gender: 1,
    });
    const found = await call('nj_aoc', 'GET', `${PSN}/page`, { query: { certNo: good, current: '1', size: '10' } });
    expect((found.body.data.records as Array<{ id: string }>).map((r) => r.id)).toEqual([String(zhang.id)]);
    const li = rows.find((r) => r.name === '导入李华')!;
    expect(li).toMatchObject({ certType: 2 });
    expect((await call('admin', 'GET', `${PSN}/detail`, { query: { id: String(li.id) } })).body.data).toMatchObject({
      certNo: PASSPORT,
      gender: 2,
      birthDate: '1990-05-06',
    });
    const history = await t.db
      .selectFrom('aocLog')
      .select(['recordId', 'mode', 'createBy'])
      .where(
        'recordId',
        'in',
        rows.map((r) => r.id),
      )
      .where('tag', '=', 'person')
      .execute();
    expect(history.map((h) => h.mode)).toEqual(['insert', 'insert']);
    // A number saved on the form afterwards is refused as a duplicate of the imported one (same keyed hash).
    const twice = await call('nj_aoc', 'POST', `${PSN}/save`, { body: { name: '表单重复', certType: 1, certNo: good } });
    expect(twice.body).toMatchObject({ code: 400, msg: '该证件号码的个人会员已存在' });
    const again = await upload(book, 'nj_aoc', { dryRun: 'true' });
    expect(again.body.data).toMatchObject({ valid: 0 });
    expect(again.body.data.errors).toEqual(
      expect.arrayContaining([
        { row: 2, column: '证件号码', message: '该证件号码的个人会员已存在' },
        { row: 3, column: '证件号码', message: '该证件号码的个人会员已存在' },
      ]),
    );
  });

  it('writes nothing when every row is wrong', async () => {
    const count = () =>
      t.db
        .selectFrom('aocMemberPerson')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
    const before = await count();
    const res = await upload(
      await workbook('会员', [HEAD, row({ 姓名: '导入全错一', 证件号码: personCert }), row({ 姓名: '导入全错二', 证件号码: '12345' })]),
      'nj_aoc',
    );
    expect(res.body.data).toEqual({
      total: 2,
      valid: 0,
      imported: 0,
      dryRun: false,
      errors: [
        { row: 2, column: '证件号码', message: '该证件号码的个人会员已存在' },
        { row: 3, column: '证件号码', message: '身份证号码应为18位,最后一位可为X' },
      ],
    });
    expect(await count()).toEqual(before);
  });
});
