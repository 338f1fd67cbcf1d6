import {
  CHANNEL_NAMES,
  DELIVERY_STATUS_NAMES,
  MESSAGE_MSG,
  SEND_STATUS_NAMES,
  SEND_TAGS,
  smsLength,
  type Channel,
  type PageQuery,
  type RecipientView,
  type SendForm,
  type SendView,
  type TagType,
} from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { MsgAttachment, MsgRangeSpec } from '../../../db/schema-message.js';
import type { Actor } from '../../../platform/access/actor.js';
import { isGranted } from '../../../platform/access/grants.js';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.js';
import { formatTime } from '../../../platform/http/time.js';
import { maskEmail, maskMobile, type RangeService, type Recipient } from '../range/range.service.js';
import { smsService } from '../sms/sms.service.js';
import type { MessagePorts } from '../message.ports.js';
import { sendRepo, type SendCounts, type SendFilter, type SendRow } from './send.repo.js';

/** The button each channel's send needs (menus.ts, 消息中心). */
export const CHANNEL_PERMISSION = { sys: 'message_notice', sms: 'message_sms', email: 'message_email' } as const;
/** Outbox job kinds of the message centre. */
export const JOB_KIND = { sms: 'msg.sms', email: 'msg.email' } as const;
/** Live event types the receiving side listens to. */
export const EVENT = { received: 'msg.received', read: 'msg.read' } as const;

const DELIVERY_ATTEMPTS = 5;

function parseJson<T>(v: unknown, fallback: T): T {
  if (v == null) return fallback;
  if (typeof v !== 'string') return v as T;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
}

function statusOf(c: SendCounts, notBefore: Date | null): string {
  if (notBefore && notBefore.getTime() > Date.now() && c.sent + c.failed === 0) return 'queued';
  if (c.pending > 0) return 'sending';
  if (c.failed === 0) return 'done';
  return c.sent > 0 ? 'partial' : 'failed';
}

export function sendView(row: SendRow, timeZone: string): SendView {
  const counts = parseJson<SendCounts>(row.counts, { total: 0, sent: 0, failed: 0, pending: 0, read: 0 });
  const notBefore = row.notBefore ? new Date(row.notBefore as Date) : null;
  const status = statusOf(counts, notBefore);
  const range = parseJson<MsgRangeSpec[]>(row.rangeSpec, []);
  return {
    id: String(row.id),
    sendCode: row.sendCode,
    channel: row.channel,
    channelName: CHANNEL_NAMES[row.channel as Channel] ?? row.channel,
    title: row.title,
    content: row.content,
    urgent: Boolean(row.urgent),
    status,
    statusName: SEND_STATUS_NAMES[status],
    ...counts,
    segments: row.segments ?? null,
    notBefore: formatTime(notBefore, timeZone),
    parentId: row.parentId == null ? null : String(row.parentId),
    deptId: String(row.deptId),
    deptName: row.deptName,
    createUser: row.createUser == null ? null : String(row.createUser),
    createUserName: row.createUserName,
    createTime: formatTime(row.createTime, timeZone),
    attachments: parseJson<MsgAttachment[]>(row.attachments, []).map((a) => ({ name: a.name, link: a.link })),
    range: range.map((r) => ({
      tagType: r.tagType,
      name: r.tagType === 'user' ? '指定人员' : (SEND_TAGS[r.tagType as TagType]?.name ?? r.tagType),
      deptId: r.deptId,
      deptName: (r as MsgRangeSpec & { deptName?: string | null }).deptName ?? null,
    })),
  };
}

type RecipientRow = Awaited<ReturnType<typeof sendRepo.recipients>>['records'][number];
function recipientView(row: RecipientRow, channel: string, timeZone: string, reveal: (enc: string) => string | null): RecipientView {
  const address = channel === 'sms' ? maskMobile(row.mobileEnc ? reveal(row.mobileEnc) : null) : channel === 'email' ? maskEmail(row.email) : null;
  return {
    id: String(row.id),
    sendId: String(row.sendId),
    userId: row.userId == null ? null : String(row.userId),
    name: row.name,
    deptId: row.deptId == null ? null : String(row.deptId),
    deptName: row.deptName ?? null,
    tagType: row.tagType,
    address,
    status: row.status,
    statusName: DELIVERY_STATUS_NAMES[row.status] ?? String(row.status),
    failReason: row.failReason,
    sentTime: formatTime(row.sentTime as Date | null, timeZone),
    isRead: row.isRead,
    readTime: formatTime(row.readTime as Date | null, timeZone),
    remindCount: row.remindCount,
  };
}

