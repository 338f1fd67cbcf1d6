import { z } from 'zod';
import { deptIdFilter, pageQuery } from '../envelope.js';

/**
 * 荣誉与领导排名 (specification §7 "Other {product}-service calls": aochonor page, aocleadershiprank page): the
 * honours of the orgs in scope (the org profile's 荣誉, maintained there) and the current leadership of an org
 * in rank order (主席, 党组书记, 会长, 副主席, 副会长, 理事, 秘书处 — the 领导班子's rows of its current term).
 */

export const HONOR_MSG = {
  nameTooLong: '荣誉名称不能超过50个字',
  levelBad: '荣誉级别不正确',
  includeChildBad: '是否包含下级只能是0或1',
  yearBad: '年度应为1949到2100之间的整数',
  leaderTypeBad: '领导职务类型不正确',
} as const;

export const honorRecord = z.object({
  id: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  name: z.string(),
  grantor: z.string().nullable(),
  honourDate: z.string().nullable(),
  level: z.number().nullable(),
  levelName: z.string().nullable(),
  remark: z.string().nullable(),
});
export type HonorView = z.infer<typeof honorRecord>;

const zeroOne = z.enum(['', '0', '1'], { message: HONOR_MSG.includeChildBad }).optional();

/** aochonor/page: `deptId` (default the caller's org; outside the scope 404), `includeChild` 1 (default) with the orgs below. */
export const honorPageQuery = pageQuery.extend({
  deptId: deptIdFilter,
  includeChild: zeroOne,
  name: z.string().trim().max(50, HONOR_MSG.nameTooLong).optional(),
  level: z
    .union([z.literal(''), z.coerce.number({ message: HONOR_MSG.levelBad }).int(HONOR_MSG.levelBad).min(1, HONOR_MSG.levelBad).max(5, HONOR_MSG.levelBad)])
    .optional(),
});
export type HonorPageQuery = z.infer<typeof honorPageQuery>;

export const leadershipRankRecord = z.object({
  id: z.string(),
  /** 1, 2, 3 … over the whole list, in rank order. */
  rank: z.number(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  year: z.number(),
  leaderType: z.number(),
  leaderTypeName: z.string(),
  name: z.string(),
  post: z.string().nullable(),
  company: z.string().nullable(),
});
export type LeadershipRankView = z.infer<typeof leadershipRankRecord>;

/** aocleadershiprank/page: `deptId` (default the caller's org), `year` (default the current term: the latest year up to now with leaders). */
export const leadershipRankQuery = pageQuery.extend({
  deptId: deptIdFilter,
  year: z
    .union([z.literal(''), z.coerce.number({ message: HONOR_MSG.yearBad }).int(HONOR_MSG.yearBad).min(1949, HONOR_MSG.yearBad).max(2100, HONOR_MSG.yearBad)])
    .optional(),
  leaderType: z
    .union([
      z.literal(''),
      z.coerce.number({ message: HONOR_MSG.leaderTypeBad }).int(HONOR_MSG.leaderTypeBad).min(1, HONOR_MSG.leaderTypeBad).max(7, HONOR_MSG.leaderTypeBad),
    ])
    .optional(),
});
export type LeadershipRankQuery = z.infer<typeof leadershipRankQuery>;

export const HONOR_PATHS = {
  honorPage: '/api/aoc-service/aochonor/page',
  rankPage: '/api/aoc-service/aocleadershiprank/page',
} as const;
