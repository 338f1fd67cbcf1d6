import { beforeAll, describe, expect, it } from 'vitest';
import { ASSOCIATION_PATHS as P, RESUME_MSG, RESUME_STATUS, idCardCheckChar } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { COC_FIELD_LABELS } from './airesume.coc.js';

/**
 * AI 简历 of a chamber (ai-resume-coc): drafted from the chamber's associationbase, associationhistory and
 * associationleader rows and its org record, inside the association scope; and the export of a résumé
 * as an HTML file carrying both labels (visible 「AI生成」, <meta name="AIGC">).
 */
let t: TestApp;
const depts: Record<string, string> = {};
const tokens = useTestApp(['nj_aoc', 'nj_coc'], async (app) => {
  t = app;
  const deptOf = async (account: string) =>
    String((await t.db.selectFrom('bladeUser').select('deptId').where('account', '=', account).executeTakeFirstOrThrow()).deptId);
  const named = async (name: string) => String((await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', name).executeTakeFirstOrThrow()).id);
  depts.nj = await deptOf('nj_aoc');
  depts.njChamber = await deptOf('nj_coc');
  depts.suzhouChamber = await named('苏州市丝绸行业商会');
  depts.njFujian = await named('南京市福建商会');
});
const call = (who: string, method: 'GET' | 'POST', url: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
  t.call({ method, url, token: tokens[who], ...opts });

const R = '/api/ai-service/resume/coc';
const CERT = '32010219800101321' + idCardCheckChar('32010219800101321');
const PHONE = '13912340000';
const rows: Record<string, string> = {};

beforeAll(async () => {
  const ok = async (url: string, body: unknown) => {
    const res = await call('nj_coc', 'POST', url, { body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  // The seed may already hold the chamber's base record: update it at its version, or add it.
  const pre = (await call('nj_coc', 'GET', P.baseDetail)).body.data;
  await ok(P.baseSubmit, {
    ...(pre.id ? { id: pre.id, version: pre.version } : {}),
    termNo: 4,
    councilSize: 60,
    congressSize: 120,
    secretaryGeneral: '简历秘书长',
    termStartDate: '2023-05-01',
    termEndDate: '2028-04-30',
  });
  rows.history = String((await ok(P.historySubmit, { eventDate: '2024-09-12', title: '简历测试年会召开', content: '年会' })).id);
  rows.leader = String(
    (await ok(P.leaderSubmit, { deptId: depts.njChamber, year: 2025, leaderType: 1, name: '简历会长', certNo: CERT, phone: PHONE, post: '会长' })).id,
  );
});

describe('AI 简历 › 商会 (ai-resume-coc)', () => {
  it('drafts the chamber’s résumé from its association rows and org record, each line traced to its fields and rows', async () => {
    const res = await call('nj_coc', 'GET', `${R}/detail`, { query: { id: depts.njChamber } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({ kind: 'coc', id: null, version: 0, memberId: depts.njChamber, aiGenerated: true, status: RESUME_STATUS.draft });
    expect(r.generator).toMatchObject({ aiGenerated: true, method: 'template' });
    const lineWith = (s: string) => r.lines.find((l: { text: string }) => l.text.includes(s));
    expect(lineWith('第4届').sources).toEqual(expect.arrayContaining(['associationbase.termNo', 'associationbase.termStartDate']));
    expect(lineWith('2023年5月1日至2028年4月30日')).toBeTruthy();
    expect(lineWith('秘书长为简历秘书长').sources).toEqual(expect.arrayContaining(['associationbase.secretaryGeneral', 'associationbase.councilSize']));
    expect(lineWith('会长为简历会长').sources).toContain(`associationleader:${rows.leader}`);
    expect(lineWith('2024年9月12日,简历测试年会召开').sources).toEqual([`associationhistory:${rows.history}`]);
    expect(r.lines[0].text.startsWith(r.memberName)).toBe(true);
    // Every source has a label (a field or a row read), and no personal number is ever written.
    for (const l of r.lines) for (const s of l.sources) expect(r.fieldLabels[s], s).toBeTruthy();
    expect(r.fieldLabels[`associationhistory:${rows.history}`]).toContain('简历测试年会召开');
    expect(r.fieldLabels['associationbase.termNo']).toBe(COC_FIELD_LABELS['associationbase.termNo']);
    const text = JSON.stringify(r.lines);
    expect(text).not.toContain(CERT);
    expect(text).not.toContain(PHONE);
  });

  it('keeps a chamber outside the caller’s scope, a non-chamber and an unknown id out of every call (404)', async () => {
    for (const [who, id] of [
      ['nj_coc', depts.njFujian], // a sibling chamber: a chamber sees only itself
      ['nj_aoc', depts.suzhouChamber], // another city's chamber
      ['nj_aoc', depts.nj], // a federation is not a chamber
      ['nj_coc', '999999999999'],
    ] as const) {
      for (const [method, path, opts] of [
        ['GET', 'detail', { query: { id } }],
        ['GET', 'preview', { query: { id } }],
        ['GET', 'export', { query: { id } }],
        ['POST', 'save', { body: { id, version: 0, lines: [{ text: '改写', sources: [] }] } }],
        ['POST', 'publish', { body: { id, version: 1 } }],
      ] as const) {
        const res = await call(who, method, `${R}/${path}`, opts);
        expect(res.status, `${who} ${path} ${id} ${JSON.stringify(res.body)}`).toBe(404);
      }
    }
    // The federation above it reads the chamber's résumé.
    expect((await call('nj_aoc', 'GET', `${R}/detail`, { query: { id: depts.njChamber } })).status).toBe(200);
    expect((await call('nj_aoc', 'GET', `${R}/detail`, { query: { id: 'abc' } })).status).toBe(400);
  });

  it('saves, publishes after approval, previews and exports with the visible mark and the AIGC metadata', async () => {
    const draft = (await call('nj_coc', 'GET', `${R}/detail`, { query: { id: depts.njChamber } })).body.data;
    // Before publishing: the preview says so, a published export is 404, the working one is the draft.
    expect((await call('nj_coc', 'GET', `${R}/preview`, { query: { id: depts.njChamber } })).body.data).toMatchObject({ published: false, lines: [] });
    const early = await call('nj_coc', 'GET', `${R}/export`, { query: { id: depts.njChamber, source: 'published' } });
    expect([early.status, early.body.msg]).toEqual([404, RESUME_MSG.notPublished]);

    const edited = [{ text: '本商会历史悠久。', sources: ['dept.deptName', 'associationhistory:1', 'bogus'] }, ...draft.lines.slice(1)];
    const saved = await call('nj_coc', 'POST', `${R}/save`, { body: { id: depts.njChamber, version: 0, lines: edited } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Only sources the chamber's résumé knows survive (a made-up row id does not).
    expect(saved.body.data.lines[0]).toEqual({ text: '本商会历史悠久。', sources: ['dept.deptName'] });
    const published = await call('nj_coc', 'POST', `${R}/publish`, { body: { id: depts.njChamber, version: 1 } });
    expect(published.body.data).toMatchObject({ status: RESUME_STATUS.published, hasPublished: true, kind: 'coc' });
    const approver = published.body.data.approvedBy;
    expect(approver).toBeTruthy();

    const preview = (await call('nj_aoc', 'GET', `${R}/preview`, { query: { id: depts.njChamber } })).body.data;
    expect(preview).toMatchObject({ published: true, kind: 'coc', approvedBy: approver, aiGenerated: true });
    expect(preview.lines[0].text).toBe('本商会历史悠久。');

    const file = await t.call({ url: `${R}/export`, token: tokens.nj_aoc, query: { id: depts.njChamber, source: 'published' } });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/html/);
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment;.*filename\*=UTF-8''.+\.html$/);
    const html = String(file.raw);
    // Explicit label: the visible mark and the notice.
    expect(html).toContain(`<span class="ai-mark" data-aigc="explicit">${RESUME_MSG.aiMark}</span>`);
    expect(html).toContain(RESUME_MSG.aiNotice);
    expect(html).toContain('本商会历史悠久。');
    // Implicit label: <meta name="AIGC"> with Label 1, the producer, method, model, time and approver.
    const meta = /<meta name="AIGC" content="([^"]+)">/.exec(html)?.[1];
    expect(meta).toBeTruthy();
    const aigc = JSON.parse(meta!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
    expect(aigc).toMatchObject({ Label: '1', method: 'template', model: '内置简历模板', approvedBy: approver, ReservedCode1: 'published' });
    expect(aigc.generatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(aigc.ContentProducer).toBeTruthy();
    expect(html).toContain(`<meta name="aigc:approvedBy" content="${approver}">`);

    // An editor's default export is the working copy (after a later edit, its lines, not the published ones).
    await call('nj_coc', 'POST', `${R}/save`, { body: { id: depts.njChamber, version: 2, lines: [{ text: '工作稿<一句>。', sources: [] }] } });
    const working = await t.call({ url: `${R}/export`, token: tokens.nj_coc, query: { id: depts.njChamber } });
    expect(working.status).toBe(200);
    const wtext = String(working.raw);
    expect(wtext).toContain('工作稿&lt;一句&gt;。');
    expect(wtext).toContain('<meta name="aigc:source" content="working">');
    expect(wtext).toContain(RESUME_MSG.aiMark);
    const bad = await call('nj_coc', 'GET', `${R}/export`, { query: { id: depts.njChamber, source: 'all' } });
    expect(bad.status).toBe(400);
  });
});
