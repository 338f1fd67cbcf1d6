import type { ColumnType } from 'kysely';

/** 个人中心: the verified first step of changing the bound phone (migration 0028). */
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;

export interface BladeUserMobileStepTable {
  userId: Id;
  tenantId: string;
  mobileHash: string;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  createTime: Time;
}

export interface MycenterDatabase {
  bladeUserMobileStep: BladeUserMobileStepTable;
}
