import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type TestApp } from '../../../../test/app.js';
import { fetchFile, readBook } from '../../../../test/harness/files.js';
import { decryptBody } from '../../../platform/http/crypto.js';
import { useTestApp } from '../../../../test/use-test-app.js';

/**
 * 我的组织's address books as clients notice them: which people each book holds (README deviation 44), the
 * data scope (another org's book or entry is 404 and nothing changes), the order kept by changeUserSeq,
 * removal from a book that leaves the account able to sign on, masked phones and the log of unmasked ones,
 * and the xlsx export. The demo roles hold the books' menus by default (aoc both books, coc the chamber's).
 */
let t: TestApp;
let depts: Record<string, { id: string; idPath: string; unionId: string | null }>;

const tokens = useTestApp(['admin', 'nj_aoc', 'nj_coc', 'js_aoc'], async (app) => {
  t = app;
  const d = await t.db
    .selectFrom('bladeDept')
    .select(['id', 'idPath', 'deptName', 'unionId'])
    .where('deptName', 'in', ['南京市工商联', '苏州市工商联', '南京市浙江商会', '南京市福建商会', '南京市餐饮商会', '南京市玄武区工商联', '苏州市丝绸行业商会'])
    .execute();
  depts = Object.fromEntries(d.map((x) => [x.deptName, x]));
});

const AOC = '/api/blade-user/userProfile/aoc/currentOrgUserList';
const AOC_NEXT = '/api/blade-user/userProfile/aoc/nextOrgUserList';
const COC = '/api/blade-user/userProfile/coc/currentOrgUserList';
const COC_AJ = '/api/blade-user/userProfile/coc/currentAllopatryJSOrgUserList';
const ORG = '/api/aoc-service/portal/currentOrgUserList';
const REMOVE = '/api/aoc-service/userProfile/remove-address-book';

const get = (url: string, who: string, query: Record<string, string> = {}) => t.call({ url, token: tokens[who] ?? who, query: { size: '500', ...query } });
const accounts = (res: { body: any }) => res.body.data.records.map((r: any) => r.account as string);

/** The live accounts of one org in the book (the expectation, read from the tables). */
async function bookOf(deptName: string, tag?: 'aoc' | 'coc') {
  let q = t.db
    .selectFrom('bladeUser as u')
    .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
    .select(['u.id', 'u.account', 'u.phone', 'u.seq'])
    .where('d.deptName', '=', deptName)
    .where('u.isDeleted', '=', 0)
    .where('u.isAddressBook', '=', 1);
  if (tag) q = q.where('u.profileTag', '=', tag);
  return q.orderBy('u.seq').orderBy('u.id').execute();
}

describe('the books: who is in each', () => {
  it("aoc/currentOrgUserList: the federation's own staff in its order, phones masked, no secret", async () => {
    const res = await get(AOC, 'nj_aoc');
    expect(res.status).toBe(200);
    const expected = await bookOf('南京市工商联', 'aoc');
    expect(accounts(res)).toEqual(expected.map((e) => e.account));
    expect(accounts(res)).toContain('nj_aoc');
    for (const r of res.body.data.records) {
      expect(r.phone ?? '').toMatch(/^(1\d{2}\*{4}\d{4})?$/);
      expect(r).not.toHaveProperty('passwordHash');
      expect(r.deptName).toBe('南京市工商联');
    }
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/i);
  });

  it('aoc/nextOrgUserList: the staff of the federations directly below, none of the own', async () => {
    const res = await get(AOC_NEXT, 'nj_aoc');
    expect(res.status).toBe(200);
    const names = new Set(res.body.data.records.map((r: any) => r.deptName));
    expect(names.has('南京市玄武区工商联')).toBe(true);
    expect(names.has('南京市工商联')).toBe(false);
    expect([...names].every((n) => /区工商联$|县工商联$|市工商联$/.test(String(n)))).toBe(true);
    expect(accounts(res)).toEqual(expect.arrayContaining((await bookOf('南京市玄武区工商联', 'aoc')).map((e) => e.account)));
  });

  it('coc/currentOrgUserList: the own chamber by default, another chamber below by unionId or deptId', async () => {
    const own = await get(COC, 'nj_coc');
    expect(own.status).toBe(200);
    expect(accounts(own)).toEqual((await bookOf('南京市浙江商会', 'coc')).map((e) => e.account));
    expect(accounts(own)).toContain('nj_coc');
    const fujian = (await bookOf('南京市福建商会', 'coc')).map((e) => e.account);
    expect(accounts(await get(COC, 'nj_aoc', { deptId: depts['南京市福建商会'].id }))).toEqual(fujian);
    if (depts['南京市福建商会'].unionId) expect(accounts(await get(COC, 'nj_aoc', { unionId: depts['南京市福建商会'].unionId }))).toEqual(fujian);
  });

  it('coc/currentAllopatryJSOrgUserList: the staff of the 外省在苏 chambers attached to the federation', async () => {
    const res = await get(COC_AJ, 'nj_aoc');
    expect(res.status).toBe(200);
    const names = new Set(res.body.data.records.map((r: any) => r.deptName));
    expect(names).toEqual(new Set(['南京市浙江商会', '南京市福建商会']));
    expect(accounts(res)).toContain('nj_coc');
  });

  it('portal/currentOrgUserList: the book of an org in scope, optionally of one tag; search by name or whole phone', async () => {
    const res = await get(ORG, 'nj_aoc', { deptId: depts['南京市浙江商会'].id, profileTag: 'coc' });
    expect(accounts(res)).toEqual((await bookOf('南京市浙江商会', 'coc')).map((e) => e.account));
    const [first] = await bookOf('南京市工商联', 'aoc');
    const byPhone = await get(ORG, 'nj_aoc', { keyword: first.phone! });
    expect(accounts(byPhone)).toEqual([first.account]);
    expect((await get(ORG, 'nj_aoc', { keyword: first.phone!.slice(0, 7) })).body.data.total).toBe(0);
    expect(accounts(await get(ORG, 'nj_aoc', { keyword: 'nj_a' }))).toEqual(['nj_aoc']);
  });
});

