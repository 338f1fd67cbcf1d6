/**
 * Members of a federation (specification §3, §7 "Members and chambers"): 企业会员, 团体会员,
 * 个人会员 and their 会员代表. Shared by the server (validation, labels of the change history) and the web
 * (forms, tags, the same Chinese messages).
 */
import { z } from 'zod';
import { ID_LIST_RE, ID_MSG, ID_OR_EMPTY_RE, idOf } from '../envelope.js';
import { MASKED_MOBILE_RE, phoneProblem } from '../user.js';
import { CODE_MSG, creditCodeProblem, idCardProblem, isDay, productToday } from './codes.js';

export * from './codes.js';

/** The three kinds, as the change history tags them (specification §9: tags enterprise, group, person). */
export const MEMBER_KINDS = ['enterprise', 'group', 'person'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];
export const MEMBER_KIND_LABELS: Record<MemberKind, string> = { enterprise: '企业会员', group: '团体会员', person: '个人会员' };
/**
 * The data-scope resource (blade_scope_data.resource_code, 数据权限 → 资源编号) of member records and
 * their history: the member module's and the person base's (会员身份) reads are limited by its rules.
 */
export const MEMBER_RESOURCE = 'member';

type Labels = Record<number, string>;
export const MEMBER_STATUS: Labels = { 1: '正常', 2: '暂停', 3: '退会' };
export const MEMBER_LEVELS: Labels = { 1: '会员', 2: '理事', 3: '常务理事', 4: '副会长', 5: '会长' };
export const ENTERPRISE_TYPES: Labels = { 1: '民营企业', 2: '国有企业', 3: '外资企业', 4: '港澳台资企业', 5: '其他' };
export const ENTERPRISE_SCALES: Labels = { 1: '微型', 2: '小型', 3: '中型', 4: '大型' };
export const GROUP_TYPES: Labels = { 1: '商会', 2: '行业协会', 3: '其他社会组织' };
export const CERT_TYPES: Labels = {
  1: '居民身份证',
  2: '护照',
  3: '港澳居民来往内地通行证',
  4: '台湾居民来往大陆通行证',
  5: '外国人永久居留身份证',
  9: '其他',
};
export const GENDERS: Labels = { 1: '男', 2: '女' };
export const POLITICS: Labels = { 1: '中共党员', 2: '中共预备党员', 3: '共青团员', 4: '民主党派', 5: '无党派人士', 6: '群众' };
export const EDUCATIONS: Labels = { 1: '博士研究生', 2: '硕士研究生', 3: '大学本科', 4: '大学专科', 5: '高中及以下' };

export const MEMBER_MSG = {
  deptFormat: '所属组织编号格式不正确',
  enterpriseName: '请输入企业名称',
  groupName: '请输入团体名称',
  personName: '请输入姓名',
  creditExists: '统一社会信用代码已存在',
  certExists: '该证件号码的个人会员已存在',
  orgExists: '该组织已是本会的团体会员',
  orgNotFound: '所选组织不存在或不在数据权限范围内',
  deptNotFound: '所属组织不存在或不在数据权限范围内',
  deptNotOrg: '所属组织只能是工商联、商会或协会',
  hasRepresentatives: '该会员仍有会员代表,请先移除会员代表',
  isRepresentative: '该个人会员是其他会员的会员代表,请先移除代表关系',
  repExists: '该人员已是本会员的会员代表',
  personNotFound: '所选个人会员不存在或不在数据权限范围内',
  updateAllEmpty: '请至少选择一项要批量修改的内容',
  joinDate: '入会日期格式应为 yyyy-MM-dd',
  joinDateFuture: '入会日期不能晚于今天',
  birthDate: '出生日期格式应为 yyyy-MM-dd',
  birthMismatch: '出生日期与身份证号码不一致',
  genderMismatch: '性别与身份证号码不一致',
} as const;

const id = idOf(ID_MSG, { trim: true });
const version = z.coerce
  .number({ message: '数据版本号必须是数字' })
  .int('数据版本号必须是整数')
  .min(1, '数据版本号不正确')
  .max(2_147_483_647, '数据版本号不正确');
