import {
  ANNUAL_REPORT_FIELDS,
  CREDIT_FIELDS,
  ENTERPRISE_CONTACT_FIELDS,
  ENTERPRISE_FIELDS,
  EQUITY_FIELDS,
  HONOUR_FIELDS,
  INVESTMENT_FIELDS,
  IP_FIELDS,
  ORG_BRANCH_FIELDS,
  ORG_DEPARTMENT_FIELDS,
  ORG_HONOUR_FIELDS,
  ORG_MEMBER_STAT_FIELDS,
  ORG_OPERATING_FIELDS,
  ORG_PROFILE_FIELDS,
  PENALTY_FIELDS,
  PERSON_EXPERIENCE_FIELDS,
  PERSON_FIELDS,
  type Fields,
  type ProfileParent,
} from '@gsl/contract';

/** The data-scope resource of every profile record (blade_scope_data.resource_code). */
export const PROFILE_RESOURCE = 'profile';

export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A record that sections hang on: a person, an enterprise, or an org (the dept itself). */
export interface ParentDef {
  kind: ProfileParent;
  label: string;
  /** Path prefix of its calls. */
  prefix: string;
  /** Menu code: reads; `<code>_edit` writes its sections. */
  permission: 'profile_person' | 'profile_enterprise' | 'profile_org';
  /** The request field naming the parent in section calls. */
  parentField: 'personId' | 'enterpriseId' | 'deptId';
  /** The parent's table (snake) for scope metadata; the org's is blade_dept. */
  sqlTable: string;
  table: string;
}

/** A section of a profile: rows of one table under one parent record. */
export interface SectionDef {
  parent: ParentDef;
  key: string;
  label: string;
  table: string;
  sqlTable: string;
  fields: Fields;
  order: Array<[string, 'asc' | 'desc']>;
  /** One row per parent and year (field `year`). */
  uniqueYear?: boolean;
}

export const PERSON_PARENT: ParentDef = {
  kind: 'person',
  label: '人员',
  prefix: '/api/aoc-service/personbase',
  permission: 'profile_person',
  parentField: 'personId',
  sqlTable: 'aoc_person_base',
  table: 'aocPersonBase',
};
export const ENTERPRISE_PARENT: ParentDef = {
  kind: 'enterprise',
  label: '企业',
  prefix: '/api/aoc-service/enterprisebase',
  permission: 'profile_enterprise',
  parentField: 'enterpriseId',
  sqlTable: 'aoc_enterprise_base',
  table: 'aocEnterpriseBase',
};
export const ORG_PARENT: ParentDef = {
  kind: 'org',
  label: '组织',
  prefix: '/api/aoc-service/orgprofile',
  permission: 'profile_org',
  parentField: 'deptId',
  sqlTable: 'blade_dept',
  table: 'bladeDept',
};

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const section = (
  parent: ParentDef,
  key: string,
  label: string,
  sqlTable: string,
  fields: Fields,
  order: SectionDef['order'],
  uniqueYear = false,
): SectionDef => ({
  parent,
  key,
  label,
  sqlTable,
  table: camel(sqlTable),
  fields,
  order,
  uniqueYear,
});

