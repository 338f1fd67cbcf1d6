import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { Outbox, PermanentDeliveryError } from '../outbox/outbox.js';
import { DELIVERY_MAIL, mailJobHandler } from './handlers.js';
import { createMailSender, messageIdHeader, OutboxMailSender, SmtpMailSender } from './mail.js';

/** The test's own SMTP server on loopback: what it receives, and a recipient it refuses for good. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address.startsWith('nobody@')) {
      const err = Object.assign(new Error('5.1.1 用户不存在'), { responseCode: 550 });
      return callback(err);
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
let smtpUrl = '';
let t: TestApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The leaf parts of a MIME message, decoded (enough MIME for what nodemailer writes). */
function mimeParts(raw: string): Array<{ headers: string; body: Buffer }> {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const boundary = /content-type:\s*multipart\/[^;]+;.*?boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .flatMap((p) => mimeParts(p.replace(/^\r?\n/, '')));
  }
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return [{ headers, body: Buffer.from(body.replace(/\s+/g, ''), 'base64') }];
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return [{ headers, body: Buffer.from(bytes, 'latin1') }];
  }
  return [{ headers, body: Buffer.from(body, 'utf8') }];
}

const DIRTY_HTML = '<h1>年会通知</h1><p onclick="steal()">请各商会准时参加。<script>alert(1)</script></p><a href="javascript:alert(1)">报名</a>';

describe('SMTP delivery (nodemailer against smtp-server on 127.0.0.1)', () => {
  it('an e-mail job arrives with the sanitised body, its attachment and the job id as Message-ID', async () => {
    const sender = new SmtpMailSender(smtpUrl, 'office@gsl.example.cn');
    try {
      await sender.send({
        tenantId: '000001',
        to: 'council@chamber.example.cn',
        subject: '关于召开年会的通知',
        html: DIRTY_HTML,
        attachments: [{ filename: '参会名单.txt', content: Buffer.from('张三\n李四\n', 'utf8') }],
        messageId: '4242',
      });
    } finally {
      await sender.close();
    }
    const mail = received.at(-1)!;
    expect(mail.from).toBe('office@gsl.example.cn');
    expect(mail.to).toEqual(['council@chamber.example.cn']);
    expect(mail.raw).toMatch(/^Message-ID: <4242@gsl\.example\.cn>$/im);
    const parts = mimeParts(mail.raw);
    const html = parts.find((p) => /content-type:\s*text\/html/i.test(p.headers))!.body.toString('utf8');
    expect(html).toContain('<h1>年会通知</h1>');
    expect(html).toContain('请各商会准时参加。');
    for (const bad of ['<script', 'onclick', 'javascript:']) expect(html).not.toContain(bad);
    const attachment = parts.find((p) => /content-disposition:\s*attachment/i.test(p.headers))!;
    expect(attachment.body.toString('utf8')).toBe('张三\n李四\n');
    expect(attachment.headers).toMatch(/filename/i);
  });

  it('a recipient the server refuses for good (550) is a permanent failure; an unreachable server is retried', async () => {
    const sender = new SmtpMailSender(smtpUrl, 'office@gsl.example.cn');
    try {
      const refused = await sender
        .send({ tenantId: '000001', to: 'nobody@chamber.example.cn', subject: '测试', html: '<p>x</p>', messageId: '1' })
        .catch((e) => e);
      expect(refused).toBeInstanceOf(PermanentDeliveryError);
      expect(refused.message).toContain('邮件服务器拒收');
    } finally {
      await sender.close();
    }
    const down = new SmtpMailSender('smtp://127.0.0.1:1', 'office@gsl.example.cn');
    try {
      const err = await down.send({ tenantId: '000001', to: 'a@b.cn', subject: '测试', html: '<p>x</p>', messageId: '2' }).catch((e) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(PermanentDeliveryError);
      expect(err.message).toContain('邮件发送失败');
    } finally {
      await down.close();
    }
  });

  it('through the outbox: a delivery.mail job is sent over SMTP and marked sent', async () => {
    const sender = createMailSender({ smtpUrl, mailFrom: 'noreply@gsl.example.cn' });
    expect(sender.local).toBe(false);
    const outbox = new Outbox({ db: t.db });
    outbox.register(DELIVERY_MAIL, mailJobHandler(sender));
    try {
      const [id] = await t.db
        .transaction()
        .execute((tx) =>
          outbox.enqueue(tx, [{ tenantId: '000001', kind: DELIVERY_MAIL, payload: { to: 'member@example.cn', subject: '会费缴纳提醒', html: DIRTY_HTML } }]),
        );
      await outbox.drainUntilIdle();
      const job = await t.db.selectFrom('outboxJob').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(job.status).toBe('sent');
      const mail = received.find((m) => m.raw.includes(`Message-ID: <${id}@gsl.example.cn>`))!;
      expect(mail.to).toEqual(['member@example.cn']);
      expect(mail.raw).not.toContain('<script');
    } finally {
      await sender.close?.();
    }
  });
});

describe('mail outbox (no SMTP_URL)', () => {
  it('is the default; it stores the sanitised mail with its attachments’ names and ids, once per job', async () => {
    const sender = createMailSender({ smtpUrl: undefined, mailFrom: 'noreply@gsl.example.cn' });
    expect(sender).toBeInstanceOf(OutboxMailSender);
    expect(sender.local).toBe(true);
    const mail = {
      tenantId: '000001',
      deptId: null,
      to: 'council@chamber.example.cn',
      subject: '关于召开年会的通知',
      html: DIRTY_HTML,
      attachments: [{ filename: '参会名单.xlsx', content: Buffer.alloc(1234), attachId: 'a1b2c3' }],
      messageId: '98765',
    };
    await t.db.transaction().execute((tx) => sender.send(mail, tx));
    const row = await t.db.selectFrom('mailOutbox').selectAll().where('jobId', '=', '98765').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ fromAddr: 'noreply@gsl.example.cn', toAddr: 'council@chamber.example.cn', subject: '关于召开年会的通知' });
    expect(row.html).toContain('<h1>年会通知</h1>');
    expect(row.html).not.toContain('<script');
    expect(row.attachments).toEqual([{ name: '参会名单.xlsx', attachId: 'a1b2c3', size: 1234 }]);
    // The same job again is refused by the database: a job is never "sent" twice.
    await expect(t.db.transaction().execute((tx) => sender.send(mail, tx))).rejects.toThrow();
  });

  it('Message-ID keeps its job id across retries and takes the sender’s domain', () => {
    expect(messageIdHeader('77', '工商联 <office@gsl.example.cn>')).toBe('<77@gsl.example.cn>');
    expect(messageIdHeader('77', 'noreply')).toBe('<77@localhost>');
    expect(messageIdHeader('job-77@x.cn', 'a@b.cn')).toBe('<job-77@x.cn>');
  });
});
