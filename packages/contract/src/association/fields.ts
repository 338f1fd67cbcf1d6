/** The association contract's field pieces, shared by its request schemas (not exported from the package). */
import { z } from 'zod';
import { idOf } from '../envelope.js';
import { MASKED_MOBILE_RE, phoneProblem } from '../user.js';
import { isDay } from '../member/codes.js';
import { ASSOCIATION_LEADER_TYPES, ASSOCIATION_MSG, LEADER_PAGE_SIZE, LEADER_YEAR_MAX, LEADER_YEAR_MIN } from './constants.js';

// ---------------------------------------------------------------------------------------------
// Field pieces

export const keepOrClear = <T>(v: T | null | undefined | '') => (v === undefined ? undefined : v === '' || v === null ? null : v);
export const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label}不能超过${max}个字符`).nullish().transform(keepOrClear);
export const deptId = idOf(ASSOCIATION_MSG.deptFormat, { trim: true });
export const version = z.coerce
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

export const codeOf = (labels: Record<number, string>, message: string) =>
  z.union([z.number(), z.string().trim()], { message }).transform((v, ctx) => {
    const n = Number(v);
    if (v === '' || !Number.isInteger(n) || !Object.hasOwn(labels, n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
export const optionalCode = (labels: Record<number, string>, label: string, examples?: number[]) =>
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

export const dayOf = (example: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isDay(v), ASSOCIATION_MSG.dateFormat)
    .meta({ examples: [example] })
    .nullish()
    .transform(keepOrClear);
export const day = dayOf('2026-01-15');
export const month = z
  .string()
  .trim()
  .regex(/^(|\d{4}-(0[1-9]|1[0-2]))$/, ASSOCIATION_MSG.monthFormat)
  .meta({ examples: ['2026-01'] })
  .nullish()
  .transform(keepOrClear);
export const phone = z
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
export const certNo = z
  .string()
  .trim()
  .max(30, '证件号码应为5到30位字母或数字')
  .meta({ examples: ['11010519491231002X'] })
  .transform((v) => v.toUpperCase())
  .nullish()
  .transform(keepOrClear);
export const sort = z.coerce
  .number({ message: ASSOCIATION_MSG.sortValue })
  .int(ASSOCIATION_MSG.sortValue)
  .min(0, ASSOCIATION_MSG.sortValue)
  .max(1_000_000, ASSOCIATION_MSG.sortValue);

/** A year or nothing (an empty text is nothing). */
export const optionalYear = z.preprocess((v) => (v === '' ? undefined : v), leaderYear.optional());

/** Paging of the leader lists (vice-chairman-list, vice-president-list, leaders): one page of up to 5,000, in order. */
export const leaderPaging = {
  current: z.coerce.number({ message: '页码必须是数字' }).int('页码必须是整数').min(1, '页码不能小于1').max(1_000_000, '页码过大').default(1),
  size: z.coerce
    .number({ message: '每页条数必须是数字' })
    .int('每页条数必须是整数')
    .min(1, '每页条数不能小于1')
    .max(LEADER_PAGE_SIZE, `每页条数不能超过${LEADER_PAGE_SIZE}`)
    .default(LEADER_PAGE_SIZE),
};
