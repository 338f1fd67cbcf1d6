import { sql, type SelectQueryBuilder } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../../platform/http/paging.js';
import type { DictKind } from './dict.kind.js';

export const DICT_FIELDS = fieldsOn('d', { code: 'text', dictKey: 'text', dictValue: 'text', sort: 'int', isSealed: 'smallint', createTime: 'date' });

/** What a dictionary row's form sets. */
export interface DictValues {
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  isSealed: number;
  remark: string | null;
}

export interface DictRow extends DictValues {
  id: string;
  version: number;
  createTime: Date;
  hasChildren: boolean;
}

const COLUMNS = ['d.id', 'd.parentId', 'd.code', 'd.dictKey', 'd.dictValue', 'd.sort', 'd.isSealed', 'd.remark', 'd.version', 'd.createTime'] as const;

/** Business dictionaries' writes keep to the tenant's rows. */
const tenantOf = (kind: DictKind, tenantId: string) => ({ tenantId: kind.perTenant ? tenantId : undefined });

/** Rows of one dictionary table, limited to the tenant for business dictionaries. */
function rows(db: Db, kind: DictKind, tenantId: string): SelectQueryBuilder<any, any, object> {
  let q = db.selectFrom(`${kind.table} as d` as 'bladeDict as d').where('d.isDeleted', '=', 0) as unknown as SelectQueryBuilder<any, any, object>;
  if (kind.perTenant) q = q.where('d.tenantId', '=', tenantId);
  return q;
}

const withChildFlag = (qb: SelectQueryBuilder<any, any, object>, kind: DictKind) =>
  qb
    .select(COLUMNS)
    .select(
      sql<boolean>`exists(select 1 from ${sql.table(kind.table === 'bladeDict' ? 'blade_dict' : 'blade_dict_biz')} c where c.parent_id = d.id and c.is_deleted = 0)`.as(
        'hasChildren',
      ),
    );

export const dictRepo = {
  all(db: Db, kind: DictKind, tenantId: string, filters: Record<string, unknown>): Promise<DictRow[]> {
    return withChildFlag(rows(db, kind, tenantId), kind)
      .where((eb) => eb.and(filterExpressions(eb, filters, DICT_FIELDS)))
      .orderBy('d.sort')
      .orderBy('d.id')
      .execute() as Promise<DictRow[]>;
  },

  page(db: Db, kind: DictKind, tenantId: string, page: PageQuery, filters: Record<string, unknown>, parentId: string) {
    const base = rows(db, kind, tenantId)
      .where('d.parentId', '=', parentId)
      .where((eb) => eb.and(filterExpressions(eb, filters, DICT_FIELDS)));
    return paginate<DictRow>(base, (qb) => withChildFlag(qb, kind) as never, page, DICT_FIELDS, [
      ['d.sort', 'asc'],
      ['d.id', 'asc'],
    ]);
  },

  findById(db: Db, kind: DictKind, tenantId: string, id: string): Promise<DictRow | undefined> {
    return withChildFlag(rows(db, kind, tenantId), kind)
      .where('d.id', '=', id)
      .executeTakeFirst() as Promise<DictRow | undefined>;
  },

  /** The items of one code for selects (sealed ones excluded), in their order. */
  items(db: Db, kind: DictKind, tenantId: string, code: string): Promise<DictRow[]> {
    return withChildFlag(rows(db, kind, tenantId), kind)
      .where('d.code', '=', code)
      .where('d.parentId', '<>', '0')
      .where('d.isSealed', '=', 0)
      .orderBy('d.sort')
      .orderBy('d.id')
      .execute() as Promise<DictRow[]>;
  },

  /** Live children of the given ids that are not themselves among them. */
  async orphanedChildren(db: Db, kind: DictKind, tenantId: string, ids: string[]): Promise<number> {
    const r = (await rows(db, kind, tenantId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('d.parentId', 'in', ids)
      .where('d.id', 'not in', ids)
      .executeTakeFirstOrThrow()) as { n: string };
    return Number(r.n);
  },
  async insert(tx: Db, kind: DictKind, tenantId: string, values: DictValues): Promise<string> {
    const row = await tx
      .insertInto(kind.table as 'bladeDict')
      .values({ ...values, ...(kind.perTenant ? { tenantId } : {}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  updateAtVersion(tx: Db, kind: DictKind, tenantId: string, id: string, version: number, values: DictValues): Promise<string | undefined> {
    return updateAtVersion(tx, kind.table, id, version, values, tenantOf(kind, tenantId));
  },

  softDelete(tx: Db, kind: DictKind, tenantId: string, ids: string[]): Promise<number> {
    return softDeleteByIds(tx, kind.table, ids, undefined, tenantOf(kind, tenantId));
  },

  /** A root's new code carries over to its live items. */
  async renameItems(tx: Db, kind: DictKind, tenantId: string, from: string, to: string): Promise<void> {
    let q = tx
      .updateTable(kind.table as 'bladeDict')
      .set({ code: to, updateTime: sql`now()` })
      .where('code', '=', from)
      .where('parentId', '<>', '0')
      .where('isDeleted', '=', 0);
    if (kind.perTenant) q = q.where('tenantId' as never, '=', tenantId as never);
    await q.execute();
  },
};
