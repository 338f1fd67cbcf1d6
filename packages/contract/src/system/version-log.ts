import { isWireTime } from '../myday/myday.js';
import { z } from 'zod';
import { idField } from '../envelope.js';

/** update_type: 1 新功能, 2 优化, 3 修复. */
export const VERSION_LOG_TYPES: Record<number, string> = { 1: '新功能', 2: '优化', 3: '修复' };

export const versionLogSubmit = z
  .object({
    id: idField.optional(),
    version: z.coerce.number().int().min(1).optional(),
    versionNo: z
      .string({ message: '请输入版本号' })
      .trim()
      .regex(/^v?\d+\.\d+\.\d+([-.][0-9A-Za-z.]+)?$/, '版本号格式应为 1.2.3'),
    title: z.string({ message: '请输入更新标题' }).trim().min(1, '请输入更新标题').max(200, '更新标题过长'),
    content: z.string({ message: '请输入更新内容' }).trim().min(1, '请输入更新内容').max(20000, '更新内容过长'),
    updateType: z.coerce
      .number()
      .int()
      .refine((v) => v in VERSION_LOG_TYPES, '请选择更新类型')
      .default(1),
    publishTime: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '发布时间格式应为 yyyy-MM-dd HH:mm:ss')
      .refine(isWireTime, '发布时间格式应为 yyyy-MM-dd HH:mm:ss')
      .optional(),
  })
  .strict();
export type VersionLogSubmit = z.infer<typeof versionLogSubmit>;

/** The page call takes paging in the query and filters in the body (specification §7). */
export const versionLogFilters = z
  .object({
    versionNo: z.string().max(32).optional(),
    title: z.string().max(200).optional(),
    updateType: z.coerce.number().int().optional(),
    publishTime_dategt: z.string().max(19).optional(),
    publishTime_datelt: z.string().max(19).optional(),
  })
  .strict();

/** A version log entry as page, detail and submit answer it. */
export const versionLogRecord = z.object({
  id: z.string(),
  versionNo: z.string(),
  title: z.string(),
  content: z.string(),
  /** 1 新功能, 2 优化, 3 修复 (VERSION_LOG_TYPES). */
  updateType: z.number(),
  updateTypeName: z.string(),
  /** yyyy-MM-dd HH:mm:ss */
  publishTime: z.string().nullable(),
  version: z.number(),
});
export type VersionLogView = z.infer<typeof versionLogRecord>;
