import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Db } from '../../db/connection.js';
import { PermanentDeliveryError } from '../outbox/outbox.js';
import { sanitizeMailHtml } from './content.js';
import { loadNodemailer, messageIdHeader, type MailMessage, type MailSender } from './mail.js';

/**
 * An SMTP account of an org's own (我的组织 › 邮箱配置): mail the org sends goes out through it, with its
 * address as the sender, instead of through the configured channel (SMTP_URL / the mail outbox).
 */
export interface SmtpAccount {
  host: string;
  port: number;
  /** ssl: TLS from the first byte (465); starttls: TLS required after EHLO (587); none: plain (25). */
  security: 'ssl' | 'starttls' | 'none';
  /** The account's address: the SMTP user name and the sender address. */
  user: string;
  pass: string;
  /** The name shown with the sender address. */
  fromName?: string | null;
}

/** The sending org's own account for a mail (null: the configured channel). Registered by the module that keeps them. */
export type SenderAccountResolver = (db: Db, tenantId: string, deptId: string) => Promise<SmtpAccount | null>;

/** Why an SMTP conversation failed, in words a user can act on (the server's own answer appended). */
export function smtpErrorText(err: unknown): string {
  const e = (err ?? {}) as { code?: string; response?: string; responseCode?: number; message?: string };
  const reply = (e.response ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  const detail = (e.message ?? '').toLowerCase();
  let text: string;
  if (e.code === 'EAUTH') text = '邮箱账号或密码(授权码)不正确,或该邮箱未开启SMTP服务';
  else if (e.code === 'EDNS' || detail.includes('enotfound') || detail.includes('eai_again')) text = '找不到邮件服务器,请检查SMTP服务器地址';
  else if (e.code === 'ETIMEDOUT' || detail.includes('timeout')) text = '连接邮件服务器超时,请检查服务器地址、端口和加密方式';
  else if (e.code === 'ETLS' || /ssl|tls|certificate|wrong version number/.test(detail)) text = '与邮件服务器建立加密连接失败,请检查加密方式与端口是否匹配';
  else if (e.code === 'ECONNECTION' || e.code === 'ESOCKET' || detail.includes('econnrefused') || detail.includes('econnreset'))
    text = '无法连接邮件服务器,请检查SMTP服务器地址和端口';
  else if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE' || (e.responseCode ?? 0) >= 500) text = '邮件服务器拒收';
  else text = '邮件发送失败';
  return reply && !text.includes(reply) ? `${text}: ${reply}` : text;
}

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** A private, loopback, link-local, multicast or reserved address (IPv4-mapped IPv6 too). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The address to connect to for an org's SMTP host. A host resolving to an internal address is refused unless
 * listed in MAILBOX_PRIVATE_HOSTS; the connection then goes to that very address (a second lookup could answer
 * differently), with the host name kept for the TLS certificate check.
 */
export async function smtpAddressOf(host: string, privateHosts: readonly string[]): Promise<string> {
  const name = host.trim().toLowerCase();
  let addresses: string[];
  try {
    addresses = isIP(name) ? [name] : (await lookup(name, { all: true, verbatim: true })).map((a) => a.address);
  } catch (err) {
    throw new PermanentDeliveryError('找不到邮件服务器,请检查SMTP服务器地址', { cause: err });
  }
  if (!addresses.length) throw new PermanentDeliveryError('找不到邮件服务器,请检查SMTP服务器地址');
  if (!privateHosts.includes(name) && addresses.some(isPrivateAddress)) throw new PermanentDeliveryError('该SMTP服务器地址指向内部网络,不能作为组织发件邮箱');
  return addresses[0];
}

/** What the router needs of a nodemailer transport. */
interface Transport {
  sendMail(message: Record<string, unknown>): Promise<unknown>;
  close(): void;
}

async function transportOf(account: SmtpAccount, address: string, pooled: boolean): Promise<Transport> {
  const nodemailer = await loadNodemailer();
  const options = {
    host: address,
    port: account.port,
    secure: account.security === 'ssl',
    requireTLS: account.security === 'starttls',
    ignoreTLS: account.security === 'none',
    auth: { user: account.user, pass: account.pass },
    tls: { ...(isIP(account.host) ? {} : { servername: account.host }), minVersion: 'TLSv1.2' as const },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  return pooled ? nodemailer.createTransport({ ...options, pool: true, maxConnections: 2 }) : nodemailer.createTransport(options);
}

async function sendOn(transport: Transport, account: SmtpAccount, mail: MailMessage): Promise<void> {
  try {
    await transport.sendMail({
      from: { name: account.fromName ?? '', address: account.user },
      to: mail.to,
      subject: mail.subject,
      html: await sanitizeMailHtml(mail.html),
      ...(mail.text ? { text: mail.text } : {}),
      messageId: messageIdHeader(mail.messageId, account.user),
      attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, content: a.content })),
    });
  } catch (err) {
    const e = err as { code?: string; responseCode?: number };
    const text = smtpErrorText(err);
    if (e.code === 'EENVELOPE' || (e.responseCode ?? 0) >= 500) throw new PermanentDeliveryError(text, { cause: err });
    throw new Error(text, { cause: err });
  }
}

