/**
 * Profiles (specification §3): the person base (人员库) with its person profile, the
 * enterprise base (企业库) with its enterprise profile, the organisation profile of a federation or
 * chamber (组织档案) with its annual reports and member statistics. Every section is described once
 * here (fields.ts) and shared by the server (validation, history labels) and the web (forms).
 */
import { z } from 'zod';
import { CERT_TYPES, EDUCATIONS, ENTERPRISE_TYPES, GENDERS, POLITICS } from '../member/member.js';
import { requiredId } from '../envelope.js';
import { code, date, int, money, of, ratio, submitSchema, text, year, type Fields, type Labels } from './fields.js';

export * from './fields.js';

export const PROFILE_MSG = {
  deptFormat: '所属组织编号格式不正确',
  deptNotFound: '所属组织不存在或不在数据权限范围内',
  personName: '请输入姓名',
  certType: '请选择证件类型',
  certNo: '请输入证件号码',
  certExists: '该证件号码的人员已在人员库中',
  creditExists: '该统一社会信用代码的企业已在企业库中',
  birthMismatch: '出生日期与身份证号码不一致',
  genderMismatch: '性别与身份证号码不一致',
  fullNumber: '请输入完整的号码',
  parentRequired: '请提供所属档案编号',
  endBeforeStart: '结束日期不能早于开始日期',
  equityOver: '股东持股比例合计不能超过100%',
  yearExists: '该年度的数据已存在',
  totalTooSmall: '会员总数不能小于企业、团体、个人会员之和',
  reportExists: '该组织该年度的年报已存在',
  reportSubmitted: '年报已提交,不能修改或删除',
  reportNotDraft: '只有草稿状态的年报可以提交',
  reportNotSubmitted: '只有已提交的年报可以退回',
  reportReturnOwn: '只能由上级组织退回年报',
  reportApproved: '年报已审核通过,不能修改或删除',
  reportNotSubmittedApprove: '只有已提交的年报可以审核通过',
  reportApproveOwn: '只能由上级组织审核年报',
  orgOnly: '只有工商联、商会或协会有组织档案',
  nameQuery: '请输入姓名',
} as const;

export const DEGREES: Labels = { 1: '博士', 2: '硕士', 3: '学士', 9: '无' };
/** The person profile's permission setting (§6 "The profile of a person has a permission setting"). */
export const PROFILE_VISIBILITY: Labels = { 1: '公开', 2: '本组织及上级可见', 3: '仅本人可见' };
export const EXPERIENCE_KINDS: Labels = { 1: '工作经历', 2: '学习经历', 3: '从军经历' };
export const HONOUR_LEVELS: Labels = { 1: '国家级', 2: '省级', 3: '市级', 4: '县(区)级', 5: '其他' };
export const ENTERPRISE_BASE_STATUS: Labels = { 1: '存续', 2: '在业', 3: '吊销', 4: '注销', 5: '迁出' };
export const SHAREHOLDER_TYPES: Labels = { 1: '自然人股东', 2: '企业法人', 3: '其他' };
export const IP_TYPES: Labels = { 1: '专利', 2: '商标', 3: '著作权', 4: '软件著作权' };
export const LEGAL_PERSON_TYPES: Labels = { 1: '社会团体法人', 2: '事业单位法人', 3: '机关法人', 4: '其他' };
export const ORG_STATUS: Labels = { 1: '正常', 2: '筹备', 3: '注销' };
export const ORG_LEVELS: Labels = { 1: '省级', 2: '市级', 3: '县(区)级', 4: '乡镇(街道)级' };
export const ORG_CHAMBER_TYPES: Labels = { 1: '行业商会', 2: '地区商会', 3: '异地商会(在苏)', 4: '江苏在外地商会' };
/** An annual report's workflow: 草稿 → 已提交; an org above then accepts it (已通过) or returns it (已退回, to be submitted again). */
export const REPORT_STATUS: Labels = { 0: '草稿', 1: '已提交', 2: '已退回', 3: '已通过' };

// ---------------------------------------------------------------------------------------------
// Person base (人员库) and the person profile

