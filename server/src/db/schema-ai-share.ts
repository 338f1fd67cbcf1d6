import type { ColumnType, Generated } from 'kysely';

/** 分享链接 of a published AI 简历 (migration 0056). */
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type OptTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface AiShareTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  kind: 'enterprise' | 'group' | 'person' | 'coc';
  targetId: Id;
  subjectName: string;
  codeHash: string;
  createdBy: Id;
  createTime: Time;
  expireTime: Time;
  revokedTime: OptTime;
  views: ColumnType<number, number | undefined, number>;
}

export interface AiShareDatabase {
  aiShare: AiShareTable;
}
