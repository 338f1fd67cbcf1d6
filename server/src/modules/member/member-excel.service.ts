import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { MEMBER_FIELD_LABELS, MEMBER_MSG } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import { resolveScope, type DataScope } from '../../platform/access/scope.js';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { badRequest } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import { MEMBER_RESOURCE, type MemberKindDef } from './member.kinds.js';
import { memberRepo, type ExportCursor, type MemberRow, type PageExtras } from './member.repo.js';
import { pageExtras, plainRow } from './member.service.js';

/** The most rows one export writes (the benchmark's 100,000 fit); more asks the caller to narrow the search. */
export const MEMBER_EXPORT_LIMIT = 200_000;
/** Rows read per query (keyset), written and flushed before the next is read. */
const CHUNK = 2000;

const WIDE: Record<string, number> = { deptId: 24, name: 32, creditCode: 22, certNo: 22, address: 36, remark: 30, industry: 16, company: 28, createTime: 20, orgDeptId: 20 };

/** The export's columns: the fields in the change history's order (所属组织 first), then 创建时间. */
export function exportColumns(kind: MemberKindDef): Array<{ key: string; header: string }> {
  return [...Object.entries(MEMBER_FIELD_LABELS[kind.kind]).map(([key, header]) => ({ key, header })), { key: 'createTime', header: '创建时间' }];
}

export interface MemberExportJob {
  kind: MemberKindDef;
  scope: DataScope;
  filters: Record<string, unknown>;
  extras: PageExtras;
  /** Phone and certificate numbers masked (no member_sensitive). */
  masked: boolean;
  total: number;
}

/** Export of member records as xlsx: the page's filters and scope, streamed chunk by chunk. */
export const memberExcelService = {
  /**
   * Checks everything before a byte is sent, so a refusal is still a JSON answer: the filters (the
   * page's whitelist; a bad one is a 400), the scope, the row limit, and whether personal data is masked.
   */
  async prepareExport(db: Db, kind: MemberKindDef, actor: Actor, query: Record<string, unknown>, cipher: PersonalDataCipher): Promise<MemberExportJob> {
    const scope = await resolveScope(db, actor, MEMBER_RESOURCE);
    const extras = pageExtras(kind, query, cipher);
    const total = await memberRepo.count(db, kind, scope, query, extras);
    if (total > MEMBER_EXPORT_LIMIT) throw badRequest(`导出数据共${total}条,超过单次导出上限${MEMBER_EXPORT_LIMIT}条,请缩小筛选范围后再导出`);
    const masked = !(await isGranted(db, actor, 'member_sensitive'));
    return { kind, scope, filters: query, extras, masked, total };
  },

  /** Streams the workbook (exceljs WorkbookWriter): each chunk is read by keyset, written and committed. */
  async writeExport(db: Db, job: MemberExportJob, cipher: PersonalDataCipher, out: Writable, timeZone: string): Promise<number> {
    const { kind } = job;
    const columns = exportColumns(kind);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(kind.label);
    ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: WIDE[c.key] ?? 14 }));
    const head = ws.getRow(1);
    head.font = { bold: true };
    head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F0FF' } };
    head.commit();
    let after: ExportCursor | null = null;
    let written = 0;
    while (written < job.total) {
      const rows = await memberRepo.exportChunk(db, kind, job.scope, job.filters, job.extras, after, Math.min(CHUNK, job.total - written));
      for (const r of rows) {
        ws.addRow(exportValues(kind, plainRow(kind, r, cipher), columns, job.masked, timeZone)).commit();
      }
      written += rows.length;
      if (rows.length < CHUNK) break;
      const last = rows[rows.length - 1];
      after = { time: last.cursorTime, id: String(last.id) };
      // Let the response drain before reading the next chunk (the stream's back pressure).
      if (out.writableNeedDrain) await new Promise((resolve) => (out.once('drain', resolve), out.once('close', resolve)));
      if (out.destroyed) return written; // the client went away: stop reading
    }
    ws.commit();
    await wb.commit();
    return written;
  },
};

