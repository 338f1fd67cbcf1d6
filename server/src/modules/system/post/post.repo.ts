import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../../platform/http/paging.js';

export const POST_FIELDS = fieldsOn('p', { postCode: 'text', postName: 'text', category: 'smallint', tenantId: 'text', sort: 'int', createTime: 'date' });

export interface PostRow {
  id: string;
  tenantId: string;
  category: number;
  postCode: string;
  postName: string;
  sort: number;
  remark: string | null;
  version: number;
  createTime: Date;
  updateTime: Date;
}

export interface PostValues {
  category: number;
  postCode: string;
  postName: string;
  sort: number;
  remark: string | null;
}

const COLUMNS = ['p.id', 'p.tenantId', 'p.category', 'p.postCode', 'p.postName', 'p.sort', 'p.remark', 'p.version', 'p.createTime', 'p.updateTime'] as const;

/** Live posts of the given tenants (the actor's own and the platform defaults). */
const rows = (db: Db, tenants: string[]) => db.selectFrom('bladePost as p').where('p.isDeleted', '=', 0).where('p.tenantId', 'in', tenants);

export const postRepo = {
  page(db: Db, tenants: string[], page: PageQuery, filters: Record<string, unknown>) {
    const base = rows(db, tenants).where((eb) => eb.and(filterExpressions(eb, filters, POST_FIELDS)));
    return paginate<PostRow>(base, (qb) => qb.select(COLUMNS), page, POST_FIELDS, [
      ['p.sort', 'asc'],
      ['p.id', 'asc'],
    ]);
  },

  /** Enabled posts for selects, in their order (defaults and the tenant's own interleaved by sort). */
  options(db: Db, tenants: string[]) {
    return rows(db, tenants)
      .select(['p.id', 'p.postCode', 'p.postName', 'p.category', 'p.sort'])
      .where('p.status', '=', 1)
      .orderBy('p.sort')
      .orderBy('p.id')
      .execute();
  },

  findById(db: Db, tenants: string[], id: string): Promise<PostRow | undefined> {
    return rows(db, tenants).select(COLUMNS).where('p.id', '=', id).executeTakeFirst() as Promise<PostRow | undefined>;
  },

  findMany(db: Db, tenants: string[], ids: string[]) {
    return rows(db, tenants).select(['p.id', 'p.tenantId']).where('p.id', 'in', ids).orderBy('p.id').forUpdate().execute();
  },

  async codeTaken(db: Db, tenants: string[], postCode: string, exceptId?: string): Promise<boolean> {
    let q = rows(db, tenants).select('p.id').where('p.postCode', '=', postCode);
    if (exceptId) q = q.where('p.id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  },

  insert(db: Db, values: PostValues & { tenantId: string; createUser: string; createDept: string }): Promise<PostRow> {
    return db
      .insertInto('bladePost')
      .values({ ...values, updateUser: values.createUser })
      .returning(['id', 'tenantId', 'category', 'postCode', 'postName', 'sort', 'remark', 'version', 'createTime', 'updateTime'])
      .executeTakeFirstOrThrow() as Promise<PostRow>;
  },

  async updateAtVersion(db: Db, tenantId: string, id: string, version: number, values: PostValues & { updateUser: string }): Promise<PostRow | undefined> {
    return (await updateAtVersion(db, 'bladePost', id, version, values, { tenantId })) ? postRepo.findById(db, [tenantId], id) : undefined;
  },

  async usersHolding(db: Db, ids: string[]): Promise<number> {
    const r = await db
      .selectFrom('bladeUser')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('postId', 'in', ids)
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  softDelete(db: Db, ids: string[], userId: string): Promise<number> {
    return softDeleteByIds(db, 'bladePost', ids, userId);
  },
};