/** Absent stays absent (an update keeps the stored value); '' or null clears it. */
const keepOrClear = <T>(v: T | null | undefined | '') => (v === undefined ? undefined : v === '' || v === null ? null : v);
const text = (max: number) => z.string().trim().max(max, `长度不能超过${max}个字符`);
const optionalText = (max: number) => text(max).nullish().transform(keepOrClear);
const required = (message: string, max: number) => z.string({ message }).trim().min(1, message).max(max, `长度不能超过${max}个字符`);
/** A code of one of the label sets above, as number or numeric text. */
const code = (labels: Labels, what: string) =>
  z.union([z.number(), z.string().trim()], { message: `${what}取值不正确` }).transform((v, ctx) => {
    if (v === '') return null;
    const n = Number(v);
    if (!Number.isInteger(n) || !Object.hasOwn(labels, n)) {
      ctx.addIssue({ code: 'custom', message: `${what}取值不正确` });
      return z.NEVER;
    }
    return n;
  });
const optionalCode = (labels: Labels, what: string) => code(labels, what).nullish().transform(keepOrClear);
const day = (message: string) =>
  z
    .string({ message })
    .trim()
    .refine((v) => v === '' || isDay(v), message);
const joinDate = day(MEMBER_MSG.joinDate)
  .refine((v) => v === '' || v <= productToday(), MEMBER_MSG.joinDateFuture)
  .nullish()
  .transform(keepOrClear);
const regionCode = z
  .string()
  .trim()
  .regex(/^(\d{2}|\d{4}|\d{6}|\d{9}|\d{12})?$/, '行政区划代码格式不正确')
  .nullish()
  .transform(keepOrClear);
const deptId = idOf(MEMBER_MSG.deptFormat, { trim: true }).optional();
/** A phone as typed (§5 rule, the mobile check written correctly), or the masked form a list showed (kept unchanged). */
const phone = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (!v || MASKED_MOBILE_RE.test(v)) return;
    const problem = phoneProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullish()
  .transform(keepOrClear);
const creditCode = z
  .string({ message: CODE_MSG.creditRequired })
  .trim()
  .meta({ examples: ['91350100M000100Y43'] })
  .transform((v) => v.toUpperCase())
  .superRefine((v, ctx) => {
    const p = creditCodeProblem(v);
    if (p) ctx.addIssue({ code: 'custom', message: p });
  });

// ---------------------------------------------------------------------------------------------
// Enterprise (企业会员)

const enterpriseFields = {
  deptId,
  name: required(MEMBER_MSG.enterpriseName, 200),
  creditCode,
  legalPerson: optionalText(50),
  industry: optionalText(64),
  scale: optionalCode(ENTERPRISE_SCALES, '企业规模'),
  regionCode,
  address: optionalText(255),
  contactName: optionalText(50),
  contactPhone: phone,
  joinDate,
  memberLevel: optionalCode(MEMBER_LEVELS, '会员级别'),
  memberType: optionalCode(ENTERPRISE_TYPES, '企业类型'),
  status: optionalCode(MEMBER_STATUS, '会员状态'),
  remark: optionalText(500),
};
export const enterpriseSave = z.object(enterpriseFields).strict();
export const enterpriseUpdate = z
  .object({
    id,
    version,
    ...Object.fromEntries(Object.entries(enterpriseFields).map(([k, s]) => [k, s.optional()])),
  } as { id: typeof id; version: typeof version } & { [K in keyof typeof enterpriseFields]: z.ZodOptional<(typeof enterpriseFields)[K]> })
  .strict();
export type EnterpriseSave = z.infer<typeof enterpriseSave>;
export type EnterpriseUpdate = z.infer<typeof enterpriseUpdate>;

// ---------------------------------------------------------------------------------------------
// Group (团体会员: a chamber, association or other organisation belonging to a federation)

const groupFields = {
  deptId,
  name: required(MEMBER_MSG.groupName, 200),
  creditCode: creditCode.or(z.literal('')).nullish().transform(keepOrClear),
  groupType: optionalCode(GROUP_TYPES, '团体类型'),
  orgDeptId: z.string().trim().regex(ID_OR_EMPTY_RE, '组织编号格式不正确').nullish().transform(keepOrClear),
  legalPerson: optionalText(50),
  regionCode,
  address: optionalText(255),
  contactName: optionalText(50),
  contactPhone: phone,
  memberCount: z.coerce
    .number({ message: '会员数量必须是数字' })
    .int('会员数量必须是整数')
    .min(0, '会员数量不能小于0')
    .max(10_000_000, '会员数量过大')
    .nullish(),
  joinDate,
  memberLevel: optionalCode(MEMBER_LEVELS, '会员级别'),
  status: optionalCode(MEMBER_STATUS, '会员状态'),
  remark: optionalText(500),
};
export const groupSave = z.object(groupFields).strict();
export const groupUpdate = z
  .object({
    id,
    version,
    ...Object.fromEntries(Object.entries(groupFields).map(([k, s]) => [k, s.optional()])),
  } as { id: typeof id; version: typeof version } & { [K in keyof typeof groupFields]: z.ZodOptional<(typeof groupFields)[K]> })
  .strict();
