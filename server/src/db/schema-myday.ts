import type { ColumnType, Generated } from 'kysely';

/** 我的一天: the notepad, one user's own notes (migration 0027). */
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type NullableId = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type Small = ColumnType<number, number | undefined, number>;

export interface AocNotepadTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  userId: Id;
  content: string;
  /** A date column; read as text (yyyy-MM-dd) by the repo. */
  remindDate: ColumnType<string | null, string | null | undefined, string | null>;
  version: Small;
  isDeleted: Small;
  createUser: NullableId;
  createDept: NullableId;
  createTime: Time;
  updateUser: NullableId;
  updateTime: Time;
}

export interface MydayDatabase {
  aocNotepad: AocNotepadTable;
}
