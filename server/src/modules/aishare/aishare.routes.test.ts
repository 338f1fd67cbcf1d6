import { describe, expect, it, beforeAll } from 'vitest';
import { createHash } from 'node:crypto';
import { creditCheckChar, idCardCheckChar, SHARE_MSG } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['nj_aoc', 'nj_coc'], (app) => (t = app));

const R = '/api/ai-service/resume';
const S = '/api/ai-service/share';
const PSN = '/api/aoc-service/memberaocperson';
const ENT = '/api/aoc-service/memberaocenterprise';
const call = (who: string | null, method: 'GET' | 'POST', url: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
  t.call({ method, url, ...(who ? { token: tokens[who] } : {}), ...opts });
/** The public page's call: no token, no client credentials at all. */
const view = (code: string) => t.call({ url: `${S}/view`, query: { code }, client: false });

const CERT = '32010219900307452' + idCardCheckChar('32010219900307452');
const PHONE = '13912345670';
const CREDIT_SZ = '91320500777000031' + creditCheckChar('91320500777000031');

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
  ids.person = await save('nj_aoc', PSN, { name: '分享张敏', certType: 1, certNo: CERT, phone: PHONE, company: '南京分享集团', post: '总经理' });
  ids.sz = await save('sz', ENT, { name: '苏州分享测试有限公司', creditCode: CREDIT_SZ, legalPerson: '李四' });
  // The Suzhou member's résumé is published by its own org.
  const d = (await call('sz', 'GET', `${R}/enterprise/detail`, { query: { id: ids.sz } })).body.data;
  expect((await call('sz', 'POST', `${R}/enterprise/save`, { body: { id: ids.sz, version: 0, lines: d.lines } })).status).toBe(200);
  expect((await call('sz', 'POST', `${R}/enterprise/publish`, { body: { id: ids.sz, version: 1 } })).status).toBe(200);
});

describe('AI 简历 分享链接', () => {
  it('shares only a published résumé; the link opens without any credentials and shows only the published text', async () => {
    // Not published yet: refused with the message.
    const early = await call('nj_aoc', 'POST', `${S}/create`, { body: { kind: 'person', id: ids.person } });
    expect([early.status, early.body.msg]).toEqual([400, SHARE_MSG.notPublished]);

    const draft = (await call('nj_aoc', 'GET', `${R}/person/detail`, { query: { id: ids.person } })).body.data;
    const lines = [{ text: '分享张敏是南京分享集团的总经理。', sources: ['name', 'company', 'post'] }];
    expect((await call('nj_aoc', 'POST', `${R}/person/save`, { body: { id: ids.person, version: 0, lines } })).status).toBe(200);
    expect((await call('nj_aoc', 'POST', `${R}/person/publish`, { body: { id: ids.person, version: 1 } })).status).toBe(200);
    // A later edit stays unpublished: the link shows the published text only.
    const unpublished = [{ text: '尚未发布的草稿句子。', sources: [] }];
    expect((await call('nj_aoc', 'POST', `${R}/person/save`, { body: { id: ids.person, version: 2, lines: unpublished } })).status).toBe(200);
    expect(draft.memberName).toBe('分享张敏');

    const made = await call('nj_aoc', 'POST', `${S}/create`, { body: { kind: 'person', id: ids.person, days: 3 } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.msg).toBe(SHARE_MSG.created);
    const { code, url, expireTime, id } = made.body.data;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toMatch(new RegExp(`/gsl/subapp/static/share\\?code=${code}$`));
    expect(expireTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The code itself is never stored: only its SHA-256.
    const row = await t.db.selectFrom('aiShare').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.codeHash).toBe(createHash('sha256').update(code).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(code);

    const seen = await view(code);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    const v = seen.body.data;
    expect(v).toMatchObject({ kind: 'person', subjectName: '分享张敏', lines: ['分享张敏是南京分享集团的总经理。'], aiGenerated: true, expireTime });
    expect(v.generator).toMatchObject({ aiGenerated: true, method: 'template' });
    expect(v.approvedBy).toBeTruthy();
    expect(v.sharedBy).toBeTruthy();
    // Nothing else: no ids, no phone, no certificate, no unpublished draft, no sources.
    expect(Object.keys(v).sort()).toEqual(['aiGenerated', 'approveTime', 'approvedBy', 'expireTime', 'generator', 'kind', 'lines', 'sharedBy', 'subjectName']);
    const text = JSON.stringify(seen.body);
    for (const secret of [PHONE, CERT, `"${ids.person}"`, `"${id}"`, '尚未发布', 'sources', 'memberId', 'name']) expect(text).not.toContain(secret);
    expect((await t.db.selectFrom('aiShare').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views).toBe(1);

    // The creator's list shows it; revoke closes it.
    const list = await call('nj_aoc', 'GET', `${S}/list`, { query: { kind: 'person', id: ids.person } });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id, active: true, views: 1, revokedTime: null });
    const revoked = await call('nj_aoc', 'POST', `${S}/revoke`, { body: { ids: id } });
    expect([revoked.status, revoked.body.msg]).toEqual([200, SHARE_MSG.revoked]);
    const gone = await view(code);
    expect([gone.status, gone.body.msg]).toEqual([404, SHARE_MSG.invalid]);
    expect((await call('nj_aoc', 'GET', `${S}/list`, { query: { kind: 'person', id: ids.person } })).body.data[0]).toMatchObject({ id, active: false });
  });

  it('answers 404 for a résumé outside the caller’s scope, and for unknown or expired codes', async () => {
    const outside = await call('nj_aoc', 'POST', `${S}/create`, { body: { kind: 'enterprise', id: ids.sz } });
    expect(outside.status).toBe(404);
    expect((await call('nj_aoc', 'GET', `${S}/list`, { query: { kind: 'enterprise', id: ids.sz } })).status).toBe(404);
    const own = await call('sz', 'POST', `${S}/create`, { body: { kind: 'enterprise', id: ids.sz } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    // Someone outside the résumé's scope cannot revoke its link (nor learn it exists).
    expect((await call('nj_aoc', 'POST', `${S}/revoke`, { body: { ids: own.body.data.id } })).status).toBe(404);
    expect((await view(own.body.data.code)).status).toBe(200);

    const unknown = await view('A'.repeat(43));
    expect([unknown.status, unknown.body.msg]).toEqual([404, SHARE_MSG.invalid]);
    await t.db
      .updateTable('aiShare')
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where('id', '=', own.body.data.id)
      .execute();
    const expired = await view(own.body.data.code);
    expect([expired.status, expired.body.msg]).toEqual([404, SHARE_MSG.invalid]);
  });

  it('refuses bad input with Chinese messages', async () => {
    const cases: Array<[unknown, string]> = [
      [{ kind: 'nobody', id: ids.person }, SHARE_MSG.kindInvalid],
      [{ kind: 'person', id: ids.person, days: 31 }, SHARE_MSG.daysInvalid],
      [{ kind: 'person', id: ids.person, days: 1.5 }, SHARE_MSG.daysInvalid],
      [{ kind: 'person', id: 'x' }, '数据编号格式不正确'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('nj_aoc', 'POST', `${S}/create`, { body });
      expect([res.status, res.body.msg], JSON.stringify(body)).toEqual([400, msg]);
    }
    const bad = await t.call({ url: `${S}/view`, query: { code: 'short' }, client: false });
    expect([bad.status, bad.body.msg]).toEqual([400, SHARE_MSG.codeInvalid]);
    const none = await t.call({ url: `${S}/view`, client: false });
    expect([none.status, none.body.msg]).toEqual([400, SHARE_MSG.codeRequired]);
  });
});
