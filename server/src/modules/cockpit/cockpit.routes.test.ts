import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { COCKPIT_MSG, COCKPIT_PATHS, creditCheckChar } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['js_aoc', 'nj_aoc', 'nj_coc', 'admin'], (app) => (t = app));

const get = (who: string | undefined, url: string, query: Record<string, string> = {}) => t.call({ url, token: who ? tokens[who] : undefined, query });
const ENT = '/api/aoc-service/memberaocenterprise';
const COUNT = '/api/aoc-service/member/member-count';

const deptIdOf = async (name: string) =>
  (await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', name).where('isDeleted', '=', 0).executeTakeFirstOrThrow()).id;
const credit = (seq: number) => {
  const first17 = `91320102MA${String(seq).padStart(7, '0')}`;
  return first17 + creditCheckChar(first17);
};

describe('领导驾驶舱 summary', () => {
  it('needs a token and one of the cockpit screens', async () => {
    expect((await get(undefined, COCKPIT_PATHS.summary)).status).toBe(401);
    expect((await get('nj_coc', COCKPIT_PATHS.summary)).status).toBe(403);
    expect((await get('nj_coc', COCKPIT_PATHS.quality)).status).toBe(403);
    const bad = await get('js_aoc', COCKPIT_PATHS.summary, { deptId: '1' });
    expect(bad.status).toBe(400);
  });

  it('answers the scope’s figures, equal to what the member calls count', async () => {
    for (const who of ['js_aoc', 'nj_aoc']) {
      const s = (await get(who, COCKPIT_PATHS.summary)).body.data;
      const c = (await get(who, COUNT)).body.data;
      expect(s.members).toEqual(c);
      expect(s.members.total).toBeGreaterThan(0);
      // every facet adds up to its members
      expect(s.byIndustry.reduce((n: number, b: { value: number }) => n + b.value, 0)).toBe(c.enterprise);
      expect(s.byJoinYear.reduce((n: number, b: { value: number }) => n + b.value, 0)).toBe(c.total);
      expect(s.byArea.reduce((n: number, b: { value: number }) => n + b.value, 0)).toBe(c.total);
      // an industry's bar is what the enterprise page finds for it
      const top = s.byIndustry.find((b: { key: string }) => b.key !== '');
      const page = (await get(who, `${ENT}/page`, { industry_equal: top.key, size: '1' })).body.data;
      expect(page.total).toBe(top.value);
      // a year's bar is what the three member pages find for it
      const year = s.byJoinYear.find((b: { key: string }) => b.key !== 'none');
      let byPages = 0;
      for (const p of [ENT, '/api/aoc-service/memberAocGroup', '/api/aoc-service/memberaocperson'])
        byPages += (await get(who, `${p}/page`, { joinDate_datege: `${year.key}-01-01`, joinDate_datele: `${year.key}-12-31`, size: '1' })).body.data.total;
      expect(byPages).toBe(year.value);
      expect(s.chambersByType.map((b: { name: string }) => b.name)).toEqual(['行业商会', '地区商会', '外省在苏商会', '江苏在外地商会', '境外商会']);
      expect(s.messages).toHaveLength(12);
      expect(s.logins).toHaveLength(30);
      // 填报: each state's count is the length of 填报情况's list in that state
      const situation = async (status?: string) =>
        (await get(who, '/api/aoc-service/collectperson/filling-situation', { size: '1', ...(status ? { status } : {}) })).body.data.total;
      expect(s.fillIn.total).toBe(await situation());
      expect(s.fillIn.total).toBeGreaterThan(0);
      expect([s.fillIn.notStarted, s.fillIn.filling, s.fillIn.submitted, s.fillIn.returned]).toEqual([
        await situation('0'),
        await situation('1'),
        await situation('2'),
        await situation('3'),
      ]);
    }
  });

  it('splits the province by city, each bar the member-count of that city', async () => {
    const s = (await get('js_aoc', COCKPIT_PATHS.summary)).body.data;
    const nanjing = s.byArea.find((b: { name: string }) => b.name === '南京市工商联');
    expect(nanjing).toBeTruthy();
    expect(nanjing.value).toBe((await get('js_aoc', COUNT, { deptId: nanjing.deptId })).body.data.total);
    const nj = (await get('nj_aoc', COCKPIT_PATHS.summary)).body.data;
    expect(nj.members.total).toBe(nanjing.value);
    expect(nj.byArea.map((b: { name: string }) => b.name)).not.toContain('南京市工商联');
    // the own level's records are listed by the records call with own=1
    const self = s.byArea.find((b: { key: string }) => b.key === 'self');
    if (self) {
      let listed = 0;
      for (const kind of ['enterprise', 'group', 'person'])
        listed += (await get('js_aoc', COCKPIT_PATHS.records, { kind, deptId: self.deptId, own: '1', size: '1' })).body.data.total;
      expect(listed).toBe(self.value);
    }
  });
});

describe('数据质量', () => {
  it('counts missing fields, bad codes, duplicates and stale records as they change, and lists them', async () => {
    const before = (await get('nj_aoc', COCKPIT_PATHS.summary)).body.data.quality;
    const name = `驾驶舱测试重复企业${Date.now()}`;
    // two enterprises of one name, one missing its industry and contact
    const a = await t.call({ method: 'POST', url: `${ENT}/save`, token: tokens.nj_aoc, body: { name, creditCode: credit(1), status: 1 } });
    expect(a.body.code).toBe(200);
    const b = await t.call({
      method: 'POST',
      url: `${ENT}/save`,
      token: tokens.nj_aoc,
      body: {
        name,
        creditCode: credit(2),
        status: 1,
        legalPerson: '张三',
        industry: '软件和信息服务',
        regionCode: '320102',
        contactName: '李四',
        contactPhone: '13912345678',
        joinDate: '2020-01-01',
      },
    });
    expect(b.body.code).toBe(200);
    // an imported row with a wrong check character, not updated for three years
    const nj = await deptIdOf('南京市工商联');
    await sql`insert into aoc_member_enterprise (tenant_id, dept_id, name, credit_code, status, create_time, update_time)
              values ('000001', ${nj}::bigint, ${`${name}乙`}, '91320102MA00000030', 1, now() - interval '3 years', now() - interval '3 years')`.execute(t.db);

    const after = (await get('nj_aoc', COCKPIT_PATHS.summary)).body.data.quality;
    expect(after.missing - before.missing).toBe(2);
    expect(after.duplicate - before.duplicate).toBe(2);
    expect(after.invalid - before.invalid).toBe(1);
    expect(after.stale - before.stale).toBe(1);
    expect(after.total - before.total).toBe(3);

    // the records behind each figure: total equal to the figure, the new rows among them
    const list = async (issue: string) => (await get('nj_aoc', COCKPIT_PATHS.records, { kind: 'enterprise', issue, size: '200' })).body.data;
    const dup = await list('duplicate');
    expect(dup.records.filter((r: { name: string }) => r.name === name)).toHaveLength(2);
    const invalid = await list('invalid');
    expect(invalid.records.map((r: { creditCode: string }) => r.creditCode)).toContain('91320102MA00000030');
    const missing = await list('missing');
    expect(missing.records.map((r: { id: string }) => r.id)).toContain(a.body.data.id);
    expect(missing.records.map((r: { id: string }) => r.id)).not.toContain(b.body.data.id);

    // per org: Nanjing's own level and its districts; their figures add up to the summary
    const rows = (await get('nj_aoc', COCKPIT_PATHS.quality)).body.data;
    expect(rows.find((r: { own: boolean }) => r.own).deptName).toContain('南京市工商联');
    for (const k of ['total', 'missing', 'invalid', 'duplicate', 'stale'] as const)
      expect(rows.reduce((n: number, r: Record<string, number>) => n + r[k], 0)).toBe(after[k]);
    expect(rows[0].missingRate).toBeGreaterThanOrEqual(0);
    expect(rows[0].missingRate).toBeLessThanOrEqual(1);

    // fixing a record moves it out of the figure
    await t.call({
      method: 'POST',
      url: `${ENT}/update`,
      token: tokens.nj_aoc,
      body: {
        id: a.body.data.id,
        version: 1,
        name: `${name}改`,
        legalPerson: '王五',
        industry: '批发零售',
        regionCode: '320102',
        contactName: '赵六',
        contactPhone: '13912345679',
        joinDate: '2021-01-01',
      },
    });
    const fixed = (await get('nj_aoc', COCKPIT_PATHS.summary)).body.data.quality;
    expect(fixed.missing).toBe(after.missing - 1);
    expect(fixed.duplicate).toBe(after.duplicate - 2);
  });

  it('keeps to the scope: another city is 404, bad input a Chinese message', async () => {
    const suzhou = await deptIdOf('苏州市工商联');
    expect((await get('nj_aoc', COCKPIT_PATHS.quality, { deptId: suzhou })).status).toBe(404);
    expect((await get('nj_aoc', COCKPIT_PATHS.records, { deptId: suzhou })).status).toBe(404);
    const ok = (await get('js_aoc', COCKPIT_PATHS.quality, { deptId: suzhou })).body.data;
    expect(ok.length).toBeGreaterThan(0);
    expect((await get('js_aoc', COCKPIT_PATHS.records, { kind: 'company' })).body.msg).toBe(COCKPIT_MSG.kindBad);
    expect((await get('js_aoc', COCKPIT_PATHS.records, { issue: 'ugly' })).body.msg).toBe(COCKPIT_MSG.issueBad);
    expect((await get('js_aoc', COCKPIT_PATHS.records, { joinYear: '20x1' })).body.msg).toBe(COCKPIT_MSG.yearBad);
    expect((await get('js_aoc', COCKPIT_PATHS.quality, { deptId: 'abc' })).status).toBe(400);
  });
});
