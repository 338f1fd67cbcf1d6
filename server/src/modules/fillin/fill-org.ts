import { FILLIN_MSG } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { resolveScope, scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { badRequest, notFound } from '../../platform/http/errors.js';

/** The data-scope resource of the fill-in (blade_scope_data.resource_code). */
export const FILLIN_RESOURCE = 'fillin';
/** Orgs that fill in: chambers (2) and associations (3). */
export const FILL_CATEGORIES = [2, 3];

export interface FillOrg {
  id: string;
  deptName: string;
  deptCategory: number;
}

export const fillScope = (db: Db, actor: Actor) => resolveScope(db, actor, FILLIN_RESOURCE);

/** An org of a read (default the caller's own) inside the fill-in scope, or 404. */
export async function readableOrg(db: Db, scope: DataScope, deptId: string | undefined): Promise<FillOrg> {
  const row = await db
    .selectFrom('bladeDept as d')
    .select(['d.id', 'd.deptName', 'd.deptCategory'])
    .where('d.id', '=', deptId || scope.actor.deptId)
    .where('d.tenantId', '=', scope.actor.tenantId)
    .where('d.isDeleted', '=', 0)
    .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
    .executeTakeFirst();
  if (!row) throw notFound();
  return { id: String(row.id), deptName: row.deptName, deptCategory: row.deptCategory };
}

/**
 * The org a write fills in: always the caller's own (a chamber fills in only its own records), which must
 * be a chamber or an association. A deptId naming another org is refused.
 */
export async function ownFillOrg(db: Db, actor: Actor, deptId?: string): Promise<FillOrg> {
  if (deptId && deptId !== actor.deptId) throw badRequest(FILLIN_MSG.ownOnly);
  const row = await db
    .selectFrom('bladeDept as d')
    .select(['d.id', 'd.deptName', 'd.deptCategory'])
    .where('d.id', '=', actor.deptId)
    .where('d.isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (!FILL_CATEGORIES.includes(row.deptCategory)) throw badRequest(FILLIN_MSG.notFillOrg);
  return { id: String(row.id), deptName: row.deptName, deptCategory: row.deptCategory };
}
