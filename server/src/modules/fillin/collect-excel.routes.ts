import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { excel } from '../../platform/files/excel.js';
import {
  COLLECT_TEMPLATE_KEY,
  FILLIN_PATHS as P,
  collectPageQuery,
  optionLabel,
  perm,
  situationExportQuery,
  type FormField,
  type ImportError,
} from '@gsl/contract';
import { isGranted } from '../../platform/access/grants.js';
import { xlsxSheet } from '../../platform/files/xlsx-writer.js';
import { XLSX, importAnswer, importQuery, isDryRun, readImportSheet, readXlsxUpload, todayStamp, xlsxDownload } from '../../platform/files/xlsx-transfer.js';
import { badRequest } from '../../platform/http/errors.js';
import { route } from '../../platform/http/route.js';
import { COLLECT_TABLE, collectRepo } from './collect.repo.js';
import { collectView, formValues, writableTerm, type CollectValues } from './collect.service.js';
import type { FillinContext } from './fillin.context.js';
import { FILLIN_RESOURCE, FILL_CATEGORIES, fillScope, ownFillOrg } from './fill-org.js';
import { situationRepo, situationView } from './situation.repo.js';
import { templateService } from './template.service.js';

const tags = ['fillin'];
const MAX_ROWS = 5000;
/** Orgs read per statement while the 填报情况 workbook streams. */
const SITUATION_CHUNK = 500;
const EXPORT_LIMIT = 100_000;
/** Rows of the 人员 export written between two waits for the client. */
const ROWS_PER_WAIT = 1000;
/** Columns of the workbook: the template's fields but the photo (uploaded on the form). */
const sheetFields = (fields: FormField[]) => fields.filter((f) => f.type !== 'image');
const header = (f: FormField) => (f.required ? `${f.label}*` : f.label);

/**
 * export-collectperson and import-collectperson (specification §7 "Fill-in"), on the member imports' flow:
 * the template from the current form template, the whole file checked (each row against the template as
 * the form is, duplicates in the file and in the term), a dry run, the valid rows in ONE transaction.
 */
