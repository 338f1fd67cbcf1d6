import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';

/** Tables whose rows carry the BladeX bookkeeping: an id, a version, a soft-delete flag and an update time. */
export type VersionedTable = {
  [K in keyof Database]: Database[K] extends { id: unknown; version: unknown; isDeleted: unknown; updateTime: unknown } ? K : never;
}[keyof Database];

/**
 * Which rows besides the ids: `tenantId` keeps to one tenant's rows, `where` adds a condition of the
 * caller's (a data scope predicate), on the table's columns qualified by `alias` when one is given.
 */
export interface RowFilter {
  tenantId?: string;
  alias?: string;
  where?: (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;
}

// Kysely cannot check a query on a table named by a type parameter; the signatures below are checked instead.
const updateOf = (db: Db, table: VersionedTable, filter: RowFilter) =>
  (db as unknown as Kysely<any>).updateTable(filter.alias ? `${table} as ${filter.alias}` : (table as string));

function filtered<Q extends { where: (...args: any[]) => Q }>(q: Q, filter: RowFilter): Q {
  let out = q.where('isDeleted', '=', 0);
  if (filter.tenantId !== undefined) out = out.where('tenantId', '=', filter.tenantId);
  if (filter.where) out = out.where(filter.where);
  return out;
}

/**
 * Optimistic concurrency (module guide §5): updates the live row only while it still has `version`,
 * bumping the version and the update time. Answers the row's id, or undefined when it is stale or gone
 * (the caller refuses it with STALE_VERSION_MSG).
 */
export async function updateAtVersion<T extends VersionedTable>(
  db: Db,
  table: T,
  id: string,
  version: number,
  values: Updateable<Database[T]>,
  filter: RowFilter = {},
): Promise<string | undefined> {
  const q = updateOf(db, table, filter)
    .set({ ...(values as object), version: sql`version + 1`, updateTime: sql`now()` })
    .where('id', '=', id)
    .where('version', '=', version);
  const r = await filtered(q, filter).returning('id').executeTakeFirst();
  return r ? String(r.id) : undefined;
}

/**
 * Soft delete (module guide §5): marks the live rows among the ids deleted in one statement, bumping
 * their version (a form still open on one is stale) and recording who (`userId`) and when. Answers
 * how many it removed, so the caller can refuse "all or none".
 */
export async function softDeleteByIds<T extends VersionedTable>(db: Db, table: T, ids: string[], userId?: string, filter: RowFilter = {}): Promise<number> {
  if (!ids.length) return 0;
  const q = updateOf(db, table, filter)
    .set({ isDeleted: 1, ...(userId === undefined ? {} : { updateUser: userId }), updateTime: sql`now()`, version: sql`version + 1` })
    .where('id', 'in', ids);
  const r = await filtered(q, filter).executeTakeFirst();
  return Number(r.numUpdatedRows);
}
