import { z } from 'zod';
import { idField, pageQuery } from '../envelope.js';
import { isWireTime } from '../myday/myday.js';

/**
 * 新闻 › 舆情监测 (specification §2 /portal/real-time-info, real-time-info2; §7 info-service yqjcxxcj):
 * news items that mention the federation, its chambers or member enterprises. Administrators configure
 * the sources (RSS/Atom feeds) and free keywords; the job worker fetches the feeds on a schedule, removes
 * duplicates and tags each item with the orgs and members it names; staff read the list (new today, new
 * since their last visit), an item's detail and each member's news in its profile, and enter items by hand.
 */

export const NEWS_TITLE_MAX = 200;
export const NEWS_SUMMARY_MAX = 2000;
export const NEWS_CONTENT_MAX = 50_000;
export const NEWS_KEYWORD_MAX = 50;

export const NEWS_MSG = {
  titleRequired: '请输入标题',
  titleTooLong: `标题不能超过${NEWS_TITLE_MAX}个字`,
  contentRequired: '请输入正文',
  contentTooLong: `正文不能超过${NEWS_CONTENT_MAX}个字`,
  summaryTooLong: `摘要不能超过${NEWS_SUMMARY_MAX}个字`,
  linkBad: '原文链接须为 http 或 https 地址',
  sourceNameTooLong: '来源不能超过50个字',
  infoTimeBad: '发布时间格式应为 yyyy-MM-dd HH:mm:ss',
  keywordTooLong: `关键词不能超过${NEWS_KEYWORD_MAX}个字`,
  keywordRequired: '请输入关键词',
  keywordExists: '该关键词已存在',
  duplicate: '已有相同标题或链接的资讯',
  sourceNameRequired: '请输入来源名称',
  sourceUrlRequired: '请输入订阅地址',
  sourceUrlBad: '订阅地址须为 http 或 https 地址',
  sourceUrlTooLong: '订阅地址不能超过500个字符',
  sourceExists: '该订阅地址已存在',
  intervalBad: '抓取间隔须为5到1440之间的整数(分钟)',
  flagBad: '取值只能是0或1',
  memberKindBad: '会员类型不正确',
  dateBad: '日期格式应为 yyyy-MM-dd',
  fetchQueued: '已加入抓取队列,稍后刷新查看结果',
} as const;

/** An org or member an item names: org = a federation or chamber (blade_dept), enterprise / group = a member. */
export const NEWS_MENTION_KINDS = ['org', 'enterprise', 'group'] as const;
export type NewsMentionKind = (typeof NEWS_MENTION_KINDS)[number];
export const NEWS_MENTION_LABELS: Record<NewsMentionKind, string> = { org: '组织', enterprise: '企业会员', group: '团体会员' };

export const newsMention = z.object({ kind: z.enum(NEWS_MENTION_KINDS), refId: z.string(), name: z.string() });
export type NewsMention = z.infer<typeof newsMention>;

export const newsItemRecord = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string().nullable(),
  summary: z.string().nullable(),
  /** Only in the detail. */
  content: z.string().nullable().optional(),
  author: z.string().nullable(),
  /** 来源: the feed's name or what the person entering it wrote. */
  sourceName: z.string().nullable(),
  /** 发布时间 (info_time): the feed's date, else when it was collected. */
  infoTime: z.string().nullable(),
  /** 采集时间. */
  createTime: z.string().nullable(),
  /** 1 手工录入, 0 采集. */
  isManual: z.number(),
  keywords: z.array(z.string()),
  mentions: z.array(newsMention),
});
export type NewsItemView = z.infer<typeof newsItemRecord>;

const day = z
  .union([
    z.literal(''),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, NEWS_MSG.dateBad)
      .refine(isWireTime, NEWS_MSG.dateBad),
  ])
  .optional();

export const newsListQuery = pageQuery.extend({
  /** Contained in the title or summary. */
  keyword: z.string().trim().max(NEWS_KEYWORD_MAX, NEWS_MSG.keywordTooLong).optional(),
  sourceId: z.union([z.literal(''), idField]).optional(),
  /** info_time from this day on / up to this day (yyyy-MM-dd). */
  startDate: day,
  endDate: day,
});
export type NewsListQuery = z.infer<typeof newsListQuery>;

/** Each member's news in its profile (企业会员 / 团体会员 详情). */
export const newsMemberQuery = pageQuery.extend({
  kind: z.enum(['enterprise', 'group'], { message: NEWS_MSG.memberKindBad }),
  memberId: idField,
});

export const newsCount = z.object({
  count: z.number(),
  /** countNewAdd: the caller's previous visit to 新闻 (null the first time: everything is new). */
  since: z.string().nullable(),
});
export type NewsCountView = z.infer<typeof newsCount>;

const optionalTrimmed = (max: number, msg: string) => z.string().trim().max(max, msg).optional().nullable();

