import type { FastifyInstance } from 'fastify';
import {
  ATTACH_PUBLIC_ID_RE,
  attachLink,
  idQuery,
  mailOutboxDetail,
  mailOutboxQuery,
  mailOutboxRecord,
  pageOf,
  smsOutboxQuery,
  smsOutboxRecord,
  type MailOutboxDetail,
  type MailOutboxView,
  type SmsOutboxView,
} from '@gsl/contract';
import type { Actor } from '../../../platform/access/actor.js';
import { resolveScope, SCOPE, type DataScope } from '../../../platform/access/scope.js';
import { sanitizeMailHtml, smsSegments } from '../../../platform/delivery/content.js';
import { notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { formatTime } from '../../../platform/http/time.js';
import { MAIL_OUTBOX_RESOURCE, outboxBoxRepo, SMS_OUTBOX_RESOURCE } from './outbox-box.repo.js';

/**
 * 短信发件箱 and 邮件发件箱 (系统管理; issue "Delivery, for real": the outbox providers show every message
 * on an administrator screen). Read only; the tenant's messages, within the data scope by the sending
 * org. A tenant's administrator (role admin) sees the whole tenant, as on the platform's other
 * administrator screens.
 */
async function scopeOf(app: FastifyInstance, actor: Actor, resource: string): Promise<DataScope> {
  if (actor.roleAliases.includes('admin')) return { actor, rules: [{ type: SCOPE.ALL }] };
  return resolveScope(app.db, actor, resource);
}

export default async function outboxBoxRoutes(app: FastifyInstance) {
  const tz = app.config.timeZone;
  const id = (v: unknown) => (v == null ? null : String(v));

  route(app, {
    method: 'GET',
    url: '/api/msg-center/sms-outbox/list',
    summary: '短信发件箱: the SMS the outbox provider kept instead of sending (mobile, content, startDate/endDate or createTime filters)',
    tags: ['msg-center'],
    access: { permission: 'sms_outbox' },
    query: smsOutboxQuery,
    response: pageOf(smsOutboxRecord),
    handler: async ({ actor, query }) => {
      const scope = await scopeOf(app, actor, SMS_OUTBOX_RESOURCE);
      const page = await outboxBoxRepo.smsPage(app.db, scope, query, query, query);
      return {
        ...page,
        records: page.records.map((r): SmsOutboxView => ({
          id: String(r.id),
          jobId: String(r.jobId),
          deptId: id(r.deptId),
          deptName: r.deptName ?? null,
          mobile: r.mobile,
          signName: r.signName,
          templateCode: r.templateCode,
          content: r.content,
          length: smsSegments(r.content, r.signName).length,
          segments: r.segments,
          createTime: formatTime(r.createdAt, tz),
        })),
      };
    },
  });

  const mailView = (r: {
    id: string;
    jobId: string;
    deptId: string | null;
    deptName: string | null;
    fromAddr: string;
    toAddr: string;
    subject: string;
    createdAt: Date;
  }): Omit<MailOutboxView, 'attachmentCount'> => ({
    id: String(r.id),
    jobId: String(r.jobId),
    deptId: id(r.deptId),
    deptName: r.deptName ?? null,
    fromAddr: r.fromAddr,
    toAddr: r.toAddr,
    subject: r.subject,
    createTime: formatTime(r.createdAt, tz),
  });

  route(app, {
    method: 'GET',
    url: '/api/msg-center/mail-outbox/list',
    summary: '邮件发件箱: the e-mail the outbox provider kept instead of sending (to, subject, startDate/endDate or createTime filters)',
    tags: ['msg-center'],
    access: { permission: 'mail_outbox' },
    query: mailOutboxQuery,
    response: pageOf(mailOutboxRecord),
    handler: async ({ actor, query }) => {
      const scope = await scopeOf(app, actor, MAIL_OUTBOX_RESOURCE);
      const page = await outboxBoxRepo.mailPage(app.db, scope, query, query, query);
      return { ...page, records: page.records.map((r): MailOutboxView => ({ ...mailView(r), attachmentCount: Number(r.attachmentCount) })) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/msg-center/mail-outbox/detail',
    summary: '邮件发件箱 detail: one e-mail with its sanitised HTML body and attachments',
    tags: ['msg-center'],
    access: { permission: 'mail_outbox' },
    query: idQuery,
    response: mailOutboxDetail,
    handler: async ({ actor, query }): Promise<MailOutboxDetail> => {
      const scope = await scopeOf(app, actor, MAIL_OUTBOX_RESOURCE);
      const r = await outboxBoxRepo.findMail(app.db, scope, query.id);
      if (!r) throw notFound();
      const attachments = r.attachments.map((a) => ({
        name: a.name,
        size: a.size,
        link: a.attachId && ATTACH_PUBLIC_ID_RE.test(a.attachId) ? attachLink(a.attachId) : null,
      }));
      // Sanitised again on the way out: the screen renders it, whatever wrote the row.
      return { ...mailView(r), attachmentCount: attachments.length, html: await sanitizeMailHtml(r.html), attachments };
    },
  });
}
