import { randomUUID } from 'node:crypto';
import {
  MAILBOX_MSG,
  MAILBOX_SECURITY,
  MAILBOX_STATUS,
  STALE_VERSION_MSG,
  VERSION_REQUIRED_MSG,
  type MailboxSubmit,
  type MailboxTest,
  type MailboxTestView,
  type MailboxView,
} from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import type { PersonalDataCipher } from '../../../platform/audit/personal-data.js';
import type { OrgMailRouter, SenderAccountResolver, SmtpAccount } from '../../../platform/delivery/mail-accounts.js';
import { dbErrorCode } from '../../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { formatTime } from '../../../platform/http/time.js';
import { PermanentDeliveryError } from '../../../platform/outbox/outbox.js';
import { mailboxRepo } from './mailbox.repo.js';

export interface MailboxDeps {
  db: Db;
  mail: Pick<OrgMailRouter, 'sendThrough'>;
  cipher: () => Promise<PersonalDataCipher>;
  timeZone: string;
}

type Row = NonNullable<Awaited<ReturnType<typeof mailboxRepo.ofOrg>>>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * 邮箱配置 (specification §2 child/emailboxConfigure): the caller's own org's sender mailbox. The password is
 * encrypted with the platform's personal-data cipher (as tenant datasource passwords are) and never answered;
 * a test send goes out at once through the platform's mail adapter with the settings on the form.
 */
export function mailboxService(deps: MailboxDeps) {
  const { db, timeZone } = deps;

  const view = (actor: Actor, row: Row): MailboxView => ({
    id: row.id === null ? null : String(row.id),
    deptId: String(actor.deptId),
    deptName: row.deptName,
    host: row.host,
    port: row.port,
    security: row.security,
    securityName: row.security ? (MAILBOX_SECURITY[row.security] ?? null) : null,
    account: row.account,
    displayName: row.displayName,
    hasPassword: Boolean(row.passwordEnc),
    status: row.status ?? 1,
    statusName: MAILBOX_STATUS[row.status ?? 1] ?? '',
    version: row.version ?? 0,
    updateTime: row.id === null ? null : formatTime(row.updateTime, timeZone),
    testTime: formatTime(row.testTime, timeZone),
    testOk: row.testOk === null ? null : row.testOk === 1,
    testMessage: row.testMessage,
  });

  const own = async (actor: Actor): Promise<Row> => {
    const row = await mailboxRepo.ofOrg(db, actor.tenantId, actor.deptId);
    if (!row) throw notFound();
    return row;
  };

  return {
    async detail(actor: Actor): Promise<MailboxView> {
      return view(actor, await own(actor));
    },

    /** The first save creates the org's mailbox (a password required), later ones update it at the version read. */
    async submit(actor: Actor, input: MailboxSubmit): Promise<{ view: MailboxView; created: boolean }> {
      const before = await own(actor);
      const password = input.password ? input.password : '';
      const settings = {
        host: input.host,
        port: input.port,
        security: input.security,
        account: input.account,
        displayName: input.displayName || null,
        status: input.status,
        updateUser: actor.userId,
      };
      try {
        if (before.id === null) {
          if (!password) throw badRequest(MAILBOX_MSG.password);
          const c = await deps.cipher();
          await mailboxRepo.insert(db, {
            ...settings,
            tenantId: actor.tenantId,
            deptId: actor.deptId,
            passwordEnc: c.encrypt(password),
            createUser: actor.userId,
            createDept: actor.deptId,
          });
          return { view: view(actor, await own(actor)), created: true };
        }
        if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
        // The last test no longer says anything about a changed connection or account.
        const changed =
          Boolean(password) ||
          before.host !== input.host ||
          before.port !== input.port ||
          before.security !== input.security ||
          before.account !== input.account;
        const values = {
          ...settings,
          ...(password ? { passwordEnc: (await deps.cipher()).encrypt(password) } : {}),
          ...(changed ? { testTime: null, testOk: null, testMessage: null } : {}),
        };
        if (!(await mailboxRepo.update(db, actor.tenantId, actor.deptId, String(before.id), input.version, values))) throw badRequest(STALE_VERSION_MSG);
        return { view: view(actor, await own(actor)), created: false };
      } catch (err) {
        // Two first saves at once: the second finds the org's row taken.
        if (dbErrorCode(err) === '23505') throw badRequest(STALE_VERSION_MSG);
        throw err;
      }
    },

    /**
     * Sends one message now with the form's settings (the stored password when none is typed) to `to`; a
     * failure answers 400 with the reason. When the settings are the saved ones, the outcome is remembered.
     */
    async test(actor: Actor, input: MailboxTest): Promise<MailboxTestView> {
      const before = await own(actor);
      let pass = input.password ?? '';
      if (!pass && before.passwordEnc) pass = (await deps.cipher()).decrypt(before.passwordEnc);
      if (!pass) throw badRequest(MAILBOX_MSG.password);
      const account: SmtpAccount = {
        host: input.host,
        port: input.port,
        security: input.security,
        user: input.account,
        pass,
        fromName: input.displayName || null,
      };
      const saved =
        before.id !== null &&
        !input.password &&
        before.host === input.host &&
        before.port === input.port &&
        before.security === input.security &&
        before.account === input.account;
      const sender = input.displayName || before.deptName;
      try {
        await deps.mail.sendThrough(account, {
          tenantId: actor.tenantId,
          deptId: actor.deptId,
          to: input.to,
          subject: `【测试邮件】${before.deptName}发件邮箱设置`,
          html:
            `<p>这是一封测试邮件,由${escapeHtml(sender)}在“我的组织 › 邮箱配置”中发送。</p>` +
            `<p>收到本邮件,说明发件邮箱 ${escapeHtml(input.account)} 的设置可以正常发信。</p>`,
          messageId: `mailbox-test-${randomUUID()}`,
        });
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        if (saved) await mailboxRepo.recordTest(db, actor.tenantId, actor.deptId, { ok: false, message: reason });
        throw badRequest(`测试邮件发送失败:${reason}`);
      }
      if (saved) await mailboxRepo.recordTest(db, actor.tenantId, actor.deptId, { ok: true, message: null });
      return { to: input.to, testTime: formatTime(new Date(), timeZone)! };
    },
  };
}

/** The platform's lookup of an org's own account: its enabled mailbox, the password decrypted (delivery only). */
export function mailboxAccounts(cipher: () => Promise<PersonalDataCipher>): SenderAccountResolver {
  return async (db, tenantId, deptId) => {
    const row = await mailboxRepo.enabledOf(db, tenantId, deptId);
    if (!row?.passwordEnc) return null;
    let pass: string;
    try {
      pass = (await cipher()).decrypt(row.passwordEnc);
    } catch (err) {
      throw new PermanentDeliveryError('组织发件邮箱的密码无法读取,请在“邮箱配置”中重新保存', { cause: err });
    }
    return { host: row.host, port: row.port, security: row.security, user: row.account, pass, fromName: row.displayName };
  };
}
