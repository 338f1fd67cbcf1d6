import { expressionBuilder, sql, type RawBuilder, type SqlBool } from 'kysely';
import { scopePredicate, type DataScope } from '../../platform/access/scope.js';

/**
 * SQL pieces shared by the cockpit's and 数据质量's queries. The scope is the platform's predicate
 * (scopePredicate) on a dept column; the org the figures are about is a dept id plus its path.
 */

/** The scope as a raw SQL condition on a qualified dept column (snake_case). */
export function inScope(scope: DataScope, deptColumn: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${scopePredicate(expressionBuilder<any, any>(), scope, { dept: deptColumn })}`;
}

/** The org a figure is about: its id and materialised path ("0,1,5,"). */
export interface Anchor {
  id: string;
  path: string;
}

/**
 * Which part of the anchor's subtree a dept column lies in: `under` = the anchor and below; `own` = the
 * anchor's own level (itself and the orgs below it that are not under one of its subordinate
 * federations, i.e. the chambers and associations attached to it directly).
 */
export function inPart(deptColumn: string, anchor: Anchor, own: boolean): RawBuilder<SqlBool> {
  const col = sql.ref(deptColumn);
  const under = sql<SqlBool>`${col} in (select pd.id from blade_dept pd where pd.is_deleted = 0 and pd.id_path like ${`${anchor.path}%`})`;
  if (!own) return under;
  return sql<SqlBool>`(${under} and ${col} not in (
    select pd.id from blade_dept pd join blade_dept pf on pf.parent_id = ${anchor.id}::bigint and pf.dept_category = 1 and pf.is_deleted = 0
     where pd.is_deleted = 0 and pd.id_path like pf.id_path || '%'))`;
}

/**
 * The bucket a dept (its id_path column) falls in below the anchor: the id of the anchor's direct
 * subordinate federation it lies under, or 'self' (the anchor's own level).
 */
export function bucketOf(pathColumn: string, anchor: Anchor): RawBuilder<string> {
  const col = sql.ref(pathColumn);
  return sql<string>`coalesce((select pf.id::text from blade_dept pf
     where pf.id = nullif(split_part(substr(${col}, ${anchor.path.length + 1}), ',', 1), '')::bigint
       and pf.dept_category = 1 and pf.is_deleted = 0), 'self')`;
}

/** The year key (yyyy, Asia/Shanghai) before which a record counts as stale: last year (migration 0043). */
export function staleBefore(now = new Date()): string {
  return String(new Date(now.getTime() + 8 * 3600_000).getUTCFullYear() - 1); // the product's zone for these keys (Asia/Shanghai, no DST)
}
