import type { ZodType } from 'zod';
import {
  CERT_TYPES,
  EDUCATIONS,
  ENTERPRISE_SCALES,
  ENTERPRISE_TYPES,
  GENDERS,
  GROUP_TYPES,
  MEMBER_FIELD_LABELS,
  MEMBER_LEVELS,
  MEMBER_MSG,
  MEMBER_RESOURCE,
  MEMBER_STATUS,
  POLITICS,
  enterpriseSave,
  enterpriseUpdate,
  groupSave,
  groupUpdate,
  maskCert,
  maskPhone,
  personSave,
  personUpdate,
  type MemberKind,
} from '@gsl/contract';
import type { TrackedRecord } from '../../platform/audit/change-log.js';
import { fieldsOn } from '../../platform/db/fields.js';
import type { FieldWhitelist } from '../../platform/http/paging.js';
import { scopedTable } from '../../platform/access/scope.js';

/** A personal-data field: its API name, the encrypted and hashed columns, how lists mask it. */
export interface SensitiveField {
  field: string;
  enc: string;
  hash: string;
  mask: (v: string | null) => string | null;
}

/**
 * One member kind (企业会员, 团体会员, 个人会员): the three share one module parameterised by this
 * description, as dict and dict-biz do. Column names are Kysely's camelCase.
 */
export interface MemberKindDef {
  kind: MemberKind;
  label: string;
  table: 'aocMemberEnterprise' | 'aocMemberGroup' | 'aocMemberPerson';
  sqlTable: string;
  /** The path prefix as api-paths.tsv spells it. */
  prefix: string;
  /** Menu code: reads; `<code>_add`, `_edit`, `_delete` for writes. */
  permission: 'member_enterprise' | 'member_group' | 'member_person';
  nameMsg: string;
  /** Stored plain columns besides the common ones (id, deptId, version, times). */
  columns: string[];
  /** Date columns (read as yyyy-MM-dd). */
  dates: string[];
  sensitive: SensitiveField[];
  /** Code columns with their labels (views add `<field>Name`). */
  labels: Record<string, Record<number, string>>;
  whitelist: FieldWhitelist;
  save: ZodType;
  update: ZodType;
  tracked: TrackedRecord;
  /** Whether enterprises/groups: they have representatives. */
  hasRepresentatives: boolean;
}

const COMMON_FIELDS = fieldsOn('m', {
  name: 'text',
  regionCode: 'text',
  status: 'smallint',
  memberLevel: 'smallint',
  joinDate: 'date',
  createTime: 'date',
  updateTime: 'date',
  deptName: ['d.deptName', 'text'],
});

const phone: SensitiveField = { field: 'contactPhone', enc: 'contactPhoneEnc', hash: 'contactPhoneHash', mask: maskPhone };

const tracked = (kind: MemberKind, labels: Record<string, Record<number, string>>, sensitive: SensitiveField[]): TrackedRecord => ({
  tag: kind,
  fields: MEMBER_FIELD_LABELS[kind],
  labels,
  masked: Object.fromEntries(sensitive.map((s) => [s.field, s.mask])),
});

const enterpriseLabels = { scale: ENTERPRISE_SCALES, memberLevel: MEMBER_LEVELS, memberType: ENTERPRISE_TYPES, status: MEMBER_STATUS };
const groupLabels = { groupType: GROUP_TYPES, memberLevel: MEMBER_LEVELS, status: MEMBER_STATUS };
const personLabels = { certType: CERT_TYPES, gender: GENDERS, politics: POLITICS, education: EDUCATIONS, memberLevel: MEMBER_LEVELS, status: MEMBER_STATUS };
const personSensitive: SensitiveField[] = [
  { field: 'certNo', enc: 'certNoEnc', hash: 'certNoHash', mask: maskCert },
  { field: 'phone', enc: 'phoneEnc', hash: 'phoneHash', mask: maskPhone },
];

export const ENTERPRISE: MemberKindDef = {
  kind: 'enterprise',
  label: '企业会员',
  table: 'aocMemberEnterprise',
  sqlTable: 'aoc_member_enterprise',
  prefix: '/api/aoc-service/memberaocenterprise',
  permission: 'member_enterprise',
  nameMsg: MEMBER_MSG.enterpriseName,
  columns: ['name', 'creditCode', 'legalPerson', 'industry', 'scale', 'regionCode', 'address', 'contactName', 'memberLevel', 'memberType', 'status', 'remark'],
  dates: ['joinDate'],
  sensitive: [phone],
  labels: enterpriseLabels,
  whitelist: {
    ...COMMON_FIELDS,
    ...fieldsOn('m', { creditCode: 'text', legalPerson: 'text', industry: 'text', scale: 'smallint', memberType: 'smallint', contactName: 'text' }),
  },
  save: enterpriseSave,
  update: enterpriseUpdate,
  tracked: tracked('enterprise', enterpriseLabels, [phone]),
  hasRepresentatives: true,
};

export const GROUP: MemberKindDef = {
  kind: 'group',
  label: '团体会员',
  table: 'aocMemberGroup',
  sqlTable: 'aoc_member_group',
  prefix: '/api/aoc-service/memberAocGroup',
  permission: 'member_group',
  nameMsg: MEMBER_MSG.groupName,
  columns: [
    'name',
    'creditCode',
    'groupType',
    'orgDeptId',
    'legalPerson',
    'regionCode',
    'address',
    'contactName',
    'memberCount',
    'memberLevel',
    'status',
    'remark',
  ],
  dates: ['joinDate'],
  sensitive: [phone],
  labels: groupLabels,
  whitelist: { ...COMMON_FIELDS, ...fieldsOn('m', { creditCode: 'text', groupType: 'smallint', orgDeptId: 'id', contactName: 'text' }) },
  save: groupSave,
  update: groupUpdate,
  tracked: tracked('group', groupLabels, [phone]),
  hasRepresentatives: true,
};

export const PERSON: MemberKindDef = {
  kind: 'person',
  label: '个人会员',
  table: 'aocMemberPerson',
  sqlTable: 'aoc_member_person',
  prefix: '/api/aoc-service/memberaocperson',
  permission: 'member_person',
  nameMsg: MEMBER_MSG.personName,
  columns: [
    'name',
    'certType',
    'gender',
    'nationality',
    'nativePlace',
    'politics',
    'education',
    'company',
    'post',
    'regionCode',
    'memberLevel',
    'status',
    'remark',
  ],
  dates: ['birthDate', 'joinDate'],
  sensitive: personSensitive,
  labels: personLabels,
  whitelist: {
    ...COMMON_FIELDS,
    ...fieldsOn('m', {
      certType: 'smallint',
      gender: 'smallint',
      politics: 'smallint',
      education: 'smallint',
      company: 'text',
      post: 'text',
      birthDate: 'date',
    }),
  },
  save: personSave,
  update: personUpdate,
  tracked: tracked('person', personLabels, personSensitive),
  hasRepresentatives: false,
};

export const MEMBER_KIND_DEFS = [ENTERPRISE, GROUP, PERSON];
/** The data-scope resource of every member kind (the contract's: the person base reads memberships under it too). */
export { MEMBER_RESOURCE };

/** A kind's member table as the data scope sees it: owned by its org (dept_id) and creator; alias `m` in the repo. */
export const memberTable = (kind: Pick<MemberKindDef, 'sqlTable'>) =>
  scopedTable({ resource: MEMBER_RESOURCE, table: kind.sqlTable, alias: 'm', deptColumn: 'dept_id', ownerColumn: 'create_user', where: 'is_deleted = 0' });