export type GroupSave = z.infer<typeof groupSave>;
/** eh-aoc groupbase submit (BladeX): without id inserts, with id and version updates the fields given. */
export const groupSubmit = z.object({ id: id.optional(), version: version.optional(), ...groupFields }).strict();
export type GroupSubmit = z.infer<typeof groupSubmit>;
export type GroupUpdate = z.infer<typeof groupUpdate>;

// ---------------------------------------------------------------------------------------------
// Person (个人会员)

const certNo = z
  .string({ message: CODE_MSG.certRequired })
  .trim()
  .min(1, CODE_MSG.certRequired)
  .max(30, CODE_MSG.certFormat)
  .meta({ examples: ['11010519491231002X'] })
  .transform((v) => v.toUpperCase());

const personFields = {
  deptId,
  name: required(MEMBER_MSG.personName, 50),
  certType: code(CERT_TYPES, '证件类型').optional(),
  certNo,
  gender: optionalCode(GENDERS, '性别'),
  birthDate: day(MEMBER_MSG.birthDate).nullish().transform(keepOrClear),
  nationality: optionalText(32),
  nativePlace: optionalText(64),
  politics: optionalCode(POLITICS, '政治面貌'),
  education: optionalCode(EDUCATIONS, '学历'),
  phone,
  company: optionalText(200),
  post: optionalText(100),
  regionCode,
  joinDate,
  memberLevel: optionalCode(MEMBER_LEVELS, '会员级别'),
  status: optionalCode(MEMBER_STATUS, '会员状态'),
  remark: optionalText(500),
};

/** The certificate number against its type: GB 11643 for identity cards, letters and digits otherwise. */
export function certProblem(certType: number, certNo: string): string | null {
  if (isMaskedCert(certNo)) return null;
  return certType === 1 ? idCardProblem(certNo) : /^[A-Z0-9()-]{5,30}$/.test(certNo) ? null : CODE_MSG.certFormat;
}
/** The masked form a list showed (an update sending it back keeps the stored number). */
export const isMaskedCert = (v: string) => v === '****' || /^[A-Z0-9]{3}\*+[A-Z0-9]{4}$/.test(v);
/** On update without certType the server checks the number against the stored type. */
const checkCert = (defaultType: number | undefined) => (v: { certType?: number | null; certNo?: string }, ctx: z.RefinementCtx) => {
  const type = v.certType ?? defaultType;
  if (v.certNo === undefined || type === undefined) return;
  const problem = certProblem(type, v.certNo);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['certNo'] });
};
export const personSave = z.object(personFields).strict().superRefine(checkCert(1));
export const personUpdate = z
  .object({
    id,
    version,
    ...Object.fromEntries(Object.entries(personFields).map(([k, s]) => [k, s.optional()])),
  } as { id: typeof id; version: typeof version } & { [K in keyof typeof personFields]: z.ZodOptional<(typeof personFields)[K]> })
  .strict()
  .superRefine(checkCert(undefined));
export type PersonSave = z.infer<typeof personSave>;
export type PersonUpdate = z.infer<typeof personUpdate>;

// ---------------------------------------------------------------------------------------------
// update-all: one set of fields written to every selected record (BladeX's batch update), in one
// transaction, each record's changes in the change history.

const idList = z.string({ message: '请选择至少一条数据' }).trim().min(1, '请选择至少一条数据').max(20000, '一次选择的数据过多').regex(ID_LIST_RE, ID_MSG);
export const memberUpdateAll = z
  .object({
    ids: idList,
    status: optionalCode(MEMBER_STATUS, '会员状态'),
    memberLevel: optionalCode(MEMBER_LEVELS, '会员级别'),
    joinDate,
    regionCode,
  })
  .strict()
  .refine((v) => ['status', 'memberLevel', 'joinDate', 'regionCode'].some((f) => v[f as keyof typeof v] !== undefined), MEMBER_MSG.updateAllEmpty);
export type MemberUpdateAll = z.infer<typeof memberUpdateAll>;

// ---------------------------------------------------------------------------------------------
// Representatives (会员代表)

