import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

export interface LoginUser {
  id: string;
  tenantId: string;
  account: string;
  passwordHash: string;
  realName: string | null;
  name: string | null;
  avatar: string | null;
  deptId: string;
  postId: string | null;
  profileTag: string | null;
  phone: string | null;
  email: string | null;
  status: number;
  loginFailCount: number;
  lockedUntil: Date | null;
}

const userColumns = [
  'u.id',
  'u.tenantId',
  'u.account',
  'u.passwordHash',
  'u.realName',
  'u.name',
  'u.avatar',
  'u.deptId',
  'u.postId',
  'u.profileTag',
  'u.phone',
  'u.email',
  'u.status',
  'u.loginFailCount',
  'u.lockedUntil',
] as const;

export const authRepo = {
  findUserByAccount(db: Db, tenantId: string, account: string): Promise<LoginUser | undefined> {
    return db
      .selectFrom('bladeUser as u')
      .select(userColumns)
      .where('u.tenantId', '=', tenantId)
      .where(sql`lower(u.account)`, '=', account.toLowerCase())
      .where('u.isDeleted', '=', 0)
      .executeTakeFirst();
  },

  findUserById(db: Db, id: string): Promise<LoginUser | undefined> {
    return db.selectFrom('bladeUser as u').select(userColumns).where('u.id', '=', id).where('u.isDeleted', '=', 0).executeTakeFirst();
  },

  /** The account when it is enabled and not deleted in `tenantId` (a sign-on session's user). */
  findEnabledUser(db: Db, id: string, tenantId: string) {
    return db
      .selectFrom('bladeUser')
      .select('id')
      .where('id', '=', id)
      .where('tenantId', '=', tenantId)
      .where('status', '=', 1)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
  },

  /** Counts one failure atomically; the fifth locks the account and starts the count again. */
  async recordFailure(db: Db, userId: string, maxFailures: number, lockMinutes: number) {
    const r = await sql<{ loginFailCount: number; lockedUntil: Date | null }>`
      update blade_user set
        locked_until = case when login_fail_count + 1 >= ${maxFailures} then now() + make_interval(mins => ${lockMinutes}) else locked_until end,
        login_fail_count = case when login_fail_count + 1 >= ${maxFailures} then 0 else login_fail_count + 1 end
      where id = ${userId}
      returning login_fail_count, locked_until`.execute(db);
    return r.rows[0];
  },

  /** Replaces an older password hash by the current form (only if nobody changed it meanwhile). */
  async upgradePasswordHash(db: Db, userId: string, oldHash: string, newHash: string) {
    await db.updateTable('bladeUser').set({ passwordHash: newHash }).where('id', '=', userId).where('passwordHash', '=', oldHash).execute();
  },

  async clearFailures(db: Db, userId: string) {
    await db.updateTable('bladeUser').set({ loginFailCount: 0, lockedUntil: null }).where('id', '=', userId).execute();
  },

  /** The user's enabled roles (ids and names), in a stable order. */
  rolesOf(db: Db, userId: string) {
    return db
      .selectFrom('bladeUserRole as ur')
      .innerJoin('bladeRole as r', 'r.id', 'ur.roleId')
      .select(['r.id', 'r.roleName', 'r.roleAlias'])
      .where('ur.userId', '=', userId)
      .where('r.status', '=', 1)
      .where('r.isDeleted', '=', 0)
      .orderBy('r.sort')
      .orderBy('r.id')
      .execute();
  },

  deptOf(db: Db, deptId: string) {
    return db
      .selectFrom('bladeDept as d')
      .leftJoin('bladeDept as p', 'p.id', 'd.parentId')
      .select(['d.id', 'd.deptName', 'd.fullName', 'd.deptCategory', 'd.unionId', 'd.regionLevel', 'd.idPath', 'p.deptName as parentName'])
      .where('d.id', '=', deptId)
      .executeTakeFirst();
  },

  loginLog(
    db: Db,
    row: {
      tenantId: string | null;
      userId: string | null;
      account: string | null;
      deptId: string | null;
      loginType: string;
      success: boolean;
      message: string | null;
      remoteIp: string;
      userAgent: string;
    },
  ) {
    return db
      .insertInto('bladeUserLoginLog')
      .values({ ...row, account: row.account?.slice(0, 45) ?? null, success: row.success ? 1 : 0, userAgent: row.userAgent.slice(0, 1000) })
      .execute();
  },
};