export const PERSON_FIELDS: Fields = {
  name: text('姓名', 50, PROFILE_MSG.personName),
  certType: code('证件类型', CERT_TYPES, PROFILE_MSG.certType),
  certNo: { label: '证件号码', kind: { t: 'text', max: 30 }, required: PROFILE_MSG.certNo, sensitive: true },
  gender: code('性别', GENDERS),
  birthDate: date('出生日期'),
  nationality: text('国籍', 32),
  nativePlace: text('籍贯', 64),
  politics: code('政治面貌', POLITICS),
  education: code('学历', EDUCATIONS),
  degree: code('学位', DEGREES),
  phone: { ...of('手机号码', 'mobile'), sensitive: true },
  domicileAddress: text('户籍地址', 255),
  homeAddress: text('现居住地址', 255),
  photo: of('照片', 'url'),
  company: text('工作单位', 200),
  post: text('职务', 100),
  visibility: code('档案可见范围', PROFILE_VISIBILITY),
  remark: text('备注', 500),
};

export const PERSON_EXPERIENCE_FIELDS: Fields = {
  kind: code('经历类型', EXPERIENCE_KINDS, '请选择经历类型'),
  startDate: date('开始日期', '请选择开始日期'),
  endDate: date('结束日期'),
  orgName: text('单位或学校', 200, '请输入单位或学校'),
  title: text('职务/专业/军衔', 100),
  detail: text('说明', 1000),
  sort: int('排序', 0, 1_000_000),
};
export const INVESTMENT_FIELDS: Fields = {
  enterpriseName: text('被投资企业名称', 200, '请输入被投资企业名称'),
  creditCode: of('统一社会信用代码', 'credit'),
  amount: money('投资金额(万元)'),
  ratio: ratio('持股比例(%)'),
  investDate: date('投资日期'),
  remark: text('备注', 500),
};
export const HONOUR_FIELDS: Fields = {
  name: text('荣誉名称', 200, '请输入荣誉名称'),
  grantor: text('授予单位', 200),
  honourDate: date('获得日期'),
  level: code('荣誉级别', HONOUR_LEVELS),
  remark: text('备注', 500),
};

// ---------------------------------------------------------------------------------------------
// Enterprise base (企业库) and the enterprise profile

export const ENTERPRISE_FIELDS: Fields = {
  name: text('企业名称', 200, '请输入企业名称'),
  creditCode: of('统一社会信用代码', 'credit', '请输入统一社会信用代码'),
  legalPerson: text('法定代表人', 50),
  registeredCapital: money('注册资本(万元)'),
  establishedDate: date('成立日期'),
  businessScope: text('经营范围', 2000),
  address: text('地址', 255),
  status: code('登记状态', ENTERPRISE_BASE_STATUS),
  enterpriseType: code('企业类型', ENTERPRISE_TYPES),
  industry: text('所属行业', 64),
  regionCode: of('所在地区', 'region'),
  remark: text('备注', 500),
};
export const ENTERPRISE_CONTACT_FIELDS: Fields = {
  name: text('联系人姓名', 50, '请输入联系人姓名'),
  post: text('职务', 100),
  phone: { ...of('手机号码', 'mobile'), sensitive: true },
  tel: of('固定电话', 'tel'),
  email: of('电子邮箱', 'email'),
  remark: text('备注', 500),
};
export const EQUITY_FIELDS: Fields = {
  shareholder: text('股东名称', 200, '请输入股东名称'),
  shareholderType: code('股东类型', SHAREHOLDER_TYPES),
  subscribedAmount: money('认缴出资额(万元)'),
  ratio: ratio('持股比例(%)', '请输入持股比例'),
  subscribedDate: date('认缴出资日期'),
};
export const IP_FIELDS: Fields = {
  ipType: code('知识产权类型', IP_TYPES, '请选择知识产权类型'),
  name: text('名称', 200, '请输入知识产权名称'),
  regNo: text('登记号/申请号', 64),
  applyDate: date('申请日期'),
  grantDate: date('授权日期'),
  status: text('法律状态', 32),
};
export const CREDIT_FIELDS: Fields = {
  creditType: text('信用类别', 64, '请输入信用类别'),
  grade: text('信用等级', 32),
  agency: text('评价机关', 200),
  ratedDate: date('评价日期'),
  remark: text('备注', 500),
};
export const PENALTY_FIELDS: Fields = {
  decisionNo: text('决定书文号', 100, '请输入决定书文号'),
  authority: text('处罚机关', 200),
  reason: text('违法事实', 500),
  content: text('处罚内容', 500),
  amount: money('罚款金额(万元)'),
  penaltyDate: date('处罚日期'),
};

