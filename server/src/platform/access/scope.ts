import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { ID_RE } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from './actor.js';
import { cachedAccess, rolesKey } from './access-cache.js';

/** BladeX data scope types (wire contract §5). */
export const SCOPE = { ALL: 1, OWN: 2, OWN_DEPT: 3, OWN_DEPT_AND_BELOW: 4, CUSTOM: 5 } as const;
export type ScopeType = (typeof SCOPE)[keyof typeof SCOPE];

export interface ScopeRule {
  type: ScopeType;
  /** CUSTOM: the dept ids it grants. */
  deptIds?: readonly string[];
}

/** What one actor may see of one resource: the union of its roles' rules. */
export interface DataScope {
  actor: Pick<Actor, 'userId' | 'deptId' | 'deptPath' | 'tenantId'>;
  rules: readonly ScopeRule[];
}

/**
 * The actor's scope for a resource: administrators see all; otherwise the union of the data scope
 * rules their roles are granted for the resource, and their own dept when no rule names it
 * ("every portal query is limited to the user's dept_id", wire contract §5).
 */
export async function resolveScope(db: Db, actor: Actor, resourceCode: string): Promise<DataScope> {
  if (actor.isAdministrator) return { actor, rules: [{ type: SCOPE.ALL }] };
  if (!actor.roleIds.length) return { actor, rules: [] };
  // Kept per role set and resource until a role's scopes change in any process (access-cache.ts).
  const rules = await cachedAccess(db, `scope|${rolesKey(actor.roleIds)}|${resourceCode}`, () => readRules(db, actor.roleIds, resourceCode));
  return { actor, rules };
}

async function readRules(db: Db, roleIds: string[], resourceCode: string): Promise<readonly ScopeRule[]> {
  const rows = await db
    .selectFrom('bladeRoleScope as rs')
    .innerJoin('bladeScopeData as sd', 'sd.id', 'rs.scopeId')
    .select(['sd.scopeType', 'sd.scopeValue'])
    .where('rs.scopeCategory', '=', 1)
    .where('rs.roleId', 'in', roleIds)
    .where('sd.resourceCode', '=', resourceCode)
    .where('sd.status', '=', 1)
    .where('sd.isDeleted', '=', 0)
    .execute();
  if (!rows.length) return Object.freeze([Object.freeze({ type: SCOPE.OWN_DEPT })]);
  return Object.freeze(
    rows.map((r) =>
      Object.freeze({
        type: r.scopeType as ScopeType,
        deptIds: r.scopeType === SCOPE.CUSTOM ? Object.freeze((r.scopeValue ?? '').split(',').filter((s) => ID_RE.test(s))) : undefined,
      }),
    ),
  );
}

export interface ScopeColumns {
  /** Qualified column holding the record's dept id. */
  dept: string;
  /** Qualified column holding the record's creator (for "own records"). */
  owner?: string;
}

/**
 * The scope as one SQL predicate to AND into a read or write. No rule → false (fail closed).
 * "Dept and below" compares the materialised path prefix, never a contains-anywhere LIKE.
 */
export function scopePredicate(eb: ExpressionBuilder<any, any>, scope: DataScope, cols: ScopeColumns): Expression<SqlBool> {
  const dept = sql.ref(cols.dept);
  const parts: Expression<SqlBool>[] = [];
  for (const rule of scope.rules) {
    switch (rule.type) {
      case SCOPE.ALL:
        return sql<SqlBool>`true`;
      case SCOPE.OWN:
        if (cols.owner) parts.push(eb(sql.ref(cols.owner), '=', scope.actor.userId));
        break;
      case SCOPE.OWN_DEPT:
        parts.push(eb(dept, '=', scope.actor.deptId));
        break;
      case SCOPE.OWN_DEPT_AND_BELOW:
        parts.push(deptUnderPath(eb, cols.dept, scope.actor.deptPath));
        break;
      case SCOPE.CUSTOM:
        if (rule.deptIds?.length) parts.push(eb(dept, 'in', rule.deptIds));
        break;
    }
  }
  return parts.length ? eb.or(parts) : sql<SqlBool>`false`;
}

