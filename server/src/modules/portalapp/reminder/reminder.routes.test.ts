import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MYORG_GUIDE_FIELDS, REMINDER_MSG, REMINDER_PATHS as P, REMINDER_REPORT_CODE, REMINDER_REPORT_CODE_CITY } from '@gsl/contract';
import type { TestApp } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['js_aoc', 'nj_aoc', 'nj_coc'], (app) => (t = app));

const get = (who: string | undefined, url: string) => t.call({ url, token: who ? tokens[who] : undefined });
const post = (who: string, url: string, body: unknown) => t.call({ method: 'POST', url, token: tokens[who], body });
const report = (who: string, cficId: string, reportCode: string, extra: Record<string, unknown> = {}) =>
  post(who, P.report, { queryConditionMap: { cficId, reportCode }, current: 1, size: 20, ...extra });
const snake = (f: string) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Chambers and associations under the org with `path` whose profile is missing or has an empty guided field. */
async function incompleteUnder(path: string): Promise<number> {
  const empty = MYORG_GUIDE_FIELDS.map((f) => `nullif(p.${snake(f)}::text, '') is null`).join(' or ');
  const r = await sql<{ n: string }>`select count(*) as n from blade_dept c left join aoc_org_profile p on p.dept_id = c.id and p.is_deleted = 0
    where c.is_deleted = 0 and c.dept_category in (2, 3) and c.id_path like ${`${path}%`} and (p.id is null or ${sql.raw(empty)})`.execute(t.db);
  return Number(r.rows[0].n);
}

describe('商会信息提醒', () => {
  it('needs a token', async () => {
    expect((await get(undefined, P.status)).status).toBe(401);
  });

  it('tells each user their report; the first record counts the incomplete chambers of their scope', async () => {
    const province = (await get('js_aoc', P.status)).body.data;
    expect(province).toMatchObject({ viewStatus: 0, reportCode: REMINDER_REPORT_CODE });
    const city = (await get('nj_aoc', P.status)).body.data;
    expect(city).toMatchObject({ viewStatus: 0, reportCode: REMINDER_REPORT_CODE_CITY });

    const nj = await report('nj_aoc', city.cficId, city.reportCode);
    expect(nj.status).toBe(200);
    const path = String((await t.db.selectFrom('bladeDept').select('idPath').where('id', '=', city.cficId).executeTakeFirstOrThrow()).idPath);
    const first = nj.body.data.records[0];
    expect(first).toMatchObject({ cficId: city.cficId, cficName: '南京市工商联' });
    expect(first.num).toBe(await incompleteUnder(path));
    expect(first.num).toBeGreaterThan(0);
    expect(first.total).toBeGreaterThanOrEqual(first.num);
    // The federations directly below follow, each with its own part.
    const parts = nj.body.data.records.slice(1) as Array<{ num: number }>;
    expect(parts.reduce((s, r) => s + r.num, 0)).toBeLessThanOrEqual(first.num);

    const js = await report('js_aoc', province.cficId, province.reportCode);
    expect(js.body.data.records[0].num).toBeGreaterThanOrEqual(first.num);
    expect(js.body.data.records.map((r: { cficName: string }) => r.cficName)).toContain('南京市工商联');
  });

  it('refuses a wrong code, another org and bad input with Chinese messages', async () => {
    const city = (await get('nj_aoc', P.status)).body.data;
    const province = (await get('js_aoc', P.status)).body.data;
    expect((await report('nj_aoc', city.cficId, REMINDER_REPORT_CODE)).body.msg).toBe(REMINDER_MSG.reportCodeMismatch);
    expect((await report('nj_aoc', city.cficId, 'nope')).body.msg).toBe(REMINDER_MSG.reportCodeBad);
    expect((await report('nj_aoc', province.cficId, REMINDER_REPORT_CODE)).status).toBe(404);
    expect((await report('nj_coc', city.cficId, REMINDER_REPORT_CODE_CITY)).status).toBe(404);
    expect((await post('nj_aoc', P.report, { current: 1, size: 20 })).body.msg).toBe(REMINDER_MSG.cficRequired);
    expect((await report('nj_aoc', 'abc', REMINDER_REPORT_CODE_CITY)).body.msg).toBe(REMINDER_MSG.cficBad);
    expect((await post('nj_aoc', P.update, { viewStatus: 3 })).body.msg).toBe(REMINDER_MSG.statusBad);
  });

  it('records 不再提醒 for the user alone', async () => {
    expect((await post('nj_coc', P.update, {})).body.data).toEqual({ viewStatus: 1 });
    expect((await get('nj_coc', P.status)).body.data.viewStatus).toBe(1);
    expect((await get('nj_aoc', P.status)).body.data.viewStatus).toBe(0);
    const own = (await get('nj_coc', P.status)).body.data;
    const mine = await report('nj_coc', own.cficId, own.reportCode);
    expect(mine.body.data.records).toHaveLength(1);
    expect(mine.body.data.records[0].total).toBe(1);
    expect((await post('nj_coc', P.update, { viewStatus: 0 })).body.data).toEqual({ viewStatus: 0 });
    expect((await get('nj_coc', P.status)).body.data.viewStatus).toBe(0);
  });
});
