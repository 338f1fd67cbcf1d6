import type { FastifyInstance } from 'fastify';
import { attachLink } from '@gsl/contract';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { sanitizeMailHtml } from '../../platform/delivery/content.js';
import { attachService } from '../resource/attach.service.js';
import { inboxService } from './inbox/inbox.service.js';
import type { MessagePorts } from './message.ports.js';
import { rangeService } from './range/range.service.js';
import { sendService } from './send/send.service.js';
import { smsService } from './sms/sms.service.js';

/*
 * The message centre's services and their ports over the running app, apart from the module's plugin:
 * the route files take the services' type from here, and other modules (a suggestion's reply, the
 * fill-in reminders) build their sending on the same ports.
 */

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
