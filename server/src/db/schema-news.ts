import type { ColumnType, Generated } from 'kysely';

/** 新闻 › 舆情监测: feeds, keywords, items, their mentions and each user's last visit (migration 0039). */
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type NullableId = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Small = ColumnType<number, number | undefined, number>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface NewsSourceTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  name: string;
  url: string;
  enabled: Small;
  matchOnly: Small;
  intervalMinutes: Small;
  etag: Opt<string>;
  lastModified: Opt<string>;
  lastFetchTime: NullableTime;
  lastSuccessTime: NullableTime;
  lastStatus: ColumnType<string, string | undefined, string>;
  lastHttpStatus: Opt<number>;
  lastError: Opt<string>;
  consecutiveFailures: Small;
  nextFetchTime: NullableTime;
  itemCount: Small;
  jobId: NullableId;
  version: Small;
  isDeleted: Small;
  createUser: NullableId;
  createDept: NullableId;
  createTime: Time;
  updateUser: NullableId;
  updateTime: Time;
}

export interface NewsKeywordTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  keyword: string;
  createUser: NullableId;
  createTime: Time;
}

export interface NewsItemTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  sourceId: NullableId;
  guid: Opt<string>;
  link: Opt<string>;
  title: string;
  titleKey: string;
  summary: Opt<string>;
  content: Opt<string>;
  author: Opt<string>;
  sourceName: Opt<string>;
  infoTime: Time;
  keywords: Opt<string>;
  isManual: Small;
  isDeleted: Small;
  createUser: NullableId;
  createDept: NullableId;
  createTime: Time;
}

export interface NewsMentionTable {
  itemId: Id;
  kind: string;
  refId: Id;
  deptId: Id;
  name: string;
}

export interface NewsVisitTable {
  userId: Id;
  tenantId: ColumnType<string, string | undefined, string>;
  visitTime: Time;
}

export interface NewsDatabase {
  aocNewsSource: NewsSourceTable;
  aocNewsKeyword: NewsKeywordTable;
  aocNewsItem: NewsItemTable;
  aocNewsMention: NewsMentionTable;
  aocNewsVisit: NewsVisitTable;
}
