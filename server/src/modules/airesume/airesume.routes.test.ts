import { describe, expect, it, beforeAll } from 'vitest';
import { creditCheckChar, idCardCheckChar, MEMBER_FIELD_LABELS, RESUME_MSG, RESUME_STATUS, STALE_VERSION_MSG } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['nj_aoc', 'nj_coc'], (app) => (t = app));

const R = '/api/ai-service/resume';
const ENT = '/api/aoc-service/memberaocenterprise';
const PSN = '/api/aoc-service/memberaocperson';
const call = (who: string, method: 'GET' | 'POST', url: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
  t.call({ method, url, token: tokens[who], ...opts });

const CREDIT_NJ = '91320100777000011' + creditCheckChar('91320100777000011');
const CREDIT_SZ = '91320500777000021' + creditCheckChar('91320500777000021');
const CERT = '32010219850307451' + idCardCheckChar('32010219850307451');

const ids: Record<string, string> = {};
beforeAll(async () => {
  const suzhou = String(
    (await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', '苏州市工商联').where('isDeleted', '=', 0).executeTakeFirstOrThrow()).id,
  );
  const sz = await t.db.selectFrom('bladeUser').select('account').where('deptId', '=', suzhou).orderBy('id').executeTakeFirstOrThrow();
  tokens.sz = (await t.login(sz.account)).access_token;
  const save = async (who: string, url: string, body: Record<string, unknown>) => {
    const res = await call(who, 'POST', `${url}/save`, { body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return String(res.body.data.id);
  };
  ids.ent = await save('nj_aoc', ENT, {
    name: '简历测试科技有限公司',
    creditCode: CREDIT_NJ,
    legalPerson: '王建国',
    industry: '软件和信息技术服务业',
    address: '南京市江宁区秣陵街道1号',
    memberLevel: 2,
    joinDate: '2021-03-15',
  });
  ids.sz = await save('sz', ENT, { name: '苏州简历测试有限公司', creditCode: CREDIT_SZ, legalPerson: '李四' });
  ids.person = await save('nj_aoc', PSN, { name: '简历张伟', certType: 1, certNo: CERT, phone: '13812345678', company: '南京某某集团', post: '董事长' });
});

describe('AI 简历', () => {
  it('drafts a résumé from the profile: every line traced to the fields it came from, labelled as AI-generated', async () => {
    const res = await call('nj_aoc', 'GET', `${R}/enterprise/detail`, { query: { id: ids.ent } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({ id: null, version: 0, status: RESUME_STATUS.draft, memberName: '简历测试科技有限公司', aiGenerated: true, hasPublished: false });
    expect(r.generator).toMatchObject({ aiGenerated: true, method: 'template' });
    const text = r.lines.map((l: { text: string }) => l.text).join('');
    const lineWith = (s: string) => r.lines.find((l: { text: string }) => l.text.includes(s));
    expect(lineWith('法定代表人为王建国').sources).toEqual(expect.arrayContaining(['legalPerson', 'industry']));
    expect(lineWith('软件和信息技术服务业').sources).toContain('industry');
    expect(lineWith('南京市江宁区秣陵街道1号').sources).toEqual(['address']);
    expect(lineWith('2021年3月15日').sources).toEqual(expect.arrayContaining(['name', 'joinDate', 'deptId', 'memberLevel']));
    // Every source is a field of the kind; the credit code (not a narrative fact) is never written.
    for (const l of r.lines) for (const s of l.sources) expect(Object.keys(MEMBER_FIELD_LABELS.enterprise)).toContain(s);
    expect(text).not.toContain(CREDIT_NJ);
    expect(r.fieldLabels.legalPerson).toBe('法定代表人');

    // A person: no certificate number or phone in the text.
    const p = (await call('nj_aoc', 'GET', `${R}/person/detail`, { query: { id: ids.person } })).body.data;
    const ptext = p.lines.map((l: { text: string }) => l.text).join('');
    expect(ptext).toContain('现任职于南京某某集团,担任董事长');
    expect(ptext).not.toContain(CERT);
    expect(ptext).not.toContain('13812345678');
    expect(p.lines.find((l: { text: string }) => l.text.includes('董事长')).sources).toEqual(['company', 'post']);
  });

  it('keeps another org’s member out of every call (404), and an unknown kind member too', async () => {
    for (const [method, path, opts] of [
      ['GET', 'detail', { query: { id: ids.sz } }],
      ['GET', 'preview', { query: { id: ids.sz } }],
      ['POST', 'save', { body: { id: ids.sz, version: 0, lines: [{ text: '改写', sources: [] }] } }],
      ['POST', 'publish', { body: { id: ids.sz, version: 1 } }],
    ] as const) {
      const res = await call('nj_aoc', method, `${R}/enterprise/${path}`, opts);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(404);
    }
    // The enterprise's id is not a group member's.
    expect((await call('nj_aoc', 'GET', `${R}/group/detail`, { query: { id: ids.ent } })).status).toBe(404);
    // The owner of the Suzhou member sees it.
    expect((await call('sz', 'GET', `${R}/enterprise/detail`, { query: { id: ids.sz } })).status).toBe(200);
    expect(await t.db.selectFrom('aiResume').select('id').where('memberId', '=', ids.sz).execute()).toEqual([]);
  });

  it('saves edits at the version read, refuses a stale one, and publishes only when a person approves', async () => {
    const draft = (await call('nj_aoc', 'GET', `${R}/enterprise/detail`, { query: { id: ids.ent } })).body.data;
    // Nothing is published before publish: the preview says so, with no lines.
    const none = await call('nj_aoc', 'GET', `${R}/enterprise/preview`, { query: { id: ids.ent } });
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({ published: false, lines: [], approvedBy: null, approveTime: null, aiGenerated: true });
    // Publishing an unsaved draft is refused.
    expect((await call('nj_aoc', 'POST', `${R}/enterprise/publish`, { body: { id: ids.ent, version: 0 } })).body.msg).toBe(RESUME_MSG.notSaved);

    const edited = [{ text: '简历测试科技有限公司是江宁区的软件企业。', sources: ['name', 'industry', 'bogus'] }, ...draft.lines.slice(1)];
    const saved = await call('nj_aoc', 'POST', `${R}/enterprise/save`, { body: { id: ids.ent, version: 0, lines: edited } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.msg).toBe(RESUME_MSG.saved);
    expect(saved.body.data).toMatchObject({ version: 1, status: RESUME_STATUS.draft, aiGenerated: true });
    expect(saved.body.data.lines[0]).toEqual({ text: '简历测试科技有限公司是江宁区的软件企业。', sources: ['name', 'industry'] });

    // A second draft at version 0 (another tab) and a stale version are refused with the message.
    const again = await call('nj_aoc', 'POST', `${R}/enterprise/save`, { body: { id: ids.ent, version: 0, lines: edited } });
    expect([again.status, again.body.msg]).toEqual([400, STALE_VERSION_MSG]);
    const empty = await call('nj_aoc', 'POST', `${R}/enterprise/save`, { body: { id: ids.ent, version: 1, lines: [{ text: '  ', sources: [] }] } });
    expect([empty.status, empty.body.msg]).toEqual([400, RESUME_MSG.lineRequired]);

    const published = await call('nj_aoc', 'POST', `${R}/enterprise/publish`, { body: { id: ids.ent, version: 1 } });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data).toMatchObject({ status: RESUME_STATUS.published, version: 2, hasPublished: true });
    expect(published.body.data.approvedBy).toBeTruthy();
    expect(published.body.data.approveTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const stale = await call('nj_aoc', 'POST', `${R}/enterprise/publish`, { body: { id: ids.ent, version: 1 } });
    expect([stale.status, stale.body.msg]).toEqual([400, STALE_VERSION_MSG]);

    // The chamber sees only its own members: the federation's résumé is not its to read.
    expect((await call('nj_coc', 'GET', `${R}/enterprise/preview`, { query: { id: ids.ent } })).status).toBe(404);

    const preview = (await call('nj_aoc', 'GET', `${R}/enterprise/preview`, { query: { id: ids.ent } })).body.data;
    expect(preview.lines[0].text).toBe('简历测试科技有限公司是江宁区的软件企业。');
    expect(preview).toMatchObject({ published: true, aiGenerated: true, approvedBy: published.body.data.approvedBy, memberName: '简历测试科技有限公司' });
    expect(preview.viewerName).toBe(published.body.data.approvedBy);

    // Editing after publishing: the preview keeps the published lines until the next approval.
    const later = await call('nj_aoc', 'POST', `${R}/enterprise/save`, {
      body: { id: ids.ent, version: 2, lines: [{ text: '新的一句。', sources: ['name'] }] },
    });
    expect(later.body.data).toMatchObject({ status: RESUME_STATUS.draft, version: 3, hasPublished: true });
    const still = (await call('nj_aoc', 'GET', `${R}/enterprise/preview`, { query: { id: ids.ent } })).body.data;
    expect(still.lines[0].text).toBe('简历测试科技有限公司是江宁区的软件企业。');
  });
});
