import { z } from 'zod';
import { deptIdFilter, pageQuery } from '../envelope.js';

/**
 * 草稿文件 (specification §7 "Other {product}-service calls": POST infocontractdraft/uploadDraftFileFromAcfic):
 * a draft document an org receives from 全国工商联 (ACFIC) — a draft for comment, a model document — uploaded
 * into the file store and listed for that org. The list, its detail and remove are further calls under the
 * same scheme (README deviation 57).
 */

/** The document types a draft may have; the bytes must match the type (a renamed file is refused). */
export const DRAFT_EXTENSIONS = ['doc', 'docx', 'wps', 'pdf'] as const;
/** At most 20 MB (or the store's own limit, FILE_MAX_BYTES, when that is lower). */
export const DRAFT_MAX_BYTES = 20 * 1024 * 1024;

export const DRAFT_MSG = {
  notMultipart: '请使用 multipart/form-data 上传草稿文件',
  fileRequired: '请选择要上传的草稿文件',
  oneFile: '一次只能上传一个草稿文件',
  typeBad: '草稿文件只能是 doc、docx、wps 或 pdf 格式',
  contentBad: '文件内容与扩展名不符,请上传真实的 Word/WPS 或 PDF 文档',
  empty: '草稿文件内容为空',
  tooLarge: (mb: number) => `草稿文件不能超过${mb}MB`,
  malformed: '上传内容格式不正确,请重新选择文件上传',
  titleTooLong: '草稿标题不能超过100个字',
  remarkTooLong: '说明不能超过200个字',
  uploaded: '上传成功',
} as const;

export const DRAFT_PATHS = {
  upload: '/api/aoc-service/infocontractdraft/uploadDraftFileFromAcfic',
  page: '/api/aoc-service/infocontractdraft/page',
  remove: '/api/aoc-service/infocontractdraft/remove',
} as const;

const title = z.string().trim().max(100, DRAFT_MSG.titleTooLong).optional();

/**
 * uploadDraftFileFromAcfic's query (the file itself is the multipart field `file`): `deptId` the org it is for
 * (default the caller's; outside the data scope 404), `title` (default the file's name), `remark`.
 */
export const draftUploadQuery = z.object({
  deptId: deptIdFilter,
  title,
  remark: z.string().trim().max(200, DRAFT_MSG.remarkTooLong).optional(),
});
export type DraftUploadQuery = z.infer<typeof draftUploadQuery>;

/** infocontractdraft/page: the org's drafts (`deptId` default the caller's org), newest first; `title` contains. */
export const draftPageQuery = pageQuery.extend({ deptId: deptIdFilter, title });
export type DraftPageQuery = z.infer<typeof draftPageQuery>;

export const draftRecord = z.object({
  id: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  title: z.string(),
  remark: z.string().nullable(),
  originalName: z.string(),
  extension: z.string(),
  attachSize: z.number(),
  /** The file's download link (put-file-attach's link form). */
  link: z.string(),
  createUser: z.string().nullable(),
  createUserName: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type DraftView = z.infer<typeof draftRecord>;
