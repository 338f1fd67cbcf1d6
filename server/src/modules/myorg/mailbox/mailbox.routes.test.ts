import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILBOX_MSG, STALE_VERSION_MSG, VERSION_REQUIRED_MSG } from '@gsl/contract';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { personalDataCipher } from '../../../platform/audit/personal-data.js';

/** The test's own SMTP server on loopback: it checks the account's password and keeps what it receives. */
const ACCOUNT = 'office@nj-gsl.example.cn';
const PASSWORD = 'Smtp授权码-7f3a9c';
interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}
const received: Received[] = [];
const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  authMethods: ['PLAIN', 'LOGIN'],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === ACCOUNT && auth.password === PASSWORD) return callback(null, { user: auth.username });
    callback(Object.assign(new Error('535 Authentication failed'), { responseCode: 535 }));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        user: session.user as string | undefined,
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
let port = 0;
let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp();
  for (const a of ['nj_aoc', 'nj_coc']) tokens[a] = (await t.login(a)).access_token;
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const P = '/api/aoc-service/mailbox';
const detail = (who: string) => t.call({ url: `${P}/detail`, token: tokens[who] });
const submit = (who: string, body: unknown) => t.call({ method: 'POST', url: `${P}/submit`, token: tokens[who], body });
const test = (who: string, body: unknown) => t.call({ method: 'POST', url: `${P}/test`, token: tokens[who], body });
const connection = () => ({ host: '127.0.0.1', port, security: 'none', account: ACCOUNT, displayName: '南京市工商联办公室' });
const settings = () => ({ ...connection(), status: 1 });
const deptOf = async (account: string) => (await t.db.selectFrom('bladeUser').select('deptId').where('account', '=', account).executeTakeFirstOrThrow()).deptId;
const rowOf = async (account: string) =>
  t.db
    .selectFrom('aocOrgMailbox')
    .selectAll()
    .where('deptId', '=', await deptOf(account))
    .where('isDeleted', '=', 0)
    .executeTakeFirst();

