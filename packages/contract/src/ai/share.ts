import { z } from 'zod';
import { idsQuery, requiredId } from '../envelope.js';
import { RESUME_KINDS, resumeGenerator } from './resume.js';

/**
 * 分享链接 of a published AI 简历 (specification §2 public route /subapp/static/share, README deviation 65):
 * someone who may read a published résumé makes a link that anyone (a partner, through WeChat) opens
 * read-only, without an account, until it expires or is revoked. The link carries a random code; the
 * server keeps only its SHA-256.
 */

export const SHARE_DAYS_MIN = 1;
export const SHARE_DAYS_MAX = 30;
export const SHARE_DAYS_DEFAULT = 7;

export const AI_SHARE_PATHS = {
  create: '/api/ai-service/share/create',
  list: '/api/ai-service/share/list',
  revoke: '/api/ai-service/share/revoke',
  /** Public: the shared résumé by its code. */
  view: '/api/ai-service/share/view',
} as const;

export const SHARE_MSG = {
  invalid: '分享链接无效或已过期',
  kindInvalid: '简历类型只能是 enterprise、group、person 或 coc',
  daysInvalid: `有效天数须为${SHARE_DAYS_MIN}到${SHARE_DAYS_MAX}之间的整数`,
  codeRequired: '请提供分享码',
  codeInvalid: '分享码格式不正确',
  notPublished: '该简历尚未发布,发布后才能分享',
  created: '分享链接已生成',
  revoked: '分享链接已撤销',
  revokeDenied: '只能撤销自己创建的分享链接',
  /** The watermark of a shared page. */
  watermark: (name: string) => `分享自 ${name} · 仅供查看`,
} as const;

const shareKind = z.enum(RESUME_KINDS, { error: SHARE_MSG.kindInvalid });

export const shareCreateBody = z.object({
  kind: shareKind,
  id: requiredId(),
  days: z
    .number({ error: SHARE_MSG.daysInvalid })
    .int(SHARE_MSG.daysInvalid)
    .min(SHARE_DAYS_MIN, SHARE_MSG.daysInvalid)
    .max(SHARE_DAYS_MAX, SHARE_MSG.daysInvalid)
    .optional(),
});

export const shareListQuery = z.object({ kind: shareKind, id: requiredId() });
export const shareRevokeBody = idsQuery;

/** The code: 32 random bytes, base64url (43 characters). */
export const SHARE_CODE_RE = /^[A-Za-z0-9_-]{43}$/;
export const shareViewQuery = z.object({
  code: z
    .string({ error: SHARE_MSG.codeRequired })
    .trim()
    .min(1, SHARE_MSG.codeRequired)
    .regex(SHARE_CODE_RE, SHARE_MSG.codeInvalid)
    .meta({ examples: ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'] }),
});

export const shareCreated = z.object({ id: z.string(), code: z.string(), url: z.string(), expireTime: z.string() });
export type ShareCreated = z.infer<typeof shareCreated>;

export const shareItem = z.object({
  id: z.string(),
  createdBy: z.string(),
  createTime: z.string(),
  expireTime: z.string(),
  revokedTime: z.string().nullable(),
  views: z.number(),
  /** Still opens: neither revoked nor expired. */
  active: z.boolean(),
});
export type ShareItem = z.infer<typeof shareItem>;
export const shareList = z.array(shareItem);

/** What the public page shows: the published text and its label, no ids, no sources, nothing else. */
export const shareView = z.object({
  kind: shareKind,
  subjectName: z.string(),
  lines: z.array(z.string()),
  aiGenerated: z.literal(true),
  generator: resumeGenerator,
  approvedBy: z.string(),
  approveTime: z.string().nullable(),
  sharedBy: z.string(),
  expireTime: z.string(),
});
export type ShareView = z.infer<typeof shareView>;
