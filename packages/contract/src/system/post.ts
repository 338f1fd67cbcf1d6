import { z } from 'zod';
import { idField } from '../envelope.js';

/** Posts (岗位管理): form messages and refusals. */
export const POST_MSG = {
  codeRequired: '请输入岗位编号',
  nameRequired: '请输入岗位名称',
  categoryRequired: '请选择岗位类型',
  sortRequired: '请输入岗位排序',
  codeExists: '岗位编号已存在',
  defaultsReadOnly: '平台默认岗位只能由超级管理员修改',
} as const;

/** Tenant of the platform's default posts (specification §9: the post select's default tenant). */
export const POST_DEFAULT_TENANT = '000000';

/** post_category (dictionary post_category). */
export const POST_CATEGORY_NAMES: Record<number, string> = { 1: '领导', 2: '中层', 3: '基层', 4: '其他' };

export const postSubmit = z
  .object({
    id: idField.optional(),
    version: z.coerce.number().int().min(1).optional(),
    category: z.coerce
      .number({ message: POST_MSG.categoryRequired })
      .int(POST_MSG.categoryRequired)
      .refine((v) => v >= 1 && v <= 4, POST_MSG.categoryRequired),
    postCode: z
      .string({ message: POST_MSG.codeRequired })
      .trim()
      .min(1, POST_MSG.codeRequired)
      .max(12, '岗位编号不能超过12个字符')
      .regex(/^[A-Za-z0-9_-]+$/, '岗位编号只能包含字母、数字和 _ -'),
    postName: z.string({ message: POST_MSG.nameRequired }).trim().min(1, POST_MSG.nameRequired).max(64, '岗位名称不能超过64个字符'),
    sort: z.coerce.number({ message: POST_MSG.sortRequired }).int('岗位排序必须是整数').min(0, '岗位排序不能小于0').max(1_000_000, '岗位排序过大'),
    remark: z.string().max(255, '备注不能超过255个字符').nullish(),
  })
  .strict();
export type PostSubmit = z.infer<typeof postSubmit>;

/** A post as list, detail and submit answer it. */
export const postRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  category: z.number(),
  categoryName: z.string().nullable(),
  postCode: z.string(),
  postName: z.string(),
  sort: z.number(),
  remark: z.string().nullable(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type PostView = z.infer<typeof postRecord>;

/** post/select item. */
export const postOption = z.object({ id: z.string(), postCode: z.string(), postName: z.string(), category: z.number(), sort: z.number() });
export type PostOption = z.infer<typeof postOption>;