// ---------------------------------------------------------------------------------------------
// Organisation profile (组织档案) of a federation, chamber or association (one per org)

export const ORG_PROFILE_FIELDS: Fields = {
  name: text('组织名称', 200, '请输入组织名称'),
  englishName: text('英文名称', 200),
  orgCode: of('组织机构代码', 'orgcode'),
  creditCode: of('统一社会信用代码', 'credit'),
  promoter: text('发起人', 200),
  registrationAuthority: text('登记管理机关', 200),
  representative: text('法定代表人', 50),
  registrationInfo: text('登记信息', 500),
  competentUnit: text('业务主管单位', 200),
  legalPersonType: code('法人类型', LEGAL_PERSON_TYPES),
  status: code('组织状态', ORG_STATUS),
  level: code('组织级别', ORG_LEVELS),
  nature: text('组织性质', 64),
  registeredFund: money('注册资金(万元)'),
  duties: text('职责', 2000),
  orgType: text('组织类型', 64),
  regionCode: of('所在地区', 'region'),
  certValidFrom: date('证书有效期起'),
  certValidTo: date('证书有效期止'),
  establishedDate: date('成立日期'),
  registeredDate: date('登记日期'),
  changes: text('变更情况', 2000),
  zipCode: of('邮政编码', 'zip'),
  relation: text('与工商联关系', 200),
  address: text('办公地址', 255),
  registeredAddress: text('注册地址', 255),
  reasonNotRegistered: text('未登记原因', 500),
  purpose: text('宗旨', 2000),
  businessScope: text('业务范围', 2000),
  logo: of('标志', 'url'),
  chamberType: code('商会类型', ORG_CHAMBER_TYPES),
  introduction: text('简介', 5000),
  partyOrgName: text('党组织名称', 200),
  partyMemberCount: int('党员人数', 0, 1_000_000),
  partyBuilding: text('党建工作', 5000),
  contactPerson: text('联系人', 50),
  contactPhone: of('联系电话', 'tel'),
  email: of('电子邮箱', 'email'),
  website: of('网站', 'url'),
  fax: of('传真', 'tel'),
};

export const ORG_LEADER_FIELDS: Fields = {
  termNo: { label: '届次', kind: { t: 'int', min: 1, max: 30 }, required: '请选择届别' },
  name: text('姓名', 50, PROFILE_MSG.personName),
  post: text('职务', 100, '请输入职务'),
  startDate: date('任职开始日期'),
  endDate: date('任职结束日期'),
  isCurrent: of('是否现任', 'flag'),
  sort: int('排序', 0, 1_000_000),
};
export const ORG_OPERATING_FIELDS: Fields = {
  year: year('年度', '请输入年度'),
  income: money('收入(万元)'),
  expenditure: money('支出(万元)'),
  assets: money('资产总额(万元)'),
  staffCount: int('专职工作人员数'),
  eventCount: int('开展活动次数'),
  remark: text('备注', 1000),
};
export const ORG_DEPARTMENT_FIELDS: Fields = {
  name: text('部门名称', 100, '请输入部门名称'),
  head: text('负责人', 50),
  duties: text('职责', 1000),
  phone: of('联系电话', 'tel'),
  staffCount: int('人数'),
  sort: int('排序', 0, 1_000_000),
};
export const ORG_BRANCH_FIELDS: Fields = {
  name: text('分支机构名称', 200, '请输入分支机构名称'),
  head: text('负责人', 50),
  address: text('地址', 255),
  establishedDate: date('成立日期'),
  phone: of('联系电话', 'tel'),
};
export const ORG_MEMBER_STAT_FIELDS: Fields = {
  year: year('年度', '请输入年度'),
  total: int('会员总数'),
  enterprise: int('企业会员数'),
  group: int('团体会员数'),
  person: int('个人会员数'),
};
export const ORG_HONOUR_FIELDS = HONOUR_FIELDS;

