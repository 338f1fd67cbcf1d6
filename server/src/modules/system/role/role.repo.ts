import { sql, type SelectQueryBuilder } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { scopePredicate, type DataScope } from '../../../platform/access/scope.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../../platform/http/paging.js';

export const ROLE_FIELDS = fieldsOn('r', {
  roleName: 'text',
  roleAlias: 'text',
  systemType: 'text',
  deptId: 'id',
  status: 'smallint',
  sort: 'int',
  createTime: 'date',
});

export interface RoleRow {
  id: string;
  parentId: string;
  roleName: string;
  roleAlias: string;
  systemType: string;
  deptId: string | null;
  sort: number;
  status: number;
  version: number;
  createTime: Date;
  updateTime: Date;
  parentName: string | null;
  deptName: string | null;
  hasChildren: boolean;
}

/** What a role's form sets. */
type RoleValues = Pick<RoleRow, 'parentId' | 'roleName' | 'roleAlias' | 'systemType' | 'deptId' | 'sort'>;

const COLUMNS = [
  'r.id',
  'r.parentId',
  'r.roleName',
  'r.roleAlias',
  'r.systemType',
  'r.deptId',
  'r.sort',
  'r.status',
  'r.version',
  'r.createTime',
  'r.updateTime',
] as const;

const withColumns = (qb: SelectQueryBuilder<any, any, object>) =>
  qb
    .select(COLUMNS)
    .select(sql<string | null>`(select p.role_name from blade_role p where p.id = r.parent_id and p.is_deleted = 0)`.as('parentName'))
    .select(sql<string | null>`(select d.dept_name from blade_dept d where d.id = r.dept_id)`.as('deptName'))
    .select(sql<boolean>`exists(select 1 from blade_role c where c.parent_id = r.id and c.tenant_id = r.tenant_id and c.is_deleted = 0)`.as('hasChildren'));

/**
 * The roles an actor may see: live roles of the actor's tenant that are either tenant roles (no
 * org) or org roles (dept_id) whose org lies inside the actor's dept data scope.
 */
export function visibleRoles(db: Db, tenantId: string, scope: DataScope): SelectQueryBuilder<any, any, object> {
  return db
    .selectFrom('bladeRole as r')
    .where('r.tenantId', '=', tenantId)
    .where('r.isDeleted', '=', 0)
    .where((eb) => eb.or([eb('r.deptId', 'is', null), scopePredicate(eb, scope, { dept: 'r.deptId' })])) as unknown as SelectQueryBuilder<any, any, object>;
}

export interface RoleUserRow {
  id: string;
  account: string;
  realName: string | null;
  name: string | null;
  deptId: string;
  deptName: string | null;
  profileTag: string | null;
  status: number;
  createTime: Date;
}

const ROLE_USER_FIELDS = fieldsOn('u', { account: 'text', realName: 'text', deptId: 'id', status: 'smallint', profileTag: 'text', createTime: 'date' });

