import type { PageQuery } from '@gsl/contract';
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { filterExpressions, paginate } from '../../platform/http/paging.js';
import type { LogKind } from './log.kind.js';

/**
 * Log rows of the actor's tenant within his data scope (resource 'log', by the acting user's dept).
 * Rows without a tenant (calls before sign-on, such as failed token requests) only administrators see.
 */
function scoped(db: Db, kind: LogKind, actor: Actor, scope: DataScope): SelectQueryBuilder<any, any, object> {
  return db
    .selectFrom(`${kind.table} as l` as 'bladeLogApi as l')
    .where((eb) =>
      actor.isAdministrator
        ? eb.or([eb('l.tenantId', '=', actor.tenantId), eb('l.tenantId', 'is', null)])
        : eb.and([eb('l.tenantId', '=', actor.tenantId), scopePredicate(eb, scope, { dept: 'l.createDept', owner: 'l.createUser' })]),
    ) as unknown as SelectQueryBuilder<any, any, object>;
}

export const logRepo = {
  page(db: Db, kind: LogKind, actor: Actor, scope: DataScope, page: PageQuery, filters: Record<string, unknown>) {
    const base = scoped(db, kind, actor, scope).where((eb) => eb.and(filterExpressions(eb, filters, kind.fields)));
    return paginate<Record<string, unknown>>(base, (qb) => qb.select(kind.listColumns.map((c) => `l.${c}`) as never), page, kind.fields, [
      ['l.createTime', 'desc'],
      ['l.id', 'desc'],
    ]);
  },

  detail(db: Db, kind: LogKind, actor: Actor, scope: DataScope, id: string) {
    return scoped(db, kind, actor, scope).selectAll('l').where('l.id', '=', id).executeTakeFirst() as Promise<Record<string, unknown> | undefined>;
  },
};
