import { z } from 'zod';
import { idOf } from '../envelope.js';
import { VERSION_REQUIRED_MSG } from '../concurrency.js';
import { resumeGenerator, resumeLine } from './resume.js';

/**
 * AI 主页 (specification §2 "Embedded AI pages": ai-homepage-{type}; 我的组织 › aiHome): an org's page —
 * a generated introduction (each sentence naming the org-profile fields it came from, labelled 「AI生成」),
 * its leadership, member figures, latest news naming it and its public contact fields. The org's own
 * staff edit the introduction and publish or withdraw the page (README deviation 62).
 */

/** The org types of ai-homepage-{type}: aoc 工商联 (dept_category 1), coc 商会 (2), assoc 协会 (3). */
export const HOMEPAGE_TYPES = ['aoc', 'coc', 'assoc'] as const;
export type HomepageType = (typeof HOMEPAGE_TYPES)[number];
export const HOMEPAGE_TYPE_OF_CATEGORY: Record<number, HomepageType> = { 1: 'aoc', 2: 'coc', 3: 'assoc' };
export const HOMEPAGE_TYPE_NAMES: Record<HomepageType, string> = { aoc: '工商联', coc: '商会', assoc: '协会' };

export const HOMEPAGE_LINE_MAX = 500;
export const HOMEPAGE_LINES_MAX = 30;
export const HOMEPAGE_NEWS_MAX = 5;

export const AI_HOMEPAGE_PATHS = {
  detail: '/api/ai-service/homepage/detail',
  save: '/api/ai-service/homepage/save',
  publish: '/api/ai-service/homepage/publish',
  unpublish: '/api/ai-service/homepage/unpublish',
} as const;

export const HOMEPAGE_MSG = {
  deptId: '组织编号格式不正确',
  type: '组织类型只能是 aoc(工商联)、coc(商会)或 assoc(协会)',
  lineRequired: '简介的每一句都不能为空',
  lineTooLong: `简介每句不能超过${HOMEPAGE_LINE_MAX}个字`,
  tooManyLines: `简介不能超过${HOMEPAGE_LINES_MAX}句`,
  linesRequired: '请至少保留一句简介',
  saved: 'AI主页已保存',
  published: 'AI主页已发布',
  unpublished: 'AI主页已撤回,仅本组织及上级可见',
  notSaved: '请先保存AI主页再发布',
  notPublished: '该AI主页尚未发布',
  ownOnly: '仅本组织的工作人员可以编辑和发布本组织的AI主页',
  aiMark: 'AI生成',
} as const;

const deptIdField = z.union([idOf(HOMEPAGE_MSG.deptId, { trim: true }), z.literal('')]).optional();
const versionField = z.number({ error: VERSION_REQUIRED_MSG }).int().min(0, VERSION_REQUIRED_MSG).max(2_147_483_647, VERSION_REQUIRED_MSG);

/** detail: deptId (cocId for a chamber) — blank or missing: the caller's own org; type: the page's org type, checked. */
export const homepageQuery = z.object({
  deptId: deptIdField,
  cocId: deptIdField,
  type: z.enum(HOMEPAGE_TYPES, { error: HOMEPAGE_MSG.type }).optional(),
});

export const homepageSaveBody = z.object({
  deptId: deptIdField,
  version: versionField,
  lines: z
    .array(
      resumeLine.extend({
        text: z.string({ error: HOMEPAGE_MSG.lineRequired }).trim().min(1, HOMEPAGE_MSG.lineRequired).max(HOMEPAGE_LINE_MAX, HOMEPAGE_MSG.lineTooLong),
      }),
      { error: HOMEPAGE_MSG.linesRequired },
    )
    .min(1, HOMEPAGE_MSG.linesRequired)
    .max(HOMEPAGE_LINES_MAX, HOMEPAGE_MSG.tooManyLines),
  /** The first save of a draft: how the draft was written (its generator.method), kept as the label. */
  method: z.enum(['template', 'model']).optional(),
});

export const homepagePublishBody = z.object({
  deptId: deptIdField,
  version: versionField.min(1, HOMEPAGE_MSG.notSaved),
});

/** A member of the org's leadership of the latest year (associationleader): 主席, 党组书记, 会长, 副主席, 副会长. */
export const homepageLeader = z.object({ name: z.string(), post: z.string(), year: z.number() });
export const homepageNews = z.object({
  id: z.string(),
  title: z.string(),
  infoTime: z.string(),
  sourceName: z.string().nullable(),
  link: z.string().nullable(),
});

export const aiHomepage = z.object({
  deptId: z.string(),
  orgName: z.string(),
  type: z.enum(HOMEPAGE_TYPES),
  typeName: z.string(),
  parentName: z.string().nullable(),
  regionName: z.string().nullable(),
  /** The caller is the org's own staff with 我的组织 (portal_myorg): may save, publish and withdraw. */
  canEdit: z.boolean(),
  /** Null: nothing stored yet (a fresh draft, version 0). */
  id: z.string().nullable(),
  version: z.number(),
  published: z.boolean(),
  publishedBy: z.string().nullable(),
  publishTime: z.string().nullable(),
  /** Editors and readers of an unpublished page: the working copy; other readers: the published introduction. */
  lines: z.array(resumeLine),
  /** The working copy differs from what is published (or nothing is published). */
  changedSincePublish: z.boolean(),
  fieldLabels: z.record(z.string(), z.string()),
  aiGenerated: z.literal(true),
  generator: resumeGenerator,
  leaders: z.array(homepageLeader),
  figures: z.object({
    staffCount: z.number(),
    federationCount: z.number(),
    chamberCount: z.number(),
    associationCount: z.number(),
    memberCount: z.object({ total: z.number(), enterprise: z.number(), group: z.number(), person: z.number() }),
  }),
  news: z.array(homepageNews),
  contact: z.object({
    contactPerson: z.string().nullable(),
    contactPhone: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    website: z.string().nullable(),
    fax: z.string().nullable(),
  }),
  updateTime: z.string().nullable(),
  viewerName: z.string(),
});
export type AiHomepage = z.infer<typeof aiHomepage>;
export type HomepageLeader = z.infer<typeof homepageLeader>;
