import type { Writable } from 'node:stream';
import { xlsxSheet } from '../../platform/files/xlsx-writer.js';
import { MEMBER_FIELD_LABELS } from '@gsl/contract';
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

export const MEMBER_EXPORT_LIMIT = 200_000;
/** Rows read per query (keyset), written and flushed before the next is read. */
const CHUNK = 2000;

/** Column widths of the member workbooks (export and import template). */
export const WIDE: Record<string, number> = {
  deptId: 24,
  name: 32,
  creditCode: 22,
  certNo: 22,
  address: 36,
  remark: 30,
  industry: 16,
  company: 28,
  createTime: 20,
  orgDeptId: 20,
};

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

  /** Streams the workbook: each chunk is read by keyset and written before the next is read. */
  async writeExport(db: Db, job: MemberExportJob, cipher: PersonalDataCipher, out: Writable, timeZone: string): Promise<number> {
    const { kind } = job;
    const columns = exportColumns(kind);
    const sheet = xlsxSheet(out, {
      name: kind.label,
      columns: columns.map((c) => ({ header: c.header, width: WIDE[c.key] ?? 14 })),
      header: { fill: 'FFE6F0FF' },
    });
    let after: ExportCursor | null = null;
    let written = 0;
    while (written < job.total) {
      const rows = await memberRepo.exportChunk(db, kind, job.scope, job.filters, job.extras, after, Math.min(CHUNK, job.total - written));
      for (const r of rows) sheet.row(exportValues(kind, plainRow(kind, r, cipher), columns, job.masked, timeZone));
      written += rows.length;
      if (rows.length < CHUNK) break;
      const last = rows[rows.length - 1];
      after = { time: last.cursorTime, id: String(last.id) };
      // Let the response drain before reading the next chunk; stop reading when the client went away.
      if (!(await sheet.drained())) return written;
    }
    await sheet.end();
    return written;
  },
};

/** One row's cells, in column order: labels for codes, the region's name, the owning org's name, personal data masked unless allowed. */
function exportValues(kind: MemberKindDef, row: MemberRow, columns: Array<{ key: string }>, masked: boolean, timeZone: string): unknown[] {
  return columns.map(({ key }) => {
    const v = row[key];
    const sensitive = kind.sensitive.find((s) => s.field === key);
    if (sensitive) return (masked ? sensitive.mask((v as string | null) ?? null) : v) ?? '';
    if (key === 'deptId') return row.deptName ?? '';
    if (key === 'regionCode') return row.regionName ?? (v as string | null) ?? '';
    if (key === 'createTime') return formatTime(row.createTime, timeZone) ?? '';
    if (Object.hasOwn(kind.labels, key)) return v === null || v === undefined ? '' : (kind.labels[key][Number(v)] ?? String(v));
    return v === null || v === undefined ? '' : typeof v === 'bigint' ? String(v) : key === 'orgDeptId' ? String(v) : v;
  });
}
