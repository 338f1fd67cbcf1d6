import type { ColumnType, Generated } from 'kysely';
import type { Id, Time } from './schema.js';

/** An account's WeChat binding (migration 0029); unbinding soft-deletes it. */
export interface UserWxTable {
  id: Generated<string>;
  tenantId: string;
  userId: Id;
  openid: string;
  unionid: string | null;
  nickname: string | null;
  createTime: Time;
  updateTime: Time;
  isDeleted: ColumnType<number, number | undefined, number>;
}

/** The one-time state of a trip through WeChat's QR page: a binding or a sign-on (migration 0029). */
export interface WxAuthStateTable {
  id: Generated<string>;
  stateHash: string;
  purpose: 'bind' | 'login';
  tenantId: string;
  userId: ColumnType<string | null, string | null | undefined, string | null>;
  clientId: string | null;
  redirectUri: string | null;
  entryCode: string | null;
  sysFlag: string | null;
  finish: 'portal' | 'client' | null;
  /** 0 waiting, 1 done, 2 failed. */
  status: ColumnType<number, number | undefined, number>;
  message: string | null;
  nickname: string | null;
  createTime: Time;
  expireTime: Date;
  usedTime: Date | null;
}

/** WeChat binding and sign-on (migration 0029). */
export interface WechatDatabase {
  bladeUserWx: UserWxTable;
  wxAuthState: WxAuthStateTable;
}
