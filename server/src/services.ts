import type { Db, Listen } from './db/connection.js';
import type { AppConfig } from './platform/config/config.js';
import type { AuditLog } from './platform/audit/audit-log.js';
import type { ClientRegistry } from './platform/auth/client.js';
import type { TokenSigner } from './platform/auth/tokens.js';
import { CaptchaService } from './modules/auth/captcha.service.js';
import { LoginService } from './modules/auth/login.service.js';
import { TokenService } from './modules/auth/token.service.js';
import { LocalFileStore, type FileStore } from './platform/files/file-store.js';
import { AttachReferrers } from './platform/files/attach-referrers.js';
import { PendingSources } from './platform/pending/pending-sources.js';
import { Events } from './platform/events/events.js';
import { TenantSyncSteps } from './platform/tenancy/sync-hook.js';
import type { Tenancy } from './platform/tenancy/tenancy.js';
import { Outbox } from './platform/outbox/outbox.js';
import { tenantDatabases } from './platform/outbox/tenant-databases.js';
import { createMailSender } from './platform/delivery/mail.js';
import { OrgMailRouter } from './platform/delivery/mail-accounts.js';
import { createSmsSender, type SmsSender } from './platform/delivery/sms.js';
import { DELIVERY_MAIL, DELIVERY_SMS, mailJobHandler, smsJobHandler } from './platform/delivery/handlers.js';
import { createWechatClient, type WechatClient } from './platform/wechat/wechat.js';
import { AI_MSG } from '@gsl/contract';
import { createChatModel, type ChatModel } from './platform/ai/index.js';
import { ChangeCache } from './platform/db/change-cache.js';
import type { PreparedAnswer } from './platform/http/prepared.js';
import { writeWatchOf } from './db/write-watch.js';
import { ACCESS_CHANGED_CHANNEL, attachAccessCache, touchesAccess } from './platform/access/access-cache.js';

/** Services shared across modules (the sign-on portal and the token call share login and tokens). */
export interface Services {
  config: AppConfig;
  /** The routed handle: the main database, or the current request's tenant datasource. */
  db: Db;
  /** The main database and the tenants' datasources. */
  tenancy: Tenancy;
  clients: ClientRegistry;
  signer: TokenSigner;
  audit: AuditLog;
  captcha: CaptchaService;
  login: LoginService;
  tokens: TokenService;
  files: FileStore;
  /** Records that hold file links and decide, with their own access rule, who may read the file. */
  attachReferrers: AttachReferrers;
  /** What is waiting for a user (我的一天 待办): each module registers its kinds when it loads (platform/pending). */
  pending: PendingSources;
  /** What runs on a bound tenant's database after the platform tables are copied there (platform/tenancy/sync-hook.ts). */
  tenantSync: TenantSyncSteps;
  /** Durable delivery jobs (platform/outbox): modules enqueue in their transaction and register their kinds. */
  outbox: Outbox;
  /** E-mail: an org's own mailbox when it has one, else SMTP (SMTP_URL) or the mail outbox (邮件发件箱). */
  mail: OrgMailRouter;
  /** SMS: the gateway of SMS_PROVIDER, or the SMS outbox (短信发件箱). */
  sms: SmsSender;
  /** Live events: publish in a transaction, pushed to the recipients' open event streams (platform/events). */
  events: Events;
  /** WeChat's open platform (WECHAT_APP_ID …): QR sign-on and binding; unconfigured, every call refuses with 微信登录未配置. */
  wechat: WechatClient;
  /** The language model (platform/ai): an OpenAI-compatible provider by AI_BASE_URL, else the built-in assistant. */
  ai: ChatModel;
  /** Dept-tree answers per tenant and scope on the main database, dropped on any dept write in any process (migration 0055). */
  deptTrees: ChangeCache<PreparedAnswer>;
  /** Access (actor, grants, data and api scopes) of the main database, dropped on any change in any process (platform/access/access-cache.ts). */
  access: ChangeCache<unknown>;
}

/** Channel of blade_dept's change trigger (migration 0055_dept_changed). */
export const DEPT_CHANGED_CHANNEL = 'gsl_dept_changed';

export function createServices(
  base: Pick<Services, 'config' | 'db' | 'tenancy' | 'clients' | 'signer' | 'audit'>,
  opts: { listen: Listen; onError?: (err: unknown) => void },
): Services {
  // Sign-on state (captchas, codes, refresh tokens, sessions) is platform data on the main database;
  // accounts are read through the routed handle, inside the tenant's scope (token route).
  const main = base.tenancy.main;
  const captcha = new CaptchaService(main);
  const { config } = base;
  const outbox = new Outbox({
    db: main,
    databases: tenantDatabases(base.tenancy),
    batch: config.outboxBatch,
    pollMs: config.outboxPollMs,
    leaseMs: config.outboxLeaseMs,
    listen: opts.listen,
  });
  const mail = new OrgMailRouter(createMailSender(config), config.mailboxPrivateHosts);
  const sms = createSmsSender(config);
  outbox.register(DELIVERY_SMS, smsJobHandler(sms));
  outbox.register(DELIVERY_MAIL, mailJobHandler(mail));
  const deptTrees = new ChangeCache<PreparedAnswer>({ channel: DEPT_CHANGED_CHANNEL, listen: opts.listen, max: 500, onError: opts.onError });
  const access = new ChangeCache<unknown>({ channel: ACCESS_CHANGED_CHANNEL, listen: opts.listen, max: 20_000, onError: opts.onError });
  attachAccessCache(main, access);
  return {
    ...base,
    captcha,
    login: new LoginService(base.db, main, base.config, captcha),
    tokens: new TokenService(base.db, main, base.signer, base.config.codeTtlSeconds),
    files: new LocalFileStore(base.config.fileStoreDir),
    attachReferrers: new AttachReferrers(),
    pending: new PendingSources(),
    tenantSync: new TenantSyncSteps(),
    outbox,
    mail,
    sms,
    events: new Events({ main, tenancy: base.tenancy, listen: opts.listen, onError: opts.onError }),
    wechat: createWechatClient(config),
    ai: createChatModel(config, { label: AI_MSG.builtinLabel, unknown: `${AI_MSG.unknown}\n\n${AI_MSG.hint}` }),
    deptTrees,
    access,
  };
}

/**
 * This process's own writes drop its kept copies at once, before the commit's notification comes back
 * (db/write-watch.ts); the answer stops it.
 */
export function dropOnLocalWrites(main: Db, services: Pick<Services, 'access' | 'deptTrees'>): () => void {
  return (
    writeWatchOf(main)?.on((writes) => {
      if (touchesAccess(writes)) services.access.drop();
      if (writes.some((w) => w.table === 'blade_dept')) services.deptTrees.drop();
    }) ?? (() => undefined)
  );
}
