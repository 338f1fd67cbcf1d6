import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import type { Database, DeptTable } from '../../../db/schema.js';
import { SCOPE, pathUnder, type DataScope } from '../../../platform/access/scope.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { filterExpressions } from '../../../platform/http/paging.js';

/** Filters of the list calls (BladeX: deptName, fullName; and a few more columns of the table). */
export const DEPT_FIELDS = fieldsOn('d', {
  deptName: 'text',
  fullName: 'text',
  deptCategory: 'smallint',
  unionId: 'text',
  regionCode: 'text',
  regionLevel: 'smallint',
  chamberType: 'smallint',
  status: 'smallint',
});

export interface DeptRow {
  id: string;
  tenantId: string;
  parentId: string;
  ancestors: string;
  idPath: string;
  deptCategory: number;
  deptName: string;
  fullName: string | null;
  unionId: string | null;
  regionCode: string | null;
  regionLevel: number | null;
  chamberType: number | null;
  sort: number;
  remark: string | null;
  status: number;
  version: number;
  createTime: Date;
  updateTime: Date;
  /** Only where the query asks for it (lazy calls, filtered lists, detail). */
  hasChildren?: boolean;
  parentName?: string | null;
}

/** Columns of a tree node (selects): what the node shows, nothing more (10,000-dept trees stay small). */
export type DeptNodeRow = Pick<DeptRow, 'id' | 'parentId' | 'deptName' | 'deptCategory' | 'unionId' | 'regionLevel'> & {
  hasChildren?: boolean;
};

/** The columns a submit writes from the form. */
export interface DeptValues {
  deptName: string;
  fullName: string;
  deptCategory: number;
  sort: number;
  unionId: string | null;
  regionCode: string | null;
  regionLevel: number | null;
  chamberType: number | null;
  status: number;
  remark: string | null;
}

const COLUMNS = [
  'd.id',
  'd.tenantId',
  'd.parentId',
  'd.ancestors',
  'd.idPath',
  'd.deptCategory',
  'd.deptName',
  'd.fullName',
  'd.unionId',
  'd.regionCode',
  'd.regionLevel',
  'd.chamberType',
  'd.sort',
  'd.remark',
  'd.status',
  'd.version',
  'd.createTime',
  'd.updateTime',
] as const;
const NODE_COLUMNS = ['d.id', 'd.parentId', 'd.deptName', 'd.deptCategory', 'd.unionId', 'd.regionLevel'] as const;

type DeptDb = Database & { d: DeptTable };
type DeptQuery = SelectQueryBuilder<DeptDb, 'd', object>;
type Eb = ExpressionBuilder<DeptDb, 'd'>;

/**
 * The data scope on the dept table itself: scopePredicate(eb, scope, { dept: `${alias}.id` }) with the
 * same meaning, written on the row's own columns. "Own dept and below" is then a prefix match on the
 * row's id_path (the indexed column the platform's predicate looks up in a sub-select), which keeps a
 * 10,000-dept tree one scan instead of a scan and a semi-join (bench/dept-tree.mjs).
 */
export function deptInScope(eb: ExpressionBuilder<any, any>, scope: DataScope, alias: 'd' | 'c' | 'p'): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  for (const rule of scope.rules) {
    switch (rule.type) {
      case SCOPE.ALL:
        return sql<SqlBool>`true`;
      case SCOPE.OWN_DEPT:
        parts.push(eb(sql.ref(`${alias}.id`), '=', scope.actor.deptId));
        break;
      case SCOPE.OWN_DEPT_AND_BELOW:
        parts.push(pathUnder(eb, `${alias}.idPath`, scope.actor.deptPath));
        break;
      case SCOPE.CUSTOM:
        if (rule.deptIds?.length) parts.push(eb(sql.ref(`${alias}.id`), 'in', rule.deptIds));
        break;
      // SCOPE.OWN ("own records") names no dept: it admits no dept, as in scopePredicate without an owner column.
    }
  }
  return parts.length ? eb.or(parts) : sql<SqlBool>`false`;
}

/** Live depts of the tenant that the scope admits (every read and write starts here). */
function visible(db: Db, tenantId: string, scope: DataScope): DeptQuery {
  return db
    .selectFrom('bladeDept as d')
    .where('d.tenantId', '=', tenantId)
    .where('d.isDeleted', '=', 0)
    .where((eb) => deptInScope(eb, scope, 'd'));
}

/** Has the dept a live child that the scope admits? (the expand arrow of lazy trees) */
const childFlag = (scope: DataScope) => (eb: Eb) =>
  eb
    .exists(
      eb
        .selectFrom('bladeDept as c')
        .select('c.id')
        .whereRef('c.parentId', '=', 'd.id')
        .whereRef('c.tenantId', '=', 'd.tenantId')
        .where('c.isDeleted', '=', 0)
        .where((e) => deptInScope(e, scope, 'c')),
    )
    .as('hasChildren');

