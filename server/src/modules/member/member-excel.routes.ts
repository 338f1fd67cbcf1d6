import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { PermissionCode } from '@gsl/contract';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { route } from '../../platform/http/route.js';
import { formatTime } from '../../platform/http/time.js';
import { MEMBER_KIND_DEFS, MEMBER_RESOURCE } from './member.kinds.js';
import { memberExcelService, memberImportService } from './member-excel.service.js';
import { memberService } from './member.service.js';
import { memberPageQuery } from './member.routes.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function download(reply: FastifyReply, ascii: string, name: string) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store');
}

const MAX_FILE_BYTES = 5 * 1024 * 1024;

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
    throw badRequest('上传内容格式不正确,请重新选择文件上传');
  }
}

const today = (tz: string) => (formatTime(new Date(), tz) ?? '').slice(0, 10).replace(/-/g, '');

/**
 * export-member-* (issue 5): the member page's filters and scope as an xlsx, streamed with exceljs'
 * WorkbookWriter while the rows are read by keyset a chunk at a time. Phone and certificate numbers are
 * masked unless the caller holds member_sensitive; an unmasked export is logged like an unmasked view.
 * export-template / import-member-* (every kind): the import's template and the checked, one-transaction import.
 */
export default async function memberExcelRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;
  const cipher = () => personalDataCipher(db, { production: app.config.production });
  const tags = ['member'];
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 } });

  for (const kind of MEMBER_KIND_DEFS) {
    const call = `export-member-${kind.kind}`;
    route(app, {
      method: 'POST',
      url: `${kind.prefix}/${call}`,
      summary: `${call}: 导出${kind.label} (xlsx 流式; 与分页相同的过滤条件与数据权限; 无 member_sensitive 时手机号、证件号码脱敏)`,
      tags,
      access: { permission: `${kind.permission}_export` as PermissionCode },
      audit: true,
      raw: true,
      produces: XLSX,
      query: memberPageQuery,
      scope: { resource: MEMBER_RESOURCE },
      handler: async ({ actor, query, reply, req }) => {
        const c = await cipher();
        const job = await memberExcelService.prepareExport(db, kind, actor, query as Record<string, unknown>, c);
        if (!job.masked && job.total > 0) {
          const { current: _c, size: _s, ...filters } = query as Record<string, unknown>;
          app.services.audit.usual(
            req,
            'info',
            'member_sensitive_view',
            JSON.stringify({ tag: kind.kind, url: req.url.split('?')[0], export: true, rows: job.total, filters, fields: kind.sensitive.map((s) => s.field) }),
          );
        }
        const out = new PassThrough();
        memberExcelService.writeExport(db, job, c, out, tz).catch((err) => {
          req.log.error({ err }, 'member export failed');
          out.destroy(err);
        });
        return download(reply, `members-${kind.kind}.xlsx`, `${kind.label}_${today(tz)}.xlsx`).send(out);
      },
    });
  }

  // Import (every kind): the template and the upload.
  for (const kind of MEMBER_KIND_DEFS) {
    const svc = memberService(kind, { db, cipher });
    route(app, {
      method: 'GET',
      url: `${kind.prefix}/export-template`,
      summary: `export-template: 下载${kind.label}导入模板 (xlsx: 表头、一行示例与填写说明)`,
      tags,
      access: { permission: `${kind.permission}_import` as PermissionCode },
      raw: true,
      produces: XLSX,
      handler: async ({ actor, reply }) => {
        const own = await db.selectFrom('bladeDept').select('deptName').where('id', '=', actor.deptId).executeTakeFirst();
        return download(reply, `member-${kind.kind}-template.xlsx`, `${kind.label}导入模板.xlsx`).send(await memberImportService.template(kind, own?.deptName ?? null));
      },
    });

    route(app, {
      method: 'POST',
      url: `${kind.prefix}/import-member-${kind.kind}`,
      summary: `import-member-${kind.kind}: 导入${kind.label} (multipart 字段 file 上传 xlsx; 先校验整个文件, 有效行在一个事务中写入并记入变更记录; dryRun=true 只校验)`,
      tags,
      access: { permission: `${kind.permission}_import` as PermissionCode },
      consumes: ['multipart/form-data'],
      query: z.object({ dryRun: z.enum(['true', 'false', '1', '0'], { message: 'dryRun 只能是 true 或 false' }).optional() }).passthrough(),
      response: z.object({
        total: z.number(),
        valid: z.number(),
        imported: z.number(),
        dryRun: z.boolean(),
        errors: z.array(z.object({ row: z.number(), column: z.string(), message: z.string() })),
      }),
      handler: async ({ actor, query, req }) => {
        if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传 xlsx 文件');
        const buffer = await readUpload(req);
        const dryRun = query.dryRun === 'true' || query.dryRun === '1';
        return memberImportService.import(db, kind, actor, buffer, { dryRun, cipher: await cipher(), save: (rows) => svc.importMany(actor, rows) });
      },
    });
  }
}
