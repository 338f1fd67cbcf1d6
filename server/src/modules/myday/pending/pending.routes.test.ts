import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PROFILE_MSG } from '@gsl/contract';
import type { TestApp } from '../../../../test/app.js';
import { createRole, createUser, deptId, grantScope, QUALITY_PASSWORD } from '../../../../test/harness/people.js';
import { useTestApp } from '../../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['js_aoc', 'nj_aoc', 'nj_coc'], (app) => (t = app));

const PENDING = '/api/aoc-service/my-day/pending';
const R = '/api/aoc-service/orgprofile/annualreport';
type Item = { key: string; title: string; count: number; path: string; latestTime: string | null };

const pending = async (token: string): Promise<Item[]> => {
  const res = await t.call({ url: PENDING, token });
  expect(res.status).toBe(200);
  return res.body.data;
};
const countOf = (items: Item[], key: string) => items.find((i) => i.key === key)?.count ?? 0;
const post = (who: string, url: string, body: unknown) => t.call({ method: 'POST', url, token: tokens[who], body });

/** Submitted reports of the orgs directly below an org, counted here independently (parent_id). */
async function submittedBelow(parent: string): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from aoc_org_annual_report r join blade_dept d on d.id = r.dept_id
     where r.is_deleted = 0 and r.status = 1 and d.parent_id = ${parent}::bigint and d.is_deleted = 0`.execute(t.db);
  return r.rows[0].n;
}

describe('我的一天 待办', () => {
  it('needs a token', async () => {
    expect((await t.call({ url: PENDING })).status).toBe(401);
  });

  it('lists unread notices with the inbox count and where they are read, and leaves the kind out once all are read', async () => {
    const sent = await post('nj_aoc', '/api/msg-center/sys/send', {
      title: '关于报送年度工作总结的通知',
      content: '请于月底前报送。',
      range: { items: [{ tagType: 'coc' }] },
    });
    expect(sent.status).toBe(200);
    const unread = (await t.call({ url: '/api/blade-user/message/unread-count', token: tokens.nj_coc })).body.data.unread;
    expect(unread).toBeGreaterThan(0);
    const items = await pending(tokens.nj_coc);
    expect(items.find((i) => i.key === 'msg.unread')).toMatchObject({ title: '未读消息', count: unread, path: '/portal/myDay/bigmsg' });
    expect(items.find((i) => i.key === 'msg.unread')!.latestTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(items.every((i) => i.count > 0)).toBe(true);

    await t.call({ method: 'POST', url: '/api/blade-user/message/updateIsRead', token: tokens.nj_coc });
    expect((await pending(tokens.nj_coc)).some((i) => i.key === 'msg.unread')).toBe(false);
  });

  it('counts the reports submitted by the orgs directly below for review, and the own returned ones, until each is done', async () => {
    const nanjing = await deptId(t.db, '南京市工商联');
    const province = await deptId(t.db, '江苏省工商联');
    const chamber = await deptId(t.db, '南京市浙江商会');
    const before = await pending(tokens.nj_aoc);
    expect(countOf(before, 'profile.annual-review')).toBe(await submittedBelow(nanjing));
    expect(before.find((i) => i.key === 'profile.annual-review')).toMatchObject({ title: '待审核的年报', path: '/portal/database/orgprofile' });
    const provinceBefore = countOf(await pending(tokens.js_aoc), 'profile.annual-review');
    expect(provinceBefore).toBe(await submittedBelow(province));

    // The chamber submits its report: one more for 南京市工商联, none for the province (not directly above).
    const draft = (await post('nj_coc', `${R}/submit`, { deptId: chamber, year: 2021, title: '2021年度工作报告', content: '全年发展会员32家。' })).body.data;
    expect(countOf(await pending(tokens.nj_aoc), 'profile.annual-review')).toBe(countOf(before, 'profile.annual-review'));
    await post('nj_coc', `${R}/report`, { id: draft.id, version: draft.version });
    expect(countOf(await pending(tokens.nj_aoc), 'profile.annual-review')).toBe(countOf(before, 'profile.annual-review') + 1);
    expect(countOf(await pending(tokens.js_aoc), 'profile.annual-review')).toBe(provinceBefore);
    // The chamber itself has nothing to review.
    expect(countOf(await pending(tokens.nj_coc), 'profile.annual-review')).toBe(0);

    // Returned: off the reviewer's list, on the chamber's as 被退回的年报.
    await post('nj_aoc', `${R}/return`, { id: draft.id, version: draft.version + 1, reason: '请补充会员发展情况' });
    expect(countOf(await pending(tokens.nj_aoc), 'profile.annual-review')).toBe(countOf(before, 'profile.annual-review'));
    const chamberItems = await pending(tokens.nj_coc);
    expect(chamberItems.find((i) => i.key === 'profile.annual-returned')).toMatchObject({
      title: '被退回的年报',
      count: 1,
      path: '/portal/database/orgprofile',
    });

    // Submitted again, then accepted (审核通过): gone from both lists, and read-only.
    await post('nj_coc', `${R}/report`, { id: draft.id, version: draft.version + 2 });
    expect(countOf(await pending(tokens.nj_coc), 'profile.annual-returned')).toBe(0);
    expect((await post('nj_coc', `${R}/approve`, { id: draft.id, version: draft.version + 3 })).body.msg).toBe(PROFILE_MSG.reportApproveOwn);
    const approved = await post('nj_aoc', `${R}/approve`, { id: draft.id, version: draft.version + 3 });
    expect(approved.body).toMatchObject({ code: 200, msg: '审核通过', data: { status: 3, statusName: '已通过' } });
    expect(countOf(await pending(tokens.nj_aoc), 'profile.annual-review')).toBe(countOf(before, 'profile.annual-review'));
    expect((await post('nj_aoc', `${R}/approve`, { id: draft.id, version: draft.version + 4 })).body.msg).toBe(PROFILE_MSG.reportNotSubmittedApprove);
    expect((await post('nj_coc', `${R}/report`, { id: draft.id, version: draft.version + 4 })).body.msg).toBe(PROFILE_MSG.reportNotDraft);
    const edit = await post('nj_coc', `${R}/submit`, { id: draft.id, version: draft.version + 4, deptId: chamber, year: 2021, title: '改' });
    expect(edit.body.msg).toBe(PROFILE_MSG.reportApproved);
    const removed = await t.call({ method: 'POST', url: `${R}/remove`, token: tokens.nj_coc, query: { ids: draft.id } });
    expect(removed.body.msg).toBe(PROFILE_MSG.reportApproved);
    // Another city's federation cannot accept it (out of its scope: 404).
    const suzhouRole = await createRole(t.db, { alias: 'pending_suzhou', grants: 'all' });
    await grantScope(t.db, { roleId: suzhouRole, resource: 'profile', type: 4 });
    await createUser(t.db, { account: 'pending_suzhou', deptId: await deptId(t.db, '苏州市工商联'), roleIds: [suzhouRole] });
    const suzhou = (await t.login('pending_suzhou', QUALITY_PASSWORD)).access_token;
    expect((await t.call({ method: 'POST', url: `${R}/approve`, token: suzhou, body: { id: draft.id, version: draft.version + 4 } })).status).toBe(404);
  });

  it('counts review work only for who may review it, inside the profile data scope', async () => {
    const nanjing = await deptId(t.db, '南京市工商联');
    const expected = await submittedBelow(nanjing);
    expect(expected).toBeGreaterThan(0); // the demo districts' submitted reports

    // The same org, without the 年报提交与退回 button: nothing to review.
    const noButton = await createRole(t.db, { alias: 'pending_no_button', grants: ['portal_database', 'profile_org'] });
    await grantScope(t.db, { roleId: noButton, resource: 'profile', type: 4 });
    await createUser(t.db, { account: 'pending_no_button', deptId: nanjing, roleIds: [noButton] });
    const a = (await t.login('pending_no_button', QUALITY_PASSWORD)).access_token;
    expect((await pending(a)).some((i) => i.key.startsWith('profile.'))).toBe(false);

    // With the button but a profile scope of its own org only: the orgs below are out of scope.
    const ownOrg = await createRole(t.db, { alias: 'pending_own_org', grants: ['portal_database', 'profile_org', 'profile_org_report'] });
    await grantScope(t.db, { roleId: ownOrg, resource: 'profile', type: 3 });
    await createUser(t.db, { account: 'pending_own_org', deptId: nanjing, roleIds: [ownOrg] });
    const b = (await t.login('pending_own_org', QUALITY_PASSWORD)).access_token;
    expect(countOf(await pending(b), 'profile.annual-review')).toBe(0);

    // Own org and below: the same work as nj_aoc.
    const below = await createRole(t.db, { alias: 'pending_below', grants: ['portal_database', 'profile_org', 'profile_org_report'] });
    await grantScope(t.db, { roleId: below, resource: 'profile', type: 4 });
    await createUser(t.db, { account: 'pending_below', deptId: nanjing, roleIds: [below] });
    const c = (await t.login('pending_below', QUALITY_PASSWORD)).access_token;
    expect(countOf(await pending(c), 'profile.annual-review')).toBe(expected);
  });
});
