import { sql, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CONTENT_MAX, CHAT_MSG, type ChatLine } from '@gsl/contract';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { createUser, deptId, QUALITY_PASSWORD } from '../../../../test/harness/people.js';
import { mintToken } from '../../../../test/harness/wire.js';
import { personalDataCipher } from '../../../platform/audit/personal-data.js';
import { loadActor, type AccessClaims } from '../../../platform/access/actor.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const TT = '/api/aoc-service/through-train';
const get = (who: string, url: string, query?: Record<string, string>) => t.call({ url, query, token: tokens[who] });
const post = (who: string, url: string, body?: unknown) => t.call({ method: 'POST', url, body, token: tokens[who] });
const send = (who: string, toUserId: string, content: string) => post(who, '/api/aoc-service/chat/send', { toUserId, content });
const record = (who: string, contactId: string, query: Record<string, string> = {}) => get(who, '/api/aoc-service/chat/record', { contactId, ...query });
const status = async (who: string) =>
  (await get(who, `${TT}/status`)).body.data as { unread: number; lines: Array<{ type: ChatLine; applies: boolean; unread: number }> };
const lineUnread = async (who: string, line: ChatLine) => (await status(who)).lines.find((l) => l.type === line)!.unread;

const count = async (table: 'chatMessage' | 'chatContact') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The live events published for a user after an event id, oldest first. */
const eventsOf = async (userId: string, type: string, after = '0') =>
  (
    await t.db
      .selectFrom('eventLog')
      .select(['id', 'data'])
      .where('userId', '=', userId)
      .where('type', '=', type)
      .where('id', '>', after)
      .orderBy('id')
      .execute()
  ).map((e) => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data));
const lastEventId = async () => String((await sql<{ id: string | null }>`select max(id)::text as id from event_log`.execute(t.db)).rows[0].id ?? '0');

/** Live staff of an org by name, oldest first. */
async function staffOf(deptName: string) {
  return t.db
    .selectFrom('bladeUser as u')
    .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
    .select(['u.id', 'u.account', 'u.realName'])
    .where('d.deptName', '=', deptName)
    .where('u.isDeleted', '=', 0)
    .where('u.status', '=', 1)
    .orderBy('u.id')
    .execute();
}

const claims: Record<string, AccessClaims> = {};
async function signIn(name: string, account: string, password?: string) {
  const login = await t.login(account, password);
  tokens[name] = login.access_token;
  ids[name] = String(login.user_id);
  claims[name] = {
    userId: ids[name],
    tenantId: login.tenant_id,
    deptId: String(login.dept_id),
    roleIds: String(login.role_id).split(','),
    clientId: 'saber',
    chainId: 'x',
  };
}
/** My day's to-do items of a signed-in account, as the pending sources answer them. */
async function pendingOf(name: string) {
  const found = await loadActor(t.db, claims[name], 'authenticated');
  if (!found.ok) throw new Error(found.reason);
  return t.app.services.pending.collect(t.db, found.actor);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const a of ['admin', 'js_aoc', 'nj_aoc', 'nj_coc']) await signIn(a, a);
  const colleague = (await staffOf('南京市工商联')).find((u) => u.account !== 'nj_aoc')!;
  await signIn('colleague', colleague.account);
  await signIn('suzhou', (await staffOf('苏州市工商联'))[0].account);
  await signIn('xuanwu', (await staffOf('南京市玄武区工商联'))[0].account);
  await signIn('gulou', (await staffOf('南京市鼓楼区工商联'))[0].account);
});
afterAll(() => t?.close());

