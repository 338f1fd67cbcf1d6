import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/connection.js';
import { personalDataCipher, type PersonalDataCipher } from '../../../platform/audit/personal-data.js';
import { PermanentDeliveryError } from '../../../platform/outbox/outbox.js';

/** Outbox kinds of a new account's initial password (delivered by the platform's SMS and mail senders). */
export const INITIAL_PASSWORD_SMS = 'user.initial-password.sms';
export const INITIAL_PASSWORD_MAIL = 'user.initial-password.mail';

/** A job's payload: the address and the password encrypted (the outbox row never holds them in clear). */
export interface InitialPasswordPayload {
  deptId: string;
  orgName: string;
  account: string;
  /** Encrypted mobile number or e-mail address. */
  to: string;
  /** Encrypted initial password. */
  password: string;
}

export interface InitialPasswordNotice {
  deptId: string;
  orgName: string;
  account: string;
  to: string;
  password: string;
}

const smsText = (n: { orgName: string; account: string }, password: string) =>
  `您在${n.orgName}的账号${n.account}已开通,初始密码为${password},首次登录后须修改密码,请勿泄露给他人。`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Delivery of a new account's initial password (我的组织 › 账号管理, account creation) through the message
 * centre's channels: the durable outbox and the configured SMS gateway or mail server (the SMS and mail
 * outboxes when none is configured). The job is written in the transaction that creates the account.
 */
export function initialPasswordDelivery(app: FastifyInstance) {
  const s = app.services;
  const cipher = (): Promise<PersonalDataCipher> => personalDataCipher(app.db, { production: app.config.production });

  s.outbox.register<InitialPasswordPayload>(INITIAL_PASSWORD_SMS, {
    transactional: s.sms.local,
    async deliver(job, tx) {
      const p = job.payload;
      if (!p?.to || !p.password) throw new PermanentDeliveryError('初始密码短信内容不完整');
      const c = await cipher();
      await s.sms.send(
        {
          tenantId: job.tenantId,
          deptId: p.deptId,
          mobile: c.decrypt(p.to),
          signName: app.config.smsSignName,
          content: smsText(p, c.decrypt(p.password)),
          outId: job.id,
        },
        tx,
      );
    },
  });

  s.outbox.register<InitialPasswordPayload>(INITIAL_PASSWORD_MAIL, {
    transactional: s.mail.local,
    async deliver(job, tx) {
      const p = job.payload;
      if (!p?.to || !p.password) throw new PermanentDeliveryError('初始密码邮件内容不完整');
      const c = await cipher();
      const password = c.decrypt(p.password);
      await s.mail.send(
        {
          tenantId: job.tenantId,
          deptId: p.deptId,
          to: c.decrypt(p.to),
          subject: `${p.orgName}账号开通通知`,
          html: `<p>您在${escapeHtml(p.orgName)}的账号${escapeHtml(p.account)}已开通,初始密码为<b>${escapeHtml(password)}</b>,首次登录后须修改密码,请勿泄露给他人。</p>`,
          text: smsText(p, password),
          messageId: job.id,
        },
        tx,
      );
    },
  });

  return {
    /** Writes the job in the caller's transaction (the account and its password's delivery commit together). */
    async enqueue(tx: Db, tenantId: string, channel: 'sms' | 'email', n: InitialPasswordNotice): Promise<void> {
      const c = await cipher();
      const payload: InitialPasswordPayload = {
        deptId: n.deptId,
        orgName: n.orgName,
        account: n.account,
        to: c.encrypt(n.to),
        password: c.encrypt(n.password),
      };
      await s.outbox.enqueue(tx, [{ tenantId, kind: channel === 'sms' ? INITIAL_PASSWORD_SMS : INITIAL_PASSWORD_MAIL, payload, maxAttempts: 5 }]);
    },
  };
}
export type InitialPasswordDelivery = ReturnType<typeof initialPasswordDelivery>;
