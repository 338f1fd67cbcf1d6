import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { resolveScope, scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { PROFILE_RESOURCE, type ParentDef } from './profile.defs.js';

/** Orgs that own profile records and have an organisation profile: federations, chambers, associations. */
export const ORG_CATEGORIES = [1, 2, 3];

export const profileScope = (db: Db, actor: Actor) => resolveScope(db, actor, PROFILE_RESOURCE);

/** Kysely cannot follow a table chosen by a parameter. */
export const anyDb = (db: Db) => db as unknown as Kysely<any>;

/**
 * Who may read or write a record of the person base (the profile's permission setting, spec §6):
 * 1 公开 — read by every user of the tenant who holds the person base menu; written inside the scope.
 * 2 本组织及上级可见 (default) — read and written inside the data scope (the owning org and the orgs above it).
 * 3 仅本人可见 — only its creator (inside the scope) and the platform administrator.
 */
export function personAccess(
  eb: ExpressionBuilder<any, any>,
  scope: DataScope,
  isAdministrator: boolean,
  mode: 'read' | 'write',
  a = 'p',
): Expression<SqlBool> {
  const inScope = scopePredicate(eb, scope, { dept: `${a}.deptId`, owner: `${a}.createUser` });
  const notPrivate = isAdministrator
    ? sql<SqlBool>`true`
    : eb.or([eb(sql.ref(`${a}.visibility`), '<>', 3), eb(sql.ref(`${a}.createUser`), '=', scope.actor.userId)]);
  const scoped = eb.and([inScope, notPrivate]);
  return mode === 'read' ? eb.or([scoped, eb(sql.ref(`${a}.visibility`), '=', 1)]) : scoped;
}

/** The live parent record (person, enterprise, org) the actor may read or write, with its owning org. */
export async function findParent(
  db: Db,
  parent: ParentDef,
  actor: Actor,
  scope: DataScope,
  id: string,
  mode: 'read' | 'write',
  lock = false,
): Promise<{ id: string; deptId: string } | undefined> {
  if (parent.kind === 'org') {
    let q = db
      .selectFrom('bladeDept as d')
      .select(['d.id', 'd.id as deptId'])
      .where('d.id', '=', id)
      .where('d.isDeleted', '=', 0)
      .where('d.tenantId', '=', actor.tenantId)
      .where('d.deptCategory', 'in', ORG_CATEGORIES)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }));
    if (lock) q = q.forUpdate();
    const r = await q.executeTakeFirst();
    return r && { id: String(r.id), deptId: String(r.deptId) };
  }
  let q = anyDb(db)
    .selectFrom(`${parent.table} as p`)
    .select(['p.id', 'p.deptId'])
    .where('p.id', '=', id)
    .where('p.isDeleted', '=', 0)
    .where('p.tenantId', '=', actor.tenantId)
    .where((eb) =>
      parent.kind === 'person' ? personAccess(eb, scope, actor.isAdministrator, mode) : scopePredicate(eb, scope, { dept: 'p.deptId', owner: 'p.createUser' }),
    );
  if (lock) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r && { id: String(r.id), deptId: String(r.deptId) };
}

/** The tenant's live org (federation, chamber, association) by id when it is inside the scope. */
export function findOrgInScope(db: Db, scope: DataScope, deptId: string) {
  return db
    .selectFrom('bladeDept as d')
    .select(['d.id', 'd.deptName', 'd.fullName', 'd.deptCategory', 'd.regionCode', 'd.chamberType', 'd.idPath'])
    .where('d.id', '=', deptId)
    .where('d.isDeleted', '=', 0)
    .where('d.tenantId', '=', scope.actor.tenantId)
    .where('d.deptCategory', 'in', ORG_CATEGORIES)
    .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
    .executeTakeFirst();
}