/** One row's cells: labels for codes, the region's name, the owning org's name, personal data masked unless allowed. */
function exportValues(kind: MemberKindDef, row: MemberRow, columns: Array<{ key: string }>, masked: boolean, timeZone: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key } of columns) {
    const v = row[key];
    const sensitive = kind.sensitive.find((s) => s.field === key);
    if (sensitive) out[key] = (masked ? sensitive.mask((v as string | null) ?? null) : v) ?? '';
    else if (key === 'deptId') out[key] = row.deptName ?? '';
    else if (key === 'regionCode') out[key] = row.regionName ?? (v as string | null) ?? '';
    else if (key === 'createTime') out[key] = formatTime(row.createTime, timeZone) ?? '';
    else if (Object.hasOwn(kind.labels, key)) out[key] = v === null || v === undefined ? '' : (kind.labels[key][Number(v)] ?? String(v));
    else out[key] = v === null || v === undefined ? '' : typeof v === 'bigint' ? String(v) : key === 'orgDeptId' ? String(v) : v;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Import (enterprise members): template, whole-file validation, one transaction through the service

export interface MemberImportError {
  row: number;
  column: string;
  message: string;
}
export interface MemberImportAnswer {
  total: number;
  valid: number;
  imported: number;
  dryRun: boolean;
  errors: MemberImportError[];
}

export const MEMBER_IMPORT_MAX_ROWS = 10_000;
/** The import's columns (the template's order); the owning org may be left empty (the caller's own org). */
const IMPORT_REQUIRED = ['name', 'creditCode'];
const OWNER_CATEGORIES = [1, 2, 3];

const importColumns = (kind: MemberKindDef) => Object.entries(MEMBER_FIELD_LABELS[kind.kind]).map(([key, header]) => ({ key, header }));

/** A cell's text, whatever Excel stored (number, date, rich text, hyperlink, formula result). */
function cellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((t) => t.text).join('').trim();
    if ('text' in v) return cellText(v.text as ExcelJS.CellValue);
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
  }
  return '';
}
const normalise = (s: string) => s.replace(/[*＊\s]|[(（]必填[)）]/g, '');

