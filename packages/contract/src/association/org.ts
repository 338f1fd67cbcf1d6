/** Association leadership: the requests about orgs — the lower list, the base record and the 大事记. */
import { z } from 'zod';
import { ID_MSG, idOf } from '../envelope.js';
import { CHAMBER_TYPES } from '../member/chamber.js';
import { isDay } from '../member/codes.js';
import { ASSOCIATION_MSG } from './constants.js';
import { codeOf, day, deptId, leaderPaging, month, optionalText, optionalYear, version } from './fields.js';

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
