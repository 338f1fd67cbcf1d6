import { z } from 'zod';
import { idQuery } from '../envelope.js';

/**
 * AI 画像 (specification §2 "Embedded AI pages": ai-properties-company|group|person): a member's key
 * facts as a card with tags and charts, from the product's own data only (the member record, its
 * representatives, the news that names it). Every tag, figure and chart names the fields it came from;
 * the tags are derived by fixed rules and, like the summary, labelled 「AI生成」.
 */

export const PORTRAIT_KINDS = ['enterprise', 'group', 'person'] as const;
export type PortraitKind = (typeof PORTRAIT_KINDS)[number];
/** The page names of the second front end for each kind (ai-properties-{page}). */
export const PORTRAIT_PAGE_OF: Record<PortraitKind, string> = { enterprise: 'company', group: 'group', person: 'person' };
export const PORTRAIT_KIND_OF_PAGE: Record<string, PortraitKind> = { company: 'enterprise', group: 'group', person: 'person' };

export const AI_PORTRAIT_PATHS = {
  detail: (kind: PortraitKind) => `/api/ai-service/portrait/${kind}/detail`,
} as const;

/** Sources that are not fields of the member record (besides MEMBER_FIELD_LABELS of the kind). */
export const PORTRAIT_EXTRA_SOURCES = {
  news: '舆情监测(提及该会员的新闻)',
  representatives: '会员代表',
  memberships: '担任会员代表的会员单位',
  peers: '同一组织的同类会员',
} as const;

export const PORTRAIT_MSG = {
  aiMark: 'AI生成',
  /** The years of membership a 资深会员 has at least. */
  seniorYears: 10,
} as const;

export const portraitQuery = idQuery;

export const portraitTag = z.object({
  key: z.string(),
  label: z.string(),
  /** The rule that gave the tag, in words (shown with its sources). */
  rule: z.string(),
  sources: z.array(z.string()),
});
export type PortraitTag = z.infer<typeof portraitTag>;

export const portraitFigure = z.object({
  key: z.string(),
  label: z.string(),
  /** Null: the record does not say. */
  value: z.union([z.string(), z.number()]).nullable(),
  unit: z.string(),
  sources: z.array(z.string()),
});
export type PortraitFigure = z.infer<typeof portraitFigure>;

export const portraitChart = z.object({
  key: z.string(),
  title: z.string(),
  type: z.enum(['bar']),
  unit: z.string(),
  categories: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), data: z.array(z.number()) })),
  sources: z.array(z.string()),
});
export type PortraitChart = z.infer<typeof portraitChart>;

export const portraitNews = z.object({ id: z.string(), title: z.string(), infoTime: z.string().nullable(), link: z.string().nullable() });

export const portraitSummary = z.object({
  text: z.string(),
  sources: z.array(z.string()),
  /** 'template': the product's sentence template; 'model': rewritten by the configured model. */
  method: z.enum(['template', 'model']),
  model: z.string(),
  generatedAt: z.string(),
});

export const aiPortrait = z.object({
  kind: z.enum(PORTRAIT_KINDS),
  memberId: z.string(),
  memberName: z.string(),
  deptName: z.string().nullable(),
  aiGenerated: z.literal(true),
  tags: z.array(portraitTag),
  figures: z.array(portraitFigure),
  charts: z.array(portraitChart),
  news: z.array(portraitNews),
  summary: portraitSummary,
  /** Source name → its Chinese label. */
  fieldLabels: z.record(z.string(), z.string()),
});
export type AiPortrait = z.infer<typeof aiPortrait>;