describe('the direct lines', () => {
  it("lists the caller's four lines: colleagues, the federations above, the chambers below, members' contacts", async () => {
    const s = await status('nj_aoc');
    expect(s.unread).toBe(0);
    expect(s.lines.map((l) => [l.type, l.applies])).toEqual([
      ['inside', true],
      ['fic', true],
      ['coc', true],
      ['mem', true],
    ]);

    const inside = await get('nj_aoc', `${TT}/user/list`, { size: '100' });
    const colleagues = (await staffOf('南京市工商联')).filter((u) => u.account !== 'nj_aoc');
    expect(inside.body.data.records.map((r: { id: string }) => r.id).sort()).toEqual(colleagues.map((u) => String(u.id)).sort());
    expect(inside.body.data.records[0]).toMatchObject({ deptName: '南京市工商联', unread: 0, lastTime: null, phone: null });

    const fic = await get('nj_aoc', `${TT}/aoc/list`, { size: '100' });
    const province = (await staffOf('江苏省工商联')).map((u) => String(u.id));
    expect(fic.body.data.records.map((r: { userId: string }) => r.userId).sort()).toEqual(province.sort());

    const coc = await get('nj_aoc', `${TT}/coc/list`, { size: '500' });
    const cocIds = coc.body.data.records.map((r: { userId: string }) => r.userId);
    expect(cocIds).toContain(ids.nj_coc);
    // A federation below (a district's) is no chamber; the city's own staff are on 内部直通车.
    expect(cocIds).not.toContain(ids.xuanwu);
    expect(cocIds).not.toContain(ids.colleague);
    const named = await get('nj_aoc', `${TT}/coc/list`, { name: '浙江商会' });
    expect(named.body.data.records.length).toBeGreaterThan(0);
    expect(named.body.data.records.every((r: { deptName: string }) => r.deptName === '南京市浙江商会')).toBe(true);
  });

  it('a chamber reaches the federations above it, and nobody below', async () => {
    const fic = await get('nj_coc', `${TT}/aoc/list`, { size: '100' });
    const ficIds = fic.body.data.records.map((r: { userId: string }) => r.userId);
    expect(ficIds).toContain(ids.nj_aoc);
    expect(ficIds).toContain(ids.js_aoc);
    expect((await get('nj_coc', `${TT}/coc/list`)).body.data.total).toBe(0);
    expect((await status('nj_coc')).lines.find((l) => l.type === 'coc')!.applies).toBe(false);
  });

  it('refuses a bad list request with a Chinese message, and a sort it does not offer', async () => {
    const long = await get('nj_aoc', `${TT}/user/list`, { name: '长'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe(CHAT_MSG.nameTooLong);
    expect((await get('nj_aoc', `${TT}/user/list`, { ascs: 'password_hash' })).status).toBe(400);
    expect((await t.call({ url: `${TT}/status` })).status).toBe(401);
  });
});

describe('chat', () => {
  let first = '';
  it('sends to a colleague: the stored message, both conversations, and the live events with the counts', async () => {
    const before = await lastEventId();
    const res = await send('nj_aoc', ids.colleague, '  下午三点开会,请带上材料。  ');
    expect(res.body).toMatchObject({
      code: 200,
      msg: CHAT_MSG.sent,
      data: { fromUserId: ids.nj_aoc, toUserId: ids.colleague, fromMe: true, content: '下午三点开会,请带上材料。', isRead: 0 },
    });
    first = res.body.data.id;

    expect(await lineUnread('colleague', 'inside')).toBe(1);
    expect((await status('colleague')).unread).toBe(1);
    expect(await eventsOf(ids.colleague, 'chat.message', before)).toEqual([
      { contactId: ids.nj_aoc, messageId: first, type: 'inside', mine: false, unread: 1, total: 1, lines: { inside: 1, fic: 0, coc: 0, mem: 0 } },
    ]);
    expect(await eventsOf(ids.nj_aoc, 'chat.message', before)).toEqual([{ contactId: ids.colleague, messageId: first, type: 'inside', mine: true }]);

    const list = await get('colleague', `${TT}/user/list`, { size: '100' });
    expect(list.body.data.records[0]).toMatchObject({ userId: ids.nj_aoc, unread: 1 });
    expect(list.body.data.records[0].lastTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const theirs = await get('colleague', '/api/aoc-service/contact/list');
    expect(theirs.body.data.records[0]).toMatchObject({
      userId: ids.colleague,
      recipientId: ids.nj_aoc,
      type: 'inside',
      name: '陈思远',
      deptName: '南京市工商联',
      lastContent: '下午三点开会,请带上材料。',
      lastFromMe: false,
      unread: 1,
    });
    const mine = await get('nj_aoc', '/api/aoc-service/contact/list');
    expect(mine.body.data.records[0]).toMatchObject({ recipientId: ids.colleague, lastFromMe: true, unread: 0 });
  });

  it('lists the unread messages as a to-do of My day, on the line of the newest', async () => {
    expect(t.app.services.pending.names).toContain('chat');
    const items = await pendingOf('colleague');
    expect(items.find((i) => i.key === 'chat.unread')).toMatchObject({ title: '未读直通车消息', count: 1, path: '/portal/myDay/connectInside' });
  });

  it('refuses an empty, an over-long or a malformed message with a Chinese message, writing nothing', async () => {
    const n = await count('chatMessage');
    const cases: Array<[unknown, string]> = [
      [{ toUserId: ids.colleague, content: '   ' }, CHAT_MSG.contentRequired],
      [{ toUserId: ids.colleague }, CHAT_MSG.contentRequired],
      [{ toUserId: ids.colleague, content: '长'.repeat(CHAT_CONTENT_MAX + 1) }, CHAT_MSG.contentTooLong],
      [{ content: '你好' }, CHAT_MSG.contactRequired],
      [{ toUserId: 'abc', content: '你好' }, CHAT_MSG.contactBad],
    ];
    for (const [body, msg] of cases) {
      const res = await post('nj_aoc', '/api/aoc-service/chat/send', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await post('nj_aoc', '/api/aoc-service/chat/send', { toUserId: ids.colleague, content: '你好', fromUserId: ids.js_aoc })).status).toBe(400);
    expect((await send('nj_aoc', ids.colleague, '长'.repeat(CHAT_CONTENT_MAX))).status).toBe(200);
    expect(await count('chatMessage')).toBe(n + 1);
  });

  it('the history pages newest first and with a cursor; the reply arrives on the other side', async () => {
    const reply = await send('colleague', ids.nj_aoc, '收到,马上到。');
    expect(reply.body.data.fromMe).toBe(true);
    const page = await record('nj_aoc', ids.colleague, { size: '2' });
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.records.map((m: { content: string; fromMe: boolean }) => [m.content, m.fromMe])).toEqual([
      ['收到,马上到。', false],
      ['长'.repeat(CHAT_CONTENT_MAX), true],
    ]);
    const older = await record('nj_aoc', ids.colleague, { size: '2', before: page.body.data.records[1].id });
    expect(older.body.data.records.map((m: { id: string }) => m.id)).toEqual([first]);
    expect(await lineUnread('nj_aoc', 'inside')).toBe(1);
  });

  it('reading up to one message, then all: the counts drop and both sides are told', async () => {
    expect(await lineUnread('colleague', 'inside')).toBe(2);
    const before = await lastEventId();
    const one = await post('colleague', '/api/aoc-service/chat/read', { contactId: ids.nj_aoc, messageId: first });
    expect(one.body.data).toEqual({ contactId: ids.nj_aoc, unread: 1, total: 1, read: 1 });
    expect(await eventsOf(ids.colleague, 'chat.read', before)).toEqual([
      { contactId: ids.nj_aoc, upTo: first, byMe: true, unread: 1, total: 1, lines: { inside: 1, fic: 0, coc: 0, mem: 0 } },
    ]);
    expect(await eventsOf(ids.nj_aoc, 'chat.read', before)).toEqual([{ contactId: ids.colleague, upTo: first, byMe: false }]);
    const mine = await record('nj_aoc', ids.colleague);
    expect(mine.body.data.records.find((m: { id: string }) => m.id === first)).toMatchObject({ isRead: 1 });

    const all = await post('colleague', '/api/aoc-service/chat/read', { contactId: ids.nj_aoc });
    expect(all.body.data).toMatchObject({ unread: 0, total: 0, read: 1 });
    expect((await status('colleague')).unread).toBe(0);
    expect((await pendingOf('colleague')).find((i) => i.key === 'chat.unread')).toBeUndefined();
    // Nothing left to read: no event.
    const quiet = await lastEventId();
    expect((await post('colleague', '/api/aoc-service/chat/read', { contactId: ids.nj_aoc })).body.data.read).toBe(0);
    expect(await lastEventId()).toBe(quiet);
    // A message of another conversation is not one to mark.
    const other = await send('nj_aoc', ids.nj_coc, '请报送会员名单。');
    expect((await post('colleague', '/api/aoc-service/chat/read', { contactId: ids.nj_aoc, messageId: other.body.data.id })).status).toBe(404);
  });

  it('searches the caller’s own messages only, the text taken literally', async () => {
    await send('nj_aoc', ids.colleague, '完成率达到 100% 了');
    const hits = await get('nj_aoc', '/api/aoc-service/chat/search', { keyword: '材料' });
    expect(hits.body.data.records.map((m: { content: string; contactId: string }) => [m.content, m.contactId])).toEqual([
      ['下午三点开会,请带上材料。', ids.colleague],
    ]);
    const percent = await get('nj_aoc', '/api/aoc-service/chat/search', { keyword: '%' });
    expect(percent.body.data.records.map((m: { content: string }) => m.content)).toEqual(['完成率达到 100% 了']);
    expect((await get('js_aoc', '/api/aoc-service/chat/search', { keyword: '材料' })).body.data.total).toBe(0);
    expect((await get('nj_aoc', '/api/aoc-service/chat/search', { keyword: '材料', contactId: ids.nj_coc })).body.data.total).toBe(0);
    const empty = await get('nj_aoc', '/api/aoc-service/chat/search', { keyword: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe(CHAT_MSG.keywordRequired);
  });

  it('a chamber and its federation meet on their lines: 工商联直通车 one side, 商会直通车 the other', async () => {
    await send('nj_coc', ids.nj_aoc, '年报已提交,请审核。');
    const cocSide = await get('nj_coc', '/api/aoc-service/contact/list');
    expect(cocSide.body.data.records[0]).toMatchObject({ recipientId: ids.nj_aoc, type: 'fic' });
    const fedSide = await get('nj_aoc', '/api/aoc-service/contact/list', { type: 'coc' });
    expect(fedSide.body.data.records.map((r: { recipientId: string }) => r.recipientId)).toEqual([ids.nj_coc]);
    expect(await lineUnread('nj_aoc', 'coc')).toBe(1);
  });
});

describe('who can be reached', () => {
  it("another org's staff answer 404 on every call that names them, and nothing is written", async () => {
    const [messages, contacts] = [await count('chatMessage'), await count('chatContact')];
    for (const [who, target] of [
      ['nj_aoc', ids.suzhou],
      ['nj_aoc', '9000000000000000001'],
      ['nj_coc', ids.suzhou],
      ['js_aoc', ids.nj_aoc],
      ['nj_aoc', ids.gulou],
      ['nj_aoc', ids.nj_aoc],
    ]) {
      expect((await send(who, target, '你好')).status, `${who} → ${target}`).toBe(404);
      expect((await record(who, target)).status).toBe(404);
      expect((await post(who, '/api/aoc-service/chat/read', { contactId: target })).status).toBe(404);
      expect((await post(who, '/api/aoc-service/contact/add', { type: 'inside', recipientId: target })).status).toBe(404);
    }
    expect([await count('chatMessage'), await count('chatContact')]).toEqual([messages, contacts]);
  });

  it('nobody reads a conversation they are not part of: another reachable person sees only their own', async () => {
    // nj_coc reaches the colleague (a federation above), but their conversation with nj_aoc is not theirs.
    const theirs = await record('nj_coc', ids.colleague);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.total).toBe(0);
    expect((await get('nj_coc', '/api/aoc-service/chat/search', { keyword: '开会' })).body.data.total).toBe(0);
  });

  it('a district federation writes up to the city; the city answers in that conversation but cannot start one below', async () => {
    await send('xuanwu', ids.nj_aoc, '区里的报表已上报。');
    const cityView = await get('nj_aoc', '/api/aoc-service/contact/list', { name: '玄武区' });
    expect(cityView.body.data.records[0]).toMatchObject({ recipientId: ids.xuanwu, type: 'coc' });
    expect((await send('nj_aoc', ids.xuanwu, '已收到。')).status).toBe(200);
    expect((await send('nj_aoc', ids.gulou, '你好')).status).toBe(404);
  });

  it('contact/add names the line the person is on', async () => {
    const added = await post('nj_aoc', '/api/aoc-service/contact/add', { type: 'fic', recipientId: ids.js_aoc });
    expect(added.body).toMatchObject({
      code: 200,
      msg: '新增成功',
      data: { userId: ids.nj_aoc, recipientId: ids.js_aoc, type: 'fic', lastContent: null, unread: 0 },
    });
    expect((await get('nj_aoc', '/api/aoc-service/contact/list')).body.data.records[0].recipientId).toBe(ids.js_aoc);
    expect((await post('nj_aoc', '/api/aoc-service/contact/add', { type: 'coc', recipientId: ids.js_aoc })).status).toBe(404);
    const bad = await post('nj_aoc', '/api/aoc-service/contact/add', { type: 'elsewhere', recipientId: ids.js_aoc });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(CHAT_MSG.lineBad);
  });

  it("another tenant's account is out of reach even in the same org, and sees nothing of this tenant", async () => {
    await t.db.insertInto('bladeTenant').values({ tenantId: '000009', tenantName: '直通车测试租户' }).execute();
    const nanjing = await deptId(t.db, '南京市工商联');
    const stranger = await createUser(t.db, { account: 'chat_stranger', deptId: nanjing, roleIds: [], tenantId: '000009' });
    expect((await send('nj_aoc', stranger.id, '你好')).status).toBe(404);
    expect((await record('nj_aoc', stranger.id)).status).toBe(404);
    tokens.stranger = await mintToken(t, stranger);
    expect((await get('stranger', `${TT}/user/list`)).body.data.total).toBe(0);
    expect((await send('stranger', ids.nj_aoc, '你好')).status).toBe(404);
    expect((await record('stranger', ids.colleague)).status).toBe(404);
    expect((await get('stranger', '/api/aoc-service/chat/search', { keyword: '开会' })).body.data.total).toBe(0);
  });
});

/** A current member enterprise with a contact phone, of an org at or below the named one. */
async function enterpriseUnder(orgName: string) {
  return t.db
    .selectFrom('aocMemberEnterprise as m')
    .innerJoin('bladeDept as d', 'd.id', 'm.deptId')
    .select(['m.id', 'm.name', 'm.contactName', 'm.contactPhoneEnc'])
    .where(sql<SqlBool>`d.id_path like (select x.id_path from blade_dept x where x.dept_name = ${orgName}) || '%'`)
    .where('m.isDeleted', '=', 0)
    .where('m.status', '=', 1)
    .where('m.contactPhoneEnc', 'is not', null)
    .orderBy('m.id')
    .executeTakeFirstOrThrow();
}

describe('企业直通车', () => {
  it('lists the member enterprises in scope with masked phones; a contact with an account can be chatted with', async () => {
    const cipher = await personalDataCipher(t.db, { production: false });
    const ent = await enterpriseUnder('南京市工商联');
    const phone = cipher.decrypt(ent.contactPhoneEnc!);
    // The contact's account sits in an org none of nj_aoc's staff lines reaches (a district federation below).
    const aoc = await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'aoc').where('tenantId', '=', '000001').executeTakeFirstOrThrow();
    const account = await createUser(t.db, {
      account: 'chat_member',
      deptId: await deptId(t.db, '南京市鼓楼区工商联'),
      roleIds: [String(aoc.id)],
      realName: ent.contactName ?? '联系人',
    });
    await t.db.updateTable('bladeUser').set({ phone }).where('id', '=', account.id).execute();

    const list = await get('nj_aoc', `${TT}/mem/list`, { name: ent.name, size: '50' });
    const row = list.body.data.records.find((r: { id: string }) => r.id === String(ent.id));
    expect(row).toMatchObject({ userId: account.id, enterpriseName: ent.name, name: ent.contactName, phone: `${phone.slice(0, 3)}****${phone.slice(-4)}` });
    const all = await get('nj_aoc', `${TT}/mem/list`, { size: '500' });
    expect(all.body.data.records.filter((r: { userId: string | null }) => r.userId === null).length).toBeGreaterThan(0);
    expect(all.body.data.records.every((r: { phone: string | null }) => r.phone === null || /^\d{3}\*{4}\d{4}$/.test(r.phone))).toBe(true);

    const sent = await send('nj_aoc', account.id, '请核对贵公司的会员信息。');
    expect(sent.status).toBe(200);
    expect((await get('nj_aoc', '/api/aoc-service/contact/list', { type: 'mem' })).body.data.records[0]).toMatchObject({
      recipientId: account.id,
      type: 'mem',
    });
    await signIn('member', 'chat_member', QUALITY_PASSWORD);
    // On the member's side the city federation is above its account's org: 工商联直通车.
    expect(await lineUnread('member', 'fic')).toBe(1);
    expect((await get('member', `${TT}/mem/list`, { size: '1' })).status).toBe(200);

    // The same number on an account, but the enterprise is outside nj_aoc's member scope: out of reach.
    const far = await enterpriseUnder('苏州市工商联');
    const other = await createUser(t.db, { account: 'chat_member_far', deptId: await deptId(t.db, '苏州市工商联'), roleIds: [] });
    await t.db
      .updateTable('bladeUser')
      .set({ phone: cipher.decrypt(far.contactPhoneEnc!) })
      .where('id', '=', other.id)
      .execute();
    expect((await send('nj_aoc', other.id, '你好')).status).toBe(404);
  });
});

describe('exact counts', () => {
  it('messages written at once to one person: each event carries one more, the last the count the server reads', async () => {
    await post('nj_aoc', '/api/aoc-service/chat/read', { contactId: ids.colleague });
    const start = (await status('nj_aoc')).unread;
    const before = await lastEventId();
    const writers = ['colleague', 'nj_coc', 'xuanwu'];
    await Promise.all(writers.flatMap((w) => [1, 2, 3, 4].map((i) => send(w, ids.nj_aoc, `并发消息 ${w} ${i}`))));
    const totals = (await eventsOf(ids.nj_aoc, 'chat.message', before)).filter((e) => !e.mine).map((e) => e.total);
    expect(totals).toEqual(Array.from({ length: 12 }, (_, i) => start + i + 1));
    expect((await status('nj_aoc')).unread).toBe(start + 12);
  });
});
