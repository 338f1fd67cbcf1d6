import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { ID_RE } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { AppConfig } from '../config/config.js';
import { PermanentDeliveryError } from '../outbox/outbox.js';
import { mailSanitizer, sanitizeMailHtml } from './content.js';
import { deliveryRepo } from './delivery.repo.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  /** The file's id in the file store, when it came from there (shown on 邮件发件箱). */
  attachId?: string;
}

export interface MailMessage {
  tenantId: string;
  /** The sending org (its data scope decides who sees the message on 邮件发件箱); null for platform mail. */
  deptId?: string | null;
  /** The sender (an org's own mailbox); default MAIL_FROM. */
  from?: string;
  to: string;
  subject: string;
  html: string;
  text?: string;
  attachments?: MailAttachment[];
  /** The outbox job id: the Message-ID, so a repeated delivery is recognisable as the same message. */
  messageId: string;
}

/** An e-mail channel (issue "Delivery, for real": SMTP_URL chooses SMTP, otherwise the mail outbox). */
export interface MailSender {
  /** true: the mail is written to this database (deliver it inside the job's transaction). */
  readonly local: boolean;
  send(mail: MailMessage, tx: Db): Promise<void>;
  sendBatch?(list: MailMessage[], tx: Db): Promise<void>;
  close?(): Promise<void>;
}

let loading: Promise<typeof nodemailer> | undefined;

/** nodemailer, loaded on the first mail sent over SMTP rather than at every start (issue 18: about 0.15 s of CPU). */
export function loadNodemailer(): Promise<typeof nodemailer> {
  return (loading ??= import('nodemailer').then((m) => (m as unknown as { default: typeof nodemailer }).default ?? (m as unknown as typeof nodemailer)));
}

/** The Message-ID header of a job: stable across retries. */
export function messageIdHeader(messageId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${messageId.replace(/[<>\s]/g, '')}${messageId.includes('@') ? '' : `@${domain}`}>`;
}

/**
 * SMTP through nodemailer (SMTP_URL, e.g. smtps://user:secret@smtp.example.cn:465), on a small pool of
 * connections. The body is sanitised once more on the way out; only attachments given as bytes are
 * sent (no file or URL is ever read by the mailer). A 5xx refusal fails at once, anything else is retried.
 */
export class SmtpMailSender implements MailSender {
  readonly local = false;
  private transport?: Promise<Transporter>;

  constructor(
    private readonly url: string,
    private readonly defaultFrom: string,
  ) {}

  /** The pool of connections, made on the first mail. */
  private pool(): Promise<Transporter> {
    return (this.transport ??= loadNodemailer().then((n) =>
      n.createTransport({ url: this.url, pool: true, maxConnections: 4, disableFileAccess: true, disableUrlAccess: true }),
    ));
  }

  async send(mail: MailMessage): Promise<void> {
    const from = mail.from || this.defaultFrom;
    try {
      const transport = await this.pool();
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: await sanitizeMailHtml(mail.html),
        ...(mail.text ? { text: mail.text } : {}),
        messageId: messageIdHeader(mail.messageId, from),
        attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, content: a.content })),
      });
    } catch (err) {
      const e = err as { permanent?: boolean; response?: string; message?: string; code?: string };
      if (e.permanent || e.code === 'EENVELOPE') throw new PermanentDeliveryError(`邮件服务器拒收: ${e.response ?? e.message ?? ''}`.trim(), { cause: err });
      throw new Error(`邮件发送失败: ${e.response ?? e.message ?? String(err)}`, { cause: err });
    }
  }

  async close(): Promise<void> {
    if (this.transport) (await this.transport).close();
  }
}

/**
 * The default (no SMTP_URL): nothing leaves the server; every mail is written to mail_outbox and shown
 * on 邮件发件箱 with its sanitised body and the names of its attachments.
 */
export class OutboxMailSender implements MailSender {
  readonly local = true;

  constructor(private readonly defaultFrom: string) {}

  send(mail: MailMessage, tx: Db): Promise<void> {
    return this.sendBatch([mail], tx);
  }

  async sendBatch(list: MailMessage[], tx: Db): Promise<void> {
    const sanitize = await mailSanitizer();
    await deliveryRepo.insertMail(
      tx,
      list.map((mail) => {
        if (!ID_RE.test(mail.messageId)) throw new Error(`mail messageId must be the outbox job id, got ${mail.messageId}`);
        return {
          tenantId: mail.tenantId,
          jobId: mail.messageId,
          deptId: mail.deptId ?? null,
          fromAddr: (mail.from || this.defaultFrom).slice(0, 320),
          toAddr: mail.to.slice(0, 320),
          subject: mail.subject.slice(0, 500),
          html: sanitize(mail.html),
          attachments: (mail.attachments ?? []).map((a) => ({ name: a.filename, attachId: a.attachId ?? null, size: a.content.length })),
        };
      }),
    );
  }
}

/** The configured channel: SMTP when SMTP_URL is set, the mail outbox otherwise. */
export function createMailSender(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>): MailSender {
  return config.smtpUrl ? new SmtpMailSender(config.smtpUrl, config.mailFrom) : new OutboxMailSender(config.mailFrom);
}
