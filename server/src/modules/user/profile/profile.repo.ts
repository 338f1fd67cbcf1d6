import { sql } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { updateAtVersion } from '../../../platform/db/versioned.js';
import { filterExpressions, paginate } from '../../../platform/http/paging.js';
import { selectLoginRow } from '../user-login-log.repo.js';

/** The own profile as 个人中心 shows it: the account, its org's name and its post's name. */
export interface MyProfileRow {
  id: string;
  account: string;
  realName: string | null;
  name: string | null;
  sex: number | null;
  phone: string | null;
  email: string | null;
  avatar: string | null;
  deptId: string;
  deptName: string | null;
  postName: string | null;
  roleNames: string | null;
  version: number;
  updateTime: Date;
}

/** Filters of the own sign-on history (登录信息). */
export const MY_LOGIN_FIELDS = fieldsOn('l', { success: 'smallint', createTime: 'date' });

/**
 * The caller's own account. Every statement names the account by the token's user id and tenant, so
 * no other account can be read or written through these calls (they carry no id of their own).
 */
export const profileRepo = {
  findOwn(db: Db, tenantId: string, userId: string): Promise<MyProfileRow | undefined> {
    return db
      .selectFrom('bladeUser as u')
      .leftJoin('bladeDept as d', 'd.id', 'u.deptId')
      .leftJoin('bladePost as p', (j) => j.onRef('p.id', '=', 'u.postId').on('p.isDeleted', '=', 0))
      .select([
        'u.id',
        'u.account',
        'u.realName',
        'u.name',
        'u.sex',
        'u.phone',
        'u.email',
        'u.avatar',
        'u.deptId',
        'd.deptName',
        'p.postName',
        'u.version',
        'u.updateTime',
      ])
      .select(
        sql<
          string | null
        >`(select string_agg(r.role_name, ',' order by r.sort, r.id) from blade_user_role ur join blade_role r on r.id = ur.role_id where ur.user_id = u.id and r.is_deleted = 0)`.as(
          'roleNames',
        ),
      )
      .where('u.id', '=', userId)
      .where('u.tenantId', '=', tenantId)
      .where('u.isDeleted', '=', 0)
      .executeTakeFirst() as Promise<MyProfileRow | undefined>;
  },

  /** The own row locked for a change of its phone: the number bound now. */
  lockOwn(tx: Db, tenantId: string, userId: string): Promise<{ phone: string | null } | undefined> {
    return tx
      .selectFrom('bladeUser')
      .select('phone')
      .where('id', '=', userId)
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .forUpdate()
      .executeTakeFirst();
  },

  /** The profile fields given, at the version read; undefined when stale. */
  updateOwn(tx: Db, tenantId: string, userId: string, version: number, values: Record<string, unknown>): Promise<string | undefined> {
    return updateAtVersion(tx, 'bladeUser', userId, version, { ...values, updateUser: userId }, { tenantId });
  },

  async setPhone(tx: Db, tenantId: string, userId: string, phone: string): Promise<void> {
    await tx
      .updateTable('bladeUser')
      .set({ phone, updateUser: userId, version: sql`version + 1`, updateTime: sql`now()` })
      .where('id', '=', userId)
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .execute();
  },

  /** Whether the file is an avatar the user uploaded (put-file-attach?category=avatar) and still there. */
  async ownAvatarUpload(db: Db, tenantId: string, userId: string, publicId: string): Promise<boolean> {
    const row = await db
      .selectFrom('bladeAttach')
      .select('id')
      .where('publicId', '=', publicId)
      .where('tenantId', '=', tenantId)
      .where('createUser', '=', userId)
      .where('category', '=', 'avatar')
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    return !!row;
  },

  /** Whether another live account of the tenant has this phone. */
  async phoneTaken(db: Db, tenantId: string, phone: string, exceptUserId: string): Promise<boolean> {
    const row = await db
      .selectFrom('bladeUser')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where('phone', '=', phone)
      .where('id', '<>', exceptUserId)
      .executeTakeFirst();
    return !!row;
  },

  /** A transaction lock on one number of a tenant, so two accounts cannot bind it at once. */
  async lockPhone(tx: Db, tenantId: string, phoneHash: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`user-phone:${tenantId}:${phoneHash}`}))`.execute(tx);
  },

  /** Remembers that the user verified the number bound now (更换手机号, step 1) for `seconds`. */
  async rememberStep(tx: Db, row: { userId: string; tenantId: string; mobileHash: string; seconds: number }): Promise<void> {
    const values = {
      tenantId: row.tenantId,
      mobileHash: row.mobileHash,
      expiresAt: sql<Date>`now() + make_interval(secs => ${row.seconds})`,
      createTime: sql<Date>`now()`,
    };
    await tx
      .insertInto('bladeUserMobileStep')
      .values({ userId: row.userId, ...values })
      .onConflict((oc) => oc.column('userId').doUpdateSet(values))
      .execute();
  },

  /** The user's verified step, locked, and whether its time is up. */
  step(tx: Db, tenantId: string, userId: string): Promise<{ mobileHash: string; expired: boolean } | undefined> {
    return tx
      .selectFrom('bladeUserMobileStep')
      .select(['mobileHash', sql<boolean>`expires_at <= now()`.as('expired')])
      .where('userId', '=', userId)
      .where('tenantId', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
  },

  async dropStep(tx: Db, userId: string): Promise<void> {
    await tx.deleteFrom('bladeUserMobileStep').where('userId', '=', userId).execute();
  },

  /** The user's own sign-on history, newest first (index idx_login_log_user). */
  loginPage(db: Db, tenantId: string, userId: string, page: PageQuery, filters: Record<string, unknown>) {
    const base = db
      .selectFrom('bladeUserLoginLog as l')
      .leftJoin('bladeDept as d', 'd.id', 'l.deptId')
      .leftJoin('bladeUser as u', 'u.id', 'l.userId')
      .where('l.userId', '=', userId)
      .where('l.tenantId', '=', tenantId)
      .where((eb) => eb.and(filterExpressions(eb, filters, MY_LOGIN_FIELDS)));
    return paginate(base, selectLoginRow, page, MY_LOGIN_FIELDS, [
      ['l.createTime', 'desc'],
      ['l.id', 'desc'],
    ]);
  },
};
