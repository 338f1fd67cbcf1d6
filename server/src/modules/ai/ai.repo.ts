import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

export interface ConversationRow {
  id: string;
  title: string;
  createTime: Date;
  updateTime: Date;
}

export interface MessageRow {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  status: number;
  model: string | null;
  error: string | null;
  createTime: Date;
  updateTime: Date;
}

export interface Owner {
  tenantId: string;
  userId: string;
}

const own = (db: Db, o: Owner) =>
  db.selectFrom('aiConversation as c').where('c.tenantId', '=', o.tenantId).where('c.userId', '=', o.userId).where('c.isDeleted', '=', 0);

/** AI 对话's rows: a user's own conversations (ai_conversation) and their messages (ai_message). */
export const aiRepo = {
  async page(db: Db, o: Owner, current: number, size: number): Promise<{ rows: ConversationRow[]; total: number }> {
    const [{ n }] = await own(db, o)
      .select(sql<string>`count(*)`.as('n'))
      .execute();
    const rows = await own(db, o)
      .select(['c.id', 'c.title', 'c.createTime', 'c.updateTime'])
      .orderBy('c.updateTime', 'desc')
      .orderBy('c.id', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute();
    return { rows, total: Number(n) };
  },

  find(db: Db, o: Owner, id: string): Promise<ConversationRow | undefined> {
    return own(db, o).select(['c.id', 'c.title', 'c.createTime', 'c.updateTime']).where('c.id', '=', id).executeTakeFirst();
  },

  async create(db: Db, o: Owner & { deptId: string | null }, title: string): Promise<string> {
    const r = await db
      .insertInto('aiConversation')
      .values({ tenantId: o.tenantId, userId: o.userId, deptId: o.deptId, title })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(r.id);
  },

  async rename(db: Db, o: Owner, id: string, title: string): Promise<boolean> {
    const r = await own(db, o).select('c.id').where('c.id', '=', id).executeTakeFirst();
    if (!r) return false;
    await db.updateTable('aiConversation').set({ title, updateTime: new Date() }).where('id', '=', id).execute();
    return true;
  },

  /** Soft-deletes the owner's conversations among `ids`; the messages go with them (no longer listed). */
  async remove(db: Db, o: Owner, ids: string[]): Promise<number> {
    const r = await db
      .updateTable('aiConversation')
      .set({ isDeleted: 1, updateTime: new Date() })
      .where('tenantId', '=', o.tenantId)
      .where('userId', '=', o.userId)
      .where('isDeleted', '=', 0)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  touch(db: Db, id: string) {
    return db.updateTable('aiConversation').set({ updateTime: new Date() }).where('id', '=', id).execute();
  },

  /** The conversation's messages, oldest first (the last `limit`). */
  async messages(db: Db, conversationId: string, limit: number): Promise<MessageRow[]> {
    const rows = await db
      .selectFrom('aiMessage')
      .select(['id', 'role', 'content', 'status', 'model', 'error', 'createTime', 'updateTime'])
      .where('conversationId', '=', conversationId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse();
  },

  async addMessage(
    db: Db,
    v: {
      conversationId: string;
      tenantId: string;
      userId: string;
      deptId: string | null;
      role: 'user' | 'assistant';
      content: string;
      status: number;
      model: string | null;
    },
  ): Promise<string> {
    const r = await db.insertInto('aiMessage').values(v).returning('id').executeTakeFirstOrThrow();
    return String(r.id);
  },

  saveAnswer(db: Db, id: string, v: { content: string; status?: number; error?: string | null }) {
    return db
      .updateTable('aiMessage')
      .set({ ...v, updateTime: new Date() })
      .where('id', '=', id)
      .execute();
  },

  /** Questions the user asked since `since` (the per-user rate). */
  async questionsSince(db: Db, userId: string, since: Date): Promise<number> {
    const r = await db
      .selectFrom('aiMessage')
      .select(sql<string>`count(*)`.as('n'))
      .where('userId', '=', userId)
      .where('role', '=', 'user')
      .where('createTime', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** Answers the org got this calendar month in `timeZone` (the monthly quota). */
  async answersThisMonth(db: Db, tenantId: string, deptId: string | null, timeZone: string): Promise<number> {
    let q = db
      .selectFrom('aiMessage')
      .select(sql<string>`count(*)`.as('n'))
      .where('tenantId', '=', tenantId)
      .where('role', '=', 'assistant')
      .where(sql<boolean>`create_time >= (date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone})`);
    q = deptId === null ? q.where('deptId', 'is', null) : q.where('deptId', '=', deptId);
    const r = await q.executeTakeFirstOrThrow();
    return Number(r.n);
  },
};
