import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MSG } from '@gsl/contract';
import { createTestApp, type TestApp } from '../../../test/app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const deptOf = async (name: string) => String((await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', name).executeTakeFirstOrThrow()).id);

beforeAll(async () => {
  t = await createTestApp();
  for (const a of ['admin', 'js_aoc', 'nj_aoc', 'nj_coc']) {
    const login = await t.login(a);
    tokens[a] = login.access_token;
    ids[a] = String(login.user_id);
  }
  ids.nanjing = await deptOf('南京市工商联');
  ids.suzhou = await deptOf('苏州市工商联');
  ids.njZhejiang = await deptOf('南京市浙江商会');
});
afterAll(() => t?.close());

const get = (who: string, url: string, query?: Record<string, string>) => t.call({ url, query, token: tokens[who] });
const post = (who: string, url: string, body?: unknown, query?: Record<string, string>) => t.call({ method: 'POST', url, body, query, token: tokens[who] });
const drain = () => t.app.services.outbox.drainUntilIdle(30_000);

/** Active chamber and association staff below an org, counted here independently of the range code. */
async function chamberStaffUnder(deptId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from blade_user u join blade_dept d on d.id = u.dept_id
     where u.is_deleted = 0 and u.status = 1 and d.is_deleted = 0 and d.dept_category in (2, 3)
       and d.id_path like (select id_path from blade_dept where id = ${deptId}::bigint) || '%'`.execute(t.db);
  return Number(rows[0].n);
}

const sendCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('msgSend')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const unreadOf = async (who: string): Promise<number> => (await get(who, '/api/blade-user/message/unread-count')).body.data.unread;

const notice = (range: unknown, title = '关于召开年度会员大会的通知') => ({ title, content: '请各商会于本周五前报送参会名单。', range });

describe('send ranges', () => {
  it("counts a tag below the sender's org, and the chambers with their staff", async () => {
    const res = await get('nj_aoc', '/api/msg-center/send-range/user/coc/count');
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ tagType: 'coc', name: '商会工作人员', total: await chamberStaffUnder(ids.nanjing) });
    expect(res.body.data.total).toBeGreaterThan(0);
    expect(res.body.data.sys).toBe(res.body.data.total);

    const chambers = await get('nj_aoc', '/api/msg-center/send-range/coc/list', { current: '1', size: '500' });
    expect(chambers.body.data.records.some((c: { id: string }) => c.id === ids.njZhejiang)).toBe(true);
    expect(chambers.body.data.records.every((c: { staffCount: number }) => c.staffCount >= 0)).toBe(true);
  });

  it("refuses a range below another city's federation (404), and a chamber reaches only its own org", async () => {
    const other = await get('nj_aoc', '/api/msg-center/send-range/user/coc/count', { deptId: ids.suzhou });
    expect(other.status).toBe(404);
    const before = await sendCount();
    const sent = await post('nj_aoc', '/api/msg-center/sys/send', notice({ items: [{ tagType: 'coc', deptId: ids.suzhou }] }));
    expect(sent.status).toBe(404);
    expect(await sendCount()).toBe(before);

    const own = await get('nj_coc', '/api/msg-center/send-range/user/coc/count');
    const staff = await t.db
      .selectFrom('bladeUser')
      .select('id')
      .where('deptId', '=', ids.njZhejiang)
      .where('isDeleted', '=', 0)
      .where('status', '=', 1)
      .execute();
    expect(own.body.data.total).toBe(staff.length);
    expect((await get('nj_coc', '/api/msg-center/send-range/user/coc/count', { deptId: ids.nanjing })).status).toBe(404);
  });

  it("counts a mixed selection once per person: a chamber's staff chosen twice are counted once", async () => {
    const one = await post('nj_aoc', '/api/msg-center/send-range/user/count', { channel: 'sys', range: { items: [{ tagType: 'coc' }] } });
    const twice = await post('nj_aoc', '/api/msg-center/send-range/user/count', {
      channel: 'sys',
      range: { items: [{ tagType: 'coc' }, { tagType: 'cocAj' }, { tagType: 'coc', cocUnionId: ids.njZhejiang }] },
    });
    expect(twice.body.data.count).toBe(one.body.data.count);
    expect(twice.body.data.byTag.map((b: { count: number }) => b.count).reduce((a: number, b: number) => a + b, 0)).toBeGreaterThan(one.body.data.count);
  });

  it('refuses a tag on a channel it cannot reach, and an unknown tag, with a Chinese message', async () => {
    const res = await post('nj_aoc', '/api/msg-center/send-range/user/count', { channel: 'sys', range: { items: [{ tagType: 'memE' }] } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`企业会员:${MESSAGE_MSG.tagChannel}`);
    expect((await get('nj_aoc', '/api/msg-center/send-range/user/nobody/count')).body.msg).toBe(MESSAGE_MSG.tagUnknown);
  });
});

describe('notices', () => {
  let sendId = '';
  it("sends a notice to the Nanjing chambers' staff; nj_coc finds it unread in their box", async () => {
    const total = await chamberStaffUnder(ids.nanjing);
    const unreadBefore = await unreadOf('nj_coc');
    const res = await post('nj_aoc', '/api/msg-center/sys/send', notice({ items: [{ tagType: 'coc' }] }));
    expect(res.body).toMatchObject({ code: 200, msg: MESSAGE_MSG.sent, data: { total } });
    sendId = res.body.data.id;

    const box = await get('nj_coc', '/api/blade-user/message/sampleList');
    expect(box.body.data.records[0]).toMatchObject({ title: '关于召开年度会员大会的通知', isRead: 0, senderName: '陈思远', senderDeptName: '南京市工商联' });
    expect(await unreadOf('nj_coc')).toBe(unreadBefore + 1);
    const detail = await get('nj_aoc', '/api/msg-center/sys/detail', { id: sendId });
    expect(detail.body.data).toMatchObject({
      total,
      sent: total,
      read: 0,
      status: 'done',
      channel: 'sys',
      range: [{ tagType: 'coc', name: '商会工作人员', deptId: ids.nanjing }],
    });
  });

  it('reading on one device is what the sender sees; another account cannot touch the message', async () => {
    const box = await get('nj_coc', '/api/blade-user/message/sampleList');
    const mine = box.body.data.records[0].id;
    expect((await get('js_aoc', '/api/blade-user/message/detail', { id: mine })).status).toBe(404);
    expect((await post('js_aoc', '/api/blade-user/message/updateIsReadbyId', undefined, { id: mine })).status).toBe(404);
    expect((await post('js_aoc', '/api/blade-user/message/remove', undefined, { ids: mine })).status).toBe(404);

    const unread = await unreadOf('nj_coc');
    expect((await post('nj_coc', '/api/blade-user/message/updateIsReadbyId', undefined, { id: mine })).body.code).toBe(200);
    expect(await unreadOf('nj_coc')).toBe(unread - 1);
    const list = await get('nj_aoc', '/api/msg-center/sys/detail/list', { noticeId: sendId, size: '200' });
    const row = list.body.data.records.find((r: { userId: string }) => r.userId === ids.nj_coc);
    expect(row).toMatchObject({ isRead: 1, status: 1, statusName: '已发送' });
    expect((await get('nj_aoc', '/api/msg-center/sys/detail', { id: sendId })).body.data.read).toBe(1);
    // A federation elsewhere does not see Nanjing's send.
    const sz = await t.db.selectFrom('bladeUser').select('account').where('deptId', '=', ids.suzhou).orderBy('id').executeTakeFirstOrThrow();
    const szToken = (await t.login(sz.account)).access_token;
    expect((await t.call({ url: '/api/msg-center/sys/detail', query: { id: sendId }, token: szToken })).status).toBe(404);
  });

  it('reminds exactly the unread, and refuses when everyone has read', async () => {
    const before = await t.db.selectFrom('msgRecipient').select(['userId', 'isRead']).where('sendId', '=', sendId).execute();
    const unread = before.filter((r) => r.isRead === 0).length;
    const res = await post('nj_aoc', '/api/msg-center/publish/range/remind', { id: sendId, channel: 'sys' });
    expect(res.body.data.total).toBe(unread);
    const reminder = await t.db.selectFrom('msgRecipient').select('userId').where('sendId', '=', res.body.data.id).execute();
    expect(reminder.map((r) => String(r.userId))).not.toContain(ids.nj_coc);

    await t.db.updateTable('msgRecipient').set({ isRead: 1 }).where('sendId', '=', sendId).execute();
    const again = await post('nj_aoc', '/api/msg-center/publish/range/remind', { id: sendId, channel: 'sys' });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(MESSAGE_MSG.noUnread);
  });

  it('lists the sent notices with filters, and the receiver marks all read and removes', async () => {
    const list = await get('nj_aoc', '/api/msg-center/publish/range/list', { channel: 'sys', status: 'done' });
    expect(list.body.data.records.some((r: { id: string }) => r.id === sendId)).toBe(true);
    const sms = await get('nj_aoc', '/api/msg-center/publish/range/list', { channel: 'sms', size: '100' });
    expect(sms.body.data.records.every((r: { channel: string }) => r.channel === 'sms')).toBe(true);
    expect((await get('nj_aoc', '/api/msg-center/publish/range/list', { startDate: '2026-13-01' })).body.msg).toBe(MESSAGE_MSG.dateFormat);

    expect((await post('nj_coc', '/api/blade-user/message/updateIsRead')).body.data.unread).toBe(0);
    const box = await get('nj_coc', '/api/blade-user/message/sampleList', { size: '500' });
    const idsOf = box.body.data.records.map((r: { id: string }) => r.id).join(',');
    expect((await post('nj_coc', '/api/blade-user/message/remove', undefined, { ids: idsOf })).body.msg).toBe('删除成功');
    expect((await get('nj_coc', '/api/blade-user/message/sampleList')).body.data.total).toBe(0);
  });
});

describe('SMS', () => {
  it("refuses a send over the org's daily quota, writing nothing", async () => {
    expect(
      (
        await post('admin', '/api/msg-center/sms-center/source/submit', {
          deptId: ids.nanjing,
          signName: '南京工商联',
          dailyQuota: 3,
          quietStart: '',
          quietEnd: '',
        })
      ).body.code,
    ).toBe(200);
    const count = await post('nj_aoc', '/api/msg-center/send-range/user/count', { channel: 'sms', range: { items: [{ tagType: 'memE' }] } });
    expect(count.body.data.count).toBeGreaterThan(3);
    const before = await t.db
      .selectFrom('msgSend')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post('nj_aoc', '/api/msg-center/sms/send', { content: '请于本周内完成年报填报。', range: { items: [{ tagType: 'memE' }] } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(MESSAGE_MSG.quotaNotEnough(3, count.body.data.count));
    const after = await t.db
      .selectFrom('msgSend')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const source = await get('nj_aoc', '/api/msg-center/sms-center/source/detail');
    expect(source.body.data).toMatchObject({ signName: '南京工商联', dailyQuota: 3, usedToday: 0, remainingToday: 3 });
  });

  it('delivers an SMS to a range through the outbox provider, once per number, and resends only the failed', async () => {
    await post('admin', '/api/msg-center/sms-center/source/submit', {
      deptId: ids.nanjing,
      signName: '南京工商联',
      dailyQuota: 100000,
      quietStart: '',
      quietEnd: '',
    });
    const count = (
      await post('nj_aoc', '/api/msg-center/send-range/user/count', { channel: 'sms', range: { items: [{ tagType: 'memE' }, { tagType: 'aoc' }] } })
    ).body.data.count;
    const res = await post('nj_aoc', '/api/msg-center/sms/send', {
      content: '请于本周内完成年报填报。',
      range: { items: [{ tagType: 'memE' }, { tagType: 'aoc' }] },
    });
    expect(res.body).toMatchObject({ code: 200, msg: MESSAGE_MSG.queued, data: { total: count } });
    const id = res.body.data.id;
    await drain();
    const outbox = await t.db.selectFrom('smsOutbox').select(['mobile']).where('content', 'like', '%年报填报%').execute();
    expect(outbox.length).toBe(count);
    expect(new Set(outbox.map((o) => o.mobile)).size).toBe(count);
    const detail = await get('nj_aoc', '/api/msg-center/sms/detail', { id });
    expect(detail.body.data).toMatchObject({ total: count, sent: count, failed: 0, status: 'done', segments: 1 });
    const rows = await get('nj_aoc', '/api/msg-center/sms/detail/list', { sendId: id, size: '5' });
    expect(rows.body.data.records[0].address).toMatch(/^1\d{2}\*{4}\d{4}$/);

    // One recipient failed at the gateway: resend reaches exactly that one, and a second resend finds none.
    const failed = await t.db.selectFrom('msgRecipient').select('id').where('sendId', '=', id).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('msgRecipient').set({ status: 2, failReason: '号码不存在' }).where('id', '=', failed.id).execute();
    const resend = await post('nj_aoc', '/api/msg-center/publish/range/resend', undefined, { id });
    expect(resend.body.data.total).toBe(1);
    expect((await post('nj_aoc', '/api/msg-center/publish/range/resend', undefined, { id })).body.msg).toBe(MESSAGE_MSG.noFailed);
    await drain();
    expect((await t.db.selectFrom('smsOutbox').select('id').where('content', 'like', '%年报填报%').execute()).length).toBe(count + 1);
    expect((await get('nj_aoc', '/api/msg-center/sms/detail', { id })).body.data).toMatchObject({ sent: count, failed: 0 });
  });

  it('holds an SMS in quiet hours unless urgent, and only users allowed may send urgently', async () => {
    // A quiet window covering the whole day but one minute, so "now" is inside it whenever the test runs.
    const now = new Date(Date.now() + 8 * 3600_000);
    const hhmm = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    const start = hhmm(new Date(now.getTime() - 60_000));
    const end = hhmm(new Date(now.getTime() - 2 * 60_000));
    await post('admin', '/api/msg-center/sms-center/source/submit', {
      deptId: ids.nanjing,
      signName: '南京工商联',
      dailyQuota: 100000,
      quietStart: start,
      quietEnd: end,
    });
    const range = { items: [{ tagType: 'aoc' }] };
    const held = await post('nj_aoc', '/api/msg-center/sms/send', { content: '夜间测试短信', range });
    expect(held.body.msg).toContain('当前为短信免打扰时段');
    expect(held.body.data.notBefore).not.toBeNull();
    await drain();
    expect(await t.db.selectFrom('smsOutbox').select('id').where('content', '=', '夜间测试短信').execute()).toHaveLength(0);
    expect((await get('nj_aoc', '/api/msg-center/sms/detail', { id: held.body.data.id })).body.data.status).toBe('queued');

    const urgent = await post('nj_aoc', '/api/msg-center/sms/send', { content: '紧急测试短信', range, urgent: true });
    expect(urgent.body.data.notBefore).toBeNull();
    await drain();
    expect((await t.db.selectFrom('smsOutbox').select('id').where('content', '=', '紧急测试短信').execute()).length).toBe(urgent.body.data.total);

    const denied = await post('nj_coc', '/api/msg-center/sms/send', { content: '紧急测试短信', range: { items: [{ tagType: 'coc' }] }, urgent: true });
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe(MESSAGE_MSG.urgentDenied);
  });

  it('one-time codes: delivered by SMS, 60 s apart, wrong tries burn the code, right once', async () => {
    const mobile = '13912345678';
    const first = await post('nj_coc', '/api/msg-center/sms/code', { mobile });
    expect(first.body).toMatchObject({ code: 200, data: { expiresIn: 300, resendIn: 60 } });
    const again = await post('nj_coc', '/api/msg-center/sms/code', { mobile });
    expect(again.status).toBe(400);
    expect(again.body.msg).toMatch(/^验证码发送过于频繁,请\d+秒后再试$/);
    await drain();
    const sms = await t.db.selectFrom('smsOutbox').select('content').where('mobile', '=', mobile).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const code = /验证码为(\d{6})/.exec(sms.content)![1];
    expect(await t.db.selectFrom('msgSmsCode').select('codeHash').execute()).not.toContainEqual({ codeHash: code });

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('nj_coc', '/api/msg-center/sms/validate', { mobile, code: wrong })).body.msg).toBe(MESSAGE_MSG.codeWrong);
    expect((await post('nj_coc', '/api/msg-center/sms/validate', { mobile, code })).body.data).toEqual({ valid: true });
    // Used once: the same code is no longer valid.
    expect((await post('nj_coc', '/api/msg-center/sms/validate', { mobile, code })).body.msg).toBe(MESSAGE_MSG.codeExpired);

    // Five wrong tries burn a fresh code, even the right one afterwards.
    await t.db
      .updateTable('msgSmsCode')
      .set({ createTime: sql<Date>`now() - interval '2 minutes'` })
      .execute();
    await post('nj_coc', '/api/msg-center/sms/code', { mobile });
    await drain();
    const second = /验证码为(\d{6})/.exec(
      (await t.db.selectFrom('smsOutbox').select('content').where('mobile', '=', mobile).orderBy('id', 'desc').executeTakeFirstOrThrow()).content,
    )![1];
    const bad = second === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await post('nj_coc', '/api/msg-center/sms/validate', { mobile, code: bad });
    expect((await post('nj_coc', '/api/msg-center/sms/validate', { mobile, code: second })).body.msg).toBe(MESSAGE_MSG.codeExpired);

    // Ten a day per number.
    await t.db
      .updateTable('msgSmsCode')
      .set({ createTime: sql<Date>`now() - interval '2 minutes'` })
      .execute();
    for (let i = 0; i < 8; i++)
      await t.db
        .insertInto('msgSmsCode')
        .values({
          mobileHash: (await t.db.selectFrom('msgSmsCode').select('mobileHash').executeTakeFirstOrThrow()).mobileHash,
          codeHash: 'x',
          expiresAt: new Date(),
          state: 2,
          createTime: new Date(Date.now() - 3600_000),
        })
        .execute();
    const capped = await post('nj_coc', '/api/msg-center/sms/code', { mobile });
    expect(capped.body.msg).toBe(MESSAGE_MSG.codeDailyLimit);
    expect((await post('nj_coc', '/api/msg-center/sms/code', { mobile: '1391234567' })).body.msg).toBe(MESSAGE_MSG.mobileLength);
  });
});

describe('e-mail', () => {
  it('stores and delivers the body sanitised: no script, no event handler', async () => {
    const html = '<p onclick="steal()">请查收<b>附件</b></p><script>alert(1)</script><a href="javascript:alert(2)">链接</a>';
    const res = await post('nj_aoc', '/api/msg-center/email/send', { title: '年报提醒', content: html, range: { items: [{ tagType: 'aoc' }] } });
    expect(res.body.code).toBe(200);
    const detail = await get('nj_aoc', '/api/msg-center/email/detail', { id: res.body.data.id });
    expect(detail.body.data.content).toContain('<b>附件</b>');
    expect(detail.body.data.content).not.toMatch(/script|onclick|javascript:/);
    await drain();
    const mails = await t.db.selectFrom('mailOutbox').select(['subject', 'html']).where('subject', '=', '年报提醒').execute();
    expect(mails.length).toBe(res.body.data.total);
    expect(mails[0].html).not.toMatch(/script|onclick/);
  });

  it('asks for a title on notices and e-mail, and refuses an empty range', async () => {
    const noTitle = await post('nj_aoc', '/api/msg-center/email/send', { content: 'x', range: { items: [{ tagType: 'aoc' }] } });
    expect(noTitle.body.msg).toBe(MESSAGE_MSG.titleRequired);
    const noRange = await post('nj_aoc', '/api/msg-center/sys/send', { title: 'x', content: 'x', range: { items: [] } });
    expect(noRange.body.msg).toBe(MESSAGE_MSG.rangeRequired);
  });
});
