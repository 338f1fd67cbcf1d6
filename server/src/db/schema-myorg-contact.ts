import type { ColumnType, Generated } from 'kysely';

/** 我的组织's address books: a contact-only entry, a person in an org's book without an account (migration 0041). */
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type NullableId = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type Small = ColumnType<number, number | undefined, number>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface AocOrgContactTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  deptId: Id;
  profileTag: 'aoc' | 'coc';
  realName: string;
  sex: Opt<number>;
  postName: Opt<string>;
  phone: Opt<string>;
  email: Opt<string>;
  seq: Small;
  remark: Opt<string>;
  version: Small;
  isDeleted: Small;
  createUser: NullableId;
  createDept: NullableId;
  createTime: Time;
  updateUser: NullableId;
  updateTime: Time;
}

export interface MyorgContactDatabase {
  aocOrgContact: AocOrgContactTable;
}
