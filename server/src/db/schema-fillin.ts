import type { ColumnType, Generated } from 'kysely';

/** 填报: form templates, terms, committee members and representatives, the supplement, rounds (migration 0040). */
type NullableId = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Small = ColumnType<number, number | undefined, number>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Tenant = ColumnType<string, string | undefined, string>;

export interface AocFormTemplateTable {
  id: Generated<string>;
  tenantId: Tenant;
  templateKey: string;
  menuCode: string;
  name: string;
  version: number;
  fields: string;
  createUser: NullableId;
  createTime: Time;
}

export interface AocFillPeriodTable {
  id: Generated<string>;
  tenantId: Tenant;
  deptId: Id;
  period: number;
  finishDate: string;
  version: Small;
  isDeleted: Small;
  createUser: NullableId;
  createTime: Time;
  updateUser: NullableId;
  updateTime: Time;
}

export interface AocCollectPersonTable {
  id: Generated<string>;
  tenantId: Tenant;
  deptId: Id;
  period: number;
  name: string;
  category: number;
  certNoEnc: string;
  certNoHash: string;
  mobileEnc: Opt<string>;
  mobileHash: Opt<string>;
  data: ColumnType<string, string | undefined, string>;
  templateId: Id;
  templateVersion: number;
  version: Small;
  isDeleted: Small;
  createUser: NullableId;
  createTime: Time;
  updateUser: NullableId;
  updateTime: Time;
}

export interface AocAssociationSupplementTable {
  id: Generated<string>;
  tenantId: Tenant;
  deptId: Id;
  year: number;
  data: ColumnType<string, string | undefined, string>;
  templateId: Id;
  templateVersion: number;
  status: Small;
  returnComment: Opt<string>;
  submitTime: NullableTime;
  version: Small;
  isDeleted: Small;
  createUser: NullableId;
  createTime: Time;
  updateUser: NullableId;
  updateTime: Time;
}

export interface AocFillRoundTable {
  id: Generated<string>;
  tenantId: Tenant;
  deptId: Id;
  kind: string;
  period: number;
  status: Small;
  counts: ColumnType<string, string | undefined, string>;
  submitUser: NullableId;
  submitTime: Time;
  returnUser: NullableId;
  returnTime: NullableTime;
  returnComment: Opt<string>;
}

export interface FillinDatabase {
  aocFormTemplate: AocFormTemplateTable;
  aocFillPeriod: AocFillPeriodTable;
  aocCollectPerson: AocCollectPersonTable;
  aocAssociationSupplement: AocAssociationSupplementTable;
  aocFillRound: AocFillRoundTable;
}
