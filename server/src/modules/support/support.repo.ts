import { sql } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../platform/db/versioned.js';
import { fieldsOn } from '../../platform/db/fields.js';
import { paginate } from '../../platform/http/paging.js';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface QuestionRow {
  id: string;
  question: string;
  answer: string;
  category: string | null;
  sort: number;
  updateTime: Date;
  version: number;
}

const Q_FIELDS = fieldsOn('q', { sort: 'int', updateTime: 'date', createTime: 'date' });
const qColumns = ['q.id', 'q.question', 'q.answer', 'q.category', 'q.sort', 'q.updateTime', 'q.version'] as const;

function questions(db: Db, tenantId: string) {
  return db.selectFrom('aocProblemBase as q').where('q.tenantId', '=', tenantId).where('q.isDeleted', '=', 0);
}

/** 常见问题: a tenant's questions and answers (aoc_problem_base). */
export const questionRepo = {
  /** By sort, then oldest first; `keyword` contained in the question or the answer. */
  page(db: Db, tenantId: string, query: PageQuery, keyword?: string) {
    let base = questions(db, tenantId);
    if (keyword) {
      const like = `%${escapeLike(keyword)}%`;
      base = base.where((eb) => eb.or([eb('q.question', 'like', like), eb('q.answer', 'like', like)]));
    }
    return paginate<QuestionRow>(base, (qb) => qb.select(qColumns), query, Q_FIELDS, [
      ['q.sort', 'asc'],
      ['q.id', 'asc'],
    ]);
  },

  /** `n` questions picked at random. */
  random(db: Db, tenantId: string, n: number): Promise<QuestionRow[]> {
    return questions(db, tenantId)
      .select(qColumns)
      .orderBy(sql`random()`)
      .limit(n)
      .execute();
  },

  find(db: Db, tenantId: string, id: string): Promise<QuestionRow | undefined> {
    return questions(db, tenantId).select(qColumns).where('q.id', '=', id).executeTakeFirst();
  },

  async insert(
    db: Db,
    v: { tenantId: string; userId: string; deptId: string; question: string; answer: string; category: string | null; sort: number },
  ): Promise<string> {
    const r = await db
      .insertInto('aocProblemBase')
      .values({
        tenantId: v.tenantId,
        question: v.question,
        answer: v.answer,
        category: v.category,
        sort: v.sort,
        createUser: v.userId,
        createDept: v.deptId,
        updateUser: v.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(r.id);
  },

  update(
    db: Db,
    tenantId: string,
    userId: string,
    id: string,
    version: number,
    values: { question: string; answer: string; category?: string | null; sort?: number },
  ): Promise<string | undefined> {
    return updateAtVersion(db, 'aocProblemBase', id, version, { ...values, updateUser: userId }, { where: (eb) => eb('tenantId', '=', tenantId) });
  },

  remove(db: Db, tenantId: string, userId: string, ids: string[]): Promise<number> {
    return softDeleteByIds(db, 'aocProblemBase', ids, userId, { where: (eb) => eb('tenantId', '=', tenantId) });
  },
};

export interface SuggestionRow {
  id: string;
  userId: string;
  content: string;
  contactInformation: string | null;
  attachLink: string | null;
  attachName: string | null;
  userName: string | null;
  deptName: string | null;
  status: number;
  reply: string | null;
  replyUserName: string | null;
  replyTime: Date | null;
  createTime: Date;
}

const S_FIELDS = fieldsOn('s', { createTime: 'date', status: 'smallint', replyTime: 'date' });

function suggestions(db: Db, tenantId: string) {
  return db
    .selectFrom('aocSuggestion as s')
    .leftJoin('bladeUser as u', 'u.id', 's.userId')
    .leftJoin('bladeDept as d', 'd.id', 's.deptId')
    .leftJoin('bladeUser as r', 'r.id', 's.replyUser')
    .where('s.tenantId', '=', tenantId)
    .where('s.isDeleted', '=', 0);
}

const sColumns = [
  's.id',
  's.userId',
  's.content',
  's.contactInformation',
  's.attachLink',
  's.attachName',
  sql<string | null>`coalesce(u.real_name, u.account)`.as('userName'),
  'd.deptName as deptName',
  's.status',
  's.reply',
  sql<string | null>`coalesce(r.real_name, r.account)`.as('replyUserName'),
  's.replyTime',
  's.createTime',
] as const;

/** 意见建议: what users sent (aoc_suggestion) and the replies. */
export const suggestionRepo = {
  /** Newest first; `userId` limits to one sender's own; `status`, `keyword` (in the content) filter. */
  page(db: Db, tenantId: string, query: PageQuery, f: { userId?: string; status?: number; keyword?: string }) {
    let base = suggestions(db, tenantId);
    if (f.userId) base = base.where('s.userId', '=', f.userId);
    if (f.status !== undefined) base = base.where('s.status', '=', f.status);
    if (f.keyword) base = base.where('s.content', 'like', `%${escapeLike(f.keyword)}%`);
    return paginate<SuggestionRow>(base, (qb) => qb.select(sColumns), query, S_FIELDS, [
      ['s.createTime', 'desc'],
      ['s.id', 'desc'],
    ]);
  },

  find(db: Db, tenantId: string, id: string, userId?: string): Promise<SuggestionRow | undefined> {
    let q = suggestions(db, tenantId).select(sColumns).where('s.id', '=', id);
    if (userId) q = q.where('s.userId', '=', userId);
    return q.executeTakeFirst();
  },

  async insert(
    db: Db,
    v: {
      tenantId: string;
      userId: string;
      deptId: string;
      content: string;
      contactInformation: string | null;
      attachLink: string | null;
      attachName: string | null;
    },
  ): Promise<string> {
    const r = await db.insertInto('aocSuggestion').values(v).returning('id').executeTakeFirstOrThrow();
    return String(r.id);
  },

  /** Marks a new suggestion replied; false when it is gone or was replied already (the first reply wins). */
  async markReplied(db: Db, tenantId: string, id: string, reply: string, userId: string): Promise<boolean> {
    const r = await db
      .updateTable('aocSuggestion')
      .set({ status: 1, reply, replyUser: userId, replyTime: new Date(), updateTime: new Date() })
      .where('id', '=', id)
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where('status', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Takes a reply back (its notice could not be sent). */
  async unmarkReplied(db: Db, tenantId: string, id: string): Promise<void> {
    await db
      .updateTable('aocSuggestion')
      .set({ status: 0, reply: null, replyUser: null, replyTime: null, updateTime: new Date() })
      .where('id', '=', id)
      .where('tenantId', '=', tenantId)
      .execute();
  },

  /** The sender as a notice recipient: a live account of the tenant. */
  sender(db: Db, tenantId: string, userId: string) {
    return db
      .selectFrom('bladeUser as u')
      .leftJoin('bladeDept as d', 'd.id', 'u.deptId')
      .select(['u.id', sql<string>`coalesce(u.real_name, u.account)`.as('name'), 'u.deptId', 'd.deptName', 'd.deptCategory'])
      .where('u.id', '=', userId)
      .where('u.tenantId', '=', tenantId)
      .where('u.isDeleted', '=', 0)
      .executeTakeFirst();
  },

  /** The caller's own live upload of that public id (the avatar rule of 个人中心): its name, or undefined. */
  ownUpload(db: Db, tenantId: string, userId: string, publicId: string) {
    return db
      .selectFrom('bladeAttach')
      .select(['originalName'])
      .where('publicId', '=', publicId)
      .where('tenantId', '=', tenantId)
      .where('createUser', '=', userId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
  },

  /** Whether a live suggestion of the tenant holds this attachment link. */
  async holdsLink(db: Db, tenantId: string, link: string): Promise<boolean> {
    const r = await db
      .selectFrom('aocSuggestion')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('attachLink', '=', link)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    return !!r;
  },
};
