import { describe, expect, it } from 'vitest';
import { type TestApp } from '../../../../test/app.js';
import { fetchFile, readBook } from '../../../../test/harness/files.js';
import { useTestApp } from '../../../../test/use-test-app.js';

/**
 * The address books' contact-only entries (README deviation 44): a person in an org's book without an
 * account, listed with the accounts (one order, one paging), inside the user data scope (another org's
 * contact is 404 and nothing changes), masked phones, §5 phone messages, removal.
 */
let t: TestApp;
let depts: Record<string, string>;

const tokens = useTestApp(['admin', 'nj_aoc', 'nj_coc', 'js_aoc'], async (app) => {
  t = app;
  const d = await t.db.selectFrom('bladeDept').select(['id', 'deptName']).where('deptName', 'in', ['南京市工商联', '苏州市工商联', '南京市浙江商会']).execute();
  depts = Object.fromEntries(d.map((x) => [x.deptName, String(x.id)]));
});

const P = '/api/blade-user/userProfile/contact';
const AOC = '/api/blade-user/userProfile/aoc/currentOrgUserList';
const COC = '/api/blade-user/userProfile/coc/currentOrgUserList';

type Entry = {
  id: string;
  entryType: 'account' | 'contact';
  account: string | null;
  realName: string;
  phone: string | null;
  seq: number;
  status: number | null;
};
const book = async (who: string, url = AOC, query: Record<string, string> = {}) => {
  const res = await t.call({ url, token: tokens[who], query: { size: '500', ...query } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { records: Entry[]; total: number };
};
const submit = (who: string, body: Record<string, unknown>) => t.call({ method: 'POST', url: `${P}/submit`, token: tokens[who], body });
const contactCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('aocOrgContact')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const key = (e: Entry) => `${e.entryType}:${e.id}`;

describe('adding a contact-only entry', () => {
  it('puts the person at the end of the own book, marked as a contact, with no account anywhere', async () => {
    const before = await book('nj_aoc');
    const res = await submit('nj_aoc', { realName: '联系人甲', postName: '办公室主任', phone: '13912345671', email: 'jia@example.com', sex: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('新增成功');
    const c = res.body.data;
    expect(c).toMatchObject({ entryType: 'contact', realName: '联系人甲', profileTag: 'aoc', deptId: depts['南京市工商联'], phone: '139****5671' });
    expect(c.seq).toBe(Math.max(0, ...before.records.map((r) => r.seq)) + 1);

    const after = await book('nj_aoc');
    expect(after.total).toBe(before.total + 1);
    const last = after.records[after.records.length - 1];
    expect(last).toMatchObject({ id: c.id, entryType: 'contact', account: null, status: null, realName: '联系人甲', phone: '139****5671' });
    expect(after.records.slice(0, -1).every((r) => r.entryType === 'account')).toBe(true);
    // Never a user: nothing to sign on with, nothing in account management.
    expect(await t.db.selectFrom('bladeUser').select('id').where('realName', '=', '联系人甲').execute()).toEqual([]);
    const users = await t.call({ url: '/api/blade-user/page', token: tokens.admin, query: { realName: '联系人甲' } });
    expect(users.body.data.total).toBe(0);
    // Not among whom one may add to the book (accounts only).
    expect((await book('nj_aoc', AOC, { isAddressBook: '0' })).records.every((r) => r.entryType === 'account')).toBe(true);
    // A chamber's contact goes into its own book (tag coc), not the federation's.
    const coc = await submit('nj_coc', { realName: '商会联系人' });
    expect(coc.status).toBe(200);
    expect(coc.body.data.profileTag).toBe('coc');
    expect((await book('nj_coc', COC)).records.map((r) => r.realName)).toContain('商会联系人');
  });

  it('refuses bad input with the Chinese messages and changes nothing', async () => {
    const n = await contactCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ postName: '秘书' }, '请输入姓名'],
      [{ realName: '   ' }, '请输入姓名'],
      [{ realName: '乙', phone: '1391234' }, '手机号码长度不为11位'],
      [{ realName: '乙', phone: '10012345678' }, '手机号码格式不正确'],
      [{ realName: '乙', email: 'not-mail' }, '邮箱格式不正确'],
      [{ realName: '乙', profileTag: 'x' }, '人员标签只能是 aoc 或 coc'],
      [{ id: '1', realName: '乙' }, '请提供数据版本号'],
      [{ realName: '乙', deptId: depts['苏州市工商联'] }, '所属机构不存在或不在数据权限范围内'],
    ];
    for (const [body, msg] of cases) {
      const res = await submit('nj_aoc', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    // A chamber cannot put a contact into the federation's book (no 维护 of 工商联通讯录).
    const refused = await submit('nj_coc', { realName: '乙', profileTag: 'aoc' });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('无权维护该通讯录');
    expect(await contactCount()).toBe(n);
  });
});

describe('data scope', () => {
  it("another org's contact is 404 on detail, update, ordering and removal, and never listed", async () => {
    const made = await submit('js_aoc', { realName: '苏州联系人', deptId: depts['苏州市工商联'], phone: '13912345672' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { id, version } = made.body.data;
    expect((await t.call({ url: `${P}/detail`, token: tokens.nj_aoc, query: { id } })).status).toBe(404);
    expect((await t.call({ url: `${P}/detail`, token: tokens.nj_coc, query: { id } })).status).toBe(404);
    expect((await submit('nj_aoc', { id, version, realName: '改名' })).status).toBe(404);
    expect((await t.call({ method: 'POST', url: `${P}/changeSeq`, token: tokens.nj_aoc, body: { id, seq: 1 } })).status).toBe(404);
    expect((await t.call({ method: 'POST', url: `${P}/remove`, token: tokens.nj_aoc, query: { ids: id } })).status).toBe(404);
    const row = await t.db.selectFrom('aocOrgContact').select(['realName', 'isDeleted', 'seq']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ realName: '苏州联系人', isDeleted: 0 });
    expect((await book('js_aoc', AOC, { deptId: depts['苏州市工商联'] })).records.map((r) => r.realName)).toContain('苏州联系人');
    expect((await book('nj_aoc')).records.map((r) => r.realName)).not.toContain('苏州联系人');
    // The province reads it (its scope holds the city).
    expect((await t.call({ url: `${P}/detail`, token: tokens.js_aoc, query: { id } })).body.data.realName).toBe('苏州联系人');
  });
});

describe('phones', () => {
  it('are masked unless 查看完整手机号, on the list and the detail, and unmasked answers are logged', async () => {
    const made = await submit('nj_aoc', { realName: '联系人丙', phone: '13912345673' });
    const id = made.body.data.id as string;
    expect((await t.call({ url: `${P}/detail`, token: tokens.nj_aoc, query: { id } })).body.data.phone).toBe('139****5673');
    const full = await t.call({ url: `${P}/detail`, token: tokens.admin, query: { id } });
    expect(full.body.data.phone).toBe('13912345673');
    const listed = await book('admin', '/api/aoc-service/portal/currentOrgUserList', { deptId: depts['南京市工商联'] });
    expect(listed.records.find((r) => r.entryType === 'contact' && r.id === id)?.phone).toBe('13912345673');
    await t.app.services.audit.flush();
    const logs = await t.db.selectFrom('bladeLogUsual').select('logData').where('logId', '=', 'address_phone_view').orderBy('id', 'desc').limit(2).execute();
    expect(logs.some((l) => (JSON.parse(l.logData!).contactIds ?? []).includes(id))).toBe(true);
    // The masked number a form sends back keeps the stored one.
    const kept = await submit('nj_aoc', { id, version: made.body.data.version, realName: '联系人丙', phone: '139****5673', postName: '联络员' });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.msg).toBe('更新成功');
    const row = await t.db.selectFrom('aocOrgContact').select(['phone', 'postName', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ phone: '13912345673', postName: '联络员', version: 2 });
    // A whole number finds the contact; a part of it finds nothing.
    expect((await book('nj_aoc', AOC, { keyword: '13912345673' })).records.map((r) => r.realName)).toEqual(['联系人丙']);
    expect((await book('nj_aoc', AOC, { keyword: '1391234' })).total).toBe(0);
    // A stale version is refused.
    expect((await submit('nj_aoc', { id, version: 1, realName: 'x' })).body.msg).toBe('数据已被他人修改,请刷新后重试');
  });
});

describe('one book, two kinds', () => {
  it('pages the union in SQL and keeps one order across accounts and contacts', async () => {
    const all = await book('nj_aoc');
    expect(all.records.some((r) => r.entryType === 'contact')).toBe(true);
    const paged: Entry[] = [];
    for (let current = 1; paged.length < all.total; current++) {
      const res = await t.call({ url: AOC, token: tokens.nj_aoc, query: { size: '2', current: String(current) } });
      expect(res.body.data.total).toBe(all.total);
      paged.push(...res.body.data.records);
    }
    expect(paged.map(key)).toEqual(all.records.map(key));

    // The whole book reversed: accounts by changeUserSeq, contacts by contact/changeSeq, in one seq space.
    const reversed = [...all.records].reverse();
    const plan = reversed.map((r, i) => ({ r, seq: i + 1 }));
    const users = await t.call({
      method: 'POST',
      url: '/api/blade-user/changeUserSeq',
      token: tokens.nj_aoc,
      body: { list: plan.filter((p) => p.r.entryType === 'account').map((p) => ({ id: p.r.id, seq: p.seq })) },
    });
    expect(users.status).toBe(200);
    const contacts = await t.call({
      method: 'POST',
      url: `${P}/changeSeq`,
      token: tokens.nj_aoc,
      body: { list: plan.filter((p) => p.r.entryType === 'contact').map((p) => ({ id: p.r.id, seq: p.seq })) },
    });
    expect(contacts.status).toBe(200);
    expect(contacts.body.msg).toBe('排序已保存');
    expect((await book('nj_aoc')).records.map(key)).toEqual(reversed.map(key));
    // Sorting by a whitelisted field works over both kinds; an unknown one is refused.
    const byName = await t.call({ url: AOC, token: tokens.nj_aoc, query: { size: '500', ascs: 'realName' } });
    expect(byName.body.data.total).toBe(all.total);
    expect((await t.call({ url: AOC, token: tokens.nj_aoc, query: { ascs: 'phone' } })).status).toBe(400);
  });

  it('exports both kinds in the list order, a contact marked 联系人 without account', async () => {
    const res = await fetchFile(t, tokens.nj_aoc, 'GET', '/api/blade-user/userProfile/aoc/export', {});
    expect(res.status).toBe(200);
    const rows = await readBook(res.body);
    expect(rows[0]).toEqual(['序号', '姓名', '性别', '所属机构', '职务', '手机号码', '邮箱', '账号', '状态', '类型']);
    const listed = await book('nj_aoc');
    expect(rows.slice(1).map((r) => r[1])).toEqual(listed.records.map((r) => r.realName ?? r.account));
    const contact = rows.find((r) => r[1] === '联系人甲')!;
    expect(contact[9]).toBe('联系人');
    expect(contact[7] ?? '').toBe('');
    expect(String(contact[5])).toBe('139****5671');
  });
});

describe('removing a contact', () => {
  it('deletes it (soft) from the book; a second removal is 404', async () => {
    const made = await submit('nj_aoc', { realName: '联系人丁' });
    const id = made.body.data.id as string;
    const res = await t.call({ method: 'POST', url: `${P}/remove`, token: tokens.nj_aoc, query: { ids: id } });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('删除成功');
    expect((await book('nj_aoc')).records.map((r) => r.realName)).not.toContain('联系人丁');
    expect((await t.db.selectFrom('aocOrgContact').select('isDeleted').where('id', '=', id).executeTakeFirstOrThrow()).isDeleted).toBe(1);
    expect((await t.call({ method: 'POST', url: `${P}/remove`, token: tokens.nj_aoc, query: { ids: id } })).status).toBe(404);
    expect((await t.call({ url: `${P}/detail`, token: tokens.nj_aoc, query: { id } })).status).toBe(404);
  });
});