describe('邮箱配置: the own org’s sender mailbox', () => {
  it('needs a token and the screen’s permission', async () => {
    expect((await t.call({ url: `${P}/detail` })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: `${P}/submit`, body: settings() })).status).toBe(401);
  });

  it('starts empty for an org without one', async () => {
    const res = await detail('nj_aoc');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: null, host: null, hasPassword: false, status: 1, version: 0, deptName: '南京市工商联' });
  });

  it('asks for a password on the first save, and refuses fields it does not know (no org or id can be named)', async () => {
    expect((await submit('nj_aoc', settings())).body.msg).toBe(MAILBOX_MSG.password);
    const other = await submit('nj_aoc', { ...settings(), password: PASSWORD, deptId: await deptOf('nj_coc') });
    expect(other.status).toBe(400);
    expect((await submit('nj_aoc', { ...settings(), password: PASSWORD, port: 70000 })).body.msg).toBe(MAILBOX_MSG.portRange);
    expect((await submit('nj_aoc', { ...settings(), password: PASSWORD, account: 'office' })).body.msg).toBe(MAILBOX_MSG.accountFormat);
    expect((await submit('nj_aoc', { ...settings(), password: PASSWORD, security: 'tls1' })).body.msg).toBe(MAILBOX_MSG.security);
  });

  it('stores the password encrypted and never answers it', async () => {
    const res = await submit('nj_aoc', { ...settings(), password: PASSWORD });
    expect(res.body).toMatchObject({ code: 200, msg: '新增成功' });
    expect(res.body.data).toMatchObject({ host: '127.0.0.1', port, security: 'none', securityName: '不加密', account: ACCOUNT, hasPassword: true, version: 1 });
    expect(res.raw).not.toContain(PASSWORD);
    expect(JSON.stringify(res.body)).not.toContain(PASSWORD);
    expect(Object.keys(res.body.data)).not.toContain('password');
    expect(Object.keys(res.body.data)).not.toContain('passwordEnc');
    const row = (await rowOf('nj_aoc'))!;
    expect(row.passwordEnc).toMatch(/^v1:/);
    expect(row.passwordEnc).not.toContain(PASSWORD);
    const cipher = await personalDataCipher(t.db, { production: false });
    expect(cipher.decrypt(row.passwordEnc!)).toBe(PASSWORD);
    const read = await detail('nj_aoc');
    expect(JSON.stringify(read.body)).not.toContain(PASSWORD);
    expect(JSON.stringify(read.body)).not.toContain(row.passwordEnc!);
  });

  it('updates at the version read; without a password the stored one stays', async () => {
    const before = (await rowOf('nj_aoc'))!;
    expect((await submit('nj_aoc', { ...settings(), displayName: '办公室' })).body.msg).toBe(VERSION_REQUIRED_MSG);
    const res = await submit('nj_aoc', { ...settings(), displayName: '南京市工商联', version: 1 });
    expect(res.body).toMatchObject({ code: 200, msg: '更新成功', data: { displayName: '南京市工商联', version: 2, hasPassword: true } });
    expect((await rowOf('nj_aoc'))!.passwordEnc).toBe(before.passwordEnc);
    expect((await submit('nj_aoc', { ...settings(), version: 1 })).body.msg).toBe(STALE_VERSION_MSG);
  });

  it('another org’s mailbox cannot be reached: a chamber sees its own (none), not its federation’s', async () => {
    const res = await detail('nj_coc');
    expect(res.body.data).toMatchObject({ id: null, host: null, hasPassword: false, deptName: '南京市浙江商会' });
    // its first save creates its own row, leaving the federation's as it was
    const own = await submit('nj_coc', { ...settings(), account: 'zj@chamber.example.cn', password: 'other-secret' });
    expect(own.body.msg).toBe('新增成功');
    expect((await rowOf('nj_aoc'))!.account).toBe(ACCOUNT);
    expect((await detail('nj_aoc')).body.data.account).toBe(ACCOUNT);
  });

  it('a test send goes out at once through the org’s SMTP server with the stored password, and is remembered', async () => {
    const before = received.length;
    const res = await test('nj_aoc', { ...connection(), displayName: '南京市工商联', to: 'check@example.cn' });
    expect(res.body).toMatchObject({ code: 200, msg: MAILBOX_MSG.testSent, data: { to: 'check@example.cn' } });
    expect(received.length).toBe(before + 1);
    const mail = received.at(-1)!;
    expect(mail).toMatchObject({ from: ACCOUNT, to: ['check@example.cn'], user: ACCOUNT });
    expect(mail.raw).toMatch(/^Subject: /im);
    expect((await detail('nj_aoc')).body.data).toMatchObject({ testOk: true, testMessage: null });
  });

  it('a failing test send answers why, in Chinese', async () => {
    const wrong = await test('nj_aoc', { ...connection(), password: 'wrong', to: 'check@example.cn' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toMatch(/^测试邮件发送失败:邮箱账号或密码\(授权码\)不正确/);
    const closed = await test('nj_aoc', { ...connection(), port: 1, to: 'check@example.cn' });
    expect(closed.body.msg).toMatch(/^测试邮件发送失败:无法连接邮件服务器/);
    // the server of a private network is never contacted (only loopback is allowed outside production)
    const inner = await test('nj_aoc', { ...connection(), host: '10.0.0.1', to: 'check@example.cn' });
    expect(inner.body.msg).toBe('测试邮件发送失败:该SMTP服务器地址指向内部网络,不能作为组织发件邮箱');
  });

  it('the message centre sends the org’s e-mail through the org’s mailbox; an org without one keeps the configured channel', async () => {
    const before = received.length;
    const res = await t.call({
      method: 'POST',
      url: '/api/msg-center/email/send',
      token: tokens.nj_aoc,
      body: { title: '组织邮箱发送的通知', content: '<p>请查收</p>', range: { items: [{ tagType: 'aoc' }] } },
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.total).toBeGreaterThan(0);
    await t.app.services.outbox.drainUntilIdle(30_000);
    const sent = received.slice(before);
    expect(sent.length).toBe(res.body.data.total);
    for (const m of sent) expect(m).toMatchObject({ from: ACCOUNT, user: ACCOUNT });
    expect(await t.db.selectFrom('mailOutbox').select('id').where('subject', '=', '组织邮箱发送的通知').execute()).toHaveLength(0);

    // switched off, the org's mail goes through the configured channel again (here: 邮件发件箱)
    const version = (await detail('nj_aoc')).body.data.version;
    expect((await submit('nj_aoc', { ...settings(), status: 0, version })).body.msg).toBe('更新成功');
    const again = await t.call({
      method: 'POST',
      url: '/api/msg-center/email/send',
      token: tokens.nj_aoc,
      body: { title: '停用后的通知', content: '<p>请查收</p>', range: { items: [{ tagType: 'aoc' }] } },
    });
    await t.app.services.outbox.drainUntilIdle(30_000);
    const kept = await t.db.selectFrom('mailOutbox').select(['fromAddr']).where('subject', '=', '停用后的通知').execute();
    expect(kept).toHaveLength(again.body.data.total);
  });

  it('without the 修改 button the settings can be read but not changed or tested', async () => {
    const coc = await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'coc').executeTakeFirstOrThrow();
    const edit = await t.db.selectFrom('bladeMenu').select('id').where('code', '=', 'myorg_mailbox_edit').executeTakeFirstOrThrow();
    await t.db.deleteFrom('bladeRoleMenu').where('roleId', '=', coc.id).where('menuId', '=', edit.id).execute();
    expect((await detail('nj_coc')).status).toBe(200);
    expect((await submit('nj_coc', { ...settings(), version: 1 })).status).toBe(403);
    expect((await test('nj_coc', { ...connection(), to: 'a@example.cn' })).status).toBe(403);
    const view = await t.db.selectFrom('bladeMenu').select('id').where('code', '=', 'myorg_mailbox').executeTakeFirstOrThrow();
    await t.db.deleteFrom('bladeRoleMenu').where('roleId', '=', coc.id).where('menuId', '=', view.id).execute();
    expect((await detail('nj_coc')).status).toBe(403);
  });
});
