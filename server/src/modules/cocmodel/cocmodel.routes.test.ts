import { describe, expect, it } from 'vitest';
import { MODEL_PATHS, NEWS_PATHS, COC_MODEL_MSG } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['js_aoc', 'nj_aoc', 'nj_coc', 'admin'], (app) => (t = app));

const get = (who: string | undefined, url: string, query: Record<string, string> = {}) => t.call({ url, token: who ? tokens[who] : undefined, query });
const post = (who: string, url: string, body?: unknown) => t.call({ method: 'POST', url, token: tokens[who], body });
const COUNT = '/api/aoc-service/member/member-count';
const stamp = Date.now().toString(36);

const deptIdOf = async (name: string) =>
  String((await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', name).where('isDeleted', '=', 0).executeTakeFirstOrThrow()).id);

interface Item {
  key: string;
  kind: string;
  id: string;
  deptName: string;
  chambers: string[];
  title: string;
  content: string | null;
  time: string;
}
const feed = async (who: string, query: Record<string, string> = {}) =>
  (await get(who, MODEL_PATHS.circlePage, { size: '200', ...query })).body.data as { total: number; records: Item[] };

describe('商会大屏 summary', () => {
  it('needs a token; a bad org id is a Chinese 400', async () => {
    expect((await get(undefined, MODEL_PATHS.screenSummary)).status).toBe(401);
    const bad = await get('nj_coc', MODEL_PATHS.screenSummary, { deptId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('answers the chamber’s own members, equal to the member count, with its team, fill-in and 大事记', async () => {
    const s = (await get('nj_coc', MODEL_PATHS.screenSummary)).body.data;
    const c = (await get('nj_coc', COUNT)).body.data;
    expect(s.deptName).toBe('南京市浙江商会');
    expect(s.deptCategory).toBe(2);
    expect(s.members).toEqual(c);
    expect(s.members.total).toBeGreaterThan(0);
    expect(s.byIndustry.reduce((n: number, b: { value: number }) => n + b.value, 0)).toBe(c.enterprise);
    expect(s.byJoinYear.reduce((n: number, b: { value: number }) => n + b.value, 0)).toBe(c.total);
    // the current team in post rank, as the leadership rows hold it
    const rows = await t.db
      .selectFrom('aocAssociationLeader')
      .select(['name', 'year'])
      .where('deptId', '=', s.deptId)
      .where('year', '=', s.leaders.year)
      .where('isDeleted', '=', 0)
      .execute();
    expect(s.leaders.records.length).toBe(Math.min(rows.length, 50));
    expect(s.leaders.records.length).toBeGreaterThan(0);
    expect(s.leaders.records[0].rank).toBe(1);
    // nj_coc's chamber has no fill-in in the demo data
    expect(s.fillin).toMatchObject({ status: 0, statusName: '未填报', total: 0 });
    // the latest 大事记, newest first
    const events = await t.db
      .selectFrom('aocAssociationHistory')
      .select(['title', 'eventDate'])
      .where('deptId', '=', s.deptId)
      .where('isDeleted', '=', 0)
      .orderBy('eventDate', 'desc')
      .orderBy('id', 'desc')
      .limit(6)
      .execute();
    expect(s.events.map((e: { title: string }) => e.title)).toEqual(events.map((e) => e.title));
  });

  it('a federation opens a chamber inside its scope; a chamber no other org', async () => {
    const chamber = await deptIdOf('南京市浙江商会');
    const own = (await get('nj_coc', MODEL_PATHS.screenSummary)).body.data;
    const seen = (await get('nj_aoc', MODEL_PATHS.screenSummary, { deptId: chamber })).body.data;
    expect(seen.members).toEqual(own.members);
    expect(seen.deptName).toBe('南京市浙江商会');
    expect((await get('nj_coc', MODEL_PATHS.screenSummary, { deptId: await deptIdOf('南京市工商联') })).status).toBe(404);
    expect((await get('nj_aoc', MODEL_PATHS.screenSummary, { deptId: await deptIdOf('苏州市福建商会') })).status).toBe(404);
    // a federation's own screen: its whole line, no fill-in of its own
    const nj = (await get('nj_aoc', MODEL_PATHS.screenSummary)).body.data;
    expect(nj.members).toEqual((await get('nj_aoc', COUNT)).body.data);
    expect(nj.fillin).toBeNull();
  });
});

describe('商会圈 feed', () => {
  it('needs a token; a bad kind or page is a Chinese 400', async () => {
    expect((await get(undefined, MODEL_PATHS.circlePage)).status).toBe(401);
    const bad = await get('nj_coc', MODEL_PATHS.circlePage, { kind: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(COC_MODEL_MSG.kindBad);
    expect((await get('nj_coc', MODEL_PATHS.circlePage, { current: '0' })).status).toBe(400);
  });

  it('shows the 大事记 of the chambers inside the scope, newest first', async () => {
    const own = await feed('nj_coc', { kind: 'event' });
    expect(own.total).toBeGreaterThan(0);
    expect(new Set(own.records.map((r) => r.deptName))).toEqual(new Set(['南京市浙江商会']));
    const n = await t.db
      .selectFrom('aocAssociationHistory')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('deptId', '=', await deptIdOf('南京市浙江商会'))
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    expect(own.total).toBe(Number(n.n));
    const times = own.records.map((r) => r.time);
    expect([...times].sort().reverse()).toEqual(times);

    const nanjing = await feed('nj_aoc', { kind: 'event' });
    const names = new Set(nanjing.records.map((r) => r.deptName));
    expect(names).toContain('南京市浙江商会');
    expect(names).toContain('南京市餐饮商会');
    expect(names).not.toContain('苏州市福建商会');
    expect(names).not.toContain('南京市青年企业家协会'); // an association, not a chamber
    expect(names).not.toContain('南京市工商联');
  });

  it('shows news naming a chamber of the scope, and pages the mixed feed', async () => {
    const mine = `南京市浙江商会举办会员交流会 ${stamp}`;
    const other = `苏州市福建商会召开年会 ${stamp}`;
    for (const title of [mine, other]) {
      const r = await post('js_aoc', NEWS_PATHS.submit, { title, content: `${title}。`, sourceName: '测试日报', infoTime: '2026-11-20 09:30' });
      expect(r.body.code).toBe(200);
    }
    const coc = await feed('nj_coc');
    const news = coc.records.filter((r) => r.kind === 'news');
    expect(news.map((r) => r.title)).toContain(mine);
    expect(news.map((r) => r.title)).not.toContain(other);
    // with its whole text, its time and its chamber, in its place by time
    expect(news.find((r) => r.title === mine)).toMatchObject({
      deptName: '南京市浙江商会',
      chambers: ['南京市浙江商会'],
      content: `${mine}。`,
      time: '2026-11-20 09:30:00',
    });
    const times = coc.records.map((r) => r.time.slice(0, 10));
    expect([...times].sort().reverse()).toEqual(times);
    const province = await feed('js_aoc', { kind: 'news' });
    expect(province.records.map((r) => r.title)).toEqual(expect.arrayContaining([mine, other]));
    expect(province.records.every((r) => r.kind === 'news')).toBe(true);

    // paging: two pages of one item each are the first two of the whole feed
    const p1 = (await get('nj_coc', MODEL_PATHS.circlePage, { size: '1', current: '1' })).body.data;
    const p2 = (await get('nj_coc', MODEL_PATHS.circlePage, { size: '1', current: '2' })).body.data;
    expect(p1.total).toBe(coc.total);
    expect([p1.records[0].key, p2.records[0].key]).toEqual(coc.records.slice(0, 2).map((r) => r.key));
  });
});