export const SECTIONS: SectionDef[] = [
  section(PERSON_PARENT, 'experience', '经历', 'aoc_person_experience', PERSON_EXPERIENCE_FIELDS, [
    ['kind', 'asc'],
    ['startDate', 'desc'],
    ['sort', 'asc'],
  ]),
  section(PERSON_PARENT, 'investment', '投资情况', 'aoc_person_investment', INVESTMENT_FIELDS, [['investDate', 'desc']]),
  section(PERSON_PARENT, 'honour', '荣誉', 'aoc_person_honour', HONOUR_FIELDS, [['honourDate', 'desc']]),
  section(ENTERPRISE_PARENT, 'contact', '联系人', 'aoc_enterprise_contact', ENTERPRISE_CONTACT_FIELDS, [['name', 'asc']]),
  section(ENTERPRISE_PARENT, 'equity', '股权结构', 'aoc_enterprise_equity', EQUITY_FIELDS, [['ratio', 'desc']]),
  section(ENTERPRISE_PARENT, 'investment', '对外投资', 'aoc_enterprise_investment', INVESTMENT_FIELDS, [['investDate', 'desc']]),
  section(ENTERPRISE_PARENT, 'ip', '知识产权', 'aoc_enterprise_ip', IP_FIELDS, [
    ['ipType', 'asc'],
    ['applyDate', 'desc'],
  ]),
  section(ENTERPRISE_PARENT, 'credit', '信用信息', 'aoc_enterprise_credit', CREDIT_FIELDS, [['ratedDate', 'desc']]),
  section(ENTERPRISE_PARENT, 'penalty', '行政处罚', 'aoc_enterprise_penalty', PENALTY_FIELDS, [['penaltyDate', 'desc']]),
  // 领导班子 is not a section: the org profile reads the leadership by term (association module, orgprofile/leader/list).
  section(ORG_PARENT, 'operating', '年度运营情况', 'aoc_org_operating', ORG_OPERATING_FIELDS, [['year', 'desc']], true),
  section(ORG_PARENT, 'department', '秘书处部门', 'aoc_org_department', ORG_DEPARTMENT_FIELDS, [['sort', 'asc']]),
  section(ORG_PARENT, 'branch', '分支机构', 'aoc_org_branch', ORG_BRANCH_FIELDS, [['establishedDate', 'desc']]),
  section(ORG_PARENT, 'memberstat', '会员数据概况', 'aoc_org_member_stat', ORG_MEMBER_STAT_FIELDS, [['year', 'desc']], true),
  section(ORG_PARENT, 'honour', '荣誉', 'aoc_org_honour', ORG_HONOUR_FIELDS, [['honourDate', 'desc']]),
];

/** The base tables' own fields (for the migration generator and the generic column lists). */
export const BASE_TABLES: Array<{ sqlTable: string; fields: Fields }> = [
  { sqlTable: 'aoc_person_base', fields: PERSON_FIELDS },
  { sqlTable: 'aoc_enterprise_base', fields: ENTERPRISE_FIELDS },
  { sqlTable: 'aoc_org_profile', fields: ORG_PROFILE_FIELDS },
  { sqlTable: 'aoc_org_annual_report', fields: ANNUAL_REPORT_FIELDS },
];

/** Plain columns of some fields (camelCase), personal data as its encrypted column. */
export function columnsOf(fields: Fields): { plain: string[]; dates: string[]; sensitive: string[]; numeric: string[] } {
  const out = { plain: [] as string[], dates: [] as string[], sensitive: [] as string[], numeric: [] as string[] };
  for (const [name, f] of Object.entries(fields)) {
    if (f.sensitive) out.sensitive.push(name);
    else if (f.kind.t === 'date') out.dates.push(name);
    else {
      out.plain.push(name);
      if (f.kind.t === 'money' || f.kind.t === 'ratio') out.numeric.push(name);
    }
  }
  return out;
}

/** The SQL type of a field's column. */
export function sqlType(f: Fields[string]): string {
  const k = f.kind;
  switch (k.t) {
    case 'text':
      return `varchar(${k.max})`;
    case 'code':
    case 'year':
    case 'flag':
      return 'smallint';
    case 'int':
      return 'integer';
    case 'date':
      return 'date';
    case 'money':
      return 'numeric(16,2)';
    case 'ratio':
      return 'numeric(7,4)';
    case 'credit':
      return 'varchar(18)';
    case 'orgcode':
      return 'varchar(9)';
    case 'mobile':
    case 'tel':
      return 'varchar(30)';
    case 'email':
      return 'varchar(100)';
    case 'url':
      return 'varchar(500)';
    case 'zip':
      return 'varchar(6)';
    case 'region':
      return 'varchar(12)';
  }
}
