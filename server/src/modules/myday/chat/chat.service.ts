import {
  CHAT_EVENT,
  CHAT_LINE_DEFS,
  CHAT_LINES,
  MEMBER_RESOURCE,
  maskPhone,
  type ChatContactAdd,
  type ChatLine,
  type ChatMessageEvent,
  type ChatReadAnswer,
  type ChatReadBody,
  type ChatReadEvent,
  type ChatSendBody,
  type ChatStatusView,
  type PageQuery,
  type ThroughTrainView,
} from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { resolveScope } from '../../../platform/access/scope.js';
import type { PersonalDataCipher } from '../../../platform/audit/personal-data.js';
import { notFound } from '../../../platform/http/errors.js';
import { formatTime } from '../../../platform/http/time.js';
import type { PendingItem } from '../../../platform/pending/pending-sources.js';
import { chatRepo } from './chat.repo.js';
import { contactView, messageView, searchView, staffView, type ContactRow, type MessageRow } from './chat.view.js';
import { lineRepo, staffLine, type Peer } from './line.repo.js';

/** What the chat uses of the platform: live events and the personal-data cipher (企业直通车's phones). */
export interface ChatPorts {
  events: { publish(tx: Db, events: Array<{ tenantId: string; userId: string; type: string; data: unknown }>): Promise<unknown> };
  cipher(): Promise<PersonalDataCipher>;
  timeZone: string;
}

/**
 * The line a conversation takes on the other side when that side has no line of its own to the writer (a
 * district federation's staff writing to the city above: the city reaches districts through none of its
 * four lines). A federation above is reached from below through 工商联直通车 and the reverse through 商会直通车.
 */
const MIRROR: Record<ChatLine, ChatLine> = { inside: 'inside', fic: 'coc', coc: 'fic', mem: 'mem' };

export const CHAT_PENDING = { key: 'chat.unread', title: '未读直通车消息' } as const;

/**
 * 直通车 and chat (specification §7 "My day"). Who can be reached is the dept tree (colleagues, federations
 * above, chambers below) and the member data scope (企业直通车); a conversation once started stays open to
 * both. Anyone else's id answers 404 (another org, another tenant, no such account), as a missing one does.
 */