/** Is the dept's parent outside what the scope shows (a top of the visible forest)? */
const topOfVisible = (scope: DataScope) => (eb: Eb) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('bladeDept as p')
        .select('p.id')
        .whereRef('p.id', '=', 'd.parentId')
        .whereRef('p.tenantId', '=', 'd.tenantId')
        .where('p.isDeleted', '=', 0)
        .where((e) => deptInScope(e, scope, 'p')),
    ),
  );

const ordered = <Q extends DeptQuery>(q: Q) => q.orderBy('d.sort').orderBy('d.id') as Q;

export const deptRepo = {
  /** Every visible dept with the whole row (list); filtered rows carry their own child flag. */
  all(db: Db, tenantId: string, scope: DataScope, filters: Record<string, unknown>): Promise<DeptRow[]> {
    const q = ordered(visible(db, tenantId, scope).where((eb) => eb.and(filterExpressions(eb, filters, DEPT_FIELDS))))
      .leftJoin('bladeDept as pd', (j) => j.onRef('pd.id', '=', 'd.parentId').on('pd.isDeleted', '=', 0))
      .select(COLUMNS)
      .select('pd.deptName as parentName');
    // Unfiltered, the forest itself tells which rows have children; filtered rows need the database's answer.
    return (hasFilters(filters) ? q.select(childFlag(scope)) : q).execute() as Promise<DeptRow[]>;
  },

  /**
   * Every visible dept as a tree node, optionally only under (and including) one dept's path, in
   * display order (sort, id). The database packs the rows into one JSON array (a 10,000-dept tree is
   * one value, not 10,000 rows for the driver to decode); the ordering is done here, where sorting
   * 10,000 small tuples is cheaper than in the (embedded) database.
   */
  async nodes(db: Db, tenantId: string, scope: DataScope, underPath?: string): Promise<DeptNodeRow[]> {
    let q = visible(db, tenantId, scope);
    if (underPath) q = q.where((eb) => pathUnder(eb, 'd.idPath', underPath));
    const row = await q
      .select(
        sql<
          string | null
        >`json_agg(json_build_array(d.id::text, d.parent_id::text, d.dept_name, d.dept_category, d.union_id, d.region_level, d.sort))::text`.as('nodes'),
      )
      .executeTakeFirst();
    type Packed = [string, string, string, number, string | null, number | null, number];
    const packed = JSON.parse(row?.nodes ?? '[]') as Packed[];
    packed.sort((a, b) => a[6] - b[6] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return packed.map(([id, parentId, deptName, deptCategory, unionId, regionLevel]) => ({ id, parentId, deptName, deptCategory, unionId, regionLevel }));
  },

  /**
   * The visible children of one dept, or (parentId null) the tops of the visible forest: the depts
   * whose parent the scope does not show (the roots for an administrator, the own dept for others).
   * With filters and no parent: every visible dept that matches (BladeX's search in a lazy list).
   */
  lazy(db: Db, tenantId: string, scope: DataScope, parentId: string | null, filters: Record<string, unknown> = {}): Promise<DeptRow[]> {
    const conditions = hasFilters(filters);
    let q = visible(db, tenantId, scope);
    if (parentId) q = q.where('d.parentId', '=', parentId);
    else if (!conditions) q = q.where(topOfVisible(scope));
    if (conditions) q = q.where((eb) => eb.and(filterExpressions(eb, filters, DEPT_FIELDS)));
    return ordered(q).select(COLUMNS).select(childFlag(scope)).execute() as Promise<DeptRow[]>;
  },

  lazyNodes(db: Db, tenantId: string, scope: DataScope, parentId: string | null): Promise<DeptNodeRow[]> {
    let q = visible(db, tenantId, scope);
    q = parentId ? q.where('d.parentId', '=', parentId) : q.where(topOfVisible(scope));
    return ordered(q).select(NODE_COLUMNS).select(childFlag(scope)).execute() as Promise<DeptNodeRow[]>;
  },

  /** One visible dept with its parent's name. */
  findById(db: Db, tenantId: string, scope: DataScope, id: string): Promise<DeptRow | undefined> {
    return visible(db, tenantId, scope)
      .leftJoin('bladeDept as pd', (j) => j.onRef('pd.id', '=', 'd.parentId').on('pd.isDeleted', '=', 0))
      .select(COLUMNS)
      .select('pd.deptName as parentName')
      .where('d.id', '=', id)
      .executeTakeFirst() as Promise<DeptRow | undefined>;
  },

  /** One visible dept, row-locked for the rest of the transaction ('update' to change it, 'share' to hang a child on it). */
  lock(tx: Db, tenantId: string, scope: DataScope, id: string, mode: 'update' | 'share'): Promise<DeptRow | undefined> {
    const q = visible(tx, tenantId, scope).select(COLUMNS).where('d.id', '=', id);
    return (mode === 'update' ? q.forUpdate() : q.forShare()).executeTakeFirst() as Promise<DeptRow | undefined>;
  },

  /** Visible depts among ids, row-locked in id order (removal). */
  lockMany(tx: Db, tenantId: string, scope: DataScope, ids: string[]): Promise<Array<{ id: string }>> {
    return visible(tx, tenantId, scope).select('d.id').where('d.id', 'in', ids).orderBy('d.id').forUpdate().execute();
  },

  async isVisible(db: Db, tenantId: string, scope: DataScope, id: string): Promise<boolean> {
    return !!(await visible(db, tenantId, scope).select('d.id').where('d.id', '=', id).executeTakeFirst());
  },

  /** A new id from the identity sequence, so ancestors and id_path are known before the insert. */
  async nextId(tx: Db): Promise<string> {
    const { rows } = await sql<{ id: string }>`select nextval(pg_get_serial_sequence('blade_dept', 'id'))::text as id`.execute(tx);
    return String(rows[0].id);
  },

  /**
   * Serialises changes of the tenant's tree shape: moves take it exclusively, inserts shared, so an
   * insert never computes its path from a parent whose path a concurrent move is rewriting, and two
   * moves never build a cycle. Taken before any row lock (one lock order, no deadlock).
   */
  async lockTree(tx: Db, tenantId: string, mode: 'exclusive' | 'shared'): Promise<void> {
    if (mode === 'exclusive') await sql`select pg_advisory_xact_lock(727010, hashtext(${tenantId}))`.execute(tx);
    else await sql`select pg_advisory_xact_lock_shared(727010, hashtext(${tenantId}))`.execute(tx);
  },

  async insert(
    tx: Db,
    values: DeptValues & { id: string; tenantId: string; parentId: string; ancestors: string; idPath: string; createUser: string; createDept: string },
  ): Promise<void> {
    await tx
      .insertInto('bladeDept')
      .values({ ...values, updateUser: values.createUser })
      .execute();
  },

  /** Updates only when the row still has `version` (and is still visible); false when it does not. */
  async updateAtVersion(
    tx: Db,
    tenantId: string,
    scope: DataScope,
    id: string,
    version: number,
    values: Partial<DeptValues> & { updateUser: string } & ({ parentId: string; ancestors: string; idPath: string } | object),
  ): Promise<boolean> {
    return !!(await updateAtVersion(tx, 'bladeDept', id, version, values, { tenantId, alias: 'd', where: (eb) => deptInScope(eb, scope, 'd') }));
  },

  /** Rewrites the paths of every descendant of a moved dept (one statement; the dept itself is updated by the caller). */
  async movePaths(tx: Db, tenantId: string, dept: string, oldPath: string, newPath: string): Promise<number> {
    const oldAncestorsOfChildren = oldPath.slice(0, -1); // "0,1,5,12," → "0,1,5,12"
    const newAncestorsOfChildren = newPath.slice(0, -1);
    const r = await tx
      .updateTable('bladeDept')
      .set({
        ancestors: sql`${newAncestorsOfChildren} || substr(ancestors, ${oldAncestorsOfChildren.length + 1})`,
        idPath: sql`${newPath} || substr(id_path, ${oldPath.length + 1})`,
        updateTime: sql`now()`,
      })
      .where('tenantId', '=', tenantId)
      .where('idPath', 'like', `${oldPath}%`)
      .where('id', '<>', dept)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  /** Live children of the given depts that are not themselves among them (any scope: they block removal). */
  async orphanedChildren(tx: Db, tenantId: string, ids: string[]): Promise<number> {
    const r = await tx
      .selectFrom('bladeDept')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where('parentId', 'in', ids)
      .where('id', 'not in', ids)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  async usersIn(tx: Db, ids: string[]): Promise<number> {
    const r = await tx
      .selectFrom('bladeUser')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('deptId', 'in', ids)
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  softDelete(tx: Db, tenantId: string, ids: string[], userId: string): Promise<number> {
    return softDeleteByIds(tx, 'bladeDept', ids, userId, { tenantId });
  },
};

/** Whether any whitelisted filter has a value (decides between "tops" and "search" in lazy lists). */
function hasFilters(filters: Record<string, unknown>): boolean {
  return Object.entries(filters).some(([k, v]) => v !== undefined && v !== null && v !== '' && k.replace(/_[a-z]+$/, '') in DEPT_FIELDS);
}
