import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';

/** A live binding, as the screens and the sign-on read it. */
export interface WxBinding {
  id: string;
  tenantId: string;
  userId: string;
  openid: string;
  unionid: string | null;
  nickname: string | null;
  createTime: Date;
}

const bindingColumns = ['id', 'tenantId', 'userId', 'openid', 'unionid', 'nickname', 'createTime'] as const;

/** Where an attempt stands: 0 waiting, 1 done, 2 failed (migration 0029). */
export const STATE_STATUS = { waiting: 0, done: 1, failed: 2 } as const;

export type NewState =
  | { purpose: 'bind'; stateHash: string; tenantId: string; userId: string; expireTime: Date }
  | {
      purpose: 'login';
      stateHash: string;
      tenantId: string;
      clientId: string;
      redirectUri: string;
      entryCode: string;
      sysFlag: string;
      finish: 'portal' | 'client';
      expireTime: Date;
    };

const stateColumns = [
  'id',
  'purpose',
  'tenantId',
  'userId',
  'clientId',
  'redirectUri',
  'entryCode',
  'sysFlag',
  'finish',
  'status',
  'message',
  'nickname',
  'expireTime',
  'usedTime',
] as const;

/**
 * Bindings (blade_user_wx, with the accounts: the routed handle inside the tenant's scope) and the
 * QR trips' states (wx_auth_state, sign-on state: always the main database).
 */
export const userWxRepo = {
  /** The user's live binding. */
  findByUser(db: Db, tenantId: string, userId: string): Promise<WxBinding | undefined> {
    return db
      .selectFrom('bladeUserWx')
      .select(bindingColumns)
      .where('tenantId', '=', tenantId)
      .where('userId', '=', userId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
  },

  /** The live binding of a WeChat account (openid) in the tenant: whom it signs on. */
  findByOpenid(db: Db, tenantId: string, openid: string): Promise<WxBinding | undefined> {
    return db
      .selectFrom('bladeUserWx')
      .select(bindingColumns)
      .where('tenantId', '=', tenantId)
      .where('openid', '=', openid)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
  },

  /** Binds; the unique indexes refuse a second live binding of the user or of the openid (23505). */
  async insertBinding(db: Db, row: { tenantId: string; userId: string; openid: string; unionid: string | null; nickname: string | null }): Promise<string> {
    const r = await db.insertInto('bladeUserWx').values(row).returning('id').executeTakeFirstOrThrow();
    return String(r.id);
  },

  /** Removes the user's live binding; the number removed (0 or 1). */
  async removeByUser(db: Db, tenantId: string, userId: string): Promise<number> {
    const r = await db
      .updateTable('bladeUserWx')
      .set({ isDeleted: 1, updateTime: sql<Date>`now()` })
      .where('tenantId', '=', tenantId)
      .where('userId', '=', userId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  /** Removes one binding (that of a removed account, which must not hold the WeChat account forever). */
  async removeById(db: Db, id: string): Promise<void> {
    await db
      .updateTable('bladeUserWx')
      .set({ isDeleted: 1, updateTime: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  },

  /** Whether the account is still there (enabled or not): a removed account's binding no longer counts. */
  async userExists(db: Db, userId: string): Promise<boolean> {
    return Boolean(await db.selectFrom('bladeUser').select('id').where('id', '=', userId).where('isDeleted', '=', 0).executeTakeFirst());
  },

  /** Whether the account can still be bound or signed on: present and enabled in the tenant. */
  findLiveUser(db: Db, tenantId: string, userId: string) {
    return db
      .selectFrom('bladeUser')
      .select(['id', 'account', 'deptId'])
      .where('id', '=', userId)
      .where('tenantId', '=', tenantId)
      .where('status', '=', 1)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
  },

  async insertState(main: Db, row: NewState): Promise<string> {
    const r = await main.insertInto('wxAuthState').values(row).returning('id').executeTakeFirstOrThrow();
    return String(r.id);
  },

  /** States that ended a day ago or more go as new ones are made, so the table stays small without a timer. */
  async sweep(main: Db): Promise<void> {
    await main
      .deleteFrom('wxAuthState')
      .where('expireTime', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
  },

  /**
   * Spends a state: marks it used when it is of `purpose`, unused and unexpired, and returns it; null
   * otherwise (then `findState` tells why). Atomic, so a state works once however many callbacks race.
   */
  spendState(main: Db, stateHash: string, purpose: 'bind' | 'login') {
    return main
      .updateTable('wxAuthState')
      .set({ usedTime: sql<Date>`now()` })
      .where('stateHash', '=', stateHash)
      .where('purpose', '=', purpose)
      .where('usedTime', 'is', null)
      .where('expireTime', '>', sql<Date>`now()`)
      .returning(stateColumns)
      .executeTakeFirst();
  },

  findState(main: Db, stateHash: string, purpose: 'bind' | 'login') {
    return main.selectFrom('wxAuthState').select(stateColumns).where('stateHash', '=', stateHash).where('purpose', '=', purpose).executeTakeFirst();
  },

  /** The caller's own binding attempt (check/{id}); another user's is not found. */
  findOwnBindState(main: Db, id: string, tenantId: string, userId: string) {
    return main
      .selectFrom('wxAuthState')
      .select(stateColumns)
      .where('id', '=', id)
      .where('purpose', '=', 'bind')
      .where('tenantId', '=', tenantId)
      .where('userId', '=', userId)
      .executeTakeFirst();
  },

  /** Records how a spent state ended. */
  async settleState(main: Db, id: string, outcome: { status: number; message?: string | null; nickname?: string | null }): Promise<void> {
    await main
      .updateTable('wxAuthState')
      .set({ status: outcome.status, message: outcome.message?.slice(0, 200) ?? null, nickname: outcome.nickname ?? null })
      .where('id', '=', id)
      .execute();
  },
};

export type WxState = NonNullable<Awaited<ReturnType<typeof userWxRepo.findState>>>;
