import { z } from 'zod';
import { pageQuery } from '../envelope.js';

/**
 * Uploaded files (附件管理, blade-resource attach). A file belongs to the org of whoever uploaded it
 * (data scope like any record) and is also readable through a record that holds its link (a person's
 * photo, an org's logo, a user's avatar). Links name the file by its unguessable public id.
 */
export const ATTACH_DOWNLOAD_PATH = '/api/blade-resource/attach/download';

/** The link a record stores for an uploaded file. */
export const attachLink = (publicId: string) => `${ATTACH_DOWNLOAD_PATH}?id=${publicId}`;

/** 128 random bits as 32 hex digits. */
export const ATTACH_PUBLIC_ID_RE = /^[0-9a-f]{32}$/;

export const attachPublicIdQuery = z.object({
  id: z
    .string({ message: '请提供附件编号' })
    .trim()
    .regex(ATTACH_PUBLIC_ID_RE, '附件编号格式不正确')
    .meta({ examples: ['3f2a9c1e8b7d4a6f9e0c1b2a3d4e5f60'] }),
});

export const ATTACH_CATEGORIES: Record<string, string> = { attachment: '附件', avatar: '头像', draft: '草稿文件' };

export const attachListQuery = pageQuery.extend({
  originalName: z.string().max(255).optional(),
  originalName_like: z.string().max(255).optional(),
  extension: z.string().max(16).optional(),
  extension_equal: z.string().max(16).optional(),
  category: z.string().max(32).optional(),
  category_equal: z.string().max(32).optional(),
  createTime_dategt: z.string().max(19).optional(),
  createTime_datelt: z.string().max(19).optional(),
});

/** One file as the 附件管理 screen shows it (never its storage key). */
export const attachRecord = z.object({
  id: z.string(),
  publicId: z.string(),
  link: z.string(),
  originalName: z.string(),
  extension: z.string(),
  contentType: z.string(),
  attachSize: z.number(),
  category: z.string().nullable(),
  categoryName: z.string().nullable(),
  createUser: z.string().nullable(),
  createUserName: z.string().nullable(),
  createDept: z.string().nullable(),
  createDeptName: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type AttachView = z.infer<typeof attachRecord>;

/** put-file-attach: the stored file, named by its public id (`link` is what a record stores; never the storage key). */
export const attachUploaded = z.object({
  attachId: z.string(),
  link: z.string(),
  domain: z.string(),
  name: z.string(),
  originalName: z.string(),
  size: z.number(),
});
export type AttachUploaded = z.infer<typeof attachUploaded>;

/** A link that opens one file without headers (img src, a new tab): valid a few minutes, for that file only. */
export const attachDownloadLink = z.object({ link: z.string(), expiresIn: z.number() });
export type AttachDownloadLink = z.infer<typeof attachDownloadLink>;
