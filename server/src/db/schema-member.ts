import type { ColumnType, Generated } from 'kysely';

/** Members, representatives, their per-org counts and the change history (migrations 0011, 0012, 0014). */
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type NullableId = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type Flag = ColumnType<number, number | undefined, number>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A `date` column: written as 'yyyy-MM-dd', read through to_char in the repos. */
type Day = ColumnType<string | null, string | null | undefined, string | null>;

/** The columns the three member tables share (a query over a kind chosen at run time is typed by them: member.repo.ts). */
export interface MemberCommon {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  deptId: Id;
  name: string;
  regionCode: Opt<string>;
  joinDate: Day;
  memberLevel: Opt<number>;
  status: Flag;
  remark: Opt<string>;
  version: Flag;
  isDeleted: Flag;
  createUser: NullableId;
  createDept: NullableId;
  createTime: Time;
  updateUser: NullableId;
  updateTime: Time;
}

export interface MemberEnterpriseTable extends MemberCommon {
  creditCode: string;
  legalPerson: Opt<string>;
  industry: Opt<string>;
  scale: Opt<number>;
  address: Opt<string>;
  contactName: Opt<string>;
  contactPhoneEnc: Opt<string>;
  contactPhoneHash: Opt<string>;
  memberType: Opt<number>;
}

export interface MemberGroupTable extends MemberCommon {
  creditCode: Opt<string>;
  groupType: Flag;
  orgDeptId: NullableId;
  legalPerson: Opt<string>;
  address: Opt<string>;
  contactName: Opt<string>;
  contactPhoneEnc: Opt<string>;
  contactPhoneHash: Opt<string>;
  memberCount: Opt<number>;
}

export interface MemberPersonTable extends MemberCommon {
  certType: Flag;
  certNoEnc: string;
  certNoHash: string;
  gender: Opt<number>;
  birthDate: Day;
  nationality: Opt<string>;
  nativePlace: Opt<string>;
  politics: Opt<number>;
  education: Opt<number>;
  phoneEnc: Opt<string>;
  phoneHash: Opt<string>;
  company: Opt<string>;
  post: Opt<string>;
}

/** Live members per org and kind, kept by statement triggers (migration 0014); member-count sums them. */
export interface MemberDeptCountTable {
  tenantId: string;
  deptId: Id;
  kind: 'enterprise' | 'group' | 'person';
  /** bigint: read as text. */
  n: ColumnType<string, number | undefined, number>;
}

export interface MemberRepresentativeTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  memberKind: 'enterprise' | 'group';
  memberId: Id;
  deptId: Id;
  personId: Id;
  title: Opt<string>;
  sort: Flag;
  isDeleted: Flag;
  createUser: NullableId;
  createTime: Time;
}

export interface AocLogTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  tag: string;
  mode: 'insert' | 'update' | 'delete';
  recordId: Id;
  recordName: Opt<string>;
  deptId: Id;
  fieldCount: Flag;
  createUser: NullableId;
  createBy: Opt<string>;
  createName: Opt<string>;
  createTime: Time;
}

export interface AocLogFieldTable {
  id: Generated<string>;
  logId: Id;
  field: string;
  fieldLabel: string;
  oldValue: Opt<string>;
  newValue: Opt<string>;
}

export interface ChamberTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  deptId: Id;
  chamberDeptId: NullableId;
  name: string;
  adminName: Opt<string>;
  chamberType: Flag;
  homeRegion: Opt<string>;
  creditCode: Opt<string>;
  presidentName: Opt<string>;
  secretaryName: Opt<string>;
  address: Opt<string>;
  establishedDate: Day;
  memberCount: Opt<number>;
  remark: Opt<string>;
  version: Flag;
  isDeleted: Flag;
  createUser: NullableId;
  createDept: NullableId;
  createTime: Time;
  updateUser: NullableId;
  updateTime: Time;
}

export interface ChamberLeaderTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  chamberId: Id;
  deptId: Id;
  leaderType: number;
  name: string;
  post: Opt<string>;
  company: Opt<string>;
  phoneEnc: Opt<string>;
  phoneHash: Opt<string>;
  sort: Flag;
  isDeleted: Flag;
  createUser: NullableId;
  createTime: Time;
}

export interface MemberDatabase {
  aocChamber: ChamberTable;
  aocChamberLeader: ChamberLeaderTable;
  aocMemberEnterprise: MemberEnterpriseTable;
  aocMemberGroup: MemberGroupTable;
  aocMemberPerson: MemberPersonTable;
  aocMemberRepresentative: MemberRepresentativeTable;
  aocMemberDeptCount: MemberDeptCountTable;
  aocLog: AocLogTable;
  aocLogField: AocLogFieldTable;
}
