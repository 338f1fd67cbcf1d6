import type { FastifyInstance } from 'fastify';
import { MAILBOX_MSG, mailboxRecord, mailboxSubmit, mailboxTest, mailboxTestAnswer, MSG } from '@gsl/contract';
import { personalDataCipher } from '../../../platform/audit/personal-data.js';
import { withMsg } from '../../../platform/http/envelope.js';
import { route } from '../../../platform/http/route.js';
import { mailboxAccounts, mailboxService } from './mailbox.service.js';

/**
 * 我的组织 › 邮箱配置 (specification §2 child/emailboxConfigure; the specification gives no paths, these follow
 * the scheme): the caller's own org's sender mailbox. No call takes an org or a row id — the token names the
 * org — so another org's mailbox cannot even be addressed. The platform's mail adapter sends the org's e-mail
 * through it while it is enabled.
 */
export function mailboxRoutes(app: FastifyInstance) {
  const cipher = () => personalDataCipher(app.db, { production: app.config.production });
  const svc = mailboxService({ db: app.db, mail: app.services.mail, cipher, timeZone: app.config.timeZone });
  app.services.mail.useAccounts(mailboxAccounts(cipher));
  const P = '/api/aoc-service/mailbox';

  route(app, {
    method: 'GET',
    url: `${P}/detail`,
    summary: 'emailboxConfigure detail: 本组织发件邮箱 (SMTP 服务器、端口、加密方式、账号、发件人名称; 密码从不返回, 只说明是否已设置)',
    tags: ['myorg'],
    access: { permission: 'myorg_mailbox' },
    response: mailboxRecord,
    handler: ({ actor }) => svc.detail(actor),
  });

  route(app, {
    method: 'POST',
    url: `${P}/submit`,
    summary: 'emailboxConfigure submit: 保存本组织发件邮箱 (首次保存需密码; 之后按 version 修改, 不填密码则保留原密码; 密码加密保存)',
    tags: ['myorg'],
    access: { permission: 'myorg_mailbox_edit' },
    body: mailboxSubmit,
    response: mailboxRecord,
    handler: async ({ actor, body }) => {
      const { view, created } = await svc.submit(actor, body);
      return withMsg(view, created ? MSG.added : MSG.updated);
    },
  });

  route(app, {
    method: 'POST',
    url: `${P}/test`,
    summary: 'emailboxConfigure test: 用表单中的邮箱设置立即发送一封测试邮件 (不填密码则用已保存的密码; 失败时返回原因)',
    tags: ['myorg'],
    access: { permission: 'myorg_mailbox_edit' },
    body: mailboxTest,
    response: mailboxTestAnswer,
    // Each test opens a connection to a server of the user's choosing: a few a minute are plenty.
    rateLimit: { max: 10, timeWindow: 60_000 },
    handler: async ({ actor, body }) => withMsg(await svc.test(actor, body), MAILBOX_MSG.testSent),
  });
}
