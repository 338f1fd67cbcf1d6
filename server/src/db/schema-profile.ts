import type { ColumnType, Generated } from 'kysely';

/**
 * Profiles (migration 0020): person and enterprise bases with their profile sections, the
 * organisation profile, its sections and annual reports. Generated from the field descriptions in
 * packages/contract/src/profile/profile.ts (server/src/modules/profile/profile.defs.ts) — keep in step.
 */
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type NullableId = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type Flag = ColumnType<number, number | undefined, number>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A `date` column: written as 'yyyy-MM-dd', read through to_char in the repos. */
type Day = ColumnType<string | null, string | null | undefined, string | null>;
/** A `numeric` column: read as text by the drivers, written as a number. */
type Num = ColumnType<string | null, number | string | null | undefined, number | string | null>;

interface ProfileCommon {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  deptId: Id;
  version: Flag;
  isDeleted: Flag;
  createUser: NullableId;
  createDept: NullableId;
  createTime: Time;
  updateUser: NullableId;
  updateTime: Time;
}

export interface AocPersonBaseTable extends ProfileCommon {
  unionId: string;
  name: string;
  certType: number;
  certNoEnc: string;
  certNoHash: string;
  gender: Opt<number>;
  birthDate: Day;
  nationality: Opt<string>;
  nativePlace: Opt<string>;
  politics: Opt<number>;
  education: Opt<number>;
  degree: Opt<number>;
  phoneEnc: Opt<string>;
  phoneHash: Opt<string>;
  domicileAddress: Opt<string>;
  homeAddress: Opt<string>;
  photo: Opt<string>;
  company: Opt<string>;
  post: Opt<string>;
  visibility: Flag;
  remark: Opt<string>;
}

export interface AocEnterpriseBaseTable extends ProfileCommon {
  unionId: string;
  name: string;
  creditCode: string;
  legalPerson: Opt<string>;
  registeredCapital: Num;
  establishedDate: Day;
  businessScope: Opt<string>;
  address: Opt<string>;
  status: Opt<number>;
  enterpriseType: Opt<number>;
  industry: Opt<string>;
  regionCode: Opt<string>;
  remark: Opt<string>;
}

export interface AocOrgProfileTable extends ProfileCommon {
  name: string;
  englishName: Opt<string>;
  orgCode: Opt<string>;
  creditCode: Opt<string>;
  promoter: Opt<string>;
  registrationAuthority: Opt<string>;
  representative: Opt<string>;
  registrationInfo: Opt<string>;
  competentUnit: Opt<string>;
  legalPersonType: Opt<number>;
  status: Opt<number>;
  level: Opt<number>;
  nature: Opt<string>;
  registeredFund: Num;
  duties: Opt<string>;
  orgType: Opt<string>;
  regionCode: Opt<string>;
  certValidFrom: Day;
  certValidTo: Day;
  establishedDate: Day;
  registeredDate: Day;
  changes: Opt<string>;
  zipCode: Opt<string>;
  relation: Opt<string>;
  address: Opt<string>;
  registeredAddress: Opt<string>;
  reasonNotRegistered: Opt<string>;
  purpose: Opt<string>;
  businessScope: Opt<string>;
  logo: Opt<string>;
  chamberType: Opt<number>;
  introduction: Opt<string>;
  partyOrgName: Opt<string>;
  partyMemberCount: Opt<number>;
  partyBuilding: Opt<string>;
  contactPerson: Opt<string>;
  contactPhone: Opt<string>;
  email: Opt<string>;
  website: Opt<string>;
  fax: Opt<string>;
}

export interface AocOrgAnnualReportTable extends ProfileCommon {
  status: Flag;
  submitUser: NullableId;
  submitTime: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  returnReason: Opt<string>;
  year: number;
  title: string;
  content: Opt<string>;
}

export interface AocPersonExperienceTable extends ProfileCommon {
  parentId: Id;
  kind: number;
  startDate: Day;
  endDate: Day;
  orgName: string;
  title: Opt<string>;
  detail: Opt<string>;
  sort: Opt<number>;
}

export interface AocPersonInvestmentTable extends ProfileCommon {
  parentId: Id;
  enterpriseName: string;
  creditCode: Opt<string>;
  amount: Num;
  ratio: Num;
  investDate: Day;
  remark: Opt<string>;
}

