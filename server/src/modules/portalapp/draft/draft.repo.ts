import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { scopePredicate, type DataScope } from '../../../platform/access/scope.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { paginate } from '../../../platform/http/paging.js';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

const FIELDS = fieldsOn('r', { title: 'text', createTime: 'date' });

export interface DraftRow {
  id: string;
  deptId: string;
  deptName: string | null;
  title: string;
  remark: string | null;
  originalName: string;
  extension: string;
  attachSize: string | number;
  publicId: string;
  createUser: string | null;
  createUserName: string | null;
  createTime: Date;
}

/** A draft is live while its row and its file are (a file removed on 附件管理 takes the draft with it). */
function drafts(db: Db, tenantId: string) {
  return db
    .selectFrom('aocInfoContractDraft as r')
    .innerJoin('bladeAttach as a', (j) => j.onRef('a.id', '=', 'r.attachId').on('a.isDeleted', '=', 0))
    .innerJoin('bladeDept as d', 'd.id', 'r.deptId')
    .leftJoin('bladeUser as u', 'u.id', 'r.createUser')
    .where('r.tenantId', '=', tenantId)
    .where('r.isDeleted', '=', 0);
}

const COLUMNS = [
  'r.id',
  'r.deptId',
  'd.deptName',
  'r.title',
  'r.remark',
  'a.originalName',
  'a.extension',
  'a.attachSize',
  'a.publicId',
  'r.createUser',
  'u.realName as createUserName',
  'r.createTime',
] as const;

export const draftRepo = {
  /** The org (by id, of the tenant, alive) when it lies inside the scope; else undefined. */
  orgInScope(db: Db, tenantId: string, deptId: string, scope: DataScope) {
    return db
      .selectFrom('bladeDept as d')
      .select(['d.id', 'd.deptName'])
      .where('d.id', '=', deptId)
      .where('d.tenantId', '=', tenantId)
      .where('d.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
      .executeTakeFirst();
  },

  async insert(db: Db, v: { tenantId: string; deptId: string; attachId: string; title: string; remark: string | null; userId: string; userDept: string }) {
    const r = await db
      .insertInto('aocInfoContractDraft')
      .values({
        tenantId: v.tenantId,
        deptId: v.deptId,
        attachId: v.attachId,
        title: v.title,
        remark: v.remark,
        createUser: v.userId,
        createDept: v.userDept,
        updateUser: v.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(r.id);
  },

  /** The org's own drafts, newest first. */
  page(db: Db, tenantId: string, page: PageQuery, f: { deptId: string; title?: string }) {
    let base = drafts(db, tenantId).where('r.deptId', '=', f.deptId);
    if (f.title) base = base.where('r.title', 'like', `%${escapeLike(f.title)}%`);
    return paginate<DraftRow>(base, (qb) => qb.select(COLUMNS as never), page, FIELDS, [
      ['r.createTime', 'desc'],
      ['r.id', 'desc'],
    ]);
  },

  find(db: Db, tenantId: string, id: string) {
    return drafts(db, tenantId)
      .select(COLUMNS as never)
      .where('r.id', '=', id)
      .executeTakeFirst() as Promise<DraftRow | undefined>;
  },

  /** The live drafts among `ids` whose org lies inside the scope (locked for removal). */
  lockInScope(tx: Db, tenantId: string, scope: DataScope, ids: string[]) {
    return tx
      .selectFrom('aocInfoContractDraft as r')
      .select(['r.id', 'r.attachId'])
      .where('r.id', 'in', ids)
      .where('r.tenantId', '=', tenantId)
      .where('r.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, { dept: 'r.deptId' }))
      .forUpdate()
      .execute();
  },

  async markDeleted(tx: Db, userId: string, ids: string[], attachIds: string[]): Promise<void> {
    await tx.updateTable('aocInfoContractDraft').set({ isDeleted: 1, updateUser: userId, updateTime: new Date() }).where('id', 'in', ids).execute();
    if (attachIds.length) await tx.updateTable('bladeAttach').set({ isDeleted: 1 }).where('id', 'in', attachIds).execute();
  },

  /** Whether a live draft holding the file `publicId` belongs to an org inside the scope. */
  async holdsInScope(db: Db, scope: DataScope, publicId: string): Promise<boolean> {
    const r = await db
      .selectFrom('aocInfoContractDraft as r')
      .innerJoin('bladeAttach as a', 'a.id', 'r.attachId')
      .select('r.id')
      .where('a.publicId', '=', publicId)
      .where('r.tenantId', '=', scope.actor.tenantId)
      .where('r.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, { dept: 'r.deptId' }))
      .executeTakeFirst();
    return !!r;
  },
};