export function chatService(ports: ChatPorts) {
  const tz = ports.timeZone;
  const memberScope = (db: Db, actor: Actor) => resolveScope(db, actor, MEMBER_RESOURCE);

  /** The line through which the caller reaches `other` now: the dept tree, then a member enterprise's contact phone. */
  async function lineTo(db: Db, actor: Actor, me: Peer, other: Peer): Promise<ChatLine | null> {
    const staff = staffLine(me, other);
    if (staff) return staff;
    if (!other.phone) return null;
    const cipher = await ports.cipher();
    return (await lineRepo.memberContactExists(db, await memberScope(db, actor), cipher.hash(other.phone))) ? 'mem' : null;
  }

  /**
   * The caller and `otherId` when the caller may talk to them: reachable through a line now, or already in a
   * conversation together (the other may since have left the lines, or be an account no longer live: `other`
   * null). Anything else is 404.
   */
  async function access(db: Db, actor: Actor, otherId: string): Promise<{ me: Peer; other: Peer | null; line: ChatLine | null }> {
    if (otherId === actor.userId) throw notFound();
    const peers = await lineRepo.peers(db, actor.tenantId, [actor.userId, otherId]);
    const me = peers.find((p) => p.id === actor.userId);
    if (!me) throw notFound();
    const other = peers.find((p) => p.id === otherId) ?? null;
    const line = other ? await lineTo(db, actor, me, other) : null;
    if (!line && !(await chatRepo.conversationExists(db, actor.tenantId, actor.userId, otherId))) throw notFound();
    return { me, other, line };
  }

  /** One contact row of the caller's list, as contact/list shows it. */
  async function contactOf(db: Db, actor: Actor, recipientId: string) {
    const page = await chatRepo.contactPage(db, actor.tenantId, actor.userId, { current: 1, size: 1 }, { recipientId });
    return contactView(page.records[0] as ContactRow, tz);
  }

  return {
    async status(db: Db, actor: Actor): Promise<ChatStatusView> {
      const [reach, counts, has] = await Promise.all([
        memberScope(db, actor).then((scope) => lineRepo.reachable(db, actor, scope)),
        chatRepo.unreadCounts(db, actor.userId),
        chatRepo.contactLines(db, actor.userId),
      ]);
      return {
        lines: CHAT_LINES.map((type) => ({
          type,
          name: CHAT_LINE_DEFS[type].name,
          path: CHAT_LINE_DEFS[type].path,
          applies: reach[type] || has.has(type) || counts.lines[type] > 0,
          unread: counts.lines[type],
        })),
        unread: counts.total,
      };
    },

    async staffList(db: Db, actor: Actor, line: Exclude<ChatLine, 'mem'>, query: PageQuery, name?: string) {
      const page = await lineRepo.staffPage(db, actor, line, query, name);
      return { ...page, records: page.records.map((r) => staffView(r as Parameters<typeof staffView>[0], tz)) };
    },

    /**
     * 企业直通车: member enterprises in the caller's member scope with their contact. The phone is always masked
     * here (a contact list, not the member screen); a contact whose number a live account carries can be
     * chatted with through that account (`userId`).
     */
    async memberList(db: Db, actor: Actor, query: PageQuery, name?: string) {
      const page = await lineRepo.memberPage(db, await memberScope(db, actor), query, name);
      const cipher = await ports.cipher();
      const phoneOf = (enc: string | null) => {
        if (!enc) return null;
        try {
          return cipher.decrypt(enc);
        } catch {
          return null;
        }
      };
      const rows = page.records.map((r) => ({ ...r, phone: phoneOf(r.contactPhoneEnc) }));
      const accounts = await lineRepo.accountsByPhone(db, actor, [...new Set(rows.flatMap((r) => (r.phone ? [r.phone] : [])))]);
      // The number must hash as the stored one does (the hash normalises it); the oldest such account wins.
      const accountOf = (r: (typeof rows)[number]) => {
        const hit = r.phone && r.contactPhoneHash ? accounts.find((a) => a.phone && cipher.hash(a.phone) === r.contactPhoneHash) : undefined;
        return hit ? String(hit.id) : null;
      };
      const withAccount = rows.map((r) => ({ ...r, userId: accountOf(r) }));
      const ids = [...new Set(withAccount.flatMap((r) => (r.userId ? [r.userId] : [])))];
      const [unread, last] = await Promise.all([chatRepo.unreadFromEach(db, actor.userId, ids), chatRepo.lastTimes(db, actor.userId, ids)]);
      const records: ThroughTrainView[] = withAccount.map((r) => ({
        id: String(r.id),
        userId: r.userId,
        name: r.contactName ?? '',
        deptId: r.deptId == null ? null : String(r.deptId),
        deptName: r.deptName ?? null,
        enterpriseName: r.enterpriseName,
        phone: maskPhone(r.phone),
        unread: r.userId ? (unread.get(r.userId) ?? 0) : 0,
        lastTime: r.userId ? formatTime(last.get(r.userId), tz) : null,
      }));
      return { ...page, records };
    },

    async contactList(db: Db, actor: Actor, query: PageQuery, f: { type?: ChatLine; name?: string }) {
      const page = await chatRepo.contactPage(db, actor.tenantId, actor.userId, query, f);
      return { ...page, records: page.records.map((r) => contactView(r as ContactRow, tz)) };
    },

    /** contact/add: someone the caller reaches on the line named (or already talks to) joins the conversations. */
    async addContact(db: Db, actor: Actor, body: ChatContactAdd) {
      const { other, line } = await access(db, actor, body.recipientId);
      if (!other || (line && line !== body.type)) throw notFound();
      await chatRepo.touchContact(db, { tenantId: actor.tenantId, userId: actor.userId, recipientId: other.id, type: line, fallback: body.type });
      return contactOf(db, actor, other.id);
    },

    async record(db: Db, actor: Actor, query: PageQuery & { contactId: string; before?: string }) {
      await access(db, actor, query.contactId);
      const page = await chatRepo.history(db, actor.tenantId, actor.userId, query.contactId, query, query.before || undefined);
      return { ...page, records: page.records.map((r) => messageView(r as MessageRow, actor.userId, tz)) };
    },

    async search(db: Db, actor: Actor, query: PageQuery & { keyword: string; contactId?: string }) {
      const page = await chatRepo.search(db, actor.tenantId, actor.userId, query, query.keyword, query.contactId || undefined);
      return { ...page, records: page.records.map((r) => searchView(r as Parameters<typeof searchView>[0], actor.userId, tz)) };
    },

    /**
     * chat/send: the message, both sides' conversations brought up, and in the same transaction the live
     * events: to the recipient with their counts after it, to the sender's tabs.
     */
    async send(db: Db, actor: Actor, body: ChatSendBody) {
      const { me, other, line } = await access(db, actor, body.toUserId);
      // A conversation with an account that is no longer live can be read, not written to.
      if (!other) throw notFound();
      const theirs = staffLine(other, me);
      return db.transaction().execute(async (tx) => {
        await chatRepo.lockUnread(tx, other.id);
        const msg = await chatRepo.insertMessage(tx, { tenantId: actor.tenantId, fromUserId: me.id, toUserId: other.id, content: body.content });
        const messageId = String(msg.id);
        const mine = {
          tenantId: actor.tenantId,
          userId: me.id,
          recipientId: other.id,
          type: line,
          fallback: MIRROR[theirs ?? 'mem'],
          lastMessageId: messageId,
        };
        const their = {
          tenantId: actor.tenantId,
          userId: other.id,
          recipientId: me.id,
          type: theirs,
          fallback: MIRROR[line ?? 'mem'],
          lastMessageId: messageId,
        };
        // Rows are locked owner id first, so two people writing to each other at once cannot deadlock.
        for (const c of BigInt(me.id) < BigInt(other.id) ? [mine, their] : [their, mine]) await chatRepo.touchContact(tx, c);
        const [myRow, theirRow] = await Promise.all([chatRepo.findContact(tx, me.id, other.id), chatRepo.findContact(tx, other.id, me.id)]);
        const counts = await chatRepo.unreadCounts(tx, other.id);
        const toThem: ChatMessageEvent = {
          contactId: me.id,
          messageId,
          type: theirRow!.type,
          mine: false,
          unread: await chatRepo.unreadFrom(tx, other.id, me.id),
          total: counts.total,
          lines: counts.lines,
        };
        const toMe: ChatMessageEvent = { contactId: other.id, messageId, type: myRow!.type, mine: true };
        await ports.events.publish(tx, [
          { tenantId: actor.tenantId, userId: other.id, type: CHAT_EVENT.message, data: toThem },
          { tenantId: actor.tenantId, userId: me.id, type: CHAT_EVENT.message, data: toMe },
        ]);
        return messageView(msg as MessageRow, me.id, tz);
      });
    },

    /**
     * chat/read: the contact's messages to the caller (up to one message) become read; the reader's tabs get
     * the counts after it, the writer learns their messages were read.
     */
    async read(db: Db, actor: Actor, body: ChatReadBody): Promise<ChatReadAnswer> {
      await access(db, actor, body.contactId);
      if (body.messageId && !(await chatRepo.inConversation(db, actor.tenantId, actor.userId, body.contactId, body.messageId))) throw notFound();
      return db.transaction().execute(async (tx) => {
        await chatRepo.lockUnread(tx, actor.userId);
        const { n, maxId } = await chatRepo.markRead(tx, actor.tenantId, actor.userId, body.contactId, body.messageId);
        const counts = await chatRepo.unreadCounts(tx, actor.userId);
        const unread = await chatRepo.unreadFrom(tx, actor.userId, body.contactId);
        if (n && maxId) {
          const toMe: ChatReadEvent = { contactId: body.contactId, upTo: maxId, byMe: true, unread, total: counts.total, lines: counts.lines };
          const toThem: ChatReadEvent = { contactId: actor.userId, upTo: maxId, byMe: false };
          await ports.events.publish(tx, [
            { tenantId: actor.tenantId, userId: actor.userId, type: CHAT_EVENT.read, data: toMe },
            { tenantId: actor.tenantId, userId: body.contactId, type: CHAT_EVENT.read, data: toThem },
          ]);
        }
        return { contactId: body.contactId, unread, total: counts.total, read: n };
      });
    },

    /** My day's to-do (platform/pending): the unread messages, linking to the line of the newest. */
    async pending(db: Db, actor: Actor): Promise<PendingItem[]> {
      const counts = await chatRepo.unreadCounts(db, actor.userId);
      if (!counts.total || !counts.newest) return [];
      return [{ ...CHAT_PENDING, count: counts.total, path: CHAT_LINE_DEFS[counts.newest.type].path, latestTime: formatTime(counts.newest.time, tz) }];
    },
  };
}
export type ChatService = ReturnType<typeof chatService>;
