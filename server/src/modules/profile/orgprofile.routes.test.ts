import { describe, expect, it } from 'vitest';
import { STALE_VERSION_MSG } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';

let t: TestApp;
const depts: Record<string, string> = {};
const OP = '/api/aoc-service/orgprofile';
const call = (who: string, method: 'GET' | 'POST', url: string, opts: { query?: Record<string, string>; body?: unknown } = {}) =>
  t.call({ method, url, token: tokens[who], ...opts });

const tokens = useTestApp(['admin', 'js_aoc', 'nj_aoc', 'nj_coc'], async (app) => {
  t = app;
  const deptOf = async (account: string) =>
    String((await t.db.selectFrom('bladeUser').select('deptId').where('account', '=', account).executeTakeFirstOrThrow()).deptId);
  depts.nj = await deptOf('nj_aoc');
  depts.njChamber = await deptOf('nj_coc');
  depts.suzhou = String((await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', '苏州市工商联').executeTakeFirstOrThrow()).id);
});

describe('organisation profile', () => {
  it('answers the profile (prefilled from the org before it exists), saves it at its version, scopes it', async () => {
    const pre = await call('nj_coc', 'GET', `${OP}/detail`, { query: { deptId: depts.njChamber } });
    expect(pre.status).toBe(200);
    expect(pre.body.data).toMatchObject({ id: null, version: 0, deptId: depts.njChamber });
    expect(pre.body.data.name).toBeTruthy();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, '请输入组织名称'],
      [{ name: 'x', creditCode: '51320000MJ1234567X' }, '统一社会信用代码校验位不正确'],
      [{ name: 'x', orgCode: 'MA1MXB5E0' }, '组织机构代码格式或校验位不正确'],
      [{ name: 'x', zipCode: '2100' }, '邮政编码应为6位数字'],
      [{ name: 'x', chamberType: 9 }, '商会类型取值不正确'],
      [{ name: 'x', partyMemberCount: -1 }, '党员人数应在0到1000000之间'],
    ];
    for (const [body, msg] of bad) {
      const r = await call('nj_coc', 'POST', `${OP}/submit`, { body: { deptId: depts.njChamber, ...body } });
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    const saved = await call('nj_coc', 'POST', `${OP}/submit`, {
      body: { deptId: depts.njChamber, name: '南京市浙江商会', introduction: '在宁浙商之家', zipCode: '210000', orgCode: 'MA1MXB5E5', chamberType: 3 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ msg: '新增成功', data: { version: 1, introduction: '在宁浙商之家', chamberTypeName: '异地商会(在苏)' } });
    const up = await call('nj_coc', 'POST', `${OP}/submit`, {
      body: { deptId: depts.njChamber, version: 1, name: '南京市浙江商会', partyBuilding: '成立商会党支部' },
    });
    expect(up.body).toMatchObject({ msg: '更新成功', data: { version: 2, partyBuilding: '成立商会党支部', introduction: '在宁浙商之家' } });
    expect((await call('nj_coc', 'POST', `${OP}/submit`, { body: { deptId: depts.njChamber, version: 1, name: 'x' } })).body.msg).toBe(STALE_VERSION_MSG);
    // Nanjing (above) reads it; Suzhou and the chamber for Nanjing's own profile get 404.
    expect((await call('nj_aoc', 'GET', `${OP}/detail`, { query: { deptId: depts.njChamber } })).body.data.partyBuilding).toBe('成立商会党支部');
    expect((await call('nj_coc', 'GET', `${OP}/detail`, { query: { deptId: depts.nj } })).status).toBe(404);
    expect((await call('nj_aoc', 'GET', `${OP}/detail`, { query: { deptId: depts.suzhou } })).status).toBe(404);
    expect((await call('nj_aoc', 'POST', `${OP}/submit`, { body: { deptId: depts.suzhou, name: 'x' } })).status).toBe(404);
  });

  it('keeps one row per year in yearly sections and checks member totals', async () => {
    const y = { deptId: depts.njChamber, year: 2021, enterprise: 50, group: 3, person: 10 };
    expect((await call('nj_coc', 'POST', `${OP}/memberstat/submit`, { body: { ...y, total: 60 } })).body.msg).toBe('会员总数不能小于企业、团体、个人会员之和');
    expect((await call('nj_coc', 'POST', `${OP}/memberstat/submit`, { body: { ...y, total: 63 } })).status).toBe(200);
    expect((await call('nj_coc', 'POST', `${OP}/memberstat/submit`, { body: { ...y, total: 70 } })).body.msg).toBe('该年度的数据已存在');
    expect((await call('nj_coc', 'POST', `${OP}/operating/submit`, { body: { deptId: depts.njChamber, year: 1800 } })).body.msg).toBe('年度应在1900到2100之间');
  });

  it('reads its leadership from the teams by term (one source of truth): current and past terms, no writes of its own', async () => {
    // The demo federations have their 2021 team and the 2016 one; the current term is the latest year up to now.
    const terms = (await call('nj_aoc', 'GET', `${OP}/leader/list`, { query: { deptId: depts.nj } })).body.data as Array<{
      year: number;
      current: boolean;
      leaders: Array<{ leaderTypeName: string; name: string; certNo: string }>;
    }>;
    expect(terms.map((x) => [x.year, x.current])).toEqual([
      [2021, true],
      [2016, false],
    ]);
    expect(terms[0].leaders[0].leaderTypeName).toBe('主席');
    expect(terms[0].leaders[0].certNo).toMatch(/^\d{3}\*+[\dX]{4}$/);
    expect((await call('nj_coc', 'POST', `${OP}/leader/submit`, { body: { deptId: depts.njChamber, name: 'x', post: 'y' } })).status).toBe(404);
    expect((await call('nj_aoc', 'GET', `${OP}/leader/list`, { query: { deptId: depts.suzhou } })).status).toBe(404);
  });

  it('computes the member overview by year from the member base, and fills the other years from stored figures', async () => {
    const stats = await call('nj_aoc', 'GET', `${OP}/statistics`, { query: { deptId: depts.nj } });
    expect(stats.status).toBe(200);
    const rows = stats.body.data as Array<{ year: number; total: number; enterprise: number; group: number; person: number; source: string }>;
    const thisYear = rows.find((r) => r.year === new Date().getFullYear())!;
    expect(thisYear.source).toBe('computed');
    const count = async (table: 'aocMemberEnterprise' | 'aocMemberGroup' | 'aocMemberPerson') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('deptId', '=', depts.nj)
            .where('isDeleted', '=', 0)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(thisYear).toMatchObject({
      enterprise: await count('aocMemberEnterprise'),
      group: await count('aocMemberGroup'),
      person: await count('aocMemberPerson'),
    });
    expect(thisYear.total).toBe(thisYear.enterprise + thisYear.group + thisYear.person);
    // Cumulative: never decreasing year over year.
    const computed = rows.filter((r) => r.source === 'computed').sort((a, b) => a.year - b.year);
    for (let i = 1; i < computed.length; i++) expect(computed[i].total).toBeGreaterThanOrEqual(computed[i - 1].total);
    expect((await call('nj_coc', 'GET', `${OP}/statistics`, { query: { deptId: depts.nj } })).status).toBe(404);
  });

  it('annual reports: draft, submit, read-only once submitted, returned by the org above only', async () => {
    const d = await call('nj_coc', 'POST', `${OP}/annualreport/submit`, {
      body: { deptId: depts.njChamber, year: 2025, title: '2025年度工作报告', content: '全年工作总结' },
    });
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({ status: 0, statusName: '草稿', version: 1 });
    expect((await call('nj_coc', 'POST', `${OP}/annualreport/submit`, { body: { deptId: depts.njChamber, year: 2025, title: '重复' } })).body.msg).toBe(
      '该组织该年度的年报已存在',
    );
    const sub = await call('nj_coc', 'POST', `${OP}/annualreport/report`, { body: { id: d.body.data.id, version: 1 } });
    expect(sub.body).toMatchObject({ msg: '提交成功', data: { status: 1, statusName: '已提交' } });
    expect(sub.body.data.submitTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(
      (await call('nj_coc', 'POST', `${OP}/annualreport/submit`, { body: { id: d.body.data.id, version: 2, deptId: depts.njChamber, year: 2025, title: 'x' } }))
        .body.msg,
    ).toBe('年报已提交,不能修改或删除');
    expect((await call('nj_coc', 'POST', `${OP}/annualreport/remove`, { query: { ids: d.body.data.id } })).body.msg).toBe('年报已提交,不能修改或删除');
    expect((await call('nj_coc', 'POST', `${OP}/annualreport/return`, { body: { id: d.body.data.id, version: 2 } })).body.msg).toBe('只能由上级组织退回年报');
    const ret = await call('nj_aoc', 'POST', `${OP}/annualreport/return`, { body: { id: d.body.data.id, version: 2, reason: '请补充会员发展情况' } });
    expect(ret.body.data).toMatchObject({ status: 2, statusName: '已退回', returnReason: '请补充会员发展情况' });
    const list = await call('nj_aoc', 'GET', `${OP}/annualreport/list`, { query: { deptId: depts.njChamber, year: '2025' } });
    expect(list.body.data.records.map((r: any) => r.id)).toEqual([d.body.data.id]);
    expect((await call('nj_aoc', 'GET', `${OP}/annualreport/list`, { query: { deptId: depts.suzhou } })).status).toBe(404);
  });
});