describe('data scope: another org is refused', () => {
  it("another city's or a sibling's org answers 404 on every book", async () => {
    for (const url of [AOC, AOC_NEXT, COC, COC_AJ, ORG]) {
      const res = await get(url, 'nj_aoc', { deptId: depts['苏州市工商联'].id });
      expect(res.status, url).toBe(404);
    }
    expect((await get(COC, 'nj_coc', { deptId: depts['南京市福建商会'].id })).status).toBe(404);
    expect((await get(COC, 'nj_aoc', { unionId: depts['苏州市丝绸行业商会'].unionId ?? 'nowhere' })).status).toBe(404);
    expect((await get(COC, 'nj_aoc', { unionId: 'no-such-union' })).status).toBe(404);
  });

  it('removing another org’s entry is 404 and leaves it in the book; a wrong account too', async () => {
    const [suzhou] = await bookOf('苏州市工商联', 'aoc');
    const res = await t.call({
      method: 'DELETE',
      url: REMOVE,
      token: tokens.nj_aoc,
      query: { userId: suzhou.id, account: suzhou.account, isAddressBook: '1' },
    });
    expect(res.status).toBe(404);
    expect((await bookOf('苏州市工商联', 'aoc')).map((e) => e.id)).toContain(suzhou.id);
    const [mine] = await bookOf('南京市工商联', 'aoc');
    const wrong = await t.call({
      method: 'DELETE',
      url: REMOVE,
      token: tokens.nj_aoc,
      query: { userId: mine.id, account: 'someone_else', isAddressBook: '1' },
    });
    expect(wrong.status).toBe(404);
    const badFlag = await t.call({ method: 'DELETE', url: REMOVE, token: tokens.nj_aoc, query: { userId: mine.id, isAddressBook: '0' } });
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.msg).toBe('isAddressBook 只能是 1');
  });

  it('a chamber cannot reach the federation above: its book and its staff are 404', async () => {
    expect((await get(ORG, 'nj_coc', { deptId: depts['南京市工商联'].id })).status).toBe(404);
    const [fed] = await bookOf('南京市工商联', 'aoc');
    expect((await t.call({ method: 'DELETE', url: REMOVE, token: tokens.nj_coc, query: { userId: fed.id } })).status).toBe(404);
  });
});