export const memberImportService = {
  /** The template: the header row (required columns starred), one example row, and a sheet of rules. */
  async template(kind: MemberKindDef, ownOrg: string | null): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(kind.label);
    const cols = importColumns(kind);
    ws.columns = cols.map((c) => ({ header: IMPORT_REQUIRED.includes(c.key) ? `${c.header}*` : c.header, key: c.key, width: WIDE[c.key] ?? 14 }));
    ws.getRow(1).font = { bold: true };
    ws.addRow({
      deptId: ownOrg ?? '', name: '南京示例科技有限公司', creditCode: '91320100MA1X000015', legalPerson: '张三', industry: '软件和信息技术服务业', scale: '小型',
      regionCode: '320100', address: '南京市玄武区示例路1号', contactName: '李四', contactPhone: '13800138000', joinDate: '2024-01-01', memberLevel: '会员', memberType: '民营企业', status: '正常', remark: '',
    });
    for (const key of ['creditCode', 'contactPhone', 'regionCode', 'joinDate']) ws.getColumn(key).numFmt = '@';
    const help = wb.addWorksheet('填写说明');
    help.columns = [{ header: '列', width: 18 }, { header: '说明', width: 90 }];
    help.getRow(1).font = { bold: true };
    const labelsOf = (f: string) => Object.values(kind.labels[f] ?? {}).join('、');
    for (const line of [
      ['所属组织', '选填。组织名称或组织编号,须在您的数据权限范围内;不填时为您所在的组织;名称重名时请填写编号'],
      ['企业名称', '必填。不超过200个字符'],
      ['统一社会信用代码', '必填。18位,按 GB 32100 校验;不能与文件中其他行或已有企业会员重复'],
      ['联系电话', '选填。11位手机号码'],
      ['所在地区', '选填。行政区划代码(2、4、6、9或12位数字)'],
      ['入会日期', '选填。yyyy-MM-dd,不能晚于今天'],
      ['企业规模', `选填。${labelsOf('scale')}`],
      ['会员级别', `选填。${labelsOf('memberLevel')}`],
      ['企业类型', `选填。${labelsOf('memberType')}`],
      ['会员状态', `选填。${labelsOf('status')};不填为正常`],
    ]) help.addRow(line);
    return Buffer.from(await wb.xlsx.writeBuffer());
  },

  /**
   * Checks the whole workbook (required cells, the contract's field rules with the credit-code checksum
   * and the phone rule, duplicates in the file and in the database, the owning org in scope), then
   * inserts every valid row in ONE transaction through the member service (history written), unless dry run.
   */
  async import(
    db: Db, kind: MemberKindDef, actor: Actor, file: Buffer, dryRun: boolean,
    save: (rows: Array<Record<string, unknown> & { deptId: string }>) => Promise<number>,
  ): Promise<MemberImportAnswer> {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(file as never);
    } catch {
      throw badRequest('文件无法读取,请上传 .xlsx 格式的 Excel 文件');
    }
    const ws = wb.worksheets[0];
    if (!ws) throw badRequest('文件中没有工作表');
    const cols = importColumns(kind);
    const byHeader = new Map(cols.map((c) => [c.header, c.key]));
    const header = new Map<string, number>();
    ws.getRow(1).eachCell((cell, col) => {
      const key = byHeader.get(normalise(cellText(cell.value)));
      if (key && !header.has(key)) header.set(key, col);
    });
    const rows: Array<{ row: number; cells: Record<string, string> }> = [];
    ws.eachRow({ includeEmpty: false }, (row, n) => {
      if (n === 1) return;
      const cells: Record<string, string> = {};
      for (const [key, col] of header) cells[key] = cellText(row.getCell(col).value);
      if (Object.values(cells).some(Boolean)) rows.push({ row: n, cells });
    });
    if (rows.length > MEMBER_IMPORT_MAX_ROWS) throw badRequest(`单次导入不能超过${MEMBER_IMPORT_MAX_ROWS}行`);
    const answer = (errors: MemberImportError[], valid: number, imported = 0): MemberImportAnswer => ({ total: rows.length, valid, imported, dryRun, errors });
    const label = (key: string) => MEMBER_FIELD_LABELS[kind.kind][key] ?? key;
    const missing = IMPORT_REQUIRED.filter((k) => !header.has(k));
    if (missing.length) return answer(missing.map((k) => ({ row: 1, column: label(k), message: `缺少必填列: ${label(k)}` })), 0);

    const scope = await resolveScope(db, actor, MEMBER_RESOURCE);
    const orgs = await memberRepo.orgsInScope(db, scope, OWNER_CATEGORIES);
    const orgById = new Map(orgs.map((o) => [String(o.id), String(o.id)]));
    const orgByName = new Map<string, string[]>();
    for (const o of orgs) for (const n of new Set([o.deptName, o.fullName].filter(Boolean) as string[])) orgByName.set(n, [...(orgByName.get(n) ?? []), String(o.id)]);

    const errors: MemberImportError[] = [];
    const candidates: Array<{ row: number; values: Record<string, unknown> & { deptId: string } }> = [];
    for (const { row, cells } of rows) {
      const fail = (key: string, message: string) => errors.push({ row, column: label(key), message });
      const before = errors.length;
      // 所属组织: name or id inside the scope; empty = the caller's own org (as save does).
      let deptId = actor.deptId;
      const org = cells.deptId ?? '';
      if (org) {
        const byName = orgByName.get(org) ?? [];
        if (/^\d{1,19}$/.test(org) && orgById.has(org)) deptId = org;
        else if (byName.length > 1) fail('deptId', '组织名称不唯一,请填写组织编号');
        else if (byName.length === 1) deptId = byName[0];
        else fail('deptId', MEMBER_MSG.deptNotFound);
      } else if (!orgById.has(String(actor.deptId))) fail('deptId', MEMBER_MSG.deptNotFound);
      // Code columns accept the label (正常) or the code (1).
      const input: Record<string, unknown> = {};
      for (const [key, text] of Object.entries(cells)) {
        if (key === 'deptId' || text === '') continue;
        const labels = kind.labels[key];
        if (labels) {
          const code = Object.entries(labels).find(([, l]) => l === text)?.[0] ?? text;
          input[key] = code;
        } else input[key] = text;
      }
      // The save call's own rules and messages (required cells, checksums, the phone rule, dates, codes).
      const parsed = kind.save.safeParse(input);
      if (!parsed.success) {
        const seen = new Set<string>();
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? 'name');
          if (seen.has(key)) continue;
          seen.add(key);
          fail(key, issue.message);
        }
      } else if (errors.length === before) candidates.push({ row, values: { ...(parsed.data as Record<string, unknown>), deptId } });
    }

    // Duplicates inside the file (every row of a repeated code is refused) and against live members.
    const byCode = new Map<string, number[]>();
    for (const { row, cells } of rows) {
      const code = (cells.creditCode ?? '').toUpperCase();
      if (code) byCode.set(code, [...(byCode.get(code) ?? []), row]);
    }
    for (const list of byCode.values()) if (list.length > 1) for (const row of list) errors.push({ row, column: label('creditCode'), message: `统一社会信用代码在文件中重复(第${list.join('、')}行)` });
    const taken = await memberRepo.takenCreditCodes(db, kind, actor.tenantId, [...byCode.keys()]);
    for (const { row, cells } of rows) if (taken.has((cells.creditCode ?? '').toUpperCase())) errors.push({ row, column: label('creditCode'), message: MEMBER_MSG.creditExists });

    const bad = new Set(errors.map((e) => e.row));
    const valid = candidates.filter((c) => !bad.has(c.row));
    const order = cols.map((c) => c.header);
    errors.sort((a, b) => a.row - b.row || order.indexOf(a.column) - order.indexOf(b.column));
    if (dryRun || !valid.length) return answer(errors, valid.length);
    const imported = await save(valid.map((c) => c.values));
    return answer(errors, valid.length, imported);
  },
};
