import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { route } from '../../platform/http/route.js';
import { XLSX, XLSX_UPLOAD, importAnswer, importQuery, isDryRun, readXlsxUpload, todayStamp, xlsxDownload } from '../../platform/files/xlsx-transfer.js';
import { USER_TABLE } from './user.repo.js';
import { userExcelService } from './user-excel.service.js';
import { userListQuery } from './user.routes.js';

/**
 * Export (xlsx streamed by the platform's xlsx writer, the list's filters and scope), the import
 * template, and the import (multipart upload). Multipart is registered here only, with tight limits.
 */
export default async function userExcelRoutes(app: FastifyInstance) {
  await app.register(multipart, XLSX_UPLOAD);
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
    scope: USER_TABLE.list(),
    handler: async ({ actor, query, reply, req }) => {
      const job = await userExcelService.prepareExport(db, actor, query as Record<string, unknown>);
      const out = new PassThrough();
      userExcelService.writeExport(db, job, query, out, tz).catch((err) => {
        req.log.error({ err }, 'user export failed');
        out.destroy(err);
      });
      return xlsxDownload(reply, 'users.xlsx', `用户数据_${todayStamp(tz)}.xlsx`).send(out);
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
    scope: { none: '空白导入模板: 仅含表头与示例行' },
    handler: async ({ actor, reply }) => xlsxDownload(reply, 'users.xlsx', '用户导入模板.xlsx').send(await userExcelService.template(db, actor)),
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/import-user',
    summary: 'import-user: 导入用户 (multipart 字段 file 上传 xlsx; 先校验整个文件, 有效行在一个事务中写入; dryRun=true 只校验)',
    tags,
    access: { permission: 'user_import' },
    consumes: ['multipart/form-data'],
    query: importQuery,
    response: importAnswer,
    handler: async ({ actor, query, req }) => {
      const buffer = await readXlsxUpload(req);
      const dryRun = isDryRun(query);
      return userExcelService.import(db, actor, buffer, dryRun);
    },
  });
}
