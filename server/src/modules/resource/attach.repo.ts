import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { scopePredicate, scopedTable, type DataScope } from '../../platform/access/scope.js';
import { fieldsOn } from '../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../platform/http/paging.js';

/** The data-scope resource of uploaded files (blade_scope_data.resource_code). */
export const ATTACH_RESOURCE = 'attach';

/** Files are owned by the uploader's org (create_dept) and uploader (create_user); links name them by public id. */
export const ATTACH_TABLE = scopedTable({
  resource: ATTACH_RESOURCE,
  table: 'blade_attach',
  alias: 'a',
  deptColumn: 'create_dept',
  ownerColumn: 'create_user',
  where: 'is_deleted = 0',
});

export const ATTACH_FIELDS = fieldsOn('a', { originalName: 'text', extension: 'text', category: 'text', attachSize: 'int', createTime: 'date' });

const owned = ATTACH_TABLE.columns;

const VIEW_COLUMNS = [
  'a.id',
  'a.publicId',
  'a.originalName',
  'a.extension',
  'a.contentType',
  'a.attachSize',
  'a.category',
  'a.createUser',
  'a.createDept',
  'a.createTime',
  'u.realName as createUserName',
  'd.deptName as createDeptName',
] as const;

export interface NewAttach {
  publicId: string;
  tenantId: string;
  storageKey: string;
  originalName: string;
  extension: string;
  contentType: string;
  attachSize: number;
  category: string;
  createUser: string;
  createDept: string;
}

export const attachRepo = {
  insert(db: Db, row: NewAttach) {
    return db.insertInto('bladeAttach').values(row).returning('id').executeTakeFirstOrThrow();
  },

  /** A live file of the tenant by its public id, with what a download needs. */
  findByPublicId(db: Db, tenantId: string, publicId: string) {
    return db
      .selectFrom('bladeAttach as a')
      .select(['a.id', 'a.publicId', 'a.storageKey', 'a.originalName', 'a.contentType', 'a.attachSize', 'a.createDept', 'a.createUser'])
      .where('a.publicId', '=', publicId)
      .where('a.tenantId', '=', tenantId)
      .where('a.isDeleted', '=', 0)
      .executeTakeFirst();
  },

  /** Whether the file (by id) lies inside the scope: its uploader's org, or its uploader for "own records". */
  async inScope(db: Db, scope: DataScope, id: string): Promise<boolean> {
    const r = await db
      .selectFrom('bladeAttach as a')
      .select('a.id')
      .where('a.id', '=', id)
      .where('a.tenantId', '=', scope.actor.tenantId)
      .where('a.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, owned))
      .executeTakeFirst();
    return !!r;
  },

  page(db: Db, scope: DataScope, page: PageQuery, filters: Record<string, unknown>) {
    const base = db
      .selectFrom('bladeAttach as a')
      .leftJoin('bladeUser as u', 'u.id', 'a.createUser')
      .leftJoin('bladeDept as d', 'd.id', 'a.createDept')
      .where('a.tenantId', '=', scope.actor.tenantId)
      .where('a.isDeleted', '=', 0)
      .where((eb) => eb.and([scopePredicate(eb, scope, owned), ...filterExpressions(eb, filters, ATTACH_FIELDS)]));
    return paginate(base, (qb) => qb.select([...VIEW_COLUMNS]), page, ATTACH_FIELDS, [
      ['a.createTime', 'desc'],
      ['a.id', 'desc'],
    ]);
  },

  findInScope(db: Db, scope: DataScope, id: string) {
    return db
      .selectFrom('bladeAttach as a')
      .leftJoin('bladeUser as u', 'u.id', 'a.createUser')
      .leftJoin('bladeDept as d', 'd.id', 'a.createDept')
      .select([...VIEW_COLUMNS])
      .where('a.id', '=', id)
      .where('a.tenantId', '=', scope.actor.tenantId)
      .where('a.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, owned))
      .executeTakeFirst();
  },

  /** Locks and returns the live rows among `ids` that are inside the scope. */
  lockInScope(tx: Db, scope: DataScope, ids: string[]) {
    return tx
      .selectFrom('bladeAttach as a')
      .select(['a.id', 'a.storageKey'])
      .where('a.id', 'in', ids)
      .where('a.tenantId', '=', scope.actor.tenantId)
      .where('a.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, owned))
      .forUpdate()
      .execute();
  },

  markDeleted(tx: Db, ids: string[]) {
    return tx.updateTable('bladeAttach').set({ isDeleted: 1 }).where('id', 'in', ids).execute();
  },

  /** Storage keys among `keys` that no live row points at any more (their bytes can go). */
  async unusedKeys(db: Db, keys: string[]): Promise<string[]> {
    if (!keys.length) return [];
    const used = await db.selectFrom('bladeAttach').select('storageKey').where('storageKey', 'in', keys).where('isDeleted', '=', 0).execute();
    const still = new Set(used.map((r) => r.storageKey));
    return [...new Set(keys)].filter((k) => !still.has(k));
  },
};
