import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { MailSender } from '../../platform/delivery/mail.js';
import type { SmsSender } from '../../platform/delivery/sms.js';

/** A delivery job as the outbox hands it to a handler. */
export interface DeliveryJob {
  id: string;
  tenantId: string;
  kind: string;
  refId: string | null;
  payload: unknown;
  attempts: number;
}

/**
 * What the message centre uses of the platform (app.services): the outbox, live events, the SMS and mail
 * senders, the personal-data cipher, and readable attachments. The module is built on this narrow
 * surface so its services can be read (and tested) without the whole app.
 */
export interface MessagePorts {
  outbox: {
    enqueue(
      tx: Db,
      jobs: Array<{ tenantId: string; kind: string; refId?: string; payload: unknown; notBefore?: Date; maxAttempts?: number }>,
    ): Promise<unknown>;
  };
  events: { publish(tx: Db, events: Array<{ tenantId: string; userId: string; type: string; data: unknown }>): Promise<unknown> };
  sms: Pick<SmsSender, 'send' | 'sendBatch'>;
  mail: Pick<MailSender, 'send' | 'sendBatch'>;
  sanitizeHtml(html: string): Promise<string>;
  cipher(): Promise<PersonalDataCipher>;
  files: FileStore;
  attachments: { readable(db: Db, actor: Actor, publicId: string): Promise<{ id: string; originalName: string; link: string; storageKey: string }> };
  /** SMS defaults from the configuration (the gateway's signature when an org has none). */
  smsDefaults: { signName: string; dailyQuota: number; codeTemplateCode: string };
  /** One-time codes: lifetime, spacing and daily cap per number, wrong tries before a code burns. */
  codeRules: { ttlSeconds: number; resendSeconds: number; perDay: number; maxTries: number };
}
