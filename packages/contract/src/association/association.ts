/**
 * Association leadership by term (specification §1 "Manage association leadership", §7 "Association
 * ({product}-service associationcommerce)" and "ai-resume" associationbase / associationhistory /
 * associationleader, §9 "Leader lists: page size 5000", "Leader type 3 for the leaders call").
 *
 * A team is kept per org (a federation, chamber or association) and per year (term). Every leader is a
 * person of the person base (人员库), linked by certificate like member persons; phone and certificate
 * number are personal data (encrypted, masked unless the caller holds member_sensitive).
 */
import { z } from 'zod';
import { ID_MSG, idOf, pageOf } from '../envelope.js';
import { MASKED_MOBILE_RE, phoneProblem } from '../user.js';
import { CERT_TYPES, GENDERS, POLITICS, certProblem, isMaskedCert } from '../member/member.js';
import { CHAMBER_TYPES } from '../member/chamber.js';
import { idCardBirthDate, idCardGender, isDay } from '../member/codes.js';

/**
 * Leader types. 2 / 3 / 4 are the chamber module's numbers (副会长, 理事, 秘书处), so §9's "leader type 3"
 * of the leaders call is the council; the others follow.
 */
export const LEADER_TYPE = {
  president: 1,
  vicePresident: 2,
  council: 3,
  secretariat: 4,
  chairman: 5,
  partySecretary: 6,
  viceChairman: 7,
} as const;
export type LeaderType = (typeof LEADER_TYPE)[keyof typeof LEADER_TYPE];
export const ASSOCIATION_LEADER_TYPES: Record<number, string> = {
  5: '主席',
  6: '党组书记',
  1: '会长',
  7: '副主席',
  2: '副会长',
  3: '理事',
  4: '秘书处',
};
/** One per org and year (a partial unique index); the others are ordered lists. */
export const SINGLE_LEADER_TYPES: readonly number[] = [LEADER_TYPE.chairman, LEADER_TYPE.partySecretary, LEADER_TYPE.president];
/** The order a whole team is shown in (associationleader/list, the org profile, the person's posts). */
export const LEADER_TYPE_ORDER: readonly number[] = [5, 6, 1, 7, 2, 3, 4];
/** The types `leaders`, `submit` and `removeleader` are meant for (§9: type 3 by default). */
export const LIST_LEADER_TYPES: readonly number[] = [LEADER_TYPE.council, LEADER_TYPE.secretariat];
export const DEFAULT_LEADERS_TYPE = LEADER_TYPE.council;

export const LEADER_YEAR_MIN = 1949;
export const LEADER_YEAR_MAX = 2100;
/** §9: leader lists are fetched 5,000 at a time. */
export const LEADER_PAGE_SIZE = 5000;
export const MAX_TEAM_SIZE = 5000;

export const ASSOCIATION_MSG = {
  deptFormat: '组织编号格式不正确',
  deptNotFound: '组织不存在或不在数据权限范围内',
  notOrg: '只有工商联、商会或协会有领导班子',
  yearRequired: '请选择年度',
  yearFormat: '年度必须是整数',
  yearRange: `年度应在${LEADER_YEAR_MIN}到${LEADER_YEAR_MAX}之间`,
  leaderType: '领导类型取值不正确',
  leaderTypeRequired: '请选择领导类型',
  leaderTypeNotList: '该接口只能维护理事和秘书处成员',
  name: '请输入姓名',
  certRequired: '请输入证件号码',
  genderMismatch: '性别与身份证号码不一致',
  birthMismatch: '出生日期与身份证号码不一致',
  personNotFound: '所选人员不存在或无权访问',
  personMismatch: '所选人员的证件号码与填写的不一致',
  chairmanExists: '该组织本年度已有主席,每个组织每年只能有一位主席',
  partySecretaryExists: '该组织本年度已有党组书记,每个组织每年只能有一位党组书记',
  presidentExists: '该组织本年度已有会长,每个组织每年只能有一位会长',
  personExists: '该人员本年度已担任此职务',
  termFixed: '领导成员的所属组织和年度不能修改,请在目标年度新增',
  sameYear: '沿用的年度与目标年度不能相同',
  fromEmpty: (year: number) => `${year}年度没有可沿用的领导班子`,
  targetHasLeaders: (year: number, count: number) => `${year}年度已有${count}名领导班子成员,如需覆盖请选择替换后再沿用`,
  sortRequired: '请提供排序数据',
  sortTooMany: `一次最多调整${MAX_TEAM_SIZE}条排序`,
  sortDuplicate: '排序数据中有重复的成员',
  sortValue: '排序必须是0到1000000之间的整数',
  dateFormat: '日期格式应为 yyyy-MM-dd',
  monthFormat: '年月格式应为 yyyy-MM',
  endBeforeStart: '结束日期不能早于开始日期',
  historyTitle: '请输入大事记标题',
  historyDate: '请选择发生日期',
  termNo: '届次应在1到30之间',
  versionBad: '数据版本号不正确',
} as const;