export const newsManualSubmit = z
  .object({
    title: z.string({ message: NEWS_MSG.titleRequired }).trim().min(1, NEWS_MSG.titleRequired).max(NEWS_TITLE_MAX, NEWS_MSG.titleTooLong),
    content: z.string({ message: NEWS_MSG.contentRequired }).trim().min(1, NEWS_MSG.contentRequired).max(NEWS_CONTENT_MAX, NEWS_MSG.contentTooLong),
    summary: optionalTrimmed(NEWS_SUMMARY_MAX, NEWS_MSG.summaryTooLong),
    link: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .max(500, NEWS_MSG.linkBad)
          .regex(/^https?:\/\/[^\s]+$/i, NEWS_MSG.linkBad),
      ])
      .optional()
      .nullable(),
    sourceName: optionalTrimmed(50, NEWS_MSG.sourceNameTooLong),
    infoTime: z
      .union([
        z.literal(''),
        z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, NEWS_MSG.infoTimeBad)
          .refine(isWireTime, NEWS_MSG.infoTimeBad),
      ])
      .optional()
      .nullable(),
  })
  .strict();
export type NewsManualSubmit = z.infer<typeof newsManualSubmit>;

// ---------------------------------------------------------------------------------------------
// Sources and keywords (系统管理 › 舆情来源)

/** The outcome of a source's last fetch. */
export const NEWS_FETCH_STATUS_NAMES: Record<string, string> = {
  ok: '成功',
  not_modified: '未更新',
  rate_limited: '被限流',
  error: '失败',
  pending: '等待抓取',
};

export const newsSourceRecord = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  enabled: z.number(),
  /** 1: keep only items naming a keyword, an org or a member; 0: keep every item. */
  matchOnly: z.number(),
  intervalMinutes: z.number(),
  lastFetchTime: z.string().nullable(),
  lastSuccessTime: z.string().nullable(),
  lastStatus: z.string(),
  lastStatusName: z.string(),
  lastHttpStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.number(),
  nextFetchTime: z.string().nullable(),
  itemCount: z.number(),
  version: z.number(),
});
export type NewsSourceView = z.infer<typeof newsSourceRecord>;

const flag = z.coerce.number({ message: NEWS_MSG.flagBad }).int(NEWS_MSG.flagBad).min(0, NEWS_MSG.flagBad).max(1, NEWS_MSG.flagBad);

export const newsSourceSubmit = z
  .object({
    id: idField.optional(),
    version: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    name: z.string({ message: NEWS_MSG.sourceNameRequired }).trim().min(1, NEWS_MSG.sourceNameRequired).max(50, NEWS_MSG.sourceNameTooLong),
    url: z
      .string({ message: NEWS_MSG.sourceUrlRequired })
      .trim()
      .min(1, NEWS_MSG.sourceUrlRequired)
      .max(500, NEWS_MSG.sourceUrlTooLong)
      .regex(/^https?:\/\/[^\s]+$/i, NEWS_MSG.sourceUrlBad),
    enabled: flag.optional(),
    matchOnly: flag.optional(),
    intervalMinutes: z.coerce
      .number({ message: NEWS_MSG.intervalBad })
      .int(NEWS_MSG.intervalBad)
      .min(5, NEWS_MSG.intervalBad)
      .max(1440, NEWS_MSG.intervalBad)
      .optional(),
  })
  .strict();
export type NewsSourceSubmit = z.infer<typeof newsSourceSubmit>;

export const newsKeywordRecord = z.object({ id: z.string(), keyword: z.string(), createTime: z.string().nullable() });
export type NewsKeywordView = z.infer<typeof newsKeywordRecord>;

export const newsKeywordSubmit = z
  .object({
    keyword: z.string({ message: NEWS_MSG.keywordRequired }).trim().min(1, NEWS_MSG.keywordRequired).max(NEWS_KEYWORD_MAX, NEWS_MSG.keywordTooLong),
  })
  .strict();

export const NEWS_PATHS = {
  list: '/api/info-service/yqjcxxcj/list',
  countNewAdd: '/api/info-service/yqjcxxcj/countNewAdd',
  todayNewAdd: '/api/info-service/yqjcxxcj/todayNewAdd',
  visit: '/api/info-service/yqjcxxcj/visit',
  detail: '/api/info-service/yqjcxxcj/detail',
  memberList: '/api/info-service/yqjcxxcj/member-list',
  submit: '/api/info-service/yqjcxxcj/submit',
  remove: '/api/info-service/yqjcxxcj/remove',
  sourceList: '/api/info-service/yqjcxxsource/list',
  sourceSubmit: '/api/info-service/yqjcxxsource/submit',
  sourceRemove: '/api/info-service/yqjcxxsource/remove',
  sourceFetch: '/api/info-service/yqjcxxsource/fetch',
  keywordList: '/api/info-service/yqjcxxkeyword/list',
  keywordSubmit: '/api/info-service/yqjcxxkeyword/submit',
  keywordRemove: '/api/info-service/yqjcxxkeyword/remove',
} as const;
