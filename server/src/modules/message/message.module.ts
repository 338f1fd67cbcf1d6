import { deskNoticeRoutes } from './send/desk-notice.routes.js';
import type { FastifyInstance } from 'fastify';
import { inboxRoutes } from './inbox/inbox.routes.js';
import { messageDelivery } from './message.delivery.js';
import { rangeRoutes } from './range/range.routes.js';
import { sendRoutes } from './send/send.routes.js';
import { smsRoutes } from './sms/sms.routes.js';
import { sendRepo } from './send/send.repo.js';
import { messagePorts, messageServices } from './message.services.js';

export { CODE_RULES, messagePorts, messageServices, type MessageServices } from './message.services.js';

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
