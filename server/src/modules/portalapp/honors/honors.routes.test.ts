import { describe, expect, it } from 'vitest';
import { HONOR_MSG, HONOR_PATHS as P } from '@gsl/contract';
import type { TestApp } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['js_aoc', 'nj_aoc', 'nj_coc'], (app) => (t = app));

const get = (who: string | undefined, url: string, query: Record<string, string> = {}) => t.call({ url, token: who ? tokens[who] : undefined, query });
const deptId = async (name: string) => String((await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', name).executeTakeFirstOrThrow()).id);

describe('aochonor/page', () => {
  it('needs a token', async () => {
    expect((await get(undefined, P.honorPage)).status).toBe(401);
    expect((await get(undefined, P.rankPage)).status).toBe(401);
  });

  it('lists the honours of the org and the orgs below it inside the scope; another org is 404', async () => {
    const nanjing = await deptId('南京市工商联');
    const province = await deptId('江苏省工商联');
    const all = await get('nj_aoc', P.honorPage, { size: '500' });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThan(1);
    const njPath = String((await t.db.selectFrom('bladeDept').select('idPath').where('id', '=', nanjing).executeTakeFirstOrThrow()).idPath);
    const inside = await t.db.selectFrom('bladeDept').select('id').where('idPath', 'like', `${njPath}%`).execute();
    const ids = new Set(inside.map((d) => String(d.id)));
    for (const h of all.body.data.records) expect(ids.has(h.deptId)).toBe(true);
    expect(all.body.data.records[0]).toMatchObject({ name: '全国“五好”县级工商联', level: 1, levelName: '国家级' });
    // Newest first.
    const dates = all.body.data.records.map((h: { honourDate: string }) => h.honourDate);
    expect([...dates].sort().reverse()).toEqual(dates);

    const own = await get('nj_aoc', P.honorPage, { includeChild: '0' });
    for (const h of own.body.data.records) expect(h.deptId).toBe(nanjing);
    expect((await get('nj_aoc', P.honorPage, { deptId: province })).status).toBe(404);
    expect((await get('nj_coc', P.honorPage, { deptId: nanjing })).status).toBe(404);
    expect((await get('js_aoc', P.honorPage, { deptId: nanjing, size: '500' })).body.data.total).toBe(all.body.data.total);
    expect((await get('nj_aoc', P.honorPage, { level: '9' })).body.msg).toBe(HONOR_MSG.levelBad);
    expect((await get('nj_aoc', P.honorPage, { includeChild: '2' })).body.msg).toBe(HONOR_MSG.includeChildBad);
  });
});

describe('aocleadershiprank/page', () => {
  it('answers the current team of an org in rank order, numbered over the whole list', async () => {
    const first = await get('nj_aoc', P.rankPage, { size: '500' });
    expect(first.status).toBe(200);
    const team = first.body.data.records as Array<{ rank: number; leaderType: number; leaderTypeName: string; year: number }>;
    expect(team.length).toBeGreaterThan(0);
    const ORDER = [5, 6, 1, 7, 2, 3, 4];
    const ranks = team.map((r) => ORDER.indexOf(r.leaderType));
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(team.map((r) => r.rank)).toEqual(team.map((_, i) => i + 1));
    expect(new Set(team.map((r) => r.year)).size).toBe(1);
    expect(team[0].leaderTypeName).toBeTruthy();

    const second = await get('nj_aoc', P.rankPage, { size: '2', current: '2' });
    if (team.length > 2) expect(second.body.data.records[0].rank).toBe(3);

    const typed = await get('nj_aoc', P.rankPage, { size: '500', leaderType: String(team[team.length - 1].leaderType) });
    for (const r of typed.body.data.records) expect(r.leaderType).toBe(team[team.length - 1].leaderType);
    expect((await get('nj_aoc', P.rankPage, { year: '1900' })).body.msg).toBe(HONOR_MSG.yearBad);
    expect((await get('nj_aoc', P.rankPage, { year: '1990' })).body.data.total).toBe(0);
    expect((await get('nj_coc', P.rankPage, { deptId: await deptId('南京市工商联') })).status).toBe(404);
    expect((await get('nj_aoc', P.rankPage, { deptId: await deptId('江苏省工商联') })).status).toBe(404);
  });
});
