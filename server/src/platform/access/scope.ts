import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Actor } from './actor.js';

/** BladeX data scope types (wire contract §5). */
export const SCOPE = { ALL: 1, OWN: 2, OWN_DEPT: 3, OWN_DEPT_AND_BELOW: 4, CUSTOM: 5 } as const;
export type ScopeType = (typeof SCOPE)[keyof typeof SCOPE];

export interface ScopeRule {
  type: ScopeType;
  /** CUSTOM: the dept ids it grants. */
  deptIds?: string[];
}

/** What one actor may see of one resource: the union of its roles' rules. */
export interface DataScope {
  actor: Pick<Actor, 'userId' | 'deptId' | 'deptPath' | 'tenantId'>;
  rules: ScopeRule[];
}

/**
 * The actor's scope for a resource: administrators see all; otherwise the union of the data scope
 * rules their roles are granted for the resource, and their own dept when no rule names it
 * ("every portal query is limited to the user's dept_id", wire contract §5).
 */
export async function resolveScope(db: Db, actor: Actor, resourceCode: string): Promise<DataScope> {
  if (actor.isAdministrator) return { actor, rules: [{ type: SCOPE.ALL }] };
  if (!actor.roleIds.length) return { actor, rules: [] };
  const rows = await db
    .selectFrom('bladeRoleScope as rs')
    .innerJoin('bladeScopeData as sd', 'sd.id', 'rs.scopeId')
    .select(['sd.scopeType', 'sd.scopeValue'])
    .where('rs.scopeCategory', '=', 1)
    .where('rs.roleId', 'in', actor.roleIds)
    .where('sd.resourceCode', '=', resourceCode)
    .where('sd.status', '=', 1)
    .where('sd.isDeleted', '=', 0)
    .execute();
  if (!rows.length) return { actor, rules: [{ type: SCOPE.OWN_DEPT }] };
  return {
    actor,
    rules: rows.map((r) => ({
      type: r.scopeType as ScopeType,
      deptIds: r.scopeType === SCOPE.CUSTOM ? (r.scopeValue ?? '').split(',').filter((s) => /^\d{1,19}$/.test(s)) : undefined,
    })),
  };
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
        parts.push(
          eb(dept, 'in', (sub: any) =>
            sub.selectFrom('bladeDept as scope_d').select('scope_d.id').where('scope_d.isDeleted', '=', 0).where('scope_d.idPath', 'like', `${scope.actor.deptPath}%`),
          ),
        );
        break;
      case SCOPE.CUSTOM:
        if (rule.deptIds?.length) parts.push(eb(dept, 'in', rule.deptIds));
        break;
    }
  }
  return parts.length ? eb.or(parts) : sql<SqlBool>`false`;
}