// ---------------------------------------------------------------------------------------------
// Field pieces

const keepOrClear = <T>(v: T | null | undefined | '') => (v === undefined ? undefined : v === '' || v === null ? null : v);
const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label}不能超过${max}个字符`).nullish().transform(keepOrClear);
const deptId = idOf(ASSOCIATION_MSG.deptFormat, { trim: true });
const version = z.coerce
  .number({ message: ASSOCIATION_MSG.versionBad })
  .int(ASSOCIATION_MSG.versionBad)
  .min(1, ASSOCIATION_MSG.versionBad)
  .max(2_147_483_647, ASSOCIATION_MSG.versionBad);

/** A term year, 1949–2100, given as a number or digits. */
export const leaderYear = z
  .union([z.number(), z.string().trim()], { message: ASSOCIATION_MSG.yearRequired })
  .meta({ examples: [2026] })
  .transform((v, ctx) => {
    if (v === '') {
      ctx.addIssue({ code: 'custom', message: ASSOCIATION_MSG.yearRequired });
      return z.NEVER;
    }
    const n = Number(v);
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: ASSOCIATION_MSG.yearFormat });
      return z.NEVER;
    }
    if (n < LEADER_YEAR_MIN || n > LEADER_YEAR_MAX) {
      ctx.addIssue({ code: 'custom', message: ASSOCIATION_MSG.yearRange });
      return z.NEVER;
    }
    return n;
  });

const codeOf = (labels: Record<number, string>, message: string) =>
  z.union([z.number(), z.string().trim()], { message }).transform((v, ctx) => {
    const n = Number(v);
    if (v === '' || !Number.isInteger(n) || !Object.hasOwn(labels, n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
const optionalCode = (labels: Record<number, string>, label: string, examples?: number[]) =>
  z
    .union([z.number(), z.string().trim(), z.null()], { message: `${label}取值不正确` })
    .meta(examples ? { examples } : {})
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || v === '') return null;
      const n = Number(v);
      if (!Number.isInteger(n) || !Object.hasOwn(labels, n)) {
        ctx.addIssue({ code: 'custom', message: `${label}取值不正确` });
        return z.NEVER;
      }
      return n;
    });
export const leaderTypeField = codeOf(ASSOCIATION_LEADER_TYPES, ASSOCIATION_MSG.leaderType);

const dayOf = (example: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isDay(v), ASSOCIATION_MSG.dateFormat)
    .meta({ examples: [example] })
    .nullish()
    .transform(keepOrClear);
const day = dayOf('2026-01-15');
const month = z
  .string()
  .trim()
  .regex(/^(|\d{4}-(0[1-9]|1[0-2]))$/, ASSOCIATION_MSG.monthFormat)
  .meta({ examples: ['2026-01'] })
  .nullish()
  .transform(keepOrClear);
const phone = z
  .string()
  .trim()
  .max(20, '手机号码格式不正确')
  .superRefine((v, ctx) => {
    if (!v || MASKED_MOBILE_RE.test(v)) return;
    const problem = phoneProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullish()
  .transform(keepOrClear);
const certNo = z
  .string()
  .trim()
  .max(30, '证件号码应为5到30位字母或数字')
  .meta({ examples: ['11010519491231002X'] })
  .transform((v) => v.toUpperCase())
  .nullish()
  .transform(keepOrClear);
const sort = z.coerce
  .number({ message: ASSOCIATION_MSG.sortValue })
  .int(ASSOCIATION_MSG.sortValue)
  .min(0, ASSOCIATION_MSG.sortValue)
  .max(1_000_000, ASSOCIATION_MSG.sortValue);

// ---------------------------------------------------------------------------------------------
// Requests

/**
 * Which team: `deptId` (default the caller's own org) and `year` (default the current year, China time).
 * The byparam variants take both, required.
 */
const optionalYear = z.preprocess((v) => (v === '' ? undefined : v), leaderYear.optional());
export const termQuery = z.object({ deptId: z.union([deptId, z.literal('')]).optional(), year: optionalYear }).strict();
export const termByParamQuery = z
  .object({ deptId: idOf(ASSOCIATION_MSG.deptFormat, { trim: true, required: ASSOCIATION_MSG.deptFormat }), year: leaderYear })
  .strict();
export type TermQuery = z.infer<typeof termQuery>;

/** Leader lists (vice-chairman-list, vice-president-list, leaders): one page of up to 5,000, in order. */
const leaderPaging = {
  current: z.coerce.number({ message: '页码必须是数字' }).int('页码必须是整数').min(1, '页码不能小于1').max(1_000_000, '页码过大').default(1),
  size: z.coerce
    .number({ message: '每页条数必须是数字' })
    .int('每页条数必须是整数')
    .min(1, '每页条数不能小于1')
    .max(LEADER_PAGE_SIZE, `每页条数不能超过${LEADER_PAGE_SIZE}`)
    .default(LEADER_PAGE_SIZE),
};
export const leaderListQuery = termQuery.extend(leaderPaging).strict();
export const leaderListByParamQuery = termByParamQuery.extend(leaderPaging).strict();
/** leaders: the council (type 3, §9) or the secretariat (type 4). */
const listType = z
  .union([z.number(), z.string().trim()], { message: ASSOCIATION_MSG.leaderType })
  .transform((v, ctx) => {
    const n = Number(v);
    if (!LIST_LEADER_TYPES.includes(n)) {
      ctx.addIssue({ code: 'custom', message: ASSOCIATION_MSG.leaderTypeNotList });
      return z.NEVER;
    }
    return n;
  })
  .optional();
export const leadersQuery = leaderListQuery.extend({ leaderType: listType }).strict();
export const leadersByParamQuery = leaderListByParamQuery.extend({ leaderType: listType }).strict();

/** associationcommerce/log: the change history (tag leader) of an org's teams, newest first (not in §7; see the README). */
export const leaderLogQuery = z.object({ deptId: z.union([deptId, z.literal('')]).optional(), ...leaderPaging, size: leaderPaging.size.default(10) }).strict();

export const leaderIdQuery = z.object({ id: idOf(ID_MSG, { trim: true, required: '请提供数据编号' }) }).strict();

/**
 * A leader, as every submit takes it. Without id it adds (新增成功), with id and version it updates
 * (更新成功). The person is either picked from the person base (`personId`; name and certificate come
 * from there) or entered (name and certificate required; the person base gets the person when new).
 * A masked phone or certificate sent back keeps the stored number.
 */
const leaderFields = {
  id: idOf(ID_MSG, { trim: true }).optional(),
  version: version.optional(),
  deptId: deptId.optional(),
  year: leaderYear,
  personId: z.union([idOf('人员编号格式不正确', { trim: true }), z.literal('')]).nullish(),
  name: z.string().trim().max(50, '姓名不能超过50个字符').nullish().transform(keepOrClear),
  certType: optionalCode(CERT_TYPES, '证件类型'),
  certNo,
  // Examples agree with certNo's (an identity card of a woman born 1949-12-31), so a generated request passes the §5 checks.
  gender: optionalCode(GENDERS, '性别', [2]),
  birthDate: dayOf('1949-12-31'),
  politics: optionalCode(POLITICS, '政治面貌'),
  phone,
  company: optionalText(200, '工作单位'),
  post: optionalText(100, '职务'),
  startDate: day,
  endDate: day,
  remark: optionalText(500, '备注'),
  sort: sort.optional(),
};
type LeaderShape = {
  personId?: string | null;
  name?: string | null;
  certType?: number | null;
  certNo?: string | null;
  gender?: number | null;
  birthDate?: string | null;
  startDate?: string | null;
  endDate?: string | null;
};
/** The §5 checks of a person entered by hand (name, certificate format, gender and birth date against an ID card). */
export function leaderProblems(v: LeaderShape, updating: boolean): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  if (!v.personId && !updating) {
    if (!v.name) out.push({ path: 'name', message: ASSOCIATION_MSG.name });
    if (!v.certNo) out.push({ path: 'certNo', message: ASSOCIATION_MSG.certRequired });
  }
  const type = v.certType ?? 1;
  if (v.certNo && !isMaskedCert(v.certNo)) {
    const p = certProblem(type, v.certNo);
    if (p) out.push({ path: 'certNo', message: p });
    else if (type === 1) {
      if (v.gender && v.gender !== idCardGender(v.certNo)) out.push({ path: 'gender', message: ASSOCIATION_MSG.genderMismatch });
      if (v.birthDate && v.birthDate !== idCardBirthDate(v.certNo)) out.push({ path: 'birthDate', message: ASSOCIATION_MSG.birthMismatch });
    }
  }
  if (v.startDate && v.endDate && v.endDate < v.startDate) out.push({ path: 'endDate', message: ASSOCIATION_MSG.endBeforeStart });
  return out;
}
const checked = <T extends z.ZodType<LeaderShape & { id?: string }>>(schema: T) =>
  schema.superRefine((v, ctx) => {
    for (const p of leaderProblems(v, Boolean(v.id))) ctx.addIssue({ code: 'custom', message: p.message, path: [p.path] });
  });

/** submit-chairman, submit-party-secretary, submit-president, submit-vice-chairman, submit-vice-president: the type is the call's. */
export const typedLeaderSubmit = checked(z.object(leaderFields).strict());
/** submit (理事 / 秘书处) and associationleader/submit (any type): the type in the body. */
export const leaderSubmit = checked(z.object({ ...leaderFields, leaderType: leaderTypeField }).strict());
export type LeaderSubmit = z.infer<typeof leaderSubmit>;
export type TypedLeaderSubmit = z.infer<typeof typedLeaderSubmit>;

/**
 * multiplexing: copy the team of `fromYear` to `toYear` (one transaction). Refused when `toYear` already
 * has leaders unless `replace` is true (then they are removed first). deptName and templateKey are the
 * specification's payload fields, accepted and not needed (the org is deptId, the team has no template).
 * The same year twice is refused by the server (ASSOCIATION_MSG.sameYear) once the org is known to be in reach.
 */
export const multiplexingBody = z
  .object({
    fromYear: leaderYear,
    toYear: leaderYear,
    deptId: z.union([deptId, z.literal('')]).optional(),
    deptName: z.string().max(200, '组织名称不能超过200个字符').nullish(),
    templateKey: z.string().max(100, '模板标识不能超过100个字符').nullish(),
    replace: z.boolean({ message: '是否替换必须是布尔值' }).optional(),
  })
  .strict();
export type MultiplexingBody = z.infer<typeof multiplexingBody>;

/** associationleader/update-sort: the new order of a team's members (§3 "Leader sort update"). */
export const leaderSortBody = z
  .object({
    aocLeaderUpdateParamList: z
      .array(z.object({ id: idOf(ID_MSG, { trim: true, required: ID_MSG }), sort }).strict(), { message: ASSOCIATION_MSG.sortRequired })
      .min(1, ASSOCIATION_MSG.sortRequired)
      .max(MAX_TEAM_SIZE, ASSOCIATION_MSG.sortTooMany)
      .refine((l) => new Set(l.map((x) => x.id)).size === l.length, ASSOCIATION_MSG.sortDuplicate),
  })
  .strict();
export type LeaderSortBody = z.infer<typeof leaderSortBody>;

/** Lower-level categories: 工商联, 商会, 协会 (dept_category 1–3). */
export const LOWER_CATEGORIES: Record<number, string> = { 1: '工商联', 2: '商会', 3: '协会' };
/**
 * lower-list: the orgs below `deptId` (default the caller's own org; always inside the data scope) with
 * the team of their current term as of `year` (the latest year ≤ `year` that has leaders; default the
 * current year). Filters: name contains, category, chamber type, whether a team is entered.
 */
export const lowerListQuery = z
  .object({
    ...leaderPaging,
    size: leaderPaging.size.default(10),
    deptId: z.union([deptId, z.literal('')]).optional(),
    year: optionalYear,
    name: z.string().trim().max(100, '名称不能超过100个字符').optional(),
    deptCategory: z.union([codeOf(LOWER_CATEGORIES, '组织类别取值不正确'), z.literal('')]).optional(),
    chamberType: z.union([codeOf(CHAMBER_TYPES, '商会类型取值不正确'), z.literal('')]).optional(),
    /** 1: only orgs with a team entered; 0: only those without. */
    hasLeaders: z.union([z.enum(['0', '1'], { message: '是否已录入取值不正确' }), z.literal('')]).optional(),
    leaderName: z.string().trim().max(50, '姓名不能超过50个字符').optional(),
  })
  .strict();
export type LowerListQuery = z.infer<typeof lowerListQuery>;

/** administrative: the federations (工商联, the administrative line) at and below deptId in scope, for the lower list's filter. */
export const administrativeQuery = z.object({ deptId: z.union([deptId, z.literal('')]).optional() }).strict();

/** associationbase: the association's base record of its leadership (届次, 换届, 理事会规模, 秘书长). */
export const associationBaseQuery = z.object({ deptId: z.union([deptId, z.literal('')]).optional() }).strict();
const count = (label: string) =>
  z
    .union([z.number(), z.string().trim(), z.null()], { message: `${label}必须是整数` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || v === '') return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 1_000_000) {
        ctx.addIssue({ code: 'custom', message: `${label}应为0到1000000之间的整数` });
        return z.NEVER;
      }
      return n;
    });
export const associationBaseSubmit = z
  .object({
    id: idOf(ID_MSG, { trim: true }).optional(),
    version: version.optional(),
    deptId: deptId.optional(),
    termNo: z
      .union([z.number(), z.string().trim(), z.null()], { message: ASSOCIATION_MSG.termNo })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        if (v === null || v === '') return null;
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1 || n > 30) {
          ctx.addIssue({ code: 'custom', message: ASSOCIATION_MSG.termNo });
          return z.NEVER;
        }
        return n;
      }),
    termYears: count('每届年限'),
    termStartDate: day,
    termEndDate: day,
    electionMonth: month,
    councilSize: count('理事会人数'),
    standingCouncilSize: count('常务理事人数'),
    congressSize: count('会员代表人数'),
    secretaryGeneral: optionalText(50, '秘书长'),
    secretariatSize: count('秘书处工作人员数'),
    remark: optionalText(1000, '备注'),
  })
  .strict()
  .refine((v) => !(v.termStartDate && v.termEndDate && v.termEndDate < v.termStartDate), {
    message: ASSOCIATION_MSG.endBeforeStart,
    path: ['termEndDate'],
  });
export type AssociationBaseSubmit = z.infer<typeof associationBaseSubmit>;

/** associationhistory list: the org's 大事记, newest first; `year` of the event date, `title` contains. */
export const historyListQuery = z
  .object({
    ...leaderPaging,
    size: leaderPaging.size.default(10),
    deptId: z.union([deptId, z.literal('')]).optional(),
    year: optionalYear,
    title: z.string().trim().max(200, '标题不能超过200个字符').optional(),
  })
  .strict();
/** associationhistory submit (not in §7's list; see the README's deviations): an event of the org. */
export const historySubmit = z
  .object({
    id: idOf(ID_MSG, { trim: true }).optional(),
    version: version.optional(),
    deptId: deptId.optional(),
    eventDate: z.string({ message: ASSOCIATION_MSG.historyDate }).trim().min(1, ASSOCIATION_MSG.historyDate).refine(isDay, ASSOCIATION_MSG.dateFormat),
    title: z.string({ message: ASSOCIATION_MSG.historyTitle }).trim().min(1, ASSOCIATION_MSG.historyTitle).max(200, '标题不能超过200个字符'),
    content: optionalText(5000, '内容'),
  })
  .strict();
export type HistorySubmit = z.infer<typeof historySubmit>;

// ---------------------------------------------------------------------------------------------
// Answers

/** A leader as every call answers it; phone and certificate masked unless the caller holds member_sensitive. */
export const leaderRecord = z.object({
  id: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  year: z.number(),
  leaderType: z.number(),
  leaderTypeName: z.string(),
  /** The person of the person base (人员库) this leader is. */
  personId: z.string().nullable(),
  name: z.string(),
  certType: z.number(),
  certTypeName: z.string().nullable(),
  certNo: z.string().nullable(),
  gender: z.number().nullable(),
  genderName: z.string().nullable(),
  birthDate: z.string().nullable(),
  politics: z.number().nullable(),
  politicsName: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  post: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  remark: z.string().nullable(),
  sort: z.number(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type LeaderView = z.infer<typeof leaderRecord>;
export const leaderPage = pageOf(leaderRecord);
/** chairman-detail / party-secretary-detail / president-detail: the one of the year, or null. */
export const singleLeaderAnswer = leaderRecord.nullable();
export const leaderListAnswer = z.array(leaderRecord);

/** year-list: the years that have a team, oldest first, with the team's size. */
export const yearListAnswer = z.array(z.object({ year: z.number(), leaderCount: z.number() }));
export type YearView = z.infer<typeof yearListAnswer>[number];

export const multiplexingAnswer = z.object({ fromYear: z.number(), toYear: z.number(), copied: z.number(), replaced: z.number() });
export type MultiplexingAnswer = z.infer<typeof multiplexingAnswer>;

export const leaderSortAnswer = z.object({ updated: z.number() });

/** One org of lower-list with its current team (names of the single posts, sizes of the lists). */
export const lowerRecord = z.object({
  deptId: z.string(),
  deptName: z.string(),
  fullName: z.string().nullable(),
  deptCategory: z.number(),
  deptCategoryName: z.string().nullable(),
  chamberType: z.number().nullable(),
  chamberTypeName: z.string().nullable(),
  parentId: z.string(),
  parentName: z.string().nullable(),
  regionCode: z.string().nullable(),
  /** The year of the team shown (the latest ≤ the asked year), null when none is entered. */
  year: z.number().nullable(),
  chairmanName: z.string().nullable(),
  partySecretaryName: z.string().nullable(),
  presidentName: z.string().nullable(),
  viceChairmanCount: z.number(),
  vicePresidentCount: z.number(),
  councilCount: z.number(),
  secretariatCount: z.number(),
  leaderCount: z.number(),
});
export type LowerView = z.infer<typeof lowerRecord>;
export const lowerPage = pageOf(lowerRecord);

export const administrativeRecord = z.object({
  id: z.string(),
  parentId: z.string(),
  deptName: z.string(),
  fullName: z.string().nullable(),
  regionCode: z.string().nullable(),
});
export const administrativeAnswer = z.array(administrativeRecord);

/** associationbase: before its first save prefilled with id null and version 0. */
export const associationBaseRecord = z.object({
  id: z.string().nullable(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  termNo: z.number().nullable(),
  termYears: z.number().nullable(),
  termStartDate: z.string().nullable(),
  termEndDate: z.string().nullable(),
  electionMonth: z.string().nullable(),
  councilSize: z.number().nullable(),
  standingCouncilSize: z.number().nullable(),
  congressSize: z.number().nullable(),
  secretaryGeneral: z.string().nullable(),
  secretariatSize: z.number().nullable(),
  remark: z.string().nullable(),
  /** The latest year with a team, and its size (read from the leaders). */
  currentYear: z.number().nullable(),
  currentLeaderCount: z.number(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type AssociationBaseView = z.infer<typeof associationBaseRecord>;

export const historyRecord = z.object({
  id: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  eventDate: z.string(),
  title: z.string(),
  content: z.string().nullable(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type HistoryView = z.infer<typeof historyRecord>;
export const historyPage = pageOf(historyRecord);

/** A post a person holds (personbase/detail `leaderPosts`, null without the 领导班子 menu). */
export const leaderPostRecord = z.object({
  id: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  year: z.number(),
  leaderType: z.number(),
  leaderTypeName: z.string(),
  post: z.string().nullable(),
});
export type LeaderPostView = z.infer<typeof leaderPostRecord>;

/** orgprofile/leader/list: the org's teams, newest year first; `current` marks the current term's (the latest year ≤ this year). */
export const orgLeadershipAnswer = z.array(z.object({ year: z.number(), current: z.boolean(), leaders: z.array(leaderRecord) }));
export type OrgLeadershipTerm = z.infer<typeof orgLeadershipAnswer>[number];

// ---------------------------------------------------------------------------------------------
// Paths (api-paths.tsv; the byparam variants, associationhistory submit/remove and the org profile's
// leadership are ours, see the README's deviations)

const AC = '/api/aoc-service/associationcommerce';
export const ASSOCIATION_PATHS = {
  detail: `${AC}/detail`,
  leaders: `${AC}/leaders`,
  removeLeader: `${AC}/removeleader`,
  lowerList: `${AC}/lower-list`,
  submit: `${AC}/submit`,
  submitChairman: `${AC}/submit-chairman`,
  submitPartySecretary: `${AC}/submit-party-secretary`,
  submitPresident: `${AC}/submit-president`,
  chairmanDetail: `${AC}/chairman-detail`,
  partySecretaryDetail: `${AC}/party-secretary-detail`,
  presidentDetail: `${AC}/president-detail`,
  viceChairmanList: `${AC}/vice-chairman-list`,
  viceChairmanDetail: `${AC}/vice-chairman-detail`,
  submitViceChairman: `${AC}/submit-vice-chairman`,
  removeViceChairman: `${AC}/removevicechairman`,
  vicePresidentList: `${AC}/vice-president-list`,
  vicePresidentDetail: `${AC}/vice-president-detail`,
  submitVicePresident: `${AC}/submit-vice-president`,
  removeVicePresident: `${AC}/removevicepresident`,
  yearList: `${AC}/year-list`,
  multiplexing: `${AC}/multiplexing`,
  administrative: `${AC}/administrative`,
  /** The change history of an org's teams (tag leader). */
  log: `${AC}/log`,
  /** `<call>/byparam`: the same answer for an explicit deptId and year (both required). */
  byParam: (path: string) => `${path}/byparam`,
  baseDetail: '/api/aoc-service/associationbase/detail',
  baseSubmit: '/api/aoc-service/associationbase/submit',
  historyList: '/api/aoc-service/associationhistory/list',
  historyDetail: '/api/aoc-service/associationhistory/detail',
  historySubmit: '/api/aoc-service/associationhistory/submit',
  historyRemove: '/api/aoc-service/associationhistory/remove',
  leaderList: '/api/aoc-service/associationleader/list',
  leaderSubmit: '/api/aoc-service/associationleader/submit',
  leaderRemove: '/api/aoc-service/associationleader/remove',
  leaderUpdateSort: '/api/aoc-service/associationleader/update-sort',
  orgLeadership: '/api/aoc-service/orgprofile/leader/list',
} as const;
/** The calls with a byparam variant (deptId and year required). */
export const BYPARAM_CALLS = [
  'yearList',
  'chairmanDetail',
  'partySecretaryDetail',
  'presidentDetail',
  'viceChairmanList',
  'vicePresidentList',
  'leaders',
] as const;
