import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connection.js';
import { OutboxMailSender } from './mail.js';
import { OrgMailRouter, type SmtpAccount } from './mail-accounts.js';

/** An org's own SMTP server on loopback: how many connections it was opened, and what it received. */
let connections = 0;
const received: string[] = [];
const smtp = new SMTPServer({
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onConnect(_session, callback) {
    connections += 1;
    callback();
  },
  onAuth(auth, _session, callback) {
    if (auth.username === 'office@chamber.example.cn' && auth.password === 'mailbox-secret') return callback(null, { user: auth.username });
    callback(new Error('535 认证失败'));
  },
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
      callback();
    });
  },
});

let account: SmtpAccount;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  account = { host: '127.0.0.1', port, security: 'none', user: 'office@chamber.example.cn', pass: 'mailbox-secret', fromName: '南京市总商会' };
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const db = {} as Db; // the router hands the handle to the resolver only, which ignores it here

describe("an org's own mail account", () => {
  it('mails for one account that start at the same moment share one pool of its connections', async () => {
    const router = new OrgMailRouter(new OutboxMailSender('office@gsl.example.cn'), ['127.0.0.1']);
    router.useAccounts(async (_db, _tenant, deptId) => (deptId === '1123598813738675202' ? account : null));
    const before = connections;
    try {
      const mails = Array.from({ length: 8 }, (_, i) => ({
        tenantId: '000001',
        deptId: '1123598813738675202',
        to: `member${i}@example.cn`,
        subject: '会费缴纳通知',
        html: '<p>请于月底前缴纳会费。</p>',
        messageId: String(9000 + i),
      }));
      await Promise.all(mails.map((m) => router.send(m, db)));
    } finally {
      await router.close();
    }
    expect(received.slice(-8).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `member${i}@example.cn`).sort());
    // One pool keeps at most two connections; a pool per mail would have opened one connection per mail.
    expect(connections - before).toBeLessThanOrEqual(2);
  });
});
