import { z } from 'zod';
import { deptIdFilter, pageQuery } from '../envelope.js';
import { MEMBER_KINDS } from '../member/member.js';

/**
 * 领导驾驶舱 (specification §2 /portal/cockpit; the cockpit list is the menu's `cockpit` children) and
 * 数据质量 (§7 portal/dataquality/list): aggregates of the caller's data scope (the member resource's
 * rules, so every figure equals what the member calls count), each figure naming the records behind it.
 */

export const COCKPIT_MSG = {
  kindBad: '会员类型不正确',
  issueBad: '问题类型不正确',
  yearBad: '入会年份不正确',
  industryTooLong: '行业不能超过64个字',
  ownBad: '本级标记不正确',
  noMembers: '暂无会员数据',
} as const;

/** 数据陈旧: a member record last updated before 1 January of last year (the year before last or earlier). */
export const STALE_TEXT = '最后更新在前年及更早(约两年未更新)';

/** What 数据质量 checks, in the order it shows them. */
export const QUALITY_ISSUES = ['missing', 'invalid', 'duplicate', 'stale'] as const;
export type QualityIssue = (typeof QUALITY_ISSUES)[number];
export const QUALITY_ISSUE_LABELS: Record<QualityIssue, string> = {
  missing: '必填缺失',
  invalid: '代码错误',
  duplicate: '疑似重复',
  stale: '数据陈旧',
};
/** What each check means, for the screen's legend. */
export const QUALITY_ISSUE_HINTS: Record<QualityIssue, string> = {
  missing:
    '企业会员缺少法定代表人、行业、所在地区、联系人、联系电话或入会日期;团体会员另缺统一社会信用代码;个人会员缺少手机号码、性别、出生日期、工作单位、所在地区或入会日期',
  invalid: '统一社会信用代码未通过 GB 32100 校验位检查',
  duplicate: '同一租户内名称相同的企业或团体会员,或姓名与出生日期相同的个人会员',
  stale: `${STALE_TEXT}的会员信息`,
};

const num = z.number();
/** One bar or slice: its label, its count, and what opens the records behind it. */
export const cockpitBucket = z.object({
  key: z.string(),
  name: z.string(),
  value: num,
  /** Member page filters that list exactly these records (deptId: that org and below). */
  deptId: z.string().nullable().optional(),
});
export type CockpitBucket = z.infer<typeof cockpitBucket>;

export const cockpitSummary = z.object({
  /** The org the figures are about (the caller's) and when they were read. */
  deptId: z.string(),
  deptName: z.string(),
  generatedAt: z.string(),
  members: z.object({ total: num, enterprise: num, group: num, person: num }),
  /** Members by the org's direct subordinate federations (cities of a province, districts of a city); `self` = the org itself and the chambers attached to it directly. */
  byArea: z.array(cockpitBucket),
  byIndustry: z.array(cockpitBucket),
  byJoinYear: z.array(cockpitBucket),
  /** Chambers by type (行业商会, 地区商会, 外省在苏商会, 江苏在外地商会, 境外商会); key is the chamber type. */
  chambersByType: z.array(cockpitBucket),
  quality: z.object({ total: num, missing: num, invalid: num, duplicate: num, stale: num }),
  /** 填报 of the chambers and associations in the viewer's fill-in scope: orgs by state (未填报, 填报中, 已提交, 已退回). */
  fillIn: z.object({ total: num, notStarted: num, filling: num, submitted: num, returned: num }),
  /** Sends of the last 12 months by month (yyyy-MM) and channel. */
  messages: z.array(z.object({ month: z.string(), sys: num, sms: num, email: num, recipients: num })),
  /** Sign-ons of the last 30 days by day (yyyy-MM-dd): successful ones and distinct accounts. */
  logins: z.array(z.object({ day: z.string(), count: num, users: num })),
});
export type CockpitSummary = z.infer<typeof cockpitSummary>;

export const cockpitSummaryQuery = z.object({}).strict();

/** 数据质量 per org: the caller's org and each org directly below it (with what lies beneath). */
export const qualityRow = z.object({
  deptId: z.string(),
  deptName: z.string(),
  /** true: the org itself and the chambers attached directly (its own level), false: that org and below. */
  own: z.boolean(),
  total: num,
  missing: num,
  invalid: num,
  duplicate: num,
  stale: num,
  /** Share of records with at least one issue counted once per issue, 0–1 (issues may overlap). */
  missingRate: num,
  invalidRate: num,
  duplicateRate: num,
  staleRate: num,
});
export type QualityRow = z.infer<typeof qualityRow>;

export const qualityListQuery = z.object({ deptId: deptIdFilter }).strict();

const kind = z.enum(MEMBER_KINDS, { message: COCKPIT_MSG.kindBad });
/** The records behind one figure, newest first. */
export const cockpitRecordsQuery = pageQuery
  .extend({
    kind: kind.default('enterprise'),
    deptId: deptIdFilter,
    own: z
      .enum(['1', '0', ''], { message: COCKPIT_MSG.ownBad })
      .optional()
      .transform((v) => v === '1'),
    issue: z
      .enum([...QUALITY_ISSUES, ''], { message: COCKPIT_MSG.issueBad })
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    industry: z.string().trim().max(64, COCKPIT_MSG.industryTooLong).optional(),
    joinYear: z
      .string()
      .regex(/^(\d{4}|none)?$/, COCKPIT_MSG.yearBad)
      .optional(),
  })
  .strict();
export type CockpitRecordsQuery = z.infer<typeof cockpitRecordsQuery>;

export const cockpitRecord = z.object({
  id: z.string(),
  kind: z.enum(MEMBER_KINDS),
  name: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  creditCode: z.string().nullable(),
  industry: z.string().nullable(),
  joinDate: z.string().nullable(),
  updateTime: z.string(),
});
export type CockpitRecord = z.infer<typeof cockpitRecord>;

export const COCKPIT_PATHS = {
  summary: '/api/aoc-service/portal/cockpit/summary',
  records: '/api/aoc-service/portal/cockpit/records',
  quality: '/api/aoc-service/portal/dataquality/list',
} as const;

/** Auto-refresh of the wall screen (one timer, the previous answer replaced, never accumulated). */
export const COCKPIT_REFRESH_MS = 5 * 60_000;
