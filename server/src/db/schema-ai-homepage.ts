import type { ColumnType, Generated } from 'kysely';
import type { ResumeLine } from '@gsl/contract';

/** AI 主页: one page per org (migration 0054). */
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type NullableId = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type OptTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface AiHomepageTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  deptId: Id;
  lines: Json<ResumeLine[]>;
  publishedLines: ColumnType<ResumeLine[] | null, string | null | undefined, string | null>;
  published: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  method: ColumnType<'template' | 'model', 'template' | 'model' | undefined, 'template' | 'model'>;
  model: string;
  generatedAt: Time;
  publishUser: NullableId;
  publishUserName: ColumnType<string | null, string | null | undefined, string | null>;
  publishTime: OptTime;
  createUser: NullableId;
  updateUser: NullableId;
  createTime: Time;
  updateTime: Time;
}

export interface AiHomepageDatabase {
  aiHomepage: AiHomepageTable;
}