const memberId = idOf('会员编号格式不正确', { trim: true, required: '请提供会员编号' });
export const representativeQuery = z.object({ memberId }).strict();
export const representativeSave = z
  .object({
    memberId,
    personId: idOf('个人会员编号格式不正确', { trim: true, required: '请选择会员代表' }),
    title: optionalText(64),
    sort: z.coerce.number({ message: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(1_000_000, '排序过大').optional(),
  })
  .strict();
export type RepresentativeSave = z.infer<typeof representativeSave>;

// ---------------------------------------------------------------------------------------------
// Change history (aoclog, auto/logger)

/** The change history's record tags (specification §9). */
export const LOG_TAGS = MEMBER_KINDS;
export const LOG_MODES: Record<string, string> = { insert: '新增', update: '修改', delete: '删除' };

/** Labels of the tracked fields, as the change history shows them. */
export const MEMBER_FIELD_LABELS: Record<MemberKind, Record<string, string>> = {
  enterprise: {
    deptId: '所属组织',
    name: '企业名称',
    creditCode: '统一社会信用代码',
    legalPerson: '法定代表人',
    industry: '所属行业',
    scale: '企业规模',
    regionCode: '所在地区',
    address: '地址',
    contactName: '联系人',
    contactPhone: '联系电话',
    joinDate: '入会日期',
    memberLevel: '会员级别',
    memberType: '企业类型',
    status: '会员状态',
    remark: '备注',
  },
  group: {
    deptId: '所属组织',
    name: '团体名称',
    creditCode: '统一社会信用代码',
    groupType: '团体类型',
    orgDeptId: '对应组织',
    legalPerson: '负责人',
    regionCode: '所在地区',
    address: '地址',
    contactName: '联系人',
    contactPhone: '联系电话',
    memberCount: '会员数量',
    joinDate: '入会日期',
    memberLevel: '会员级别',
    status: '会员状态',
    remark: '备注',
  },
  person: {
    deptId: '所属组织',
    name: '姓名',
    certType: '证件类型',
    certNo: '证件号码',
    gender: '性别',
    birthDate: '出生日期',
    nationality: '国籍',
    nativePlace: '籍贯',
    politics: '政治面貌',
    education: '学历',
    phone: '手机号码',
    company: '工作单位',
    post: '职务',
    regionCode: '所在地区',
    joinDate: '入会日期',
    memberLevel: '会员级别',
    status: '会员状态',
    remark: '备注',
  },
};

/** One field change of a history entry: the value before and after, as text. */
export const changeRecord = z.object({
  id: z.string(),
  field: z.string(),
  fieldLabel: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
});
export type ChangeView = z.infer<typeof changeRecord>;
/** A history entry (member, chamber and profile records alike): who changed which record how, when. */
export const changeLogRecord = z.object({
  id: z.string(),
  tag: z.string(),
  tagName: z.string(),
  mode: z.string(),
  modeName: z.string(),
  recordId: z.string(),
  recordName: z.string().nullable(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  fieldCount: z.number(),
  createBy: z.string().nullable(),
  createName: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type ChangeLogView = z.infer<typeof changeLogRecord>;
/** A history entry with its field changes (auto/logger/page, a record's own history). */
export const changeLogWithChanges = changeLogRecord.extend({ changes: z.array(changeRecord) });
export type ChangeLogWithChanges = z.infer<typeof changeLogWithChanges>;

// ---------------------------------------------------------------------------------------------
// Answers

/**
 * A member record as page, detail, save and update answer it: the common fields below, then the kind's
 * own fields (code fields with their label as `<field>Name`). Personal data (contactPhone, phone,
 * certNo) is masked unless the caller holds member_sensitive.
 */
export const memberRecord = z
  .object({
    id: z.string(),
    deptId: z.string(),
    deptName: z.string().nullable(),
    regionName: z.string().nullable(),
    name: z.string(),
    status: z.number(),
    statusName: z.string().nullable(),
    version: z.number(),
    createTime: z.string().nullable(),
    updateTime: z.string().nullable(),
  })
  .passthrough()
  .describe('personal data (contactPhone, phone, certNo) masked unless the caller holds member_sensitive');
export type MemberView = z.infer<typeof memberRecord>;
/** eh-aoc groupbase: a group member record (the same answer, groupType always present). */
export const groupBaseRecord = memberRecord.extend({ groupType: z.number() });

/** A representative (会员代表) of an enterprise or group member: the person member's name and masked data. */
export const representativeRecord = z.object({
  id: z.string(),
  memberId: z.string(),
  personId: z.string(),
  title: z.string().nullable(),
  sort: z.number(),
  name: z.string(),
  certType: z.number(),
  certNo: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  post: z.string().nullable(),
});
export type RepresentativeView = z.infer<typeof representativeRecord>;

/** member-count: the members inside the caller's scope, in total and by kind. */
export const memberCount = z.object({ total: z.number(), enterprise: z.number(), group: z.number(), person: z.number() });
export type MemberCount = z.infer<typeof memberCount>;

export * from './chamber.js';
