import { z } from 'zod';
import { deptIdFilter, pageQuery } from '../envelope.js';

/**
 * The second front end's two data pages (specification §2 "Embedded AI pages", §4 banners 1 and 2):
 * 商会圈 (/model/#/newPortal/cocCircle), the chambers' latest 大事记 and news as one feed, and 商会大屏
 * (/model/#/subapp/coc-large-screen), one chamber's own big screen. The specification names neither call;
 * both are under mem-service beside cocBigScreen's reminder calls (README deviation).
 */
export const MODEL_PATHS = {
  circlePage: '/api/mem-service/cocCircle/page',
  screenSummary: '/api/mem-service/cocBigScreen/summary',
} as const;

export const CIRCLE_KINDS = ['event', 'news'] as const;
export type CircleKind = (typeof CIRCLE_KINDS)[number];
export const CIRCLE_KIND_LABELS: Record<CircleKind, string> = { event: '大事记', news: '新闻' };

export const COC_MODEL_MSG = {
  kindBad: '动态类型不正确',
} as const;

/** cocCircle/page: newest first; `kind` event (大事记) or news (新闻), empty for both. */
export const circlePageQuery = pageQuery
  .extend({
    kind: z
      .enum([...CIRCLE_KINDS, ''], { message: COC_MODEL_MSG.kindBad })
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  })
  .strict();
export type CirclePageQuery = z.infer<typeof circlePageQuery>;

/** One item of the feed: a chamber's 大事记 or a news item naming a chamber, with its whole text. */
export const circleItem = z.object({
  /** kind-id, unique over the feed. */
  key: z.string(),
  kind: z.enum(CIRCLE_KINDS),
  id: z.string(),
  /** The chamber (for news: the first chamber named) and every chamber the item is about. */
  deptId: z.string(),
  deptName: z.string(),
  chambers: z.array(z.string()),
  title: z.string(),
  content: z.string().nullable(),
  /** 大事记: its date (yyyy-MM-dd); news: when it was published (yyyy-MM-dd HH:mm:ss). */
  time: z.string(),
  link: z.string().nullable(),
  sourceName: z.string().nullable(),
});
export type CircleItem = z.infer<typeof circleItem>;

/** cocBigScreen/summary: `deptId` an org inside the caller's member scope, default the caller's own. */
export const screenSummaryQuery = z.object({ deptId: deptIdFilter }).strict();

const num = z.number();
const bucket = z.object({ key: z.string(), name: z.string(), value: num });

export const screenSummary = z.object({
  deptId: z.string(),
  deptName: z.string(),
  /** 1 工商联, 2 商会, 3 协会. */
  deptCategory: z.number().nullable(),
  generatedAt: z.string(),
  /** The org's members and those of the orgs below it, inside the caller's member scope. */
  members: z.object({ total: num, enterprise: num, group: num, person: num }),
  byIndustry: z.array(bucket),
  byJoinYear: z.array(bucket),
  /** The team of the current term (the latest year up to now with leaders) in post rank; null outside the leadership scope. */
  leaders: z
    .object({
      year: z.number().nullable(),
      records: z.array(
        z.object({ id: z.string(), rank: num, leaderTypeName: z.string(), name: z.string(), post: z.string().nullable(), company: z.string().nullable() }),
      ),
    })
    .nullable(),
  /** 委员及代表填报 of the org's current term (填报情况's row); null for a federation or outside the fill-in scope. */
  fillin: z
    .object({
      status: num,
      statusName: z.string(),
      periodName: z.string().nullable(),
      standing: num,
      executive: num,
      representative: num,
      total: num,
      submitTime: z.string().nullable(),
    })
    .nullable(),
  /** The latest 大事记 (up to 6); null outside the leadership scope. */
  events: z.array(z.object({ id: z.string(), eventDate: z.string(), title: z.string(), content: z.string().nullable() })).nullable(),
});
export type ScreenSummary = z.infer<typeof screenSummary>;