/** Text matched literally inside LIKE (its wildcards and the escape character escaped). */
const likeText = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export const roleRepo = {
  page(db: Db, tenantId: string, scope: DataScope, page: PageQuery, filters: Record<string, unknown>) {
    const base = visibleRoles(db, tenantId, scope).where((eb) => eb.and(filterExpressions(eb, filters, ROLE_FIELDS)));
    return paginate<RoleRow>(base, (qb) => withColumns(qb) as never, page, ROLE_FIELDS, [
      ['r.sort', 'asc'],
      ['r.id', 'asc'],
    ]);
  },

  /** Every visible role (trees), optionally of one system type, in display order. */
  all(
    db: Db,
    tenantId: string,
    scope: DataScope,
    filter: { systemType?: string; orgOf?: string | null; roleName?: string; roleAlias?: string } = {},
  ): Promise<RoleRow[]> {
    let q = withColumns(visibleRoles(db, tenantId, scope));
    if (filter.systemType) q = q.where('r.systemType', '=', filter.systemType);
    // BladeX's role/list: names and aliases containing the text (a literal match, LIKE's wildcards escaped).
    if (filter.roleName) q = q.where('r.roleName', 'ilike', `%${likeText(filter.roleName)}%`);
    if (filter.roleAlias) q = q.where('r.roleAlias', 'ilike', `%${likeText(filter.roleAlias)}%`);
    // orgOf: the tenant's roles plus those of one org; null: the tenant's roles only.
    if (filter.orgOf !== undefined)
      q = q.where((eb) => (filter.orgOf ? eb.or([eb('r.deptId', 'is', null), eb('r.deptId', '=', filter.orgOf)]) : eb('r.deptId', 'is', null)));
    return q.orderBy('r.sort').orderBy('r.id').execute() as Promise<RoleRow[]>;
  },

  findVisible(db: Db, tenantId: string, scope: DataScope, id: string): Promise<RoleRow | undefined> {
    return withColumns(visibleRoles(db, tenantId, scope))
      .where('r.id', '=', id)
      .executeTakeFirst() as Promise<RoleRow | undefined>;
  },

  manyVisible(db: Db, tenantId: string, scope: DataScope, ids: string[]): Promise<RoleRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return withColumns(visibleRoles(db, tenantId, scope))
      .where('r.id', 'in', ids)
      .execute() as Promise<RoleRow[]>;
  },

  /** A live org (dept) of the tenant inside the scope, by id or by union id. */
  findOrgInScope(db: Db, tenantId: string, scope: DataScope, by: { deptId?: string; unionId?: string }): Promise<{ id: string; deptName: string } | undefined> {
    let q = db
      .selectFrom('bladeDept as d')
      .select(['d.id', 'd.deptName'])
      .where('d.tenantId', '=', tenantId)
      .where('d.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }));
    q = by.deptId ? q.where('d.id', '=', by.deptId) : q.where('d.unionId', '=', by.unionId ?? '');
    return q.executeTakeFirst();
  },

  /** Locks the roles' rows until the transaction ends (grants and removal of one role run one at a time). */
  async lock(tx: Db, ids: string[]): Promise<void> {
    if (ids.length)
      await tx
        .selectFrom('bladeRole')
        .select('id')
        .where('id', 'in', [...ids].sort())
        .orderBy('id')
        .forUpdate()
        .execute();
  },

  /** id → parent id of every live role of the tenant (cycle checks). */
  async parents(db: Db, tenantId: string): Promise<Map<string, string>> {
    const rows = await db.selectFrom('bladeRole').select(['id', 'parentId']).where('tenantId', '=', tenantId).where('isDeleted', '=', 0).execute();
    return new Map(rows.map((r) => [String(r.id), String(r.parentId)]));
  },

  /** Per role among the ids: how many live users hold it. */
  async userCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = await db
      .selectFrom('bladeUserRole as ur')
      .innerJoin('bladeUser as u', 'u.id', 'ur.userId')
      .select(['ur.roleId', (eb) => eb.fn.countAll<string>().as('n')])
      .where('ur.roleId', 'in', ids)
      .where('u.isDeleted', '=', 0)
      .groupBy('ur.roleId')
      .execute();
    return new Map(rows.map((r) => [String(r.roleId), Number(r.n)]));
  },

  /** Live child roles of the given roles that are not themselves among them (first one, for the message). */
  firstOrphanedChild(db: Db, ids: string[]): Promise<{ parentId: string } | undefined> {
    return db
      .selectFrom('bladeRole')
      .select('parentId')
      .where('parentId', 'in', ids)
      .where('id', 'not in', ids)
      .where('isDeleted', '=', 0)
      .executeTakeFirst() as Promise<{ parentId: string } | undefined>;
  },

  async insert(db: Db, values: RoleValues & { tenantId: string; createUser: string; createDept: string }): Promise<string> {
    const r = await db
      .insertInto('bladeRole')
      .values({ ...values, updateUser: values.createUser })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(r.id);
  },

  updateAtVersion(db: Db, tenantId: string, id: string, version: number, values: RoleValues & { updateUser: string }): Promise<string | undefined> {
    return updateAtVersion(db, 'bladeRole', id, version, values, { tenantId });
  },

  async setStatus(db: Db, tenantId: string, ids: string[], status: 0 | 1, userId: string): Promise<number> {
    const r = await db
      .updateTable('bladeRole')
      .set({ status, updateUser: userId, updateTime: sql`now()`, version: sql`version + 1` })
      .where('id', 'in', ids)
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where('status', '<>', status)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  softDelete(db: Db, tenantId: string, ids: string[], userId: string): Promise<number> {
    return softDeleteByIds(db, 'bladeRole', ids, userId, { tenantId });
  },

  /** The users holding a role inside the user data scope, by org and order (at most `limit`). */
  users(db: Db, tenantId: string, userScope: DataScope, roleId: string, filters: Record<string, unknown>, limit: number): Promise<RoleUserRow[]> {
    return usersOf(db, tenantId, userScope, roleId, filters)
      .select(ROLE_USER_COLUMNS)
      .orderBy('u.deptId')
      .orderBy('u.seq')
      .orderBy('u.id')
      .limit(limit)
      .execute();
  },

  /** A page of the users holding a role inside the user data scope. */
  usersPage(db: Db, tenantId: string, userScope: DataScope, roleId: string, page: PageQuery, filters: Record<string, unknown>) {
    return paginate<RoleUserRow>(usersOf(db, tenantId, userScope, roleId, filters), (qb) => qb.select(ROLE_USER_COLUMNS) as never, page, ROLE_USER_FIELDS, [
      ['u.deptId', 'asc'],
      ['u.seq', 'asc'],
      ['u.id', 'asc'],
    ]);
  },
};

const ROLE_USER_COLUMNS = ['u.id', 'u.account', 'u.realName', 'u.name', 'u.deptId', 'd.deptName', 'u.profileTag', 'u.status', 'u.createTime'] as const;

function usersOf(db: Db, tenantId: string, userScope: DataScope, roleId: string, filters: Record<string, unknown>) {
  return db
    .selectFrom('bladeUserRole as ur')
    .innerJoin('bladeUser as u', 'u.id', 'ur.userId')
    .leftJoin('bladeDept as d', 'd.id', 'u.deptId')
    .where('ur.roleId', '=', roleId)
    .where('u.tenantId', '=', tenantId)
    .where('u.isDeleted', '=', 0)
    .where((eb) => eb.and([scopePredicate(eb, userScope, { dept: 'u.deptId', owner: 'u.createUser' }), ...filterExpressions(eb, filters, ROLE_USER_FIELDS)]));
}
