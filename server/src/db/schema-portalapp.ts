import type { ColumnType, Generated } from 'kysely';

/** 业务应用: registered applications and each user's openings (migration 0038). */
type NullableId = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type Small = ColumnType<number, number | undefined, number>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface AocBusinessAppTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  appName: string;
  appType: number;
  icon: Opt<string>;
  url: string;
  isOpen: Small;
  sort: Small;
  status: Small;
  remark: Opt<string>;
  version: Small;
  isDeleted: Small;
  createUser: NullableId;
  createDept: NullableId;
  createTime: Time;
  updateUser: NullableId;
  updateTime: Time;
}

export interface AocBusinessAppUsageTable {
  id: Generated<string>;
  tenantId: string;
  userId: Id;
  deptId: NullableId;
  appKey: string;
  openTime: Time;
}

/** 不再提醒 of the chamber-information reminder (migration 0042). */
export interface AocCocBigScreenViewTable {
  userId: Id;
  tenantId: string;
  viewStatus: Small;
  updateTime: Time;
}

/** 草稿文件: a draft document an org received from 全国工商联, its bytes a blade_attach row (migration 0046). */
export interface AocInfoContractDraftTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  deptId: Id;
  attachId: Id;
  title: string;
  remark: Opt<string>;
  isDeleted: Small;
  createUser: NullableId;
  createDept: NullableId;
  createTime: Time;
  updateUser: NullableId;
  updateTime: Time;
}

export interface PortalAppDatabase {
  aocBusinessApp: AocBusinessAppTable;
  aocBusinessAppUsage: AocBusinessAppUsageTable;
  aocCocBigScreenView: AocCocBigScreenViewTable;
  aocInfoContractDraft: AocInfoContractDraftTable;
}
