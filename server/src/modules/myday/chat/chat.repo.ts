import { sql, type SqlBool } from 'kysely';
import { CHAT_LINES, type ChatLine, type ChatLineCounts, type PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { fixedOrderPage } from './line.repo.js';

/** The two participants of a conversation, the smaller id first (chat_message.user_lo / user_hi). */
export const pairOf = (a: string, b: string): [string, string] => (BigInt(a) < BigInt(b) ? [a, b] : [b, a]);

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Transactions that change one user's unread counts take this lock (namespace, user) first. */
const UNREAD_LOCK = 726026;

const messageColumns = ['m.id', 'm.fromUserId', 'm.toUserId', 'm.content', 'm.createTime', 'm.readTime'] as const;

export interface UnreadCounts {
  total: number;
  lines: ChatLineCounts;
  /** The newest unread message's line and time (My day's to-do links there). */
  newest: { type: ChatLine; time: Date } | null;
}

/**
 * Messages and conversations. Every statement names the caller: a conversation is read through its pair
 * (the caller and the contact), unread counts through the caller as recipient, contacts through their owner.
 */
export const chatRepo = {
  /**
   * Serialises the transactions that change `userId`'s unread counts (a message to them, their reading),
   * so the counts an event carries are computed after the previous change committed: the newest event
   * always holds the newest counts.
   */
  async lockUnread(tx: Db, userId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(${sql.lit(UNREAD_LOCK)}, (${userId}::bigint % 2147483647)::int)`.execute(tx);
  },

  async conversationExists(db: Db, tenantId: string, a: string, b: string): Promise<boolean> {
    const [lo, hi] = pairOf(a, b);
    const row = await db
      .selectFrom('chatMessage')
      .select('id')
      .where('userLo', '=', lo)
      .where('userHi', '=', hi)
      .where('tenantId', '=', tenantId)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  },

  /** One page of a conversation's history, newest first; `before` starts below that message. */
  async history(db: Db, tenantId: string, me: string, contact: string, query: PageQuery, before?: string) {
    const [lo, hi] = pairOf(me, contact);
    let base = db.selectFrom('chatMessage as m').where('m.userLo', '=', lo).where('m.userHi', '=', hi).where('m.tenantId', '=', tenantId);
    if (before) base = base.where('m.id', '<', before);
    return fixedOrderPage(
      base,
      (qb) => qb.select(messageColumns),
      query,
      (qb) => qb.orderBy('m.id', 'desc'),
    );
  },

  /** Whether the message belongs to the conversation of the two. */
  async inConversation(db: Db, tenantId: string, me: string, contact: string, messageId: string): Promise<boolean> {
    const [lo, hi] = pairOf(me, contact);
    const row = await db
      .selectFrom('chatMessage')
      .select('id')
      .where('id', '=', messageId)
      .where('userLo', '=', lo)
      .where('userHi', '=', hi)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    return Boolean(row);
  },

  /**
   * The caller's messages (sent or received) containing the text, newest first, with the other participant.
   * The per-user indexes find the caller's messages; the text is matched on that set only.
   */
  async search(db: Db, tenantId: string, me: string, query: PageQuery, keyword: string, contact?: string) {
    let base = db
      .selectFrom('chatMessage as m')
      .innerJoin('bladeUser as o', (j) => j.on(sql<SqlBool>`o.id = case when m.from_user_id = ${me}::bigint then m.to_user_id else m.from_user_id end`))
      .leftJoin('bladeDept as d', 'd.id', 'o.deptId')
      .where('m.tenantId', '=', tenantId)
      .where('m.content', 'ilike', `%${escapeLike(keyword)}%`);
    if (contact) {
      const [lo, hi] = pairOf(me, contact);
      base = base.where('m.userLo', '=', lo).where('m.userHi', '=', hi);
    } else {
      base = base.where((eb) => eb.or([eb('m.fromUserId', '=', me), eb('m.toUserId', '=', me)]));
    }
    return fixedOrderPage(
      base,
      (qb) => qb.select([...messageColumns, 'o.id as contactId', sql<string>`coalesce(o.real_name, o.name, o.account)`.as('contactName'), 'd.deptName']),
      query,
      (qb) => qb.orderBy('m.id', 'desc'),
    );
  },

  async insertMessage(tx: Db, m: { tenantId: string; fromUserId: string; toUserId: string; content: string }) {
    return tx.insertInto('chatMessage').values(m).returning(['id', 'fromUserId', 'toUserId', 'content', 'createTime', 'readTime']).executeTakeFirstOrThrow();
  },

  /** Marks the contact's messages to the caller read (up to `upTo`); answers how many and the newest id. */
  async markRead(tx: Db, tenantId: string, me: string, contact: string, upTo?: string): Promise<{ n: number; maxId: string | null }> {
    let q = tx
      .updateTable('chatMessage')
      .set({ readTime: sql<Date>`now()` })
      .where('toUserId', '=', me)
      .where('fromUserId', '=', contact)
      .where('tenantId', '=', tenantId)
      .where('readTime', 'is', null);
    if (upTo) q = q.where('id', '<=', upTo);
    const rows = await q.returning('id').execute();
    const maxId = rows.reduce<bigint | null>((m, r) => (m === null || BigInt(r.id) > m ? BigInt(r.id) : m), null);
    return { n: rows.length, maxId: maxId === null ? null : String(maxId) };
  },

  /** The caller's unread messages from one contact. */
  async unreadFrom(db: Db, me: string, contact: string): Promise<number> {
    const { n } = await db
      .selectFrom('chatMessage')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('toUserId', '=', me)
      .where('fromUserId', '=', contact)
      .where('readTime', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(n);
  },

  /** The caller's unread messages from each of these senders. */
  async unreadFromEach(db: Db, me: string, senders: string[]): Promise<Map<string, number>> {
    if (!senders.length) return new Map();
    const rows = await db
      .selectFrom('chatMessage')
      .select(['fromUserId', (eb) => eb.fn.countAll<string>().as('n')])
      .where('toUserId', '=', me)
      .where('fromUserId', 'in', senders)
      .where('readTime', 'is', null)
      .groupBy('fromUserId')
      .execute();
    return new Map(rows.map((r) => [String(r.fromUserId), Number(r.n)]));
  },

  /** When the last message with each of these contacts was written. */
  async lastTimes(db: Db, me: string, contacts: string[]): Promise<Map<string, Date>> {
    if (!contacts.length) return new Map();
    const rows = await db
      .selectFrom('chatContact as c')
      .innerJoin('chatMessage as lm', 'lm.id', 'c.lastMessageId')
      .select(['c.recipientId', 'lm.createTime'])
      .where('c.userId', '=', me)
      .where('c.recipientId', 'in', contacts)
      .execute();
    return new Map(rows.map((r) => [String(r.recipientId), r.createTime]));
  },

  /**
   * The caller's unread messages per line, in all, and the newest one: each unread message is on the line of
   * the caller's conversation with its sender (chat_contact, written with the message).
   */
  async unreadCounts(db: Db, me: string): Promise<UnreadCounts> {
    const rows = await db
      .selectFrom('chatMessage as m')
      .innerJoin('chatContact as c', (j) => j.onRef('c.userId', '=', 'm.toUserId').onRef('c.recipientId', '=', 'm.fromUserId'))
      .select(['c.type', (eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.max('m.id').as('maxId'), (eb) => eb.fn.max('m.createTime').as('maxTime')])
      .where('m.toUserId', '=', me)
      .where('m.readTime', 'is', null)
      .groupBy('c.type')
      .execute();
    const lines = Object.fromEntries(CHAT_LINES.map((l) => [l, 0])) as ChatLineCounts;
    let newest: { id: bigint; type: ChatLine; time: Date } | null = null;
    for (const r of rows) {
      lines[r.type] = Number(r.n);
      const id = BigInt(r.maxId as string);
      if (!newest || id > newest.id) newest = { id, type: r.type, time: r.maxTime as Date };
    }
    return { total: Object.values(lines).reduce((a, b) => a + b, 0), lines, newest: newest && { type: newest.type, time: newest.time } };
  },

  /** The lines on which the caller has conversations at all. */
  async contactLines(db: Db, me: string): Promise<Set<ChatLine>> {
    const rows = await db.selectFrom('chatContact').select('type').distinct().where('userId', '=', me).execute();
    return new Set(rows.map((r) => r.type));
  },

  async findContact(db: Db, me: string, recipient: string) {
    return db.selectFrom('chatContact').selectAll().where('userId', '=', me).where('recipientId', '=', recipient).executeTakeFirst();
  },

  /**
   * Adds the conversation to the owner's list or brings it to the top: `type` is the line now (null keeps a
   * stored one; `fallback` is used for a new row); `lastMessageId` a message just written.
   */
  async touchContact(
    tx: Db,
    c: { tenantId: string; userId: string; recipientId: string; type: ChatLine | null; fallback: ChatLine; lastMessageId?: string },
  ): Promise<string> {
    const now = sql<Date>`now()`;
    const row = await tx
      .insertInto('chatContact')
      .values({
        tenantId: c.tenantId,
        userId: c.userId,
        recipientId: c.recipientId,
        type: c.type ?? c.fallback,
        lastMessageId: c.lastMessageId ?? null,
        activeTime: now,
      })
      .onConflict((oc) =>
        oc.columns(['userId', 'recipientId']).doUpdateSet({
          activeTime: now,
          ...(c.type ? { type: c.type } : {}),
          ...(c.lastMessageId ? { lastMessageId: c.lastMessageId } : {}),
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  /** One page of the caller's conversations, newest first, with the last message and the unread count. */
  async contactPage(db: Db, tenantId: string, me: string, query: PageQuery, f: { type?: ChatLine; name?: string; recipientId?: string }) {
    let base = db
      .selectFrom('chatContact as c')
      .innerJoin('bladeUser as u', 'u.id', 'c.recipientId')
      .leftJoin('bladeDept as d', 'd.id', 'u.deptId')
      .where('c.userId', '=', me)
      .where('c.tenantId', '=', tenantId);
    if (f.type) base = base.where('c.type', '=', f.type);
    if (f.recipientId) base = base.where('c.recipientId', '=', f.recipientId);
    if (f.name) {
      const like = `%${escapeLike(f.name)}%`;
      base = base.where((eb) => eb.or([eb('u.realName', 'ilike', like), eb('u.name', 'ilike', like), eb('d.deptName', 'ilike', like)]));
    }
    return fixedOrderPage(
      base,
      (qb) =>
        qb.leftJoin('chatMessage as lm', 'lm.id', 'c.lastMessageId').select([
          'c.id',
          'c.userId',
          'c.recipientId',
          'c.type',
          sql<string>`coalesce(u.real_name, u.name, u.account)`.as('name'),
          'd.deptName',
          'lm.content as lastContent',
          'lm.fromUserId as lastFromUserId',
          'lm.createTime as lastTime',
          (eb) =>
            eb
              .selectFrom('chatMessage as un')
              .select((e) => e.fn.countAll<string>().as('n'))
              .whereRef('un.fromUserId', '=', 'c.recipientId')
              .where('un.toUserId', '=', me)
              .where('un.readTime', 'is', null)
              .as('unread'),
        ]),
      query,
      (qb) => qb.orderBy('c.activeTime', 'desc').orderBy('c.id', 'desc'),
    );
  },
};
