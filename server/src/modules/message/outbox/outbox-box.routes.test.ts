import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { createRole, createUser, deptId, grantScope, passwordLogin } from '../../../../test/harness/people.js';
import { DELIVERY_MAIL, DELIVERY_SMS } from '../../../platform/delivery/handlers.js';

const SMS = '/api/msg-center/sms-outbox/list';
const MAILS = '/api/msg-center/mail-outbox/list';
const MAIL = '/api/msg-center/mail-outbox/detail';

let t: TestApp;
const tokens: Record<string, string> = {};
let nanjing = '';
let suzhou = '';
let mailIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  nanjing = await deptId(t.db, '南京市工商联');
  suzhou = await deptId(t.db, '苏州市工商联');
  // Sent through the app's outbox as a module sends: a Nanjing and a Suzhou SMS, a platform one (no org), two mails.
  await t.db.transaction().execute((tx) =>
    t.app.services.outbox.enqueue(tx, [
      { tenantId: '000001', kind: DELIVERY_SMS, payload: { deptId: nanjing, mobile: '13812340001', signName: '南京市工商联', content: '请于周五前提交年报' } },
      { tenantId: '000001', kind: DELIVERY_SMS, payload: { deptId: suzhou, mobile: '13812340002', signName: '苏州市工商联', content: '会长会议改期' } },
      { tenantId: '000001', kind: DELIVERY_SMS, payload: { mobile: '13812340003', content: '您的验证码是 123456' } },
      {
        tenantId: '000001',
        kind: DELIVERY_MAIL,
        payload: { deptId: nanjing, to: 'council@nj.example.cn', subject: '南京年会通知', html: '<p onclick="x()">请参加<script>alert(1)</script></p>' },
      },
      { tenantId: '000001', kind: DELIVERY_MAIL, payload: { deptId: suzhou, to: 'council@sz.example.cn', subject: '苏州年会通知', html: '<p>请参加</p>' } },
    ]),
  );
  expect(await t.app.services.outbox.drainUntilIdle()).toBe(5);
  // One more with an attachment, straight through the mail sender (a module's own mail kind does this).
  await t.db.transaction().execute((tx) =>
    t.app.services.mail.send(
      {
        tenantId: '000001',
        deptId: nanjing,
        to: 'office@nj.example.cn',
        subject: '附件测试',
        html: '<p>见附件</p>',
        attachments: [{ filename: '名单.xlsx', content: Buffer.alloc(2048), attachId: '0123456789abcdef0123456789abcdef' }],
        messageId: '900000001',
      },
      tx,
    ),
  );

  tokens.admin = (await t.login('admin')).access_token;
  tokens.nj_aoc = (await t.login('nj_aoc')).access_token;
  // Someone in Nanjing holding both screens, with "own org and below" for their resources.
  const roleId = await createRole(t.db, { alias: 'outbox_viewer', grants: ['sms_outbox', 'mail_outbox'] });
  for (const resource of ['sms_outbox', 'mail_outbox']) await grantScope(t.db, { roleId, resource, type: 4 });
  await createUser(t.db, { account: 'outbox_nj', deptId: nanjing, roleIds: [roleId] });
  tokens.viewer = await passwordLogin(t, 'outbox_nj', 'Quality@2026');

  const all = await t.call({ url: MAILS, token: tokens.admin, query: { size: '50' } });
  mailIds = Object.fromEntries(all.body.data.records.map((r: { subject: string; id: string }) => [r.subject, r.id]));
});
afterAll(() => t?.close());

describe('短信发件箱 and 邮件发件箱', () => {
  it('answer 401 without a token and 403 without the screen’s permission', async () => {
    for (const url of [SMS, MAILS, MAIL]) {
      expect((await t.call({ url, query: { id: '1' } })).status).toBe(401);
      const refused = await t.call({ url, query: { id: '1' }, token: tokens.nj_aoc });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('没有访问该接口的权限');
    }
  });

  it('lists what the SMS outbox provider kept, newest first, with sign, length and segments', async () => {
    const res = await t.call({ url: SMS, token: tokens.admin, query: { mobile: '1381234000' } });
    expect(res.status).toBe(200);
    const records = res.body.data.records;
    expect(res.body.data.total).toBe(3);
    expect(records.map((r: { mobile: string }) => r.mobile)).toEqual(['13812340003', '13812340002', '13812340001']);
    expect(records[2]).toMatchObject({
      deptId: nanjing,
      deptName: '南京市工商联',
      signName: '南京市工商联',
      content: '请于周五前提交年报',
      length: 17,
      segments: 1,
    });
    expect(records[2].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(records[0].deptName).toBeNull();
  });

  it('filters by mobile, content and date range; a malformed date is a Chinese 400', async () => {
    const q = (query: Record<string, string>) => t.call({ url: SMS, token: tokens.admin, query });
    expect((await q({ mobile: '13812340002' })).body.data.records.map((r: { content: string }) => r.content)).toEqual(['会长会议改期']);
    expect((await q({ content: '年报' })).body.data.total).toBe(1);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: t.config.timeZone });
    expect((await q({ mobile: '1381234000', startDate: today, endDate: today })).body.data.total).toBe(3);
    expect((await q({ mobile: '1381234000', endDate: '2020-01-01' })).body.data.total).toBe(0);
    expect((await q({ mobile: '1381234000', createTime_dategt: `${today} 00:00:00` })).body.data.total).toBe(3);
    const bad = await q({ startDate: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('开始日期格式不正确,应为 yyyy-MM-dd');
  });

  it('shows an org’s staff only the messages of orgs in their scope (never a platform message)', async () => {
    const sms = await t.call({ url: SMS, token: tokens.viewer, query: { mobile: '1381234000' } });
    expect(sms.body.data.records.map((r: { mobile: string }) => r.mobile)).toEqual(['13812340001']);
    const mails = await t.call({ url: MAILS, token: tokens.viewer });
    expect(mails.body.data.records.map((r: { subject: string }) => r.subject).sort()).toEqual(['南京年会通知', '附件测试']);
    // Another org's mail is not found, as if it did not exist.
    const other = await t.call({ url: MAIL, token: tokens.viewer, query: { id: mailIds['苏州年会通知'] } });
    expect(other.status).toBe(404);
  });

  it('lists mail with its attachment count; the detail shows the sanitised body and the attachments', async () => {
    const list = await t.call({ url: MAILS, token: tokens.admin, query: { to: 'office@nj' } });
    expect(list.body.data.records).toEqual([
      expect.objectContaining({
        subject: '附件测试',
        toAddr: 'office@nj.example.cn',
        fromAddr: 'noreply@localhost',
        attachmentCount: 1,
        deptName: '南京市工商联',
      }),
    ]);
    const detail = await t.call({ url: MAIL, token: tokens.admin, query: { id: mailIds['南京年会通知'] } });
    expect(detail.status).toBe(200);
    expect(detail.body.data.html).toBe('<p>请参加</p>');
    const withFile = await t.call({ url: MAIL, token: tokens.admin, query: { id: mailIds['附件测试'] } });
    expect(withFile.body.data.attachments).toEqual([
      { name: '名单.xlsx', size: 2048, link: '/api/blade-resource/attach/download?id=0123456789abcdef0123456789abcdef' },
    ]);
    const missing = await t.call({ url: MAIL, token: tokens.admin, query: { id: '99999999' } });
    expect(missing.status).toBe(404);
    const malformed = await t.call({ url: MAIL, token: tokens.admin, query: { id: 'abc' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toBe('数据编号格式不正确');
  });
});
