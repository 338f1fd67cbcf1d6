import { z } from 'zod';
import { pageQuery } from '../envelope.js';

/**
 * 短信发件箱 and 邮件发件箱 (系统管理, menu codes sms_outbox and mail_outbox): what the built-in delivery
 * providers "sent" when no SMS gateway (SMS_PROVIDER=outbox) or SMTP server (no SMTP_URL) is configured,
 * so a newcomer sees every message the product would have delivered. Read only.
 */

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day that exists (2026-02-30 does not). */
const realDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const day = (message: string) =>
  z
    .union([z.string().trim().regex(DAY_RE, message).refine(realDay, message), z.literal('')])
    .optional()
    .meta({ examples: ['2026-03-01'] });
/** BladeX's time filters as CrudTable sends them (yyyy-MM-dd HH:mm:ss, checked again by the paging parser). */
const time = z.string().max(19).optional();

const OUTBOX_MSG = {
  badStartDate: '开始日期格式不正确,应为 yyyy-MM-dd',
  badEndDate: '结束日期格式不正确,应为 yyyy-MM-dd',
} as const;

const dateRange = {
  /** From this day (inclusive) … */
  startDate: day(OUTBOX_MSG.badStartDate),
  /** … to this day (inclusive). */
  endDate: day(OUTBOX_MSG.badEndDate),
  createTime_dategt: time,
  createTime_datelt: time,
};

export const smsOutboxQuery = pageQuery.extend({
  mobile: z.string().max(32, '手机号码过长').optional(),
  content: z.string().max(100, '短信内容条件过长').optional(),
  ...dateRange,
});
export type SmsOutboxQuery = z.infer<typeof smsOutboxQuery>;

export const mailOutboxQuery = pageQuery.extend({
  to: z.string().max(320, '收件人过长').optional(),
  subject: z.string().max(100, '邮件主题条件过长').optional(),
  ...dateRange,
});
export type MailOutboxQuery = z.infer<typeof mailOutboxQuery>;

/** One SMS as 短信发件箱 lists it. */
export const smsOutboxRecord = z.object({
  id: z.string(),
  /** The delivery job it came from. */
  jobId: z.string(),
  deptId: z.string().nullable(),
  /** The sending org (null: a platform message such as a sign-on code). */
  deptName: z.string().nullable(),
  mobile: z.string(),
  signName: z.string(),
  templateCode: z.string().nullable(),
  content: z.string(),
  /** Characters as the carriers count them, signature included. */
  length: z.number(),
  segments: z.number(),
  createTime: z.string().nullable(),
});
export type SmsOutboxView = z.infer<typeof smsOutboxRecord>;

export const mailOutboxAttachment = z.object({
  name: z.string(),
  size: z.number(),
  /** The download link when the file came from the file store. */
  link: z.string().nullable(),
});

/** One e-mail as 邮件发件箱 lists it (the body only in the detail). */
export const mailOutboxRecord = z.object({
  id: z.string(),
  jobId: z.string(),
  deptId: z.string().nullable(),
  deptName: z.string().nullable(),
  fromAddr: z.string(),
  toAddr: z.string(),
  subject: z.string(),
  attachmentCount: z.number(),
  createTime: z.string().nullable(),
});
export type MailOutboxView = z.infer<typeof mailOutboxRecord>;

/** The detail: the body as sanitised HTML (shown in a sandboxed frame) and the attachments. */
export const mailOutboxDetail = mailOutboxRecord.extend({
  html: z.string(),
  attachments: z.array(mailOutboxAttachment),
});
export type MailOutboxDetail = z.infer<typeof mailOutboxDetail>;
