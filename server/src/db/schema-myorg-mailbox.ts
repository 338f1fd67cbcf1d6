import type { ColumnType, Generated } from 'kysely';

/** 我的组织 › 邮箱配置: an org's own sender mailbox, its password encrypted (migration 0032). */
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type NullableId = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type Small = ColumnType<number, number | undefined, number>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface AocOrgMailboxTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  deptId: Id;
  host: string;
  port: number;
  security: 'ssl' | 'starttls' | 'none';
  account: string;
  passwordEnc: Opt<string>;
  displayName: Opt<string>;
  status: Small;
  testTime: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  testOk: Opt<number>;
  testMessage: Opt<string>;
  version: Small;
  isDeleted: Small;
  createUser: NullableId;
  createDept: NullableId;
  createTime: Time;
  updateUser: NullableId;
  updateTime: Time;
}

export interface MyorgMailboxDatabase {
  aocOrgMailbox: AocOrgMailboxTable;
}