export const ANNUAL_REPORT_FIELDS: Fields = {
  year: year('年度', '请输入年度'),
  title: text('报告标题', 200, '请输入报告标题'),
  content: text('报告内容', 20000),
};

// ---------------------------------------------------------------------------------------------
// Requests

const deptId = requiredId(PROFILE_MSG.deptFormat).optional();
export const personSubmit = submitSchema(PERSON_FIELDS, { deptId });
export const enterpriseBaseSubmit = submitSchema(ENTERPRISE_FIELDS, { deptId });
export const orgProfileSubmit = submitSchema(ORG_PROFILE_FIELDS, { deptId: requiredId('机构编号格式不正确') });
export const annualReportSubmit = submitSchema(ANNUAL_REPORT_FIELDS, { deptId: requiredId('机构编号格式不正确') });

export const personNameQuery = z
  .object({
    name: z.string({ message: PROFILE_MSG.nameQuery }).trim().min(1, PROFILE_MSG.nameQuery).max(50, '姓名不能超过50个字符'),
    size: z.coerce.number({ message: '条数必须是数字' }).int('条数必须是整数').min(1, '条数不能小于1').max(50, '条数不能超过50').default(20),
  })
  .strict();
export const unionIdQuery = z
  .object({
    unionId: z
      .string({ message: '请提供档案统一编号' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, '档案统一编号格式不正确'),
  })
  .strict();
export const orgDeptQuery = z.object({ deptId: requiredId('机构编号格式不正确') }).strict();

export type ProfileParent = 'person' | 'enterprise' | 'org';

// 会员身份 of a person profile (personbase/detail `memberships`, null without the 个人会员 menu).

/** An enterprise or group member the person stands for (会员代表), with the member's name and the title. */
export interface RepresentedMember {
  id: string;
  memberKind: 'enterprise' | 'group';
  memberKindName: string;
  memberId: string;
  memberName: string;
  title: string | null;
}

/** A member person (个人会员) record of the same real person, with what it represents. */
export interface Membership {
  id: string;
  name: string;
  deptId: string;
  deptName: string | null;
  status: number;
  statusName: string | null;
  representatives: RepresentedMember[];
}

// ---------------------------------------------------------------------------------------------
// Answers. A profile's fields come from its descriptions above, so the schemas name the fields every
// answer has and let the described ones through (code fields with `<field>Name`; personal data masked
// unless the caller holds member_sensitive).

/** A profile record or a section row, as list, detail and submit answer it. */
export const profileRecord = z
  .object({ id: z.string(), deptId: z.string(), version: z.number(), createTime: z.string().nullable(), updateTime: z.string().nullable() })
  .passthrough();
export type ProfileView = z.infer<typeof profileRecord>;
/** personbase / enterprisebase: a base record with its union id and its org's name. */
export const profileBaseRecord = profileRecord.extend({ unionId: z.string(), deptName: z.string().nullable(), name: z.string() });
export type ProfileBaseView = z.infer<typeof profileBaseRecord>;
/** orgprofile detail / submit: before its first save prefilled from the org, with id null and version 0. */
export const orgProfileRecord = profileRecord.extend({ id: z.string().nullable(), deptName: z.string().nullable(), name: z.string().nullable() });
export type OrgProfileView = z.infer<typeof orgProfileRecord>;
/** An annual report (year, title, content) with its workflow state. */
export const annualReportRecord = profileRecord.extend({
  deptName: z.string().nullable(),
  status: z.number(),
  statusName: z.string().nullable(),
  submitTime: z.string().nullable(),
  returnReason: z.string().nullable(),
});
export type AnnualReportView = z.infer<typeof annualReportRecord>;
/** orgprofile statistics: one year's member figures, computed from the member base or as reported. */
export const memberStatistic = z.object({
  year: z.number(),
  total: z.number(),
  enterprise: z.number(),
  group: z.number(),
  person: z.number(),
  source: z.enum(['computed', 'stored']),
});
export type MemberStatistic = z.infer<typeof memberStatistic>;
