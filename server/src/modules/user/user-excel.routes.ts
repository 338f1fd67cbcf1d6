import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { route } from '../../platform/http/route.js';
import { formatTime } from '../../platform/http/time.js';
import { USER_RESOURCE } from './user.rules.js';
import { userExcelService } from './user-excel.service.js';
import { userListQuery } from './user.routes.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_FILE_BYTES = 5 * 1024 * 1024;

function download(reply: FastifyReply, name: string) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="users.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store');
}

/** The one uploaded .xlsx file; any malformed or oversized upload is a 400 with a Chinese message. */
async function readUpload(req: FastifyRequest): Promise<Buffer> {
  try {
    const file = await req.file();
    if (!file) throw badRequest('请选择要导入的文件');
    if (!/\.xlsx$/i.test(file.filename)) throw badRequest('请上传 .xlsx 格式的 Excel 文件');
    return await file.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('文件不能超过5MB');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('一次只能上传一个文件');
    throw badRequest('上传内容格式不正确,请重新选择文件上传'); // busboy: malformed or truncated multipart
  }
}

const today = (tz: string) => (formatTime(new Date(), tz) ?? '').slice(0, 10).replace(/-/g, '');

/**
 * Export (xlsx streamed with exceljs' WorkbookWriter, the list's filters and scope), the import
 * template, and the import (multipart upload). Multipart is registered here only, with tight limits.
 */
export default async function userExcelRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 } });
  const db = app.db;
  const tz = app.config.timeZone;
  const tags = ['user'];

  route(app, {
    method: 'GET',
    url: '/api/blade-user/export-user',
    summary: 'export-user: 导出用户 (xlsx; 与列表相同的过滤条件与数据权限; 无 user_view 时手机号脱敏)',
    tags,
    access: { permission: 'user_export' },
    audit: true,
    raw: true,
    produces: XLSX,
    query: userListQuery,
    scope: { resource: USER_RESOURCE },
    handler: async ({ actor, query, reply, req }) => {
      const job = await userExcelService.prepareExport(db, actor, query as Record<string, unknown>);
      const out = new PassThrough();
      userExcelService.writeExport(db, job, query, out, tz).catch((err) => {
        req.log.error({ err }, 'user export failed');
        out.destroy(err);
      });
      return download(reply, `用户数据_${today(tz)}.xlsx`).send(out);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-user/export-template',
    summary: 'export-template: 下载用户导入模板 (xlsx: 表头与一行示例)',
    tags,
    access: { permission: 'user_import' },
    raw: true,
    produces: XLSX,
    handler: async ({ actor, reply }) => download(reply, '用户导入模板.xlsx').send(await userExcelService.template(db, actor)),
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/import-user',
    summary: 'import-user: 导入用户 (multipart 字段 file 上传 xlsx; 先校验整个文件, 有效行在一个事务中写入; dryRun=true 只校验)',
    tags,
    access: { permission: 'user_import' },
    consumes: ['multipart/form-data'],
    query: z.object({ dryRun: z.enum(['true', 'false', '1', '0'], { message: 'dryRun 只能是 true 或 false' }).optional() }).passthrough(),
    response: z.object({
      total: z.number(),
      imported: z.number(),
      valid: z.number(),
      dryRun: z.boolean(),
      errors: z.array(z.object({ row: z.number(), column: z.string(), message: z.string() })),
    }),
    handler: async ({ actor, query, req }) => {
      if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传 xlsx 文件');
      const buffer = await readUpload(req);
      const dryRun = query.dryRun === 'true' || query.dryRun === '1';
      return userExcelService.import(db, actor, buffer, dryRun);
    },
  });
}
