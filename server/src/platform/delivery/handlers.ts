import type { OutboxHandler, OutboxJob } from '../outbox/outbox.js';
import { PermanentDeliveryError } from '../outbox/outbox.js';
import type { MailSender } from './mail.js';
import type { SmsSender } from './sms.js';

/**
 * Two ready-made job kinds for a plain message with nothing of a module's own to update: an SMS or an
 * e-mail to one address (a sign-on code, a notification). A module that tracks its recipients registers
 * its own kind instead, with `settled` updating its rows, and calls the same senders.
 */
export const DELIVERY_SMS = 'delivery.sms';
export const DELIVERY_MAIL = 'delivery.mail';

export interface SmsPayload {
  deptId?: string | null;
  mobile: string;
  signName?: string;
  templateCode?: string;
  params?: Record<string, string>;
  content: string;
}

export interface MailPayload {
  deptId?: string | null;
  from?: string;
  to: string;
  subject: string;
  html: string;
  text?: string;
}

const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

function smsOf(job: OutboxJob<SmsPayload>) {
  const p = job.payload;
  if (!p || !text(p.mobile) || typeof p.content !== 'string') throw new PermanentDeliveryError('短信内容不完整 (缺少手机号或内容)');
  return {
    tenantId: job.tenantId,
    deptId: p.deptId ?? null,
    mobile: p.mobile,
    signName: p.signName ?? '',
    templateCode: p.templateCode,
    params: p.params,
    content: p.content,
    outId: job.id,
  };
}

function mailOf(job: OutboxJob<MailPayload>) {
  const p = job.payload;
  if (!p || !text(p.to) || typeof p.subject !== 'string' || typeof p.html !== 'string')
    throw new PermanentDeliveryError('邮件内容不完整 (缺少收件人、主题或正文)');
  return {
    tenantId: job.tenantId,
    deptId: p.deptId ?? null,
    from: p.from,
    to: p.to,
    subject: p.subject,
    html: p.html,
    text: p.text,
    messageId: job.id,
  };
}

/** Delivers `delivery.sms` jobs through the configured gateway (a whole batch at once for the outbox provider). */
export function smsJobHandler(sender: SmsSender): OutboxHandler<SmsPayload> {
  return {
    transactional: sender.local,
    concurrency: sender.local ? 1 : 4,
    deliver: (job, tx) => sender.send(smsOf(job), tx),
    ...(sender.sendBatch ? { deliverBatch: (jobs: OutboxJob<SmsPayload>[], tx) => sender.sendBatch!(jobs.map(smsOf), tx) } : {}),
  };
}

/** Delivers `delivery.mail` jobs through SMTP or the mail outbox. */
export function mailJobHandler(sender: MailSender): OutboxHandler<MailPayload> {
  return {
    transactional: sender.local,
    concurrency: sender.local ? 1 : 4,
    deliver: (job, tx) => sender.send(mailOf(job), tx),
    ...(sender.sendBatch ? { deliverBatch: (jobs: OutboxJob<MailPayload>[], tx) => sender.sendBatch!(jobs.map(mailOf), tx) } : {}),
  };
}
