import { beforeAll, describe, expect, it } from 'vitest';
import { AI_HOMEPAGE_PATHS as P, HOMEPAGE_MSG, STALE_VERSION_MSG, VERSION_REQUIRED_MSG } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';

/**
 * AI 主页 (README deviation 62): the org's staff edit and publish; those whose org-profile scope covers the
 * org read it published or not; others on the org's line of the tree read it once published; everyone
 * else, and every other tenant, gets 404.
 */
let t: TestApp;
const tokens = useTestApp(['nj_aoc', 'nj_coc'], (app) => (t = app));
const call = (who: string, method: 'GET' | 'POST', url: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
  t.call({ method, url, token: tokens[who], ...opts });

const ids: Record<string, string> = {};
beforeAll(async () => {
  const dept = async (account: string) =>
    String((await t.db.selectFrom('bladeUser').select('deptId').where('account', '=', account).executeTakeFirstOrThrow()).deptId);
  ids.aoc = await dept('nj_aoc');
  ids.coc = await dept('nj_coc');
  ids.suzhou = String(
    (await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', '苏州市工商联').where('isDeleted', '=', 0).executeTakeFirstOrThrow()).id,
  );
  const sz = await t.db.selectFrom('bladeUser').select('account').where('deptId', '=', ids.suzhou).orderBy('id').executeTakeFirstOrThrow();
  tokens.sz = (await t.login(sz.account)).access_token;
  // The chamber's profile and a current leader: the introduction is built from them.
  await t.db
    .insertInto('aocOrgProfile')
    .values({
      tenantId: '000001',
      deptId: ids.coc,
      name: '南京市浙江商会',
      establishedDate: '2008-06-18',
      registrationAuthority: '南京市民政局',
      purpose: '团结在宁浙商,服务会员发展',
      contactPerson: '联络处',
      contactPhone: '025-84001234',
      email: 'zjsh@example.cn',
      website: 'https://zjsh.example.cn',
    } as never)
    .execute();
  // The chamber's leadership: an older year, and the latest one (理事 is not a leading post).
  const leader = (year: number, leaderType: number, name: string, sort = 0) =>
    t.db
      .insertInto('aocAssociationLeader')
      .values({ tenantId: '000001', deptId: ids.coc, year, leaderType, name, certType: 1, certNoEnc: 'x', certNoHash: `h-${name}-${year}`, sort } as never)
      .execute();
  await leader(2023, 1, '前任会长');
  await leader(2025, 3, '理事甲');
  await leader(2025, 2, '副会长乙', 1);
  await leader(2025, 1, '周立新');
  // An org of another tenant, with a published page.
  const other = await t.db
    .insertInto('bladeDept')
    .values({ tenantId: '000002', parentId: 0, ancestors: '0', deptName: '外租户商会', fullName: '外租户商会', deptCategory: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.foreign = String(other.id);
  await t.db
    .updateTable('bladeDept')
    .set({ idPath: `0,${other.id},` })
    .where('id', '=', other.id)
    .execute();
  await t.db
    .insertInto('aiHomepage')
    .values({
      tenantId: '000002',
      deptId: ids.foreign,
      lines: '[{"text":"外租户","sources":[]}]',
      publishedLines: '[{"text":"外租户","sources":[]}]',
      published: 1,
      model: 'x',
    })
    .execute();
});

describe('AI 主页', () => {
  it('drafts the own org’s page from real data: each sentence traced to its fields, labelled AI-generated', async () => {
    const res = await call('nj_coc', 'GET', P.detail, { query: { type: 'coc' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const h = res.body.data;
    expect(h).toMatchObject({ deptId: ids.coc, type: 'coc', typeName: '商会', canEdit: true, id: null, version: 0, published: false, aiGenerated: true });
    expect(h.generator).toMatchObject({ aiGenerated: true, method: 'template', model: '内置主页模板' });
    expect(h.lines.length).toBeGreaterThan(3);
    const line = (s: string) => h.lines.find((l: { text: string }) => l.text.includes(s));
    expect(line('成立于2008年6月').sources).toEqual(['establishedDate', 'registrationAuthority']);
    expect(line('团结在宁浙商').sources).toEqual(['purpose']);
    expect(line('会长周立新、副会长副会长乙').sources).toEqual(['leaders']);
    expect(line('南京市工商联所属的商会').sources).toContain('parentName');
    for (const l of h.lines) for (const s of l.sources) expect(h.fieldLabels[s]).toBeTruthy();
    expect(h.leaders).toEqual([
      { name: '周立新', post: '会长', year: 2025 },
      { name: '副会长乙', post: '副会长', year: 2025 },
    ]);
    expect(h.contact).toMatchObject({ contactPhone: '025-84001234', email: 'zjsh@example.cn', website: 'https://zjsh.example.cn' });
    // The figures are the org card's.
    const card = (await call('nj_coc', 'GET', '/api/aoc-service/portal/myOrg')).body.data;
    expect(h.figures).toMatchObject({ staffCount: card.staffCount, chamberCount: card.chamberCount, memberCount: card.memberCount });
    // cocId names the chamber too; the wrong type is no page at all.
    expect((await call('nj_coc', 'GET', P.detail, { query: { cocId: ids.coc } })).body.data.deptId).toBe(ids.coc);
    expect((await call('nj_coc', 'GET', P.detail, { query: { type: 'aoc' } })).status).toBe(404);
  });

  it('keeps other tenants and orgs outside the scope out (404), and lets only the org’s staff write (403 for a superior)', async () => {
    for (const who of ['nj_aoc', 'nj_coc', 'sz']) {
      expect((await call(who, 'GET', P.detail, { query: { deptId: ids.foreign } })).status).toBe(404);
      expect((await call(who, 'POST', P.publish, { body: { deptId: ids.foreign, version: 1 } })).status).toBe(404);
    }
    expect((await call('sz', 'GET', P.detail, { query: { deptId: ids.coc } })).status).toBe(404);
    expect((await call('sz', 'POST', P.save, { body: { deptId: ids.coc, version: 0, lines: [{ text: '越权', sources: [] }] } })).status).toBe(404);
    // The Nanjing federation covers the chamber: it reads the unpublished page but does not write it.
    const sup = await call('nj_aoc', 'GET', P.detail, { query: { deptId: ids.coc } });
    expect(sup.status).toBe(200);
    expect(sup.body.data).toMatchObject({ canEdit: false, published: false });
    const denied = await call('nj_aoc', 'POST', P.save, { body: { deptId: ids.coc, version: 0, lines: [{ text: '上级改写', sources: [] }] } });
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe(HOMEPAGE_MSG.ownOnly);
    expect(await t.db.selectFrom('aiHomepage').select('id').where('deptId', '=', ids.coc).execute()).toEqual([]);
  });

  it('saves at the version read, publishes and withdraws; a reader on the line sees only the published page', async () => {
    // The chamber cannot read its federation's unpublished page.
    expect((await call('nj_coc', 'GET', P.detail, { query: { deptId: ids.aoc } })).status).toBe(404);
    const draft = (await call('nj_aoc', 'GET', P.detail)).body.data;
    expect(draft).toMatchObject({ deptId: ids.aoc, type: 'aoc', canEdit: true, version: 0 });
    // Publishing before saving is refused.
    expect((await call('nj_aoc', 'POST', P.publish, { body: { version: 0 } })).body.msg).toBe(HOMEPAGE_MSG.notSaved);

    const edited = [{ text: '南京市工商联是南京市民营经济人士的人民团体。', sources: ['name', 'bogus'] }, ...draft.lines.slice(1)];
    const saved = await call('nj_aoc', 'POST', P.save, { body: { version: 0, lines: edited, method: 'template' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.msg).toBe(HOMEPAGE_MSG.saved);
    expect(saved.body.data).toMatchObject({ version: 1, published: false, changedSincePublish: true });
    expect(saved.body.data.lines[0]).toEqual({ text: '南京市工商联是南京市民营经济人士的人民团体。', sources: ['name'] });
    // A second first save, and a save at a stale version: refused with the refresh message.
    expect((await call('nj_aoc', 'POST', P.save, { body: { version: 0, lines: edited } })).body.msg).toBe(STALE_VERSION_MSG);
    expect((await call('nj_aoc', 'POST', P.publish, { body: { version: 5 } })).body.msg).toBe(STALE_VERSION_MSG);

    const pub = await call('nj_aoc', 'POST', P.publish, { body: { deptId: ids.aoc, version: 1 } });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect(pub.body.data).toMatchObject({ version: 2, published: true, publishedBy: '陈思远', changedSincePublish: false });

    // The chamber (on the federation's line) now reads the published page, without write rights.
    const seen = await call('nj_coc', 'GET', P.detail, { query: { deptId: ids.aoc, type: 'aoc' } });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ published: true, canEdit: false });
    expect(seen.body.data.lines[0].text).toBe('南京市工商联是南京市民营经济人士的人民团体。');
    expect((await call('nj_coc', 'POST', P.save, { body: { deptId: ids.aoc, version: 2, lines: edited } })).status).toBe(403);
    // Suzhou is not on Nanjing's line: still 404.
    expect((await call('sz', 'GET', P.detail, { query: { deptId: ids.aoc } })).status).toBe(404);

    // A later edit stays private until published again: the reader keeps the published text.
    const again = await call('nj_aoc', 'POST', P.save, { body: { version: 2, lines: [{ text: '修改中的简介。', sources: [] }] } });
    expect(again.body.data).toMatchObject({ version: 3, published: true, changedSincePublish: true });
    expect((await call('nj_coc', 'GET', P.detail, { query: { deptId: ids.aoc } })).body.data.lines[0].text).toBe(
      '南京市工商联是南京市民营经济人士的人民团体。',
    );

    // Withdrawn: private again.
    const un = await call('nj_aoc', 'POST', P.unpublish, { body: { version: 3 } });
    expect(un.status).toBe(200);
    expect(un.body.msg).toBe(HOMEPAGE_MSG.unpublished);
    expect(un.body.data).toMatchObject({ published: false, version: 4, publishedBy: null });
    expect((await call('nj_coc', 'GET', P.detail, { query: { deptId: ids.aoc } })).status).toBe(404);
    expect((await call('nj_aoc', 'POST', P.unpublish, { body: { version: 4 } })).body.msg).toBe(HOMEPAGE_MSG.notPublished);
  });

  it('refuses bad input with a Chinese message, never a 500', async () => {
    const cases: Array<[string, 'GET' | 'POST', string, { query?: Record<string, string>; body?: unknown }, string]> = [
      ['deptId', 'GET', P.detail, { query: { deptId: 'abc' } }, HOMEPAGE_MSG.deptId],
      ['type', 'GET', P.detail, { query: { type: 'xyz' } }, HOMEPAGE_MSG.type],
      ['no lines', 'POST', P.save, { body: { version: 0, lines: [] } }, HOMEPAGE_MSG.linesRequired],
      ['blank line', 'POST', P.save, { body: { version: 0, lines: [{ text: '  ', sources: [] }] } }, HOMEPAGE_MSG.lineRequired],
      ['long line', 'POST', P.save, { body: { version: 0, lines: [{ text: '长'.repeat(501), sources: [] }] } }, HOMEPAGE_MSG.lineTooLong],
      ['no version', 'POST', P.save, { body: { lines: [{ text: '简介', sources: [] }] } }, VERSION_REQUIRED_MSG],
      ['version 0 publish', 'POST', P.publish, { body: { version: 0 } }, HOMEPAGE_MSG.notSaved],
      ['lines not a list', 'POST', P.save, { body: { version: 0, lines: 'x' } }, HOMEPAGE_MSG.linesRequired],
    ];
    for (const [name, method, url, opts, msg] of cases) {
      const res = await call('nj_coc', method, url, opts);
      expect(res.status, name).toBe(400);
      expect(JSON.stringify(res.body), name).toContain(msg);
    }
  });
});
