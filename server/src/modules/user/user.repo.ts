import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { deptUnderPath, scopePredicate, scopedTable, type DataScope } from '../../platform/access/scope.js';
import { fieldsOn } from '../../platform/db/fields.js';
import { filterExpressions, paginate, applySort } from '../../platform/http/paging.js';

/** Filters and sort fields of the user list (and the export, which takes the same filters). */
export const USER_FIELDS = fieldsOn('u', {
  account: 'text',
  realName: 'text',
  name: 'text',
  phone: 'text',
  email: 'text',
  code: 'text',
  status: 'smallint',
  profileTag: 'text',
  isAddressBook: 'smallint',
  deptName: ['d.deptName', 'text'],
  seq: 'int',
  createTime: 'date',
  updateTime: 'date',
});

export interface UserRow {
  id: string;
  tenantId: string;
  account: string;
  name: string | null;
  realName: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  sex: number | null;
  code: string | null;
  deptId: string;
  deptName: string | null;
  postId: string | null;
  profileTag: string | null;
  seq: number;
  isAddressBook: number;
  status: number;
  lockedUntil: Date | null;
  passwordResetRequired: number;
  version: number;
  createTime: Date;
  updateTime: Date;
  roleIds: string | null;
  roleNames: string | null;
  /** BladeX's tenantName beside the tenant id (the tenant's own row; a bound tenant's database keeps a copy). */
  tenantName?: string | null;
}

/** What a write needs to know about its target. */
export interface TargetRow {
  id: string;
  account: string;
  realName: string | null;
  phone: string | null;
  status: number;
  deptId: string;
  profileTag: string | null;
  version: number;
  roleIds: string | null;
  roleAliases: string | null;
}

export interface RoleRow {
  id: string;
  roleName: string;
  roleAlias: string;
  deptId: string | null;
}

export interface DeptRow {
  id: string;
  deptName: string;
  fullName: string | null;
  deptCategory: number;
  idPath: string;
}

/** Users belong to their dept; "own records" are the accounts one created. Data-scope resource 'user'. */
export const USER_RESOURCE = 'user';
export const USER_TABLE = scopedTable({
  resource: USER_RESOURCE,
  table: 'blade_user',
  alias: 'u',
  deptColumn: 'dept_id',
  ownerColumn: 'create_user',
  where: 'is_deleted = 0',
});

const SCOPE_COLUMNS = USER_TABLE.columns;

/** Tenant, not deleted, inside the actor's data scope: ANDed into every read and write of users. */
const visible = (eb: ExpressionBuilder<any, any>, scope: DataScope): Expression<SqlBool> =>
  eb.and([eb('u.tenantId', '=', scope.actor.tenantId), eb('u.isDeleted', '=', 0), scopePredicate(eb, scope, SCOPE_COLUMNS)]);

const USER_COLUMNS = [
  'u.id',
  'u.tenantId',
  'u.account',
  'u.name',
  'u.realName',
  'u.avatar',
  'u.email',
  'u.phone',
  'u.sex',
  'u.code',
  'u.deptId',
  'd.deptName',
  'u.postId',
  'u.profileTag',
  'u.seq',
  'u.isAddressBook',
  'u.status',
  'u.lockedUntil',
  'u.passwordResetRequired',
  'u.version',
  'u.createTime',
  'u.updateTime',
] as const;

function selectUser(qb: any) {
  return qb
    .select(USER_COLUMNS)
    .select(sql<string | null>`to_char(u.birthday, 'YYYY-MM-DD')`.as('birthday'))
    .select(
      sql<
        string | null
      >`(select string_agg(r.id::text, ',' order by r.sort, r.id) from blade_user_role ur join blade_role r on r.id = ur.role_id where ur.user_id = u.id and r.is_deleted = 0)`.as(
        'roleIds',
      ),
    )
    .select(
      sql<
        string | null
      >`(select string_agg(r.role_name, ',' order by r.sort, r.id) from blade_user_role ur join blade_role r on r.id = ur.role_id where ur.user_id = u.id and r.is_deleted = 0)`.as(
        'roleNames',
      ),
    )
    .select(sql<string | null>`(select t.tenant_name from blade_tenant t where t.tenant_id = u.tenant_id and t.is_deleted = 0 limit 1)`.as('tenantName'));
}

export interface UserFilter {
  filters: Record<string, unknown>;
  /** "That dept and below" (the dept's id path); null when the named dept does not exist. */
  deptPath?: string | null;
}

function listQuery(db: Db, scope: DataScope, f: UserFilter) {
  let q = db
    .selectFrom('bladeUser as u')
    .leftJoin('bladeDept as d', 'd.id', 'u.deptId')
    .where((eb) => eb.and([visible(eb, scope), ...filterExpressions(eb, f.filters, USER_FIELDS)]));
  if (f.deptPath === null) q = q.where(sql<SqlBool>`false`);
  else if (f.deptPath !== undefined) {
    const path = f.deptPath;
    q = q.where((eb) => deptUnderPath(eb, 'u.deptId', path));
  }
  return q;
}

