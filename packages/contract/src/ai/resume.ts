import { z } from 'zod';
import { idQuery, requiredId } from '../envelope.js';
import { VERSION_REQUIRED_MSG } from '../concurrency.js';

/**
 * AI 简历 (specification §2 "Embedded AI pages": ai-resume-company|group|person, previewResume/{type}):
 * a member's narrative profile, generated sentence by sentence from its profile fields (each line names
 * the fields it came from), editable, published only after a person approves it, and labelled as
 * AI-generated (《人工智能生成合成内容标识办法》, in force since 2025-09-01).
 */

export const RESUME_KINDS = ['enterprise', 'group', 'person', 'coc'] as const;
export type ResumeKind = (typeof RESUME_KINDS)[number];
/** The page names of the second front end for each kind (ai-resume-{page}, previewResume/{page}). */
export const RESUME_PAGE_OF: Record<ResumeKind, string> = { enterprise: 'company', group: 'group', person: 'person', coc: 'coc' };
/**
 * ai-resume-{path} (README deviation 60): the names a page may carry, each standing for one kind — the
 * spec's own (company, group, person, coc) and the kinds' API names and the old chamber aliases. Any
 * other path is no page (404).
 */
export const RESUME_KIND_OF_PAGE: Readonly<Record<string, ResumeKind>> = Object.freeze({
  company: 'enterprise',
  enterprise: 'enterprise',
  group: 'group',
  person: 'person',
  coc: 'coc',
  chamber: 'coc',
});
/** The kind a page name stands for (own names only: never a prototype key), or undefined. */
export const resumeKindOfPage = (page: string | undefined): ResumeKind | undefined =>
  page && Object.hasOwn(RESUME_KIND_OF_PAGE, page) ? RESUME_KIND_OF_PAGE[page] : undefined;
/** The page titles of the kinds. */
export const RESUME_TITLES: Record<ResumeKind, string> = { enterprise: 'AI企业简历', group: 'AI团体简历', person: 'AI个人简历', coc: 'AI商会简历' };

export const RESUME_LINE_MAX = 500;
export const RESUME_LINES_MAX = 50;

export const AI_RESUME_PATHS = {
  detail: (kind: ResumeKind) => `/api/ai-service/resume/${kind}/detail`,
  save: (kind: ResumeKind) => `/api/ai-service/resume/${kind}/save`,
  publish: (kind: ResumeKind) => `/api/ai-service/resume/${kind}/publish`,
  preview: (kind: ResumeKind) => `/api/ai-service/resume/${kind}/preview`,
  /** The résumé as an HTML file carrying the visible 「AI生成」 mark and the AIGC metadata. */
  export: (kind: ResumeKind) => `/api/ai-service/resume/${kind}/export`,
} as const;

export const RESUME_MSG = {
  lineRequired: '简历内容不能为空',
  lineTooLong: `每句不能超过${RESUME_LINE_MAX}个字`,
  tooManyLines: `简历不能超过${RESUME_LINES_MAX}句`,
  linesRequired: '请至少保留一句简历内容',
  saved: '简历已保存',
  published: '简历已发布',
  notSaved: '请先保存简历再发布',
  notPublished: '该简历尚未发布',
  /** The visible label of generated content. */
  aiMark: 'AI生成',
  /** The export's explicit label (《人工智能生成合成内容标识办法》). */
  aiNotice: '本内容由人工智能生成',
  exportWorkingDenied: '您没有编辑该简历的权限,只能导出已发布的简历',
} as const;

/** A sentence of the résumé and the profile fields (API names) it came from; an edited line keeps them. */
export const resumeLine = z.object({
  text: z.string({ error: RESUME_MSG.lineRequired }).trim().min(1, RESUME_MSG.lineRequired).max(RESUME_LINE_MAX, RESUME_MSG.lineTooLong),
  sources: z.array(z.string().max(50)).max(30).default([]),
});
export type ResumeLine = z.infer<typeof resumeLine>;

/** The label metadata every generated résumé carries (and every export of it). */
export const resumeGenerator = z.object({
  aiGenerated: z.literal(true),
  /** 'template': built from the fields by the product's template; 'model': rewritten by the configured model. */
  method: z.enum(['template', 'model']),
  model: z.string(),
  generatedAt: z.string(),
});

/** 0 草稿 (never published or edited since), 1 已发布 (the lines are the published ones). */
export const RESUME_STATUS = { draft: 0, published: 1 } as const;

export const aiResume = z.object({
  /** Null: not stored yet, a fresh draft. */
  id: z.string().nullable(),
  kind: z.enum(RESUME_KINDS),
  memberId: z.string(),
  memberName: z.string(),
  lines: z.array(resumeLine),
  /** Field API name → its Chinese label, for showing a line's sources. */
  fieldLabels: z.record(z.string(), z.string()),
  status: z.number(),
  /** 0 for a draft not stored yet; send it back on save and publish. */
  version: z.number(),
  aiGenerated: z.literal(true),
  generator: resumeGenerator,
  /** Whether the stored lines differ from the published ones (or nothing is published). */
  hasPublished: z.boolean(),
  approvedBy: z.string().nullable(),
  approveTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type AiResume = z.infer<typeof aiResume>;

export const resumeQuery = idQuery;

/**
 * export: `source` published (the approved lines; 404 before the first 发布) or working (the lines being
 * edited, for a caller who may edit); absent: working for an editor, published otherwise.
 */
export const resumeExportQuery = idQuery.extend({
  source: z.enum(['published', 'working'], { error: '导出内容只能是 published 或 working' }).optional(),
});

export const resumeSaveBody = z.object({
  id: requiredId(),
  version: z.number({ error: VERSION_REQUIRED_MSG }).int().min(0),
  lines: z.array(resumeLine).min(1, RESUME_MSG.linesRequired).max(RESUME_LINES_MAX, RESUME_MSG.tooManyLines),
  /** The first save of a draft: how the draft was written (its generator.method), kept as the label. */
  method: z.enum(['template', 'model']).optional(),
});

export const resumePublishBody = z.object({
  id: requiredId(),
  version: z.number({ error: VERSION_REQUIRED_MSG }).int().min(1, RESUME_MSG.notSaved),
});

/**
 * The published résumé as a reader sees it, with the viewer for the watermark. Not published yet:
 * `published` false, no lines, no approver.
 */
export const resumePreview = z.object({
  published: z.boolean(),
  kind: z.enum(RESUME_KINDS),
  memberId: z.string(),
  memberName: z.string(),
  lines: z.array(resumeLine),
  fieldLabels: z.record(z.string(), z.string()),
  aiGenerated: z.literal(true),
  generator: resumeGenerator,
  approvedBy: z.string().nullable(),
  approveTime: z.string().nullable(),
  viewerName: z.string(),
  viewTime: z.string(),
});
export type ResumePreview = z.infer<typeof resumePreview>;