/**
 * Sending: a send and one row per recipient are written in one transaction and the call answers at once;
 * notices are delivered in that same transaction (the recipient's box, and a live event on commit), SMS
 * and e-mail through the durable outbox (platform/outbox), whose worker settles each recipient's row.
 */
export function sendService(ports: MessagePorts, ranges: RangeService) {
  const sms = smsService(ports);

  async function attachmentsOf(db: Db, actor: Actor, ids: string[]): Promise<MsgAttachment[]> {
    const out: MsgAttachment[] = [];
    for (const publicId of [...new Set(ids)]) {
      const row = await ports.attachments.readable(db, actor, publicId);
      out.push({ name: row.originalName, link: row.link, storageKey: row.storageKey, attachId: row.id });
    }
    return out;
  }

  async function create(
    db: Db,
    actor: Actor,
    channel: Channel,
    sendCode: string,
    form: SendForm,
    opts: { parentId?: string; recipients?: Recipient[]; rangeSpec?: MsgRangeSpec[] } = {},
  ) {
    if (form.urgent && !(await isGranted(db, actor, 'message_urgent'))) throw forbidden(MESSAGE_MSG.urgentDenied);
    const { recipients } = opts.recipients ? { recipients: opts.recipients } : await ranges.resolve(db, actor, channel, form.range);
    if (!recipients.length) throw badRequest(MESSAGE_MSG.noRecipients);
    const attachments = channel === 'sms' ? [] : await attachmentsOf(db, actor, form.attachIds);
    const content = channel === 'email' ? await ports.sanitizeHtml(form.content) : form.content;
    const source = channel === 'sms' ? await sms.sourceFor(db, actor.deptId) : null;
    const notBefore = channel === 'sms' && !form.urgent && source ? sms.quietUntil(source, new Date()) : null;
    const rangeSpec: MsgRangeSpec[] = opts.rangeSpec ?? [
      ...form.range.items.map((i) => ({ tagType: i.tagType, deptId: i.deptId || actor.deptId, cocUnionId: i.cocUnionId || null })),
      ...(form.range.userIds.length ? [{ tagType: 'user', deptId: null }] : []),
    ];

    const id = await db.transaction().execute(async (tx) => {
      if (source && !(await sms.takeQuota(tx, source, recipients.length))) {
        const left = Math.max(0, source.dailyQuota - source.usedToday);
        throw badRequest(left === 0 ? MESSAGE_MSG.quotaExceeded : MESSAGE_MSG.quotaNotEnough(left, recipients.length));
      }
      const sendId = await sendRepo.insertSend(tx, {
        tenantId: actor.tenantId,
        sendCode,
        channel,
        title: form.title ?? null,
        content,
        urgent: Boolean(form.urgent),
        rangeSpec: JSON.stringify(rangeSpec),
        attachments: JSON.stringify(attachments),
        signName: source?.signName ?? null,
        segments: channel === 'sms' ? smsLength(content, source?.signName).segments : null,
        notBefore,
        parentId: opts.parentId ?? null,
        recipientCount: recipients.length,
        deptId: actor.deptId,
        createUser: actor.userId,
        createUserName: actor.realName || actor.account,
      });
      const delivered = channel === 'sys';
      const inserted = await sendRepo.insertRecipients(tx, {
        tenantId: actor.tenantId,
        sendId,
        status: delivered ? 1 : 0,
        rows: recipients.map((r) => ({
          userId: r.userId,
          name: r.name,
          deptId: r.deptId,
          tagType: r.tagType,
          mobileEnc: channel === 'sms' ? r.mobileEnc : null,
          mobileHash: channel === 'sms' ? r.mobileHash : null,
          email: channel === 'email' ? r.email : null,
        })),
      });
      const ids = inserted.map((r) => r.id);
      if (delivered) {
        // A notice reaches accounts only, one row per account: its row id is the account's message id.
        await ports.events.publish(
          tx,
          inserted.map((r) => ({ tenantId: actor.tenantId, userId: r.userId!, type: EVENT.received, data: { id: r.id, sendId, title: form.title ?? '' } })),
        );
      } else {
        await ports.outbox.enqueue(
          tx,
          ids.map((rid) => ({
            tenantId: actor.tenantId,
            kind: JOB_KIND[channel],
            refId: rid,
            payload: { recipientId: rid },
            notBefore: notBefore ?? undefined,
            maxAttempts: DELIVERY_ATTEMPTS,
          })),
        );
      }
      return sendId;
    });
    return { id, total: recipients.length, notBefore };
  }

  return {
    create,

    async page(db: Db, actor: Actor, query: PageQuery, filter: SendFilter, timeZone: string) {
      const page = await sendRepo.page(db, await ranges.scopeOf(db, actor), query, filter);
      return { ...page, records: page.records.map((r) => sendView(r as SendRow, timeZone)) };
    },

    async detail(db: Db, actor: Actor, id: string, channel: Channel | undefined, timeZone: string) {
      const row = await sendRepo.findInScope(db, await ranges.scopeOf(db, actor), id, channel);
      if (!row) throw notFound();
      return sendView(row, timeZone);
    },

    async recipients(
      db: Db,
      actor: Actor,
      sendId: string,
      channel: Channel | undefined,
      query: PageQuery,
      f: { status?: number; isRead?: number; name?: string },
      timeZone: string,
    ) {
      const send = await sendRepo.findInScope(db, await ranges.scopeOf(db, actor), sendId, channel);
      if (!send) throw notFound();
      const cipher = await ports.cipher();
      const reveal = (enc: string) => {
        try {
          return cipher.decrypt(enc);
        } catch {
          return null;
        }
      };
      const page = await sendRepo.recipients(db, sendId, query, f);
      return { ...page, records: page.records.map((r) => recipientView(r as RecipientRow, send.channel, timeZone, reveal)) };
    },

    /**
     * Follow-up on a notice: the accounts that have not read it get a reminder — a notice again or an SMS
     * to their phone — and nobody else.
     */
    async remind(db: Db, actor: Actor, id: string, channel: 'sys' | 'sms') {
      const send = await sendRepo.findInScope(db, await ranges.scopeOf(db, actor), id, 'sys');
      if (!send) throw notFound();
      const userIds = await sendRepo.unreadUserIds(db, id);
      if (!userIds.length) throw badRequest(MESSAGE_MSG.noUnread);
      const title = `【提醒】${send.title ?? ''}`.slice(0, 100);
      const content = channel === 'sms' ? `您有一条未读通知:${send.title ?? ''},请登录系统查看。` : send.content;
      const form: SendForm = { title, content, range: { items: [], userIds }, attachIds: [], urgent: false };
      const { recipients } = await ranges.resolve(db, actor, channel, form.range);
      if (!recipients.length) throw badRequest(MESSAGE_MSG.noRecipients);
      const result = await create(db, actor, channel, 'remind', form, { parentId: id, recipients, rangeSpec: [{ tagType: 'user', deptId: null }] });
      await db.transaction().execute((tx) => sendRepo.markReminded(tx, id, recipients.map((r) => r.userId!).filter(Boolean)));
      return result;
    },

    /** Resend: the failed recipients of an SMS or e-mail go back to the outbox, never those already reached. */
    async resend(db: Db, actor: Actor, id: string) {
      const send = await sendRepo.findInScope(db, await ranges.scopeOf(db, actor), id);
      if (!send) throw notFound();
      if (send.channel === 'sys') throw badRequest(MESSAGE_MSG.noFailed);
      const source = send.channel === 'sms' ? await sms.sourceFor(db, String(send.deptId)) : null;
      return db.transaction().execute(async (tx) => {
        const ids = await sendRepo.requeueFailed(tx, id);
        if (!ids.length) throw badRequest(MESSAGE_MSG.noFailed);
        if (source && !(await sms.takeQuota(tx, source, ids.length))) throw badRequest(MESSAGE_MSG.quotaExceeded);
        await ports.outbox.enqueue(
          tx,
          ids.map((rid) => ({
            tenantId: actor.tenantId,
            kind: JOB_KIND[send.channel as 'sms' | 'email'],
            refId: rid,
            payload: { recipientId: rid },
            maxAttempts: DELIVERY_ATTEMPTS,
          })),
        );
        return { id, total: ids.length };
      });
    },
  };
}
export type SendService = ReturnType<typeof sendService>;