const DEFAULT_ORDER: Array<[string, 'asc' | 'desc']> = [
  ['u.seq', 'asc'],
  ['u.id', 'asc'],
];

/** A new account's columns (its password already hashed). */
type NewUser = {
  tenantId: string;
  account: string;
  passwordHash: string;
  realName: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  avatar: string | null;
  sex: number | null;
  birthday: string | null;
  code: string | null;
  deptId: string;
  postId: string | null;
  profileTag: string | null;
  seq: number;
  isAddressBook: number;
  passwordResetRequired: number;
  createUser: string;
  createDept: string;
};

export const userRepo = {
  page(db: Db, scope: DataScope, page: PageQuery, f: UserFilter) {
    return paginate<UserRow>(listQuery(db, scope, f), (qb) => selectUser(qb), page, USER_FIELDS, DEFAULT_ORDER);
  },

  async count(db: Db, scope: DataScope, f: UserFilter): Promise<number> {
    const r = (await listQuery(db, scope, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()) as { n: string };
    return Number(r.n);
  },

  /** One chunk of the export, in the list's order. */
  chunk(db: Db, scope: DataScope, f: UserFilter, sort: Pick<PageQuery, 'ascs' | 'descs'>, offset: number, limit: number): Promise<UserRow[]> {
    return applySort(selectUser(listQuery(db, scope, f)), sort, USER_FIELDS, DEFAULT_ORDER)
      .limit(limit)
      .offset(offset)
      .execute();
  },

  findById(db: Db, scope: DataScope, id: string): Promise<UserRow | undefined> {
    return selectUser(
      db
        .selectFrom('bladeUser as u')
        .leftJoin('bladeDept as d', 'd.id', 'u.deptId')
        .where((eb) => visible(eb, scope))
        .where('u.id', '=', id),
    ).executeTakeFirst();
  },

  /** The actor's own row (info): no scope, the token already names the user. */
  findSelf(db: Db, tenantId: string, id: string): Promise<UserRow | undefined> {
    return selectUser(
      db
        .selectFrom('bladeUser as u')
        .leftJoin('bladeDept as d', 'd.id', 'u.deptId')
        .where('u.tenantId', '=', tenantId)
        .where('u.isDeleted', '=', 0)
        .where('u.id', '=', id),
    ).executeTakeFirst();
  },

  /** The targets of a write that are in scope, locked until the transaction ends. */
  lockTargets(tx: Db, scope: DataScope, ids: string[]): Promise<TargetRow[]> {
    return tx
      .selectFrom('bladeUser as u')
      .select(['u.id', 'u.account', 'u.realName', 'u.phone', 'u.status', 'u.deptId', 'u.profileTag', 'u.version'])
      .select(
        sql<
          string | null
        >`(select string_agg(r.id::text, ',' order by r.id) from blade_user_role ur join blade_role r on r.id = ur.role_id where ur.user_id = u.id and r.is_deleted = 0)`.as(
          'roleIds',
        ),
      )
      .select(
        sql<
          string | null
        >`(select string_agg(r.role_alias, ',') from blade_user_role ur join blade_role r on r.id = ur.role_id where ur.user_id = u.id and r.is_deleted = 0)`.as(
          'roleAliases',
        ),
      )
      .where((eb) => visible(eb, scope))
      .where('u.id', 'in', ids)
      .forUpdate('u')
      .execute() as Promise<TargetRow[]>;
  },

  passwordHashOf(db: Db, tenantId: string, id: string): Promise<{ passwordHash: string } | undefined> {
    return db
      .selectFrom('bladeUser')
      .select('passwordHash')
      .where('id', '=', id)
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
  },

  insert(tx: Db, values: NewUser): Promise<{ id: string }> {
    return tx
      .insertInto('bladeUser')
      .values({ ...values, birthday: values.birthday as unknown as Date | null, updateUser: values.createUser })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  /** Imported accounts in one statement (the caller batches them); their ids in the rows' order. */
  insertMany(tx: Db, rows: Array<Omit<NewUser, 'avatar' | 'birthday' | 'code' | 'postId' | 'isAddressBook'>>): Promise<Array<{ id: string }>> {
    return tx
      .insertInto('bladeUser')
      .values(rows.map((r) => ({ ...r, updateUser: r.createUser })))
      .returning('id')
      .execute();
  },

  /** Updates one user at the version read; undefined when stale or gone. */
  updateAtVersion(tx: Db, scope: DataScope, id: string, version: number, values: Record<string, unknown>, userId: string) {
    return tx
      .updateTable('bladeUser as u')
      .set({ ...values, updateUser: userId, version: sql`u.version + 1`, updateTime: sql`now()` } as never)
      .where((eb) => visible(eb, scope))
      .where('u.id', '=', id)
      .where('u.version', '=', version)
      .returning('u.id')
      .executeTakeFirst();
  },

  /** The same change on every target (status, lockout, address book, password …); returns how many changed. */
  async updateMany(tx: Db, scope: DataScope, ids: string[], values: Record<string, unknown>, userId: string): Promise<number> {
    const r = await tx
      .updateTable('bladeUser as u')
      .set({ ...values, updateUser: userId, version: sql`u.version + 1`, updateTime: sql`now()` } as never)
      .where((eb) => visible(eb, scope))
      .where('u.id', 'in', ids)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  /** The own-account password change (no scope: the token names the user). */
  async setOwnPassword(tx: Db, tenantId: string, id: string, passwordHash: string): Promise<void> {
    await tx
      .updateTable('bladeUser')
      .set({ passwordHash, passwordResetRequired: 0, updateUser: id, version: sql`version + 1`, updateTime: sql`now()` })
      .where('id', '=', id)
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .execute();
  },

  async replaceRoles(tx: Db, userIds: string[], roleIds: string[]): Promise<void> {
    await tx.deleteFrom('bladeUserRole').where('userId', 'in', userIds).execute();
    const rows = userIds.flatMap((userId) => roleIds.map((roleId) => ({ userId, roleId })));
    if (rows.length) await tx.insertInto('bladeUserRole').values(rows).execute();
  },

  async insertRoles(tx: Db, rows: Array<{ userId: string; roleId: string }>): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000)
      await tx
        .insertInto('bladeUserRole')
        .values(rows.slice(i, i + 1000))
        .execute();
  },

  /** Whether the account (case-insensitive) is taken in the tenant, optionally by someone else. */
  async accountTaken(db: Db, tenantId: string, account: string, exceptId?: string): Promise<boolean> {
    let q = db
      .selectFrom('bladeUser')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where(sql`lower(account)`, '=', account.toLowerCase());
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  },

  /** Of the given lower-cased accounts, those already taken in the tenant. */
  async takenAccounts(db: Db, tenantId: string, lowered: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < lowered.length; i += 1000) {
      const rows = await db
        .selectFrom('bladeUser')
        .select(sql<string>`lower(account)`.as('a'))
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .where(sql`lower(account)`, 'in', lowered.slice(i, i + 1000))
        .execute();
      for (const r of rows) out.add(r.a);
    }
    return out;
  },

  /** The dept if it is the tenant's, live and inside the scope. */
  deptInScope(db: Db, scope: DataScope, deptId: string): Promise<DeptRow | undefined> {
    return db
      .selectFrom('bladeDept as d')
      .select(['d.id', 'd.deptName', 'd.fullName', 'd.deptCategory', 'd.idPath'])
      .where('d.id', '=', deptId)
      .where('d.tenantId', '=', scope.actor.tenantId)
      .where('d.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
      .executeTakeFirst();
  },

  /** The tenant's live dept (list filter "that dept and below"; the scope is applied to the users). */
  deptPath(db: Db, tenantId: string, deptId: string): Promise<{ idPath: string } | undefined> {
    return db.selectFrom('bladeDept').select('idPath').where('id', '=', deptId).where('tenantId', '=', tenantId).where('isDeleted', '=', 0).executeTakeFirst();
  },

  deptsInScope(db: Db, scope: DataScope): Promise<DeptRow[]> {
    return db
      .selectFrom('bladeDept as d')
      .select(['d.id', 'd.deptName', 'd.fullName', 'd.deptCategory', 'd.idPath'])
      .where('d.tenantId', '=', scope.actor.tenantId)
      .where('d.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
      .execute();
  },

  /** The tenant's live roles. */
  roles(db: Db, tenantId: string, ids?: string[]): Promise<RoleRow[]> {
    let q = db.selectFrom('bladeRole').select(['id', 'roleName', 'roleAlias', 'deptId']).where('tenantId', '=', tenantId).where('isDeleted', '=', 0);
    if (ids) q = q.where('id', 'in', ids.length ? ids : ['0']);
    return q.orderBy('sort').orderBy('id').execute();
  },
};

/** Whether a user holding `link` as avatar is the actor or lies inside the actor's user scope (the avatar's readers). */
export async function avatarHolderVisible(db: Db, scope: DataScope, link: string, canList: boolean): Promise<boolean> {
  const row = await db
    .selectFrom('bladeUser as u')
    .select('u.id')
    .where('u.avatar', '=', link)
    .where((eb) =>
      canList ? eb.or([eb('u.id', '=', scope.actor.userId), visible(eb, scope)]) : eb.and([eb('u.id', '=', scope.actor.userId), eb('u.isDeleted', '=', 0)]),
    )
    .executeTakeFirst();
  return !!row;
}
