import { describe, expect, it } from 'vitest';
import { FILLIN_MSG, checkForm, evaluateForm, idCardCheckChar, COLLECT_FIELDS, type FormField } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { fetchFile, readBook, uploadBook, workbook } from '../../../test/harness/files.js';
import { useTestApp } from '../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['nj_coc', 'nj_aoc', 'js_aoc', 'admin'], (app) => (t = app));

const PE = '/api/aoc-service/fillperiod';
const C = '/api/aoc-service/collectperson';
const S = '/api/aoc-service/associationcommercesupplement';
const B = '/api/aoc-service/businesstag';
const get = (who: string | undefined, url: string, query: Record<string, string> = {}) => t.call({ url, token: who ? tokens[who] : undefined, query });
const post = (who: string, url: string, body?: unknown, query?: Record<string, string>) => t.call({ method: 'POST', url, token: tokens[who], body, query });

/** A valid identity card number (GB 11643) born on the day, with a serial. */
const idCard = (serial: number, birth = '19800101') => {
  const first = `320102${birth}${String(serial).padStart(3, '0')}`;
  return first + idCardCheckChar(first);
};
const person = (serial: number, extra: Record<string, unknown> = {}) => ({
  name: `测试${serial}`,
  category: '1',
  certNo: idCard(serial),
  gender: '1',
  nation: '汉族',
  mobile: '13800138000',
  company: '南京示例科技有限公司',
  ...extra,
});
const deptIdOf = async (name: string) => String((await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', name).executeTakeFirstOrThrow()).id);

describe('form helpers (contract: the same evaluation on server and web)', () => {
  it('shows and requires 代表(委员)级别 only while 人大代表/政协委员 is chosen; hidden values are dropped', () => {
    expect(evaluateForm(COLLECT_FIELDS, { deputyType: '0' }).deputyLevel).toEqual({ visible: false, required: false, readonly: false });
    expect(evaluateForm(COLLECT_FIELDS, { deputyType: '1' }).deputyLevel).toEqual({ visible: true, required: true, readonly: false });
    const hidden = checkForm(COLLECT_FIELDS, { ...person(1), deputyType: '0', deputyLevel: '1' });
    expect(hidden.errors).toEqual([]);
    expect(hidden.values).not.toHaveProperty('deputyLevel');
    const missing = checkForm(COLLECT_FIELDS, { ...person(1), deputyType: '2' });
    expect(missing.errors).toEqual([{ field: 'deputyLevel', message: '请选择代表(委员)级别' }]);
  });

  it('settles chains: a field hidden by a rule reads as empty in the conditions of others', () => {
    const fields: FormField[] = [
      { prop: 'a', label: 'A', type: 'radio', options: [{ value: '1', label: '是' }] },
      { prop: 'b', label: 'B', type: 'text', visible: false, rules: [{ when: [{ field: 'a', op: 'eq', value: '1' }], visible: true }] },
      { prop: 'c', label: 'C', type: 'text', rules: [{ when: [{ field: 'b', op: 'notEmpty' }], required: true, readonly: true }] },
    ];
    expect(evaluateForm(fields, { a: '', b: 'x' }).c.required).toBe(false);
    expect(evaluateForm(fields, { a: '1', b: 'x' }).c).toEqual({ visible: true, required: true, readonly: true });
  });
});

describe('fillperiod', () => {
  it('needs a token and refuses bad input with the §5 messages', async () => {
    expect((await get(undefined, `${PE}/detail`)).status).toBe(401);
    expect((await post('nj_coc', `${PE}/submit`, {})).body.msg).toBe(FILLIN_MSG.periodRequired);
    expect((await post('nj_coc', `${PE}/submit`, { period: 3 })).body.msg).toBe(FILLIN_MSG.finishDateRequired);
    expect((await post('nj_coc', `${PE}/submit`, { period: 31, finishDate: '2024-01' })).body.msg).toBe(FILLIN_MSG.periodRange);
    expect((await post('nj_coc', `${PE}/submit`, { period: 3, finishDate: '2024-13' })).body.msg).toBe(FILLIN_MSG.finishDateFormat);
    expect((await post('nj_coc', `${PE}/submit`, { period: 3, finishDate: '2999-01' })).body.msg).toBe(FILLIN_MSG.finishDateFuture);
  });

  it('is null until the chamber saves its term, then 第N届; only its own org, updated at its version', async () => {
    expect((await get('nj_coc', `${PE}/detail`)).body).toMatchObject({ code: 200, data: null });
    const other = await deptIdOf('南京市工商联');
    expect((await post('nj_coc', `${PE}/submit`, { period: 3, finishDate: '2024-06', deptId: other })).body.msg).toBe(FILLIN_MSG.ownOnly);
    // A federation holds the fill-in grants (to give a chamber its role) but is no org that fills in.
    const federation = await post('nj_aoc', `${PE}/submit`, { period: 3, finishDate: '2024-06' });
    expect(federation.status).toBe(400);
    expect(federation.body.msg).toBe(FILLIN_MSG.notFillOrg);
    const saved = await post('nj_coc', `${PE}/submit`, { period: 3, finishDate: '2024-06' });
    expect(saved.body.data).toMatchObject({ period: 3, periodName: '第三届', finishDate: '2024-06', version: 1 });
    expect((await post('nj_coc', `${PE}/submit`, { id: saved.body.data.id, period: 4, finishDate: '2024-06' })).body.msg).toContain('version');
    const changed = await post('nj_coc', `${PE}/submit`, { id: saved.body.data.id, version: 1, period: 13, finishDate: '2024-07' });
    expect(changed.body.data).toMatchObject({ periodName: '第十三届', version: 2 });
    await post('nj_coc', `${PE}/submit`, { id: saved.body.data.id, version: 2, period: 3, finishDate: '2024-06' });
    // The federation reads it; an org outside its scope is 404.
    const chamber = saved.body.data.deptId;
    expect((await get('nj_aoc', `${PE}/detail`, { deptId: chamber })).body.data).toMatchObject({ period: 3 });
    expect((await get('nj_aoc', `${PE}/detail`, { deptId: await deptIdOf('苏州市工商联') })).status).toBe(404);
    expect((await get('nj_coc', `${PE}/detail`, { deptId: await deptIdOf('南京市工商联') })).status).toBe(404);
  });
});

describe('collectperson', () => {
  it('adds persons checked against the template; a person once per term; hidden fields not stored', async () => {
    const missing = await post('nj_coc', `${C}/submit`, { name: '张三', category: '1', certNo: idCard(11) });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('请选择性别');
    expect((await post('nj_coc', `${C}/submit`, person(12, { certNo: '320102198001011230' }))).body.msg).toBe('身份证号码校验位不正确');
    const added = await post('nj_coc', `${C}/submit`, person(13, { deputyType: '0', deputyLevel: '2', post: '会长' }));
    expect(added.body).toMatchObject({ code: 200, msg: '新增成功', data: { name: '测试13', categoryName: '常委', period: 3, templateVersion: 1 } });
    expect(added.body.data.certNo).toMatch(/^320\*+\d{3}[\dX]$/);
    expect(added.body.data.data).not.toHaveProperty('deputyLevel');
    const stored = await t.db.selectFrom('aocCollectPerson').select(['certNoEnc', 'data']).where('id', '=', added.body.data.id).executeTakeFirstOrThrow();
    expect(stored.certNoEnc).not.toContain(idCard(13));
    expect(JSON.parse(stored.data)).not.toHaveProperty('deputyLevel');
    expect((await post('nj_coc', `${C}/submit`, person(13, { name: '重复' }))).body.msg).toBe(FILLIN_MSG.personExists);
    const levelMissing = await post('nj_coc', `${C}/submit`, person(14, { deputyType: '1' }));
    expect(levelMissing.body.msg).toBe('请选择代表(委员)级别');
    // Update with the masked certificate sent back keeps the number.
    const id = added.body.data.id;
    const upd = await post('nj_coc', `${C}/submit`, { ...added.body.data.data, id, version: 1, name: '测试十三', category: '2' });
    expect(upd.body).toMatchObject({ msg: '更新成功', data: { name: '测试十三', categoryName: '执委', version: 2 } });
    const detail = await get('nj_coc', `${C}/detail`, { id });
    expect(detail.body.data).toMatchObject({ id, name: '测试十三', personBaseId: null });
  });

  it('keeps data scope: the federation reads, another chamber’s or another city’s record is 404', async () => {
    const page = await get('nj_coc', `${C}/page`, { size: '100' });
    expect(page.body.data.total).toBeGreaterThanOrEqual(1);
    const mine = page.body.data.records[0];
    expect((await get('nj_aoc', `${C}/page`, { deptId: mine.deptId, size: '100' })).body.data.records.map((r: { id: string }) => r.id)).toContain(mine.id);
    expect((await get('nj_aoc', `${C}/detail`, { id: mine.id })).status).toBe(200);
    const suzhou = await deptIdOf('苏州市工商联');
    const foreign = await t.db
      .insertInto('aocCollectPerson')
      .values({ deptId: suzhou, period: 1, name: '外市', category: 1, certNoEnc: 'v1:x', certNoHash: 'h', data: '{}', templateId: '1', templateVersion: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await get('nj_aoc', `${C}/detail`, { id: String(foreign.id) })).status).toBe(404);
    expect((await get('nj_coc', `${C}/detail`, { id: String(foreign.id) })).status).toBe(404);
    expect((await post('nj_coc', `${C}/remove`, undefined, { ids: String(foreign.id) })).status).toBe(404);
    await t.db.deleteFrom('aocCollectPerson').where('id', '=', foreign.id).execute();
  });

  it('imports a workbook: the whole file checked, a dry run, the valid rows in one transaction', async () => {
    const tpl = await fetchFile(t, tokens.nj_coc, 'GET', `${C}/export-template`);
    expect(tpl.status).toBe(200);
    const head = (await readBook(tpl.body as Buffer))[0];
    expect(head).toContain('姓名*');
    const rows = [
      head,
      ['李一', '会员代表', idCard(21), '男', '汉族', '13900139000', '单位一', '', '', '', '', ''],
      ['李二', '会员代表', '320102198001011230', '女', '汉族', '13900139001', '单位二', '', '', '', '', ''],
      ['李三', '执委', idCard(22), '女', '回族', '13900139002', '单位三', '', '', '', '', ''],
    ];
    const book = await workbook('人员', rows);
    const dry = await uploadBook(t, tokens.nj_coc, `${C}/import-collectperson`, book, 'p.xlsx', { dryRun: 'true' });
    expect(dry.body.data).toMatchObject({ total: 3, valid: 2, imported: 0, dryRun: true });
    expect(dry.body.data.errors).toEqual([{ row: 3, column: '身份证号码', message: '身份证号码校验位不正确' }]);
    const real = await uploadBook(t, tokens.nj_coc, `${C}/import-collectperson`, book, 'p.xlsx');
    expect(real.body.data).toMatchObject({ imported: 2 });
    const again = await uploadBook(t, tokens.nj_coc, `${C}/import-collectperson`, book, 'p.xlsx');
    expect(again.body.data.imported).toBe(0);
    expect(again.body.data.errors.some((e: { message: string }) => e.message.includes('本届已填报'))).toBe(true);
    const exp = await fetchFile(t, tokens.nj_coc, 'POST', `${C}/export-collectperson`);
    expect(exp.status).toBe(200);
    const sheet = await readBook(exp.body as Buffer);
    expect(sheet.length).toBe(4);
    expect(sheet.flat().join()).not.toContain(idCard(21));
  });

  it('submits to the federation, which sees it filled, returns it with a reason, and every round is kept', async () => {
    const chamber = await deptIdOf('南京市浙江商会');
    const report = await post('nj_coc', `${C}/report`);
    expect(report.body).toMatchObject({ code: 200, data: { status: 1, counts: { 1: 0, 2: 2, 3: 1 } } });
    expect((await post('nj_coc', `${C}/submit`, person(31))).body.msg).toBe(FILLIN_MSG.submitted);
    expect((await post('nj_coc', `${C}/report`)).body.msg).toBe(FILLIN_MSG.submitted);
    const situation = await get('nj_aoc', `${C}/filling-situation`, { deptName: '南京市浙江商会' });
    expect(situation.body.data.records[0]).toMatchObject({
      deptId: chamber,
      filled: true,
      statusName: '已提交',
      executive: 2,
      representative: 1,
      total: 3,
      periodName: '第三届',
    });
    expect((await get('nj_coc', `${C}/filling-situation`)).status).toBe(403);
    expect((await post('nj_aoc', `${C}/return`, { deptId: chamber, comment: ' ' })).body.msg).toBe(FILLIN_MSG.commentRequired);
    const back = await post('nj_aoc', `${C}/return`, { deptId: chamber, comment: '请补充会员代表' });
    expect(back.body.data).toMatchObject({ status: 2, returnComment: '请补充会员代表' });
    expect((await post('nj_aoc', `${C}/return`, { deptId: chamber, comment: '再退' })).body.msg).toBe(FILLIN_MSG.notSubmitted);
    expect((await post('js_aoc', `${C}/return`, { deptId: await deptIdOf('南京市工商联'), comment: 'x' })).body.msg).toBe(FILLIN_MSG.notSubmitted);
    const rounds = await get('nj_coc', `${C}/rounds`);
    expect(rounds.body.data[0]).toMatchObject({ statusName: '已退回', returnComment: '请补充会员代表' });
    expect((await post('nj_coc', `${C}/submit`, person(32, { category: '3' }))).body.code).toBe(200);
    expect((await post('nj_coc', `${C}/report`)).body.code).toBe(200);
    expect((await get('nj_coc', `${C}/rounds`)).body.data).toHaveLength(2);
    const myDay = await get('nj_coc', '/api/aoc-service/my-day/pending');
    expect(JSON.stringify(myDay.body.data)).not.toContain('fillin.period');
  });

  it('shows the demo chambers of Nanjing in every status to nj_aoc, none of another city to js_aoc’s filter', async () => {
    const all = (await get('nj_aoc', `${C}/filling-situation`, { size: '200' })).body.data;
    const names = new Set(all.records.map((r: { statusName: string }) => r.statusName));
    expect([...names]).toEqual(expect.arrayContaining(['已提交', '填报中', '已退回', '未填报']));
    const returned = (await get('nj_aoc', `${C}/filling-situation`, { status: '3', size: '200' })).body.data.records;
    expect(returned.every((r: { returnComment: string | null }) => r.returnComment)).toBe(true);
    expect((await get('js_aoc', `${C}/filling-situation`, { size: '1' })).body.data.total).toBeGreaterThan(all.total);
  });

  it('exports the whole 填报情况 of the scope as one workbook: filled or not, counts by category, last change', async () => {
    const all = (await get('nj_aoc', `${C}/filling-situation`, { size: '200' })).body.data;
    const exp = await fetchFile(t, tokens.nj_aoc, 'POST', `${C}/export-filling-situation`);
    expect(exp.status).toBe(200);
    expect(String(exp.headers['content-disposition'])).toContain('filling-situation.xlsx');
    const sheet = await readBook(exp.body as Buffer);
    expect(sheet[0]).toEqual([
      '组织名称',
      '上级组织',
      '是否已填报',
      '状态',
      '届别',
      '换届完成年月',
      '常委',
      '执委',
      '会员代表',
      '合计',
      '提交时间',
      '最后变更',
      '退回原因',
    ]);
    expect(sheet.length - 1).toBe(all.total);
    const line = sheet.find((r) => r[0] === '南京市浙江商会')!;
    const listed = all.records.find((r: { deptName: string }) => r.deptName === '南京市浙江商会');
    expect(line.slice(2, 10)).toEqual(['已填报', '已提交', '第三届', '2024-06', '0', '2', '2', '4']);
    expect(line[11]).toBe(listed.lastChange);
    expect(sheet.some((r) => r[2] === '未填报')).toBe(true);
    // The same filters as the list; another city's chamber is never in Nanjing's workbook.
    const submitted = await readBook((await fetchFile(t, tokens.nj_aoc, 'POST', `${C}/export-filling-situation`, { status: '2' })).body as Buffer);
    expect(submitted.slice(1).every((r) => r[3] === '已提交')).toBe(true);
    expect(submitted.length).toBeGreaterThan(1);
    const province = await readBook((await fetchFile(t, tokens.js_aoc, 'POST', `${C}/export-filling-situation`)).body as Buffer);
    expect(province.length).toBeGreaterThan(sheet.length);
    expect((await fetchFile(t, tokens.nj_coc, 'POST', `${C}/export-filling-situation`)).status).toBe(403);
    expect((await fetchFile(t, tokens.nj_aoc, 'POST', `${C}/export-filling-situation`, { status: '9' })).status).toBe(400);
  });

  it('reminds the chambers not yet filled through the message centre: a notice in the box of their staff', async () => {
    const open = (await get('nj_aoc', `${C}/filling-situation`, { status: '0', size: '200' })).body.data.records as Array<{ deptId: string }>;
    const staffed = await t.db
      .selectFrom('bladeUser')
      .select(['id', 'deptId'])
      .where(
        'deptId',
        'in',
        open.map((r) => r.deptId),
      )
      .where('isDeleted', '=', 0)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const one = await post('nj_aoc', `${C}/remind`, { deptIds: String(staffed.deptId) });
    expect(one.body).toMatchObject({ code: 200, msg: '已提醒1个组织', data: { orgs: 1 } });
    expect(one.body.data.recipients).toBeGreaterThan(0);
    const box = await t.db
      .selectFrom('msgRecipient as r')
      .innerJoin('msgSend as s', 's.id', 'r.sendId')
      .select(['s.title', 's.channel'])
      .where('r.userId', '=', staffed.id)
      .execute();
    expect(box).toContainEqual({ title: FILLIN_MSG.remindTitle, channel: 'sys' });
    // A chamber that has submitted needs no reminder; an org that fills in nothing (the federation) is 404.
    expect((await post('nj_aoc', `${C}/remind`, { deptIds: await deptIdOf('南京市浙江商会') })).body.msg).toBe(FILLIN_MSG.remindNone);
    expect((await post('nj_aoc', `${C}/remind`, { deptIds: await deptIdOf('南京市工商联') })).status).toBe(404);
    const res = await post('nj_aoc', `${C}/remind`, {});
    expect(res.body.code).toBe(200);
    expect(res.body.data.orgs).toBeGreaterThan(0);
    expect((await post('nj_coc', `${C}/remind`, {})).status).toBe(403);
  });
});

describe('businesstag: versioned templates', () => {
  it('lists by menu, saves a new version, and the server follows the new condition while old records keep theirs', async () => {
    const list = await get('nj_coc', `${B}/listByMenuId`, { menuId: 'fillin_collect' });
    expect(list.body.data[0]).toMatchObject({ templateKey: 'collectperson' });
    const tpl = (await get('admin', `${B}/formTemplateByKey`, { templateKey: 'collectperson' })).body.data;
    const fields = tpl.fields.map((f: FormField) =>
      f.prop === 'post' ? { ...f, rules: [{ when: [{ field: 'category', op: 'eq', value: '1' }], required: true }] } : f,
    );
    expect((await post('nj_aoc', `${B}/submit`, { ...tpl, fields })).status).toBe(403);
    const hidden = fields.map((f: FormField) => (f.prop === 'name' ? { ...f, visible: false } : f));
    expect((await post('admin', `${B}/submit`, { templateKey: 'collectperson', name: tpl.name, fields: hidden, version: tpl.version })).body.msg).toBe(
      '「姓名」是系统字段,不能删除、隐藏或设为非必填',
    );
    const saved = await post('admin', `${B}/submit`, { templateKey: 'collectperson', name: tpl.name, fields, version: tpl.version });
    expect(saved.body.data.version).toBe(tpl.version + 1);
    expect((await post('admin', `${B}/submit`, { templateKey: 'collectperson', name: tpl.name, fields, version: tpl.version })).body.msg).toBe(
      FILLIN_MSG.templateStale,
    );
    expect((await get('nj_coc', `${B}/formTemplateByKey`, { templateKey: 'collectperson', version: String(tpl.version) })).body.data.version).toBe(tpl.version);
    // The chamber's list is with the federation; return it so the chamber can write again.
    await post('nj_aoc', `${C}/return`, { deptId: await deptIdOf('南京市浙江商会'), comment: '模板已更新' });
    expect((await post('nj_coc', `${C}/submit`, person(41, { category: '1' }))).body.msg).toBe('请填写职务');
    expect((await post('nj_coc', `${C}/submit`, person(41, { category: '1', post: '副会长' }))).body.data.templateVersion).toBe(tpl.version + 1);
    const old = (await get('nj_coc', `${C}/page`, { name: '测试十三' })).body.data.records[0];
    expect(old.templateVersion).toBe(1);
  });
});

describe('associationcommercesupplement', () => {
  it('submits once a year, drives isfill, is returned with a reason and can be corrected', async () => {
    expect((await get('nj_coc', `${S}/isfill`)).body.data).toBe(false);
    expect((await get('nj_coc', `${S}/detail`)).body.data).toBeNull();
    const form = { memberCount: '120', enterpriseCount: '100', staffCount: '5', partyOrg: '1' };
    expect((await post('nj_coc', `${S}/submit`, form)).body.msg).toBe('请选择党组织类型');
    const ok = await post('nj_coc', `${S}/submit`, { ...form, partyOrg: '0', partyOrgType: '1', partyMemberCount: '8' });
    expect(ok.body.data).toMatchObject({ status: 1, data: { partyOrg: '0' } });
    expect(ok.body.data.data).not.toHaveProperty('partyOrgType');
    expect((await get('nj_coc', `${S}/isfill`)).body.data).toBe(true);
    expect((await post('nj_coc', `${S}/submit`, { ...form, partyOrg: '0', id: ok.body.data.id, version: 1 })).body.msg).toBe(FILLIN_MSG.alreadySubmitted);
    const sit = await get('nj_aoc', `${S}/filling-situation`, { deptName: '南京市浙江商会' });
    expect(sit.body.data.records[0]).toMatchObject({ filled: true, statusName: '已提交' });
    const back = await post('nj_aoc', `${S}/return`, { id: ok.body.data.id, comment: '党员人数请核实' });
    expect(back.body.data).toMatchObject({ status: 2, returnComment: '党员人数请核实' });
    expect((await get('nj_coc', `${S}/isfill`)).body.data).toBe(false);
    expect((await post('js_aoc', `${S}/return`, { id: ok.body.data.id, comment: 'x' })).body.msg).toBe(FILLIN_MSG.notSubmitted);
    const again = await post('nj_coc', `${S}/submit`, {
      ...form,
      partyOrgType: '3',
      partyMemberCount: '8',
      id: ok.body.data.id,
      version: back.body.data.version,
    });
    expect(again.body.data).toMatchObject({ status: 1, returnComment: null, version: back.body.data.version + 1 });
  });
});
