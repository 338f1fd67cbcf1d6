import { sql } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { paginate, type FieldWhitelist } from '../../../platform/http/paging.js';

/**
 * The receiver's box (我的一天 › 消息, §7 "Users" user messages): the notices addressed to one account.
 * Only ever its owner's: every statement names the account.
 */
const FIELDS: FieldWhitelist = {
  createTime: { column: 'r.createTime', kind: 'date', sortable: true },
  isRead: { column: 'r.isRead', kind: 'smallint', sortable: true },
};

function mine(db: Db, userId: string) {
  return db
    .selectFrom('msgRecipient as r')
    .innerJoin('msgSend as s', 's.id', 'r.sendId')
    .leftJoin('bladeDept as d', 'd.id', 's.deptId')
    .where('r.userId', '=', userId)
    .where('r.receiverDeleted', '=', 0)
    .where('s.channel', '=', 'sys')
    .where('s.isDeleted', '=', 0);
}

const columns = [
  'r.id',
  'r.sendId',
  'r.isRead',
  'r.readTime',
  'r.createTime',
  's.title',
  's.content',
  's.sendCode',
  's.attachments',
  's.createUserName as senderName',
  'd.deptName as senderDeptName',
] as const;

export const inboxRepo = {
  /** Unread first, newest first. */
  async page(db: Db, userId: string, query: PageQuery, f: { isRead?: number; title?: string }) {
    let base = mine(db, userId);
    if (f.isRead !== undefined) base = base.where('r.isRead', '=', f.isRead);
    if (f.title) base = base.where('s.title', 'like', `%${f.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    return paginate(base, (qb) => qb.select(columns), query, FIELDS, [
      ['r.isRead', 'asc'],
      ['r.id', 'desc'],
    ]);
  },

  async find(db: Db, userId: string, id: string) {
    return mine(db, userId).where('r.id', '=', id).select(columns).executeTakeFirst();
  },

  async unread(db: Db, userId: string): Promise<number> {
    const { n } = await mine(db, userId)
      .where('r.isRead', '=', 0)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  },

  /** The unread count and the newest unread notice's time (我的一天 待办). */
  async unreadSummary(db: Db, userId: string): Promise<{ count: number; latest: Date | null }> {
    const r = await mine(db, userId)
      .where('r.isRead', '=', 0)
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('r.createTime').as('latest')])
      .executeTakeFirstOrThrow();
    return { count: Number(r.n), latest: (r.latest as Date | null) ?? null };
  },

  /** Marks read (or unread); answers how many changed, so the other tabs are told only when something did. */
  async setRead(tx: Db, userId: string, ids: string[] | 'all', isRead: 0 | 1): Promise<number> {
    let q = tx
      .updateTable('msgRecipient')
      .set({ isRead, readTime: isRead ? sql<Date>`now()` : null })
      .where('userId', '=', userId)
      .where('receiverDeleted', '=', 0)
      .where('isRead', '=', isRead ? 0 : 1);
    if (ids !== 'all') q = q.where('id', 'in', ids);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows);
  },

  /** How many of `ids` are live messages of the account (removal is all or none). */
  async countMine(db: Db, userId: string, ids: string[]): Promise<number> {
    const { n } = await db
      .selectFrom('msgRecipient')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('userId', '=', userId)
      .where('receiverDeleted', '=', 0)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return Number(n);
  },

  async remove(tx: Db, userId: string, ids: string[]): Promise<number> {
    const res = await tx
      .updateTable('msgRecipient')
      .set({ receiverDeleted: 1 })
      .where('userId', '=', userId)
      .where('receiverDeleted', '=', 0)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  },

  /** Whether the account received a notice carrying this file link (who may open a notice's attachment). */
  async receivedLink(db: Db, userId: string, link: string): Promise<boolean> {
    const row = await db
      .selectFrom('msgRecipient as r')
      .innerJoin('msgSend as s', 's.id', 'r.sendId')
      .select('r.id')
      .where('r.userId', '=', userId)
      .where(sql<boolean>`s.attachments @> ${JSON.stringify([{ link }])}::jsonb`)
      .executeTakeFirst();
    return Boolean(row);
  },
};