export interface AocPersonHonourTable extends ProfileCommon {
  parentId: Id;
  name: string;
  grantor: Opt<string>;
  honourDate: Day;
  level: Opt<number>;
  remark: Opt<string>;
}

export interface AocEnterpriseContactTable extends ProfileCommon {
  parentId: Id;
  name: string;
  post: Opt<string>;
  phoneEnc: Opt<string>;
  phoneHash: Opt<string>;
  tel: Opt<string>;
  email: Opt<string>;
  remark: Opt<string>;
}

export interface AocEnterpriseEquityTable extends ProfileCommon {
  parentId: Id;
  shareholder: string;
  shareholderType: Opt<number>;
  subscribedAmount: Num;
  ratio: Num;
  subscribedDate: Day;
}

export interface AocEnterpriseInvestmentTable extends ProfileCommon {
  parentId: Id;
  enterpriseName: string;
  creditCode: Opt<string>;
  amount: Num;
  ratio: Num;
  investDate: Day;
  remark: Opt<string>;
}

export interface AocEnterpriseIpTable extends ProfileCommon {
  parentId: Id;
  ipType: number;
  name: string;
  regNo: Opt<string>;
  applyDate: Day;
  grantDate: Day;
  status: Opt<string>;
}

export interface AocEnterpriseCreditTable extends ProfileCommon {
  parentId: Id;
  creditType: string;
  grade: Opt<string>;
  agency: Opt<string>;
  ratedDate: Day;
  remark: Opt<string>;
}

export interface AocEnterprisePenaltyTable extends ProfileCommon {
  parentId: Id;
  decisionNo: string;
  authority: Opt<string>;
  reason: Opt<string>;
  content: Opt<string>;
  amount: Num;
  penaltyDate: Day;
}

export interface AocOrgLeaderTable extends ProfileCommon {
  parentId: Id;
  termNo: number;
  name: string;
  post: string;
  startDate: Day;
  endDate: Day;
  isCurrent: Opt<number>;
  sort: Opt<number>;
}

export interface AocOrgOperatingTable extends ProfileCommon {
  parentId: Id;
  year: number;
  income: Num;
  expenditure: Num;
  assets: Num;
  staffCount: Opt<number>;
  eventCount: Opt<number>;
  remark: Opt<string>;
}

export interface AocOrgDepartmentTable extends ProfileCommon {
  parentId: Id;
  name: string;
  head: Opt<string>;
  duties: Opt<string>;
  phone: Opt<string>;
  staffCount: Opt<number>;
  sort: Opt<number>;
}

export interface AocOrgBranchTable extends ProfileCommon {
  parentId: Id;
  name: string;
  head: Opt<string>;
  address: Opt<string>;
  establishedDate: Day;
  phone: Opt<string>;
}

export interface AocOrgMemberStatTable extends ProfileCommon {
  parentId: Id;
  year: number;
  total: Opt<number>;
  enterprise: Opt<number>;
  group: Opt<number>;
  person: Opt<number>;
}

export interface AocOrgHonourTable extends ProfileCommon {
  parentId: Id;
  name: string;
  grantor: Opt<string>;
  honourDate: Day;
  level: Opt<number>;
  remark: Opt<string>;
}

export interface ProfileDatabase {
  aocPersonBase: AocPersonBaseTable;
  aocEnterpriseBase: AocEnterpriseBaseTable;
  aocOrgProfile: AocOrgProfileTable;
  aocOrgAnnualReport: AocOrgAnnualReportTable;
  aocPersonExperience: AocPersonExperienceTable;
  aocPersonInvestment: AocPersonInvestmentTable;
  aocPersonHonour: AocPersonHonourTable;
  aocEnterpriseContact: AocEnterpriseContactTable;
  aocEnterpriseEquity: AocEnterpriseEquityTable;
  aocEnterpriseInvestment: AocEnterpriseInvestmentTable;
  aocEnterpriseIp: AocEnterpriseIpTable;
  aocEnterpriseCredit: AocEnterpriseCreditTable;
  aocEnterprisePenalty: AocEnterprisePenaltyTable;
  aocOrgLeader: AocOrgLeaderTable;
  aocOrgOperating: AocOrgOperatingTable;
  aocOrgDepartment: AocOrgDepartmentTable;
  aocOrgBranch: AocOrgBranchTable;
  aocOrgMemberStat: AocOrgMemberStatTable;
  aocOrgHonour: AocOrgHonourTable;
}