// ---------------------------------------------------------------------------------------------
// "This org and below": the one rule of the org tree. Depts keep a materialised path (id_path,
// "0,1,5,"), so an org's subtree is an exact prefix match on an indexed column, never a
// contains-anywhere LIKE and never a recursive walk.

/** The qualified dept column lies in the org with this path or below it. */
export function deptUnderPath(eb: ExpressionBuilder<any, any>, deptColumn: string, path: string): Expression<SqlBool> {
  return eb(sql.ref(deptColumn), 'in', (sub: any) =>
    sub.selectFrom('bladeDept as under_d').select('under_d.id').where('under_d.isDeleted', '=', 0).where('under_d.idPath', 'like', `${path}%`),
  );
}

/** The qualified dept column lies in the org with this id or below it (its path read in the same statement). */
export function deptUnder(eb: ExpressionBuilder<any, any>, deptColumn: string, deptId: string): Expression<SqlBool> {
  return eb(sql.ref(deptColumn), 'in', (sub: any) =>
    sub
      .selectFrom('bladeDept as under_d')
      .select('under_d.id')
      .where('under_d.isDeleted', '=', 0)
      .where(sql<SqlBool>`under_d.id_path like (select x.id_path || '%' from blade_dept x where x.id = ${deptId}::bigint)`),
  );
}

/** On blade_dept itself: the row (its qualified id_path column) is the org with this path or below it. */
export function pathUnder(eb: ExpressionBuilder<any, any>, pathColumn: string, path: string): Expression<SqlBool> {
  return eb(sql.ref(pathColumn), 'like', `${path}%`);
}

/** On blade_dept itself: the row lies on the line of the org with this path — the org, an ancestor or a descendant. */
export function pathOnLine(pathColumn: string, path: string): Expression<SqlBool> {
  const col = sql.ref(pathColumn);
  return sql<SqlBool>`(${col} like ${path} || '%' or ${path} like ${col} || '%')`;
}

// ---------------------------------------------------------------------------------------------
// Scoped tables: one descriptor gives the repo its scope columns and the route its `scope`
// metadata (read by the quality walkers), so the two cannot drift apart.

export interface ScopedTableDef {
  /** The data-scope resource (blade_scope_data.resource_code) whose role rules limit the table. */
  resource: string;
  /** SQL table name, and the alias the repo gives it. */
  table: string;
  alias: string;
  /** SQL columns holding the record's dept and creator. */
  deptColumn: string;
  ownerColumn?: string;
  /** SQL condition for the rows a route can see at all (e.g. 'is_deleted = 0'). */
  where?: string;
  /** Column a route names the row by, when not `id`. */
  idColumn?: string;
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export function scopedTable(def: ScopedTableDef) {
  const ref = {
    table: def.table,
    deptColumn: def.deptColumn,
    ...(def.ownerColumn ? { ownerColumn: def.ownerColumn } : {}),
    ...(def.where ? { where: def.where } : {}),
  };
  return {
    ...def,
    /** For scopePredicate: the alias-qualified Kysely columns. */
    columns: { dept: `${def.alias}.${camel(def.deptColumn)}`, ...(def.ownerColumn ? { owner: `${def.alias}.${camel(def.ownerColumn)}` } : {}) } as ScopeColumns,
    /** Route metadata of a list of this table. */
    list: (extra: { idField?: string } = {}) => ({ resource: def.resource, list: { ...ref, ...extra } }),
    /** Route metadata of a call that names one row (or `ids`). */
    record: (idFrom: `${'query' | 'params' | 'body'}.${string}`) => ({
      resource: def.resource,
      record: { ...ref, idFrom, ...(def.idColumn ? { idColumn: def.idColumn } : {}) },
    }),
  };
}
