import { deskNoticeRoutes } from './send/desk-notice.routes.js';
import type { FastifyInstance } from 'fastify';
import { attachLink } from '@gsl/contract';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { sanitizeMailHtml } from '../../platform/delivery/content.js';
import { attachService } from '../resource/attach.service.js';
import { inboxRoutes } from './inbox/inbox.routes.js';
import { inboxService } from './inbox/inbox.service.js';
import { messageDelivery } from './message.delivery.js';
import type { MessagePorts } from './message.ports.js';
import { rangeRoutes } from './range/range.routes.js';
import { rangeService } from './range/range.service.js';
import { sendRoutes } from './send/send.routes.js';
import { sendService } from './send/send.service.js';
import { smsRoutes } from './sms/sms.routes.js';
import { smsService } from './sms/sms.service.js';
import { sendRepo } from './send/send.repo.js';

/** One-time codes (phone binding): 6 digits, 5 minutes, 60 s apart, 10 a day per number, 5 wrong tries burn one. */
export const CODE_RULES = { ttlSeconds: 300, resendSeconds: 60, perDay: 10, maxTries: 5 };
/** An org's SMS messages a day until an administrator sets its own (短信签名与额度). */
const DEFAULT_DAILY_QUOTA = 1000;

export function messageServices(ports: MessagePorts) {
  const range = rangeService({ cipher: ports.cipher });
  return { range, send: sendService(ports, range), sms: smsService(ports), inbox: inboxService(ports) };
}
export type MessageServices = ReturnType<typeof messageServices>;

/**
 * The message centre's ports over the running app; another module that sends through the message centre
 * (a reply to a suggestion) builds its sending service on these, so there is one way to send.
 */
export function messagePorts(app: FastifyInstance): MessagePorts {
  const s = app.services;
  const attachments = attachService({ files: s.files, referrers: s.attachReferrers });
  return {
    outbox: s.outbox,
    events: s.events,
    sms: s.sms,
    mail: s.mail,
    sanitizeHtml: sanitizeMailHtml,
    cipher: () => personalDataCipher(app.db, { production: app.config.production }),
    files: s.files,
    attachments: {
      async readable(db, actor, publicId) {
        const row = await attachments.readable(db, actor, publicId);
        return { id: String(row.id), originalName: row.originalName, link: attachLink(row.publicId), storageKey: row.storageKey };
      },
    },
    smsDefaults: { signName: app.config.smsSignName, dailyQuota: DEFAULT_DAILY_QUOTA, codeTemplateCode: app.config.smsCodeTemplateCode },
    codeRules: CODE_RULES,
  };
}

/**
 * The message centre (specification §7 "Message centre"): send ranges, sending by notice, SMS and e-mail
 * through the platform's outbox, the sent lists and follow-up, SMS settings and codes, and the
 * receiving side (我的一天 › 消息). Delivery handlers and the attachment rule register with the platform.
 */
export default async function messageModule(app: FastifyInstance) {
  const s = app.services;
  const ports = messagePorts(app);
  const svc = messageServices(ports);

  const handlers = messageDelivery(ports);
  for (const [kind, handler] of Object.entries(handlers)) {
    const local = kind.endsWith('email') ? s.mail.local : s.sms.local;
    s.outbox.register(kind, { ...handler, transactional: local });
  }

  // A notice's attachment is readable by its recipients and by whoever may read the send.
  s.attachReferrers.register('message', async (db, actor, link) => {
    if (await svc.inbox.receivedLink(db, actor, link)) return true;
    return sendRepo.linkInScope(db, await svc.range.scopeOf(db, actor), link);
  });

  // 我的一天 待办: the account's unread notices (§7 "My day" GET pending).
  s.pending.register('message', async (db, actor) => [await svc.inbox.pending(db, actor, app.config.timeZone)]);

  rangeRoutes(app, svc);
  sendRoutes(app, svc);
  deskNoticeRoutes(app, svc);
  smsRoutes(app, svc);
  inboxRoutes(app, svc);
}
