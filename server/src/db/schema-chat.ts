import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** 直通车 chat: messages and each user's conversations (migration 0026). */
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type NullableId = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface ChatMessageTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  fromUserId: Id;
  toUserId: Id;
  /** The conversation: its two participants, the smaller id first (generated). */
  userLo: GeneratedAlways<string>;
  userHi: GeneratedAlways<string>;
  content: string;
  createTime: Time;
  readTime: Opt<Date | string>;
}

export interface ChatContactTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  userId: Id;
  recipientId: Id;
  type: 'inside' | 'fic' | 'coc' | 'mem';
  lastMessageId: NullableId;
  activeTime: Time;
  createTime: Time;
}

export interface ChatDatabase {
  chatMessage: ChatMessageTable;
  chatContact: ChatContactTable;
}
