import type { ColumnType, Generated } from 'kysely';

/** Association leadership by term, associationbase and associationhistory (migration 0033). */
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type NullableId = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type Small = ColumnType<number, number | undefined, number>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A `date` column: written as 'yyyy-MM-dd', read through to_char in the repos. */
type Day = ColumnType<string | null, string | null | undefined, string | null>;

interface Bookkeeping {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  deptId: Id;
  version: Small;
  isDeleted: Small;
  createUser: NullableId;
  createDept: NullableId;
  createTime: Time;
  updateUser: NullableId;
  updateTime: Time;
}

export interface AocAssociationLeaderTable extends Bookkeeping {
  year: number;
  leaderType: number;
  personId: NullableId;
  name: string;
  certType: Small;
  certNoEnc: string;
  certNoHash: string;
  gender: Opt<number>;
  birthDate: Day;
  politics: Opt<number>;
  phoneEnc: Opt<string>;
  phoneHash: Opt<string>;
  company: Opt<string>;
  post: Opt<string>;
  startDate: Day;
  endDate: Day;
  remark: Opt<string>;
  sort: Small;
}

export interface AocAssociationBaseTable extends Bookkeeping {
  termNo: Opt<number>;
  termYears: Opt<number>;
  termStartDate: Day;
  termEndDate: Day;
  electionMonth: Opt<string>;
  councilSize: Opt<number>;
  standingCouncilSize: Opt<number>;
  congressSize: Opt<number>;
  secretaryGeneral: Opt<string>;
  secretariatSize: Opt<number>;
  remark: Opt<string>;
}

export interface AocAssociationHistoryTable extends Bookkeeping {
  eventDate: ColumnType<string, string, string>;
  title: string;
  content: Opt<string>;
}

export interface AssociationDatabase {
  aocAssociationLeader: AocAssociationLeaderTable;
  aocAssociationBase: AocAssociationBaseTable;
  aocAssociationHistory: AocAssociationHistoryTable;
}
