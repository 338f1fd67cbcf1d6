import { sql } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { paginate } from '../../../platform/http/paging.js';

/** Sorting of the list (ascs / descs); filters are the contract's own fields, applied below. */
const FIELDS = fieldsOn('n', { createTime: 'date', updateTime: 'date', remindDate: 'date' });

export interface NoteRow {
  id: string;
  content: string;
  remindDate: string | null;
  createTime: Date;
  updateTime: Date;
  version: number;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * 记事本: one user's own notes (aoc_notepad). Only ever their owner's — every statement names the
 * account, so another user's note is as missing as a deleted one.
 */
function mine(db: Db, userId: string) {
  return db.selectFrom('aocNotepad as n').where('n.userId', '=', userId).where('n.isDeleted', '=', 0);
}

const columns = [
  'n.id',
  'n.content',
  sql<string | null>`to_char(n.remind_date, 'YYYY-MM-DD')`.as('remindDate'),
  'n.createTime',
  'n.updateTime',
  'n.version',
] as const;

export const notepadRepo = {
  /** Newest first; `content` contains, `remindDate` on that day. */
  page(db: Db, userId: string, query: PageQuery, f: { content?: string; remindDate?: string }) {
    let base = mine(db, userId);
    if (f.content) base = base.where('n.content', 'like', `%${escapeLike(f.content)}%`);
    if (f.remindDate) base = base.where('n.remindDate', '=', f.remindDate);
    return paginate<NoteRow>(base, (qb) => qb.select(columns), query, FIELDS, [
      ['n.createTime', 'desc'],
      ['n.id', 'desc'],
    ]);
  },

  find(db: Db, userId: string, id: string): Promise<NoteRow | undefined> {
    return mine(db, userId).select(columns).where('n.id', '=', id).executeTakeFirst();
  },

  async insert(db: Db, values: { tenantId: string; userId: string; deptId: string; content: string; remindDate: string | null }): Promise<string> {
    const r = await db
      .insertInto('aocNotepad')
      .values({
        tenantId: values.tenantId,
        userId: values.userId,
        content: values.content,
        remindDate: values.remindDate,
        createUser: values.userId,
        createDept: values.deptId,
        updateUser: values.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(r.id);
  },

  /** Updates the owner's note while it still has `version`; undefined when it is stale, gone or not theirs. */
  update(db: Db, userId: string, id: string, version: number, values: { content: string; remindDate?: string | null }): Promise<string | undefined> {
    return updateAtVersion(db, 'aocNotepad', id, version, { ...values, updateUser: userId }, { where: (eb) => eb('userId', '=', userId) });
  },

  /** Soft-deletes the owner's notes among `ids` in one statement; answers how many. */
  remove(db: Db, userId: string, ids: string[]): Promise<number> {
    return softDeleteByIds(db, 'aocNotepad', ids, userId, { where: (eb) => eb('userId', '=', userId) });
  },
};
