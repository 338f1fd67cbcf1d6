import type { ColumnType, Generated } from 'kysely';

/** 客服中心: the common questions and the suggestions box (migration 0034). */
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type NullableId = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Small = ColumnType<number, number | undefined, number>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface AocProblemBaseTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  question: string;
  answer: string;
  category: Opt<string>;
  sort: Small;
  version: Small;
  isDeleted: Small;
  createUser: NullableId;
  createDept: NullableId;
  createTime: Time;
  updateUser: NullableId;
  updateTime: Time;
}

export interface AocSuggestionTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  userId: Id;
  deptId: NullableId;
  content: string;
  contactInformation: Opt<string>;
  attachLink: Opt<string>;
  attachName: Opt<string>;
  status: Small;
  reply: Opt<string>;
  replyUser: NullableId;
  replyTime: NullableTime;
  isDeleted: Small;
  createTime: Time;
  updateTime: Time;
}

export interface SupportDatabase {
  aocProblemBase: AocProblemBaseTable;
  aocSuggestion: AocSuggestionTable;
}
