import type { FastifyInstance } from 'fastify';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { chatRoutes } from './chat/chat.routes.js';
import { chatService } from './chat/chat.service.js';

/**
 * 我的一天 › 直通车 (specification §2 /portal/myDay connectInside, connectFIC, connectCOC, connectMem; §7
 * "My day" Through-train, Contact, Chat): the four direct lines, one-to-one chat with live events, and the
 * unread messages as a to-do of My day (platform/pending).
 */
export default async function mydayChatModule(app: FastifyInstance) {
  const s = app.services;
  const svc = chatService({
    events: s.events,
    cipher: () => personalDataCipher(app.db, { production: app.config.production }),
    timeZone: app.config.timeZone,
  });
  s.pending.register('chat', (db, actor) => svc.pending(db, actor));
  chatRoutes(app, svc);
}
