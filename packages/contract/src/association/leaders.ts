/** Association leadership: the requests about a team and its leaders. */
import { z } from 'zod';
import { ID_MSG, idOf } from '../envelope.js';
import { CERT_TYPES, GENDERS, POLITICS, certProblem, isMaskedCert } from '../member/member.js';
import { idCardBirthDate, idCardGender } from '../member/codes.js';
import { ASSOCIATION_MSG, LIST_LEADER_TYPES, MAX_TEAM_SIZE } from './constants.js';
import {
  certNo,
  day,
  dayOf,
  deptId,
  keepOrClear,
  leaderPaging,
  leaderTypeField,
  leaderYear,
  optionalCode,
  optionalText,
  optionalYear,
  phone,
  sort,
  version,
} from './fields.js';

// ---------------------------------------------------------------------------------------------
// Requests

/**
 * Which team: `deptId` (default the caller's own org) and `year` (default the current year, China time).
 * The byparam variants take both, required.
 */
export const termQuery = z.object({ deptId: z.union([deptId, z.literal('')]).optional(), year: optionalYear }).strict();
export const termByParamQuery = z
  .object({ deptId: idOf(ASSOCIATION_MSG.deptFormat, { trim: true, required: ASSOCIATION_MSG.deptFormat }), year: leaderYear })
  .strict();
export type TermQuery = z.infer<typeof termQuery>;

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
