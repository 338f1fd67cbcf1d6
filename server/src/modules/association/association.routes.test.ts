import { describe, expect, it } from 'vitest';
import { ASSOCIATION_MSG, ASSOCIATION_PATHS as P, STALE_VERSION_MSG, idCardCheckChar } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';

let t: TestApp;
const depts: Record<string, string> = {};
const call = (who: string | null, method: 'GET' | 'POST', url: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
  t.call({ method, url, ...(who ? { token: tokens[who] } : {}), ...opts });

const tokens = useTestApp(['admin', 'js_aoc', 'nj_aoc', 'nj_coc'], async (app) => {
  t = app;
  const deptOf = async (account: string) =>
    String((await t.db.selectFrom('bladeUser').select('deptId').where('account', '=', account).executeTakeFirstOrThrow()).deptId);
  const named = async (name: string) => String((await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', name).executeTakeFirstOrThrow()).id);
  depts.nj = await deptOf('nj_aoc');
  depts.njChamber = await deptOf('nj_coc');
  depts.suzhou = await named('苏州市工商联');
  depts.suzhouChamber = await named('苏州市丝绸行业商会');
  depts.njFujian = await named('南京市福建商会');
});

/** A valid resident identity number (GB 11643) unique to this run: a Nanjing code, a birth date, a sequence. */
let serial = 0;
function idCard(male = true): string {
  serial++;
  const birth = new Date(Date.UTC(1971, 0, 1) + serial * 86_400_000 * 37).toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `320102${birth}${String((serial % 400) * 2 + (male ? 1 : 0)).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

const leaderLogs = async (recordId: string) =>
  t.db.selectFrom('aocLog').select(['id', 'mode', 'recordName']).where('tag', '=', 'leader').where('recordId', '=', recordId).orderBy('id').execute();

describe('association leadership by term', () => {
  it('refuses without a token (401) and checks the person entered (§5)', async () => {
    expect((await call(null, 'GET', P.yearList)).status).toBe(401);
    const base = { deptId: depts.njChamber, year: 2030, name: '校验人' };
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...base, name: undefined, certNo: idCard() }, ASSOCIATION_MSG.name],
      [{ ...base }, ASSOCIATION_MSG.certRequired],
      [{ ...base, certNo: '320102197001011235' }, '身份证号码校验位不正确'],
      [{ ...base, certNo: idCard(true), gender: 2 }, ASSOCIATION_MSG.genderMismatch],
      [{ ...base, certNo: idCard(), phone: '12345' }, '手机号码长度不为11位'],
      [{ ...base, certNo: idCard(), year: 1800 }, ASSOCIATION_MSG.yearRange],
    ];
    for (const [body, msg] of bad) {
      const r = await call('nj_coc', 'POST', P.submitChairman, { body });
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    // 理事/秘书处 only on the generic submit.
    const r = await call('nj_coc', 'POST', P.submit, { body: { ...base, certNo: idCard(), leaderType: 5 } });
    expect(r.body.msg).toBe(ASSOCIATION_MSG.leaderTypeNotList);
  });

  it('keeps one chairman per org and year, links every leader to the person base, and lists every post on the person', async () => {
    const cert = idCard();
    const added = await call('nj_coc', 'POST', P.submitChairman, {
      body: { deptId: depts.njChamber, year: 2030, name: '周卫东', certNo: cert, phone: '13912345678', company: '宁波华恒实业有限公司', post: '会长' },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ msg: '新增成功', data: { leaderType: 5, leaderTypeName: '主席', year: 2030, gender: 1, phone: '139****5678' } });
    expect(added.body.data.certNo).toBe(`${cert.slice(0, 3)}${'*'.repeat(11)}${cert.slice(-4)}`);
    const personId = added.body.data.personId as string;
    expect(personId).toMatch(/^\d+$/);
    const again = await call('nj_coc', 'POST', P.submitChairman, { body: { deptId: depts.njChamber, year: 2030, name: '王二', certNo: idCard() } });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(ASSOCIATION_MSG.chairmanExists);
    // Another year, or another org, has its own chairman.
    expect((await call('nj_aoc', 'POST', P.submitChairman, { body: { deptId: depts.njFujian, year: 2030, name: '林海', certNo: idCard() } })).status).toBe(200);
    const detail = await call('nj_coc', 'GET', P.chairmanDetail, { query: { year: '2030' } });
    expect(detail.body.data).toMatchObject({ id: added.body.data.id, name: '周卫东' });
    expect((await call('nj_aoc', 'GET', P.byParam(P.chairmanDetail), { query: { deptId: depts.njChamber, year: '2030' } })).body.data.name).toBe('周卫东');
    expect((await call('nj_coc', 'GET', P.partySecretaryDetail, { query: { year: '2030' } })).body.data).toBeNull();

    // The same person as a vice-president of another org: linked to the same person of the person base, no new one.
    const vp = await call('nj_aoc', 'POST', P.submitVicePresident, { body: { deptId: depts.njFujian, year: 2030, name: '周卫东', certNo: cert } });
    expect(vp.body.data.personId).toBe(personId);
    // Picked from the person base by id: the name and certificate come from there.
    const picked = await call('nj_coc', 'POST', P.submit, { body: { deptId: depts.njChamber, year: 2030, leaderType: 3, personId, post: '常务理事' } });
    expect(picked.body.data).toMatchObject({ personId, name: '周卫东', leaderTypeName: '理事' });
    expect((await call('nj_coc', 'POST', P.submit, { body: { deptId: depts.njChamber, year: 2030, leaderType: 3, personId } })).body.msg).toBe(
      ASSOCIATION_MSG.personExists,
    );
    const person = await call('nj_aoc', 'GET', '/api/aoc-service/personbase/detail', { query: { id: personId } });
    expect(person.status).toBe(200);
    const posts = (person.body.data.leaderPosts as Array<{ deptId: string; year: number; leaderTypeName: string }>).map(
      (p) => `${p.deptId === depts.njChamber ? '浙江' : '福建'}${p.year}${p.leaderTypeName}`,
    );
    expect(posts.sort()).toEqual(['浙江2030主席', '浙江2030理事', '福建2030副会长'].sort());

    // Update at the version read; a stale one is refused; the history records both writes with the number masked.
    const id = added.body.data.id as string;
    const up = await call('nj_coc', 'POST', P.submitChairman, {
      body: { id, version: 1, deptId: depts.njChamber, year: 2030, name: '周卫东', certNo: added.body.data.certNo, phone: '13900001111' },
    });
    expect(up.body).toMatchObject({ msg: '更新成功', data: { version: 2, phone: '139****1111', personId } });
    expect((await call('nj_coc', 'POST', P.submitChairman, { body: { id, version: 1, year: 2030, name: 'x' } })).body.msg).toBe(STALE_VERSION_MSG);
    const logs = await leaderLogs(id);
    expect(logs.map((l) => l.mode)).toEqual(['insert', 'update']);
    const fields = await t.db.selectFrom('aocLogField').selectAll().where('logId', '=', logs[1].id).execute();
    expect(fields.map((f: any) => [f.field, f.oldValue, f.newValue])).toEqual([['phone', '139****5678', '139****1111']]);
  });

  it('copies a term to the next (multiplexing) in one step, refusing a target year with leaders unless asked to replace', async () => {
    const vcs = [];
    for (const name of ['甲副主席', '乙副主席']) {
      const r = await call('nj_coc', 'POST', P.submitViceChairman, { body: { year: 2030, name, certNo: idCard() } });
      expect(r.status).toBe(200);
      vcs.push(r.body.data);
    }
    expect(vcs.map((v) => v.sort)).toEqual([1, 2]);
    const before = (await call('nj_coc', 'GET', P.leaderList, { query: { year: '2030' } })).body.data as Array<{ name: string; leaderTypeName: string }>;
    expect(before.map((l) => l.leaderTypeName)).toEqual(['主席', '副主席', '副主席', '理事']);

    const copy = await call('nj_coc', 'POST', P.multiplexing, { body: { fromYear: 2030, toYear: 2031, deptName: '南京市浙江商会', templateKey: 'leader' } });
    expect(copy.status).toBe(200);
    expect(copy.body.data).toEqual({ fromYear: 2030, toYear: 2031, copied: 4, replaced: 0 });
    const after = (await call('nj_coc', 'GET', P.leaderList, { query: { year: '2031' } })).body.data as Array<{ name: string; personId: string }>;
    expect(after.map((l) => l.name)).toEqual(before.map((l) => l.name));
    const refused = await call('nj_coc', 'POST', P.multiplexing, { body: { fromYear: 2030, toYear: 2031 } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(ASSOCIATION_MSG.targetHasLeaders(2031, 4));
    expect((await call('nj_coc', 'POST', P.multiplexing, { body: { fromYear: 2029, toYear: 2031 } })).body.msg).toBe(ASSOCIATION_MSG.fromEmpty(2029));
    expect((await call('nj_coc', 'POST', P.multiplexing, { body: { fromYear: 2031, toYear: 2031 } })).body.msg).toBe(ASSOCIATION_MSG.sameYear);
    const replaced = await call('nj_coc', 'POST', P.multiplexing, { body: { fromYear: 2030, toYear: 2031, replace: true } });
    expect(replaced.body.data).toEqual({ fromYear: 2030, toYear: 2031, copied: 4, replaced: 4 });
    // The demo data's 2021 team, and the two entered here.
    expect(((await call('nj_coc', 'GET', P.yearList)).body.data as Array<{ year: number; leaderCount: number }>).filter((y) => y.year >= 2030)).toEqual([
      { year: 2030, leaderCount: 4 },
      { year: 2031, leaderCount: 4 },
    ]);
    // Changing the 2031 chairman leaves 2030's as it was; the person now holds both years' posts.
    const chair31 = (await call('nj_coc', 'GET', P.chairmanDetail, { query: { year: '2031' } })).body.data;
    expect((await call('nj_coc', 'POST', P.removeLeader, { query: { ids: chair31.id } })).body.msg).toBe('删除成功');
    const newChair = await call('nj_coc', 'POST', P.submitChairman, { body: { year: 2031, name: '钱新任', certNo: idCard() } });
    expect(newChair.status).toBe(200);
    expect((await call('nj_coc', 'GET', P.chairmanDetail, { query: { year: '2030' } })).body.data.name).toBe('周卫东');
    const posts = (await call('nj_aoc', 'GET', '/api/aoc-service/personbase/detail', { query: { id: after[0].personId } })).body.data.leaderPosts;
    expect(posts.filter((p: any) => p.deptId === depts.njChamber && p.leaderTypeName === '主席').map((p: any) => p.year)).toEqual([2030]);
    expect(posts.filter((p: any) => p.deptId === depts.njChamber && p.leaderTypeName === '理事').map((p: any) => p.year)).toEqual([2031, 2030]);
    // Another org's term is out of reach: 404.
    expect((await call('nj_coc', 'POST', P.multiplexing, { body: { deptId: depts.suzhouChamber, fromYear: 2021, toYear: 2031 } })).status).toBe(404);
  });

  it('orders a list (update-sort), all or none inside the scope', async () => {
    const list = async () =>
      (
        (await call('nj_coc', 'GET', P.viceChairmanList, { query: { year: '2030' } })).body.data.records as Array<{ id: string; name: string; sort: number }>
      ).map((r) => r.name);
    const third = await call('nj_coc', 'POST', P.submitViceChairman, { body: { year: 2030, name: '丙副主席', certNo: idCard() } });
    expect(await list()).toEqual(['甲副主席', '乙副主席', '丙副主席']);
    const rows = (await call('nj_coc', 'GET', P.viceChairmanList, { query: { year: '2030' } })).body.data.records as Array<{ id: string }>;
    const reversed = rows.map((r, i) => ({ id: r.id, sort: rows.length - i }));
    const r = await call('nj_coc', 'POST', P.leaderUpdateSort, { body: { aocLeaderUpdateParamList: reversed } });
    expect(r.body).toMatchObject({ msg: '更新成功', data: { updated: 2 } });
    expect(await list()).toEqual(['丙副主席', '乙副主席', '甲副主席']);
    // A Suzhou leader in the list: refused as a whole, nothing moves.
    const suzhouChair = (await call('js_aoc', 'GET', P.byParam(P.presidentDetail), { query: { deptId: depts.suzhouChamber, year: '2021' } })).body.data;
    expect(suzhouChair).toMatchObject({ leaderTypeName: '会长' });
    const mixed = await call('nj_coc', 'POST', P.leaderUpdateSort, {
      body: {
        aocLeaderUpdateParamList: [
          { id: third.body.data.id, sort: 9 },
          { id: suzhouChair.id, sort: 1 },
        ],
      },
    });
    expect(mixed.status).toBe(404);
    expect(await list()).toEqual(['丙副主席', '乙副主席', '甲副主席']);
    // A vice-chairman's id is not a vice-president's.
    expect((await call('nj_coc', 'GET', P.vicePresidentDetail, { query: { id: third.body.data.id } })).status).toBe(404);
    expect((await call('nj_coc', 'GET', P.viceChairmanDetail, { query: { id: third.body.data.id } })).body.data.name).toBe('丙副主席');
  });

  it('lists the orgs below with their current teams, inside the scope (a city sees its chambers, not another city’s)', async () => {
    const lower = async (who: string, query: Record<string, string> = {}) =>
      (await call(who, 'GET', P.lowerList, { query: { size: '5000', ...query } })).body.data;
    const nj = await lower('nj_aoc', { year: '2031' });
    const mine = nj.records.find((r: any) => r.deptId === depts.njChamber);
    expect(mine).toMatchObject({ year: 2031, chairmanName: '钱新任', viceChairmanCount: 2, councilCount: 1 });
    expect(nj.records.some((r: any) => r.deptId === depts.suzhouChamber)).toBe(false);
    expect(nj.records.some((r: any) => r.deptId === depts.nj)).toBe(false);
    // As of 2030 the chamber shows its 2030 team; as of 2025 the demo 2021 team (the latest year up to then).
    expect((await lower('nj_aoc', { year: '2030' })).records.find((r: any) => r.deptId === depts.njChamber).chairmanName).toBe('周卫东');
    const in2025 = (await lower('nj_aoc', { year: '2025' })).records.find((r: any) => r.deptId === depts.njChamber);
    expect(in2025.year).toBe(2021);
    expect(in2025.presidentName).toBeTruthy();
    // Filters.
    const named = await lower('nj_aoc', { year: '2031', leaderName: '钱新任' });
    expect(named.records.map((r: any) => r.deptId)).toEqual([depts.njChamber]);
    expect((await lower('nj_aoc', { deptCategory: '1' })).records.every((r: any) => r.deptCategory === 1)).toBe(true);
    expect((await lower('nj_aoc', { hasLeaders: '0' })).total).toBe(0);
    // The province sees both cities' chambers; Suzhou for Nanjing, and anything below a chamber for nj_coc.
    const js = await lower('js_aoc', { year: '2031' });
    expect(js.records.some((r: any) => r.deptId === depts.suzhouChamber) && js.records.some((r: any) => r.deptId === depts.njChamber)).toBe(true);
    expect(js.total).toBeGreaterThan(nj.total);
    expect((await call('nj_aoc', 'GET', P.lowerList, { query: { deptId: depts.suzhou } })).status).toBe(404);
    expect((await lower('nj_coc')).total).toBe(0);
    // administrative: the federations at and below.
    const admin = (await call('nj_aoc', 'GET', P.administrative)).body.data as Array<{ id: string; deptName: string }>;
    expect(admin[0].id).toBe(depts.nj);
    expect(admin.every((a) => a.deptName.includes('南京'))).toBe(true);
  });

  it('reads and writes only inside the scope, and removes all or none', async () => {
    const suzhouChair = (await call('js_aoc', 'GET', P.byParam(P.presidentDetail), { query: { deptId: depts.suzhouChamber, year: '2021' } })).body.data;
    expect((await call('nj_aoc', 'GET', P.detail, { query: { id: suzhouChair.id } })).status).toBe(404);
    expect((await call('nj_aoc', 'GET', P.chairmanDetail, { query: { deptId: depts.suzhou } })).status).toBe(404);
    expect((await call('nj_aoc', 'POST', P.submitPresident, { body: { deptId: depts.suzhouChamber, year: 2030, name: 'x', certNo: idCard() } })).status).toBe(
      404,
    );
    const mine = (await call('nj_coc', 'GET', P.chairmanDetail, { query: { year: '2030' } })).body.data;
    expect((await call('nj_aoc', 'POST', P.removeLeader, { query: { ids: `${mine.id},${suzhouChair.id}` } })).status).toBe(404);
    expect((await call('nj_coc', 'GET', P.chairmanDetail, { query: { year: '2030' } })).body.data.id).toBe(mine.id);
    // A chairman's id is not a vice-chairman's to remove.
    expect((await call('nj_coc', 'POST', P.removeViceChairman, { query: { ids: mine.id } })).status).toBe(404);
    // Nanjing (above) reads the chamber's team; the province reads it too.
    expect((await call('js_aoc', 'GET', P.byParam(P.chairmanDetail), { query: { deptId: depts.njChamber, year: '2030' } })).body.data.name).toBe('周卫东');
    expect((await leaderLogs(mine.id)).map((l) => l.mode)).toEqual(['insert', 'update']);
    // The history of the chamber's teams, newest first, with the field changes (numbers masked); another city's is 404.
    const log = (await call('nj_aoc', 'GET', P.log, { query: { deptId: depts.njChamber, size: '200' } })).body.data;
    expect(log.records.every((r: any) => r.tag === 'leader' && r.deptId === depts.njChamber)).toBe(true);
    expect(new Set(log.records.map((r: any) => r.mode))).toEqual(new Set(['insert', 'update', 'delete']));
    const phoneChange = log.records.find((r: any) => r.recordId === mine.id && r.mode === 'update');
    expect(phoneChange.changes).toEqual([
      expect.objectContaining({ field: 'phone', fieldLabel: '手机号码', oldValue: '139****5678', newValue: '139****1111' }),
    ]);
    expect((await call('nj_aoc', 'GET', P.log, { query: { deptId: depts.suzhouChamber } })).status).toBe(404);
  });

  it('keeps the association base record and its 大事记', async () => {
    // The demo data gave every org its base record (elected in 2021).
    const pre = await call('nj_coc', 'GET', P.baseDetail);
    expect(pre.body.data).toMatchObject({ version: 1, deptId: depts.njChamber, currentYear: 2021, termYears: 5 });
    expect(pre.body.data.electionMonth).toMatch(/^2021-\d{2}$/);
    // A second first save is stale; an update at the version read keeps the fields it does not name.
    expect((await call('nj_coc', 'POST', P.baseSubmit, { body: { termNo: 5 } })).body.msg).toBe(STALE_VERSION_MSG);
    expect((await call('nj_coc', 'POST', P.baseSubmit, { body: { termNo: 31 } })).body.msg).toBe(ASSOCIATION_MSG.termNo);
    const up = await call('nj_coc', 'POST', P.baseSubmit, {
      body: { id: pre.body.data.id, version: 1, termNo: 6, councilSize: 45, secretaryGeneral: '陈秘书' },
    });
    expect(up.body).toMatchObject({ msg: '更新成功', data: { termNo: 6, councilSize: 45, version: 2, electionMonth: pre.body.data.electionMonth } });
    expect((await call('nj_aoc', 'GET', P.baseDetail, { query: { deptId: depts.njChamber } })).body.data.secretaryGeneral).toBe('陈秘书');
    expect((await call('nj_aoc', 'GET', P.baseDetail, { query: { deptId: depts.suzhou } })).status).toBe(404);
    const h = await call('nj_coc', 'POST', P.historySubmit, {
      body: { eventDate: '2021-06-18', title: '第五届会员大会召开', content: '选举产生新一届领导班子' },
    });
    expect(h.body.msg).toBe('新增成功');
    const list = await call('nj_aoc', 'GET', P.historyList, { query: { deptId: depts.njChamber, year: '2021' } });
    expect(list.body.data.records.map((r: any) => r.title)).toContain('第五届会员大会召开');
    expect((await call('nj_aoc', 'GET', P.historyDetail, { query: { id: h.body.data.id } })).body.data.content).toBe('选举产生新一届领导班子');
    expect((await call('nj_aoc', 'GET', P.historyList, { query: { deptId: depts.suzhou } })).status).toBe(404);
    expect((await call('nj_coc', 'POST', P.historyRemove, { query: { ids: h.body.data.id } })).body.msg).toBe('删除成功');
  });
});