export function collectExcelRoutes(app: FastifyInstance, ctx: FillinContext) {
  const { db, tz, cipher, collect } = ctx;

  route(app, {
    method: 'POST',
    url: `${P.collect}/export-collectperson`,
    summary: 'collectperson export-collectperson: 导出人员 (xlsx 流式; 与分页相同的过滤条件与数据权限; 无 member_sensitive 时证件号码、手机号脱敏)',
    tags,
    access: { permission: [perm('fillin_collect_export'), perm('fillin_situation_export')] },
    raw: true,
    produces: XLSX,
    query: collectPageQuery,
    scope: COLLECT_TABLE.list(),
    handler: async ({ actor, query, reply, req }) => {
      const template = await templateService.byKey(db, actor.tenantId, COLLECT_TEMPLATE_KEY);
      const rows = await collectRepo.all(db, await collect.scopeOf(actor), query, EXPORT_LIMIT + 1);
      if (rows.length > EXPORT_LIMIT) throw badRequest(`导出数据超过单次导出上限${EXPORT_LIMIT}条,请缩小筛选范围后再导出`);
      const c = await cipher();
      const unmasked = await isGranted(db, actor, 'member_sensitive');
      const fields = sheetFields(template.fields);
      const out = new PassThrough();
      (async () => {
        const sheet = xlsxSheet(out, {
          name: '常委执委及会员代表',
          columns: [
            { header: '组织', width: 28 },
            { header: '届别', width: 10 },
            ...fields.map((f) => ({ header: f.label, width: f.type === 'idcard' ? 22 : 16 })),
          ],
        });
        for (let i = 0; i < rows.length; i++) {
          const v = collectView(rows[i], c, unmasked, tz);
          sheet.row([v.deptName ?? '', v.periodName, ...fields.map((f) => optionLabel(f, v.data[f.prop]))]);
          // The rows are all read already; waiting for the client keeps the file from piling up in memory.
          if (i % ROWS_PER_WAIT === ROWS_PER_WAIT - 1 && !(await sheet.drained())) return;
        }
        await sheet.end();
      })().catch((err) => {
        req.log.error({ err }, 'collectperson export failed');
        out.destroy(err as Error);
      });
      return xlsxDownload(reply, 'collectperson.xlsx', `常委执委及会员代表_${todayStamp(tz)}.xlsx`).send(out);
    },
  });

  route(app, {
    method: 'POST',
    url: `${P.collect}/export-filling-situation`,
    summary:
      'collectperson export-filling-situation: 导出填报情况 (xlsx 流式; 数据权限内全部商会、协会: 是否已填报、届别、常委/执委/会员代表人数、状态、最后变更; 与 filling-situation 相同的 deptName、status 过滤)',
    tags,
    access: { permission: perm('fillin_situation_export') },
    raw: true,
    produces: XLSX,
    query: situationExportQuery,
    scope: {
      resource: FILLIN_RESOURCE,
      list: { table: 'blade_dept', deptColumn: 'id', where: `is_deleted = 0 and dept_category in (${FILL_CATEGORIES.join(', ')})` },
    },
    handler: async ({ actor, query, reply, req }) => {
      const scope = await fillScope(db, actor);
      const first = await situationRepo.collect(db, scope, { ...query, current: 1, size: SITUATION_CHUNK });
      const out = new PassThrough();
      (async () => {
        const sheet = xlsxSheet(out, {
          name: '填报情况',
          columns: [
            { header: '组织名称', width: 30 },
            { header: '上级组织', width: 24 },
            { header: '是否已填报', width: 12 },
            { header: '状态', width: 10 },
            { header: '届别', width: 12 },
            { header: '换届完成年月', width: 14 },
            { header: '常委', width: 8 },
            { header: '执委', width: 8 },
            { header: '会员代表', width: 10 },
            { header: '合计', width: 8 },
            { header: '提交时间', width: 20 },
            { header: '最后变更', width: 20 },
            { header: '退回原因', width: 30 },
          ],
        });
        let page = first.rows;
        // Read chunk by chunk until the chunk comes back short (the list is ordered by a stable key).
        for (let current = 1; page.length;) {
          for (const r of page) {
            const v = situationView(r, tz);
            sheet.row([
              v.deptName,
              v.parentName,
              v.filled ? '已填报' : '未填报',
              v.statusName,
              v.periodName ?? '',
              v.finishDate ?? '',
              v.standing,
              v.executive,
              v.representative,
              v.total,
              v.submitTime,
              v.lastChange,
              v.returnComment,
            ]);
          }
          if (page.length < SITUATION_CHUNK || !(await sheet.drained())) break;
          current += 1;
          page = (await situationRepo.collect(db, scope, { ...query, current, size: SITUATION_CHUNK })).rows;
        }
        await sheet.end();
      })().catch((err) => {
        req.log.error({ err }, 'filling-situation export failed');
        out.destroy(err as Error);
      });
      return xlsxDownload(reply, 'filling-situation.xlsx', `填报情况_${todayStamp(tz)}.xlsx`).send(out);
    },
  });

  route(app, {
    method: 'GET',
    url: `${P.collect}/export-template`,
    summary: 'collectperson export-template: 下载人员导入模板 (按当前表单模板: 表头、一行示例与填写说明)',
    tags,
    access: { permission: perm('fillin_collect_import') },
    raw: true,
    produces: XLSX,
    scope: { none: '空白导入模板: 仅含表头、示例行与填写说明' },
    handler: async ({ actor, reply }) => {
      const template = await templateService.byKey(db, actor.tenantId, COLLECT_TEMPLATE_KEY);
      const fields = sheetFields(template.fields);
      const wb = new (await excel()).Workbook();
      const ws = wb.addWorksheet('人员');
      ws.columns = fields.map((f) => ({ header: header(f), key: f.prop, width: f.type === 'idcard' ? 22 : 16 }));
      ws.getRow(1).font = { bold: true };
      const example: Record<string, string> = {
        name: '张三',
        category: '常委',
        certNo: '320102198001011238',
        gender: '男',
        nation: '汉族',
        mobile: '13800138000',
        company: '南京示例科技有限公司',
        post: '总经理',
      };
      ws.addRow(example);
      for (const f of fields) if (['idcard', 'mobile', 'date', 'month', 'number'].includes(f.type)) ws.getColumn(f.prop).numFmt = '@';
      const help = wb.addWorksheet('填写说明');
      help.columns = [
        { header: '列', width: 20 },
        { header: '说明', width: 90 },
      ];
      help.getRow(1).font = { bold: true };
      for (const f of fields) {
        const parts = [f.required ? '必填' : '选填'];
        if (f.options?.length) parts.push(`可选: ${f.options.map((o) => o.label).join('、')}`);
        if (f.rules?.length) parts.push('按表单条件显示或必填');
        if (f.type === 'idcard') parts.push('18位,按 GB 11643 校验;同一人员每届只能填报一次');
        help.addRow([f.label, parts.join('。')]);
      }
      return xlsxDownload(reply, 'collectperson-template.xlsx', '人员导入模板.xlsx').send(Buffer.from(await wb.xlsx.writeBuffer()));
    },
  });

  {
    route(app, {
      method: 'POST',
      url: `${P.collect}/import-collectperson`,
      summary: 'collectperson import-collectperson: 导入本组织本届的人员 (multipart 字段 file; 整个文件按模板校验, 有效行在一个事务中写入; dryRun=true 只校验)',
      tags,
      access: { permission: perm('fillin_collect_import') },
      consumes: ['multipart/form-data'],
      query: importQuery,
      response: importAnswer,
      handler: async ({ actor, query, req }) => {
        const org = await ownFillOrg(db, actor);
        const period = await writableTerm(db, actor, org);
        const buffer = await readXlsxUpload(req);
        const dryRun = isDryRun(query);
        const template = await templateService.byKey(db, actor.tenantId, COLLECT_TEMPLATE_KEY);
        const fields = sheetFields(template.fields);
        const byHeader = new Map(fields.map((f) => [f.label, f.prop]));
        const sheet = await readImportSheet(buffer, byHeader, MAX_ROWS);
        const errors: ImportError[] = [];
        const missing = fields.filter((f) => f.required && !sheet.columns.has(f.prop));
        if (missing.length)
          return {
            total: sheet.rows.length,
            valid: 0,
            imported: 0,
            dryRun,
            errors: missing.map((f) => ({ row: 1, column: f.label, message: `缺少必填列: ${f.label}` })),
          };
        const c = await cipher();
        const labelOf = new Map(fields.map((f) => [f.prop, f.label]));
        const good: Array<{ row: number; v: CollectValues }> = [];
        for (const r of sheet.rows) {
          const input: Record<string, unknown> = {};
          for (const f of fields) {
            const text = (r.cells as Record<string, string | undefined>)[f.prop] ?? '';
            input[f.prop] = f.options ? (f.options.find((o) => o.label === text)?.value ?? text) : text;
          }
          const checked = formValues(template, input, c);
          if (checked.errors) for (const e of checked.errors) errors.push({ row: r.row, column: labelOf.get(e.field) ?? e.field, message: e.message });
          else good.push({ row: r.row, v: checked.values });
        }
        // A person once per org and term: in the file and against what the term holds.
        const byHash = new Map<string, number[]>();
        for (const g of good) byHash.set(g.v.certNoHash, [...(byHash.get(g.v.certNoHash) ?? []), g.row]);
        const certLabel = labelOf.get('certNo') ?? '身份证号码';
        for (const rows of byHash.values())
          if (rows.length > 1) for (const row of rows) errors.push({ row, column: certLabel, message: `${certLabel}在文件中重复(第${rows.join('、')}行)` });
        const taken = await collectRepo.takenHashes(db, actor.tenantId, org.id, period, [...byHash.keys()]);
        for (const h of taken)
          for (const row of byHash.get(h) ?? []) errors.push({ row, column: certLabel, message: '该人员在本届已填报,同一人员每届只能填报一次' });
        const bad = new Set(errors.map((e) => e.row));
        const valid = good.filter((g) => !bad.has(g.row));
        errors.sort((a, b) => a.row - b.row);
        const answer = { total: sheet.rows.length, valid: valid.length, imported: 0, dryRun, errors };
        if (dryRun || !valid.length) return answer;
        await db.transaction().execute(async (tx) => {
          for (let i = 0; i < valid.length; i += 500) {
            await tx
              .insertInto('aocCollectPerson')
              .values(
                valid.slice(i, i + 500).map(({ v: { certNo: _p, ...cols } }) => ({
                  ...cols,
                  tenantId: actor.tenantId,
                  deptId: org.id,
                  period,
                  templateId: template.id,
                  templateVersion: template.version,
                  createUser: actor.userId,
                  updateUser: actor.userId,
                })),
              )
              .execute();
          }
        });
        return { ...answer, imported: valid.length };
      },
    });
  }
}