/** Pooled transports of the accounts in use, a few at a time (the oldest is closed when a new one is needed). */
const POOL_LIMIT = 20;

/**
 * The platform's mail channel with the orgs' own mailboxes in front: a mail whose sending org (deptId) has an
 * enabled mailbox goes out through that account over SMTP; every other mail through the configured channel
 * (SMTP_URL or 邮件发件箱). A module registers how to find an org's account (`useAccounts`); the platform
 * never reads a module's table.
 */
export class OrgMailRouter implements MailSender {
  readonly local: boolean;
  private resolver: SenderAccountResolver | null = null;
  /**
   * One pooled transport per account, kept as the promise of it: two mails for an account that start at
   * the same moment share the one pool being opened rather than each opening its own.
   */
  private readonly pools = new Map<string, Promise<Transport>>();

  constructor(
    private readonly inner: MailSender,
    private readonly privateHosts: readonly string[],
  ) {
    this.local = inner.local;
  }

  /** Registers the lookup of an org's own account (one module keeps them). */
  useAccounts(resolver: SenderAccountResolver): void {
    this.resolver = resolver;
  }

  /**
   * Sends one mail now through the given account, on a connection of its own (an org checking its settings):
   * throws with the reason in Chinese when the server cannot be reached or refuses.
   */
  async sendThrough(account: SmtpAccount, mail: MailMessage): Promise<void> {
    const address = await smtpAddressOf(account.host, this.privateHosts);
    const transport = await transportOf(account, address, false);
    try {
      await sendOn(transport, account, mail);
    } finally {
      transport.close();
    }
  }

  async send(mail: MailMessage, tx: Db): Promise<void> {
    const account = await this.accountOf(mail, tx);
    if (account) return this.sendPooled(account, mail);
    return this.inner.send(mail, tx);
  }

  /** The configured channel takes its mails as one batch; the orgs' own accounts send theirs one by one. */
  async sendBatch(list: MailMessage[], tx: Db): Promise<void> {
    const own: Array<[SmtpAccount, MailMessage]> = [];
    const rest: MailMessage[] = [];
    const byOrg = new Map<string, SmtpAccount | null>();
    for (const mail of list) {
      const key = `${mail.tenantId}:${mail.deptId ?? ''}`;
      if (!byOrg.has(key)) byOrg.set(key, await this.accountOf(mail, tx));
      const account = byOrg.get(key);
      if (account) own.push([account, mail]);
      else rest.push(mail);
    }
    if (rest.length) {
      if (this.inner.sendBatch) await this.inner.sendBatch(rest, tx);
      else for (const mail of rest) await this.inner.send(mail, tx);
    }
    for (const [account, mail] of own) await this.sendPooled(account, mail);
  }

  async close(): Promise<void> {
    const opening = [...this.pools.values()];
    this.pools.clear();
    for (const t of await Promise.allSettled(opening)) if (t.status === 'fulfilled') t.value.close();
    await this.inner.close?.();
  }

  private async accountOf(mail: MailMessage, tx: Db): Promise<SmtpAccount | null> {
    if (!this.resolver || !mail.deptId) return null;
    return this.resolver(tx, mail.tenantId, String(mail.deptId));
  }

  private async sendPooled(account: SmtpAccount, mail: MailMessage): Promise<void> {
    const key = createHash('sha256').update(JSON.stringify(account)).digest('hex');
    let transport = this.pools.get(key);
    if (!transport) {
      if (this.pools.size >= POOL_LIMIT) {
        const [oldest, t] = this.pools.entries().next().value as [string, Promise<Transport>];
        this.pools.delete(oldest);
        void t.then((old) => old.close()).catch(() => undefined);
      }
      const opening = smtpAddressOf(account.host, this.privateHosts).then((address) => transportOf(account, address, true));
      // A pool that could not be opened (an unresolvable host) is not kept: the next mail tries again.
      opening.catch(() => this.pools.get(key) === opening && this.pools.delete(key));
      this.pools.set(key, opening);
      transport = opening;
    }
    await sendOn(await transport, account, mail);
  }
}
