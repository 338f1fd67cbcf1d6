import type { SelectQueryBuilder } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../../platform/http/paging.js';
import type { ScopeKind } from './scope.kind.js';

export const SCOPE_FIELDS = fieldsOn('s', { menuId: 'id', scopeName: 'text', resourceCode: 'text', scopeType: 'smallint', createTime: 'date' });

export interface ScopeRow {
  id: string;
  menuId: string;
  menuName: string | null;
  resourceCode: string;
  scopeName: string;
  scopeType: number;
  /** Data scopes only. */
  scopeColumn?: string | null;
  scopeValue?: string | null;
  /** Api scopes only. */
  scopePath?: string | null;
  remark: string | null;
  version: number;
  createTime: Date;
  updateTime: Date;
}

export type ScopeValues = {
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopeType: number;
  remark: string | null;
} & ({ scopeColumn: string | null; scopeValue: string | null } | { scopePath: string });

/** Scope rows are platform-wide (no tenant column), as BladeX keeps them. */
const live = (db: Db, kind: ScopeKind) =>
  db
    .selectFrom(`${kind.table} as s` as 'bladeScopeData as s')
    .leftJoin('bladeMenu as m', 'm.id', 's.menuId')
    .where('s.isDeleted', '=', 0) as unknown as SelectQueryBuilder<any, any, object>;

const withColumns = (qb: SelectQueryBuilder<any, any, object>, kind: ScopeKind) => {
  const q = (qb as SelectQueryBuilder<any, any, any>).select([
    's.id',
    's.menuId',
    'm.name as menuName',
    's.resourceCode',
    's.scopeName',
    's.scopeType',
    's.remark',
    's.version',
    's.createTime',
    's.updateTime',
  ]);
  return (kind.category === 1 ? q.select(['s.scopeColumn', 's.scopeValue']) : q.select(['s.scopePath'])) as SelectQueryBuilder<any, any, object>;
};

export const scopeRepo = {
  page(db: Db, kind: ScopeKind, page: PageQuery, filters: Record<string, unknown>) {
    const base = live(db, kind).where((eb) => eb.and(filterExpressions(eb, filters, SCOPE_FIELDS)));
    return paginate<ScopeRow>(base, (qb) => withColumns(qb, kind) as never, page, SCOPE_FIELDS, [['s.id', 'asc']]);
  },

  findById(db: Db, kind: ScopeKind, id: string): Promise<ScopeRow | undefined> {
    return withColumns(live(db, kind), kind).where('s.id', '=', id).executeTakeFirst() as Promise<ScopeRow | undefined>;
  },

  async insert(db: Db, kind: ScopeKind, values: ScopeValues): Promise<string> {
    const r = await db
      .insertInto(kind.table as 'bladeScopeData')
      .values(values as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(r.id);
  },

  updateAtVersion(db: Db, kind: ScopeKind, id: string, version: number, values: ScopeValues): Promise<string | undefined> {
    return updateAtVersion(db, kind.table as 'bladeScopeData', id, version, values as object);
  },

  /** Soft-deletes the rules and drops their grants (a removed rule grants nothing). */
  async remove(db: Db, kind: ScopeKind, ids: string[]): Promise<number> {
    const n = await softDeleteByIds(db, kind.table as 'bladeScopeData', ids);
    await db.deleteFrom('bladeRoleScope').where('scopeCategory', '=', kind.category).where('scopeId', 'in', ids).execute();
    return n;
  },

  /** Which of the ids are live depts of the tenant (custom data scope values). */
  async tenantDepts(db: Db, tenantId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await db.selectFrom('bladeDept').select('id').where('id', 'in', ids).where('tenantId', '=', tenantId).where('isDeleted', '=', 0).execute();
    return new Set(rows.map((r) => String(r.id)));
  },
};