describe('maintaining a book', () => {
  it('changeUserSeq reorders the book and the order holds on the next read', async () => {
    const before = (await get(AOC, 'nj_aoc')).body.data.records as Array<{ id: string; account: string }>;
    expect(before.length).toBeGreaterThan(1);
    const reversed = [...before].reverse();
    const res = await t.call({
      method: 'POST',
      url: '/api/blade-user/changeUserSeq',
      token: tokens.nj_aoc,
      body: { list: reversed.map((r, i) => ({ id: r.id, seq: i + 1 })) },
    });
    expect(res.status).toBe(200);
    expect(accounts(await get(AOC, 'nj_aoc'))).toEqual(reversed.map((r) => r.account));
    // Another org's user cannot be ordered through it.
    const [suzhou] = await bookOf('苏州市工商联', 'aoc');
    const other = await t.call({ method: 'POST', url: '/api/blade-user/changeUserSeq', token: tokens.nj_aoc, body: { id: suzhou.id, seq: 1 } });
    expect(other.status).toBe(404);
  });

  it('remove-address-book takes a person out of the book; the account still signs on and can be added back', async () => {
    const entries = (await get(AOC, 'nj_aoc')).body.data.records as Array<{ id: string; account: string }>;
    const target = entries.find((e) => e.account !== 'nj_aoc')!;
    const res = await t.call({
      method: 'DELETE',
      url: REMOVE,
      token: tokens.nj_aoc,
      query: { userId: target.id, account: target.account, isAddressBook: '1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('已移出通讯录');
    expect(accounts(await get(AOC, 'nj_aoc'))).not.toContain(target.account);
    expect(accounts(await get(AOC, 'nj_aoc', { isAddressBook: '0' }))).toContain(target.account);

    const row = await t.db.selectFrom('bladeUser').select(['isDeleted', 'status', 'isAddressBook']).where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ isDeleted: 0, status: 1, isAddressBook: 0 });
    const signOn = await t.passwordGrant(target.account, DEMO_PASSWORD, { captcha: 'auto' });
    expect(signOn.status).toBe(200);
    expect(signOn.body.access_token).toBeTruthy();

    const back = await t.call({
      method: 'POST',
      url: '/api/blade-user/set-address-book',
      token: tokens.nj_aoc,
      query: { userIds: target.id, isAddressBook: '1' },
    });
    expect(back.status).toBe(200);
    expect(accounts(await get(AOC, 'nj_aoc'))).toContain(target.account);
  });

  it('a chamber maintains its own book but not the federation’s (no 维护 of 工商联通讯录)', async () => {
    const cocRole = await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'coc').where('deptId', 'is', null).executeTakeFirstOrThrow();
    const codes = await t.db
      .selectFrom('bladeRoleMenu as rm')
      .innerJoin('bladeMenu as m', 'm.id', 'rm.menuId')
      .select('m.code')
      .where('rm.roleId', '=', cocRole.id)
      .where('m.code', 'like', 'myorg_%address%')
      .execute();
    const held = codes.map((c) => c.code);
    expect(held).toEqual(expect.arrayContaining(['myorg_sh_address', 'myorg_sh_address_edit']));
    expect(held).not.toContain('myorg_gsl_address_edit');
    expect(held).not.toContain('myorg_address_phone');
    expect((await get(AOC, 'nj_coc')).status).toBe(403);
  });
});

describe('phones', () => {
  it('are whole only with 查看完整手机号 (admins by default), and every such answer is logged', async () => {
    const expected = await bookOf('南京市浙江商会', 'coc');
    const full = await get(ORG, 'admin', { deptId: depts['南京市浙江商会'].id });
    expect(full.body.data.records.map((r: any) => r.phone)).toEqual(expected.map((e) => e.phone));
    await t.app.services.audit.flush();
    const logs = await t.db
      .selectFrom('bladeLogUsual')
      .select(['logData', 'createBy'])
      .where('logId', '=', 'address_phone_view')
      .orderBy('id', 'desc')
      .execute();
    expect(logs[0].createBy).toBe('admin');
    expect(JSON.parse(logs[0].logData!).userIds).toEqual(expected.filter((e) => e.phone).map((e) => String(e.id)));
  });
});

describe('export', () => {
  it('a sort by a field the list does not have is a JSON refusal before any byte of the file', async () => {
    for (const [url, who, query] of [
      ['/api/blade-user/userProfile/aoc/export', 'nj_aoc', { ascs: '__proto__' }],
      ['/api/blade-user/userProfile/aoc/export', 'nj_aoc', { descs: 'deptId,valueOf' }],
      ['/api/blade-user/export-user', 'admin', { ascs: 'constructor' }],
    ] as const) {
      const res = await fetchFile(t, tokens[who], 'GET', url, query);
      expect(res.status, `${url} ${JSON.stringify(query)}`).toBe(400);
      expect(String(res.headers['content-type'])).not.toContain('spreadsheetml');
      const text = res.body.toString();
      const body = JSON.parse(String(res.headers['content-type']).startsWith('text/plain') ? decryptBody(text, t.config.aesKey) : text);
      expect(body.msg).toMatch(/^不支持按 .+ 排序$/);
    }
  });

  it("streams the book's rows in its order as xlsx, phones masked; another org is 404", async () => {
    const res = await fetchFile(t, tokens.nj_aoc, 'GET', '/api/blade-user/userProfile/aoc/export', {});
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readBook(res.body);
    expect(rows[0]).toEqual(['序号', '姓名', '性别', '所属机构', '职务', '手机号码', '邮箱', '账号', '状态', '类型']);
    const listed = await get(AOC, 'nj_aoc');
    expect(rows.slice(1).map((r) => r[7])).toEqual(accounts(listed));
    for (const r of rows.slice(1)) expect(String(r[5] ?? '')).toMatch(/^(1\d{2}\*{4}\d{4})?$/);
    const refused = await fetchFile(t, tokens.nj_aoc, 'GET', '/api/blade-user/userProfile/coc/export', { deptId: depts['苏州市丝绸行业商会'].id });
    expect(refused.status).toBe(404);
    const chamber = await fetchFile(t, tokens.nj_coc, 'GET', '/api/blade-user/userProfile/coc/export', {});
    expect(chamber.status).toBe(200);
    expect((await readBook(chamber.body)).slice(1).map((r) => r[7])).toEqual((await bookOf('南京市浙江商会', 'coc')).map((e) => e.account));
  });
});
