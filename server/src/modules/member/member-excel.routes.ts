import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { PermissionCode } from '@gsl/contract';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { route } from '../../platform/http/route.js';
import { XLSX, XLSX_UPLOAD, importAnswer, importQuery, isDryRun, readXlsxUpload, todayStamp, xlsxDownload } from '../../platform/files/xlsx-transfer.js';
import { MEMBER_KIND_DEFS, memberTable } from './member.kinds.js';
import { memberExcelService } from './member-excel.service.js';
import { memberImportService } from './member-import.service.js';
import { memberRepo } from './member.repo.js';
import { memberService } from './member.service.js';
import { memberPageQuery } from './member.routes.js';

/**
 * export-member-* (specification §7 "Members and chambers"): the member page's filters and scope as an xlsx, streamed by the platform's
 * xlsx writer while the rows are read by keyset a chunk at a time. Phone and certificate numbers are
 * masked unless the caller holds member_sensitive; an unmasked export is logged like an unmasked view.
 * export-template / import-member-* (every kind): the import's template and the checked, one-transaction import.
 */
export default async function memberExcelRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;
  const cipher = () => personalDataCipher(db, { production: app.config.production });
  const tags = ['member'];
  await app.register(multipart, XLSX_UPLOAD);

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
      scope: memberTable(kind).list(),
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
        return xlsxDownload(reply, `members-${kind.kind}.xlsx`, `${kind.label}_${todayStamp(tz)}.xlsx`).send(out);
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
      scope: { none: '空白导入模板: 仅含表头、示例行与本机构名称' },
      handler: async ({ actor, reply }) => {
        const own = await memberRepo.deptName(db, actor.deptId);
        return xlsxDownload(reply, `member-${kind.kind}-template.xlsx`, `${kind.label}导入模板.xlsx`).send(await memberImportService.template(kind, own));
      },
    });

    route(app, {
      method: 'POST',
      url: `${kind.prefix}/import-member-${kind.kind}`,
      summary: `import-member-${kind.kind}: 导入${kind.label} (multipart 字段 file 上传 xlsx; 先校验整个文件, 有效行在一个事务中写入并记入变更记录; dryRun=true 只校验)`,
      tags,
      access: { permission: `${kind.permission}_import` as PermissionCode },
      consumes: ['multipart/form-data'],
      query: importQuery,
      response: importAnswer,
      handler: async ({ actor, query, req }) => {
        const buffer = await readXlsxUpload(req);
        const dryRun = isDryRun(query);
        return memberImportService.import(db, kind, actor, buffer, { dryRun, cipher: await cipher(), save: (rows) => svc.importMany(actor, rows) });
      },
    });
  }
}
