import type { ColumnType, Generated } from 'kysely';

/** AI 对话: conversations and their messages (migration 0050). */
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type NullableId = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type Small = ColumnType<number, number | undefined, number>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface AiConversationTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  userId: Id;
  deptId: NullableId;
  title: string;
  isDeleted: Small;
  createTime: Time;
  updateTime: Time;
}

export interface AiMessageTable {
  id: Generated<string>;
  conversationId: Id;
  tenantId: ColumnType<string, string | undefined, string>;
  userId: Id;
  deptId: NullableId;
  role: 'user' | 'assistant';
  content: ColumnType<string, string | undefined, string>;
  status: Small;
  model: Opt<string>;
  error: Opt<string>;
  createTime: Time;
  updateTime: Time;
}

export interface AiDatabase {
  aiConversation: AiConversationTable;
  aiMessage: AiMessageTable;
}
