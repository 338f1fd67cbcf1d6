import type { FastifyReply, FastifyRequest } from 'fastify';
import type ExcelJS from 'exceljs';
import { excel } from './excel.js';
import { z } from 'zod';
import { AppError, badRequest } from '../http/errors.js';
import { formatTime } from '../http/time.js';

/**
 * What every xlsx export and import shares (users, members): the content type and download headers,
 * the multipart limits, reading the one uploaded workbook and its cells, and the import's query and answer.
 */
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** @fastify/multipart options of an import: one file of at most 5 MB. */
export const XLSX_UPLOAD = { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 } };

/** A download's headers: an ASCII file name for old clients and the Chinese one (RFC 5987). */
export function xlsxDownload(reply: FastifyReply, ascii: string, name: string) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store');
}

/** The day in the display zone as yyyyMMdd (export file names). */
export const todayStamp = (tz: string) => (formatTime(new Date(), tz) ?? '').slice(0, 10).replace(/-/g, '');

/** The one uploaded .xlsx file; any malformed or oversized upload is a 400 with a Chinese message. */
export async function readXlsxUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传 xlsx 文件');
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

/** The uploaded workbook's first sheet; a file that is not a readable .xlsx is a 400. */
async function readFirstSheet(file: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new (await excel()).Workbook();
  try {
    await wb.xlsx.load(file as never);
  } catch {
    throw badRequest('文件无法读取,请上传 .xlsx 格式的 Excel 文件');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest('文件中没有工作表');
  return ws;
}

/** A cell's text, whatever Excel stored (number, date, rich text, hyperlink, formula result). */
export function cellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText))
      return v.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('text' in v) return cellText(v.text as ExcelJS.CellValue);
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
  }
  return '';
}

/** A header cell's text as the column is known: without the template's required marks (`*`, （必填）) and spaces. */
export const normaliseHeader = (s: string) => s.replace(/[*＊\s]|[(（]必填[)）]/g, '');

/** One data row of an import sheet: its row number and the text of each known column. */
export interface ImportSheetRow<K extends string> {
  row: number;
  cells: Partial<Record<K, string>>;
}

/**
 * An import workbook's first sheet: the known columns found by their header text (row 1, any order,
 * the first of a repeated header), and every data row with some text, as column key → cell text.
 * More than `maxRows` data rows is a 400.
 */
export async function readImportSheet<K extends string>(
  file: Buffer,
  byHeader: ReadonlyMap<string, K>,
  maxRows: number,
): Promise<{ columns: Map<K, number>; rows: Array<ImportSheetRow<K>> }> {
  const ws = await readFirstSheet(file);
  const columns = new Map<K, number>();
  ws.getRow(1).eachCell((cell, col) => {
    const key = byHeader.get(normaliseHeader(cellText(cell.value)));
    if (key && !columns.has(key)) columns.set(key, col);
  });
  const rows: Array<ImportSheetRow<K>> = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    if (n === 1) return;
    const cells: Partial<Record<K, string>> = {};
    for (const [key, col] of columns) cells[key] = cellText(row.getCell(col).value);
    if (Object.values(cells).some(Boolean)) rows.push({ row: n, cells });
  });
  if (rows.length > maxRows) throw badRequest(`单次导入不能超过${maxRows}行`);
  return { columns, rows };
}

/** An import's query: dryRun=true only checks the file. */
export const importQuery = z.object({ dryRun: z.enum(['true', 'false', '1', '0'], { message: 'dryRun 只能是 true 或 false' }).optional() }).passthrough();
export const isDryRun = (q: { dryRun?: string }) => q.dryRun === 'true' || q.dryRun === '1';

/** An import's answer: counts and the refused cells (row, column, message); the schema is the contract's. */
export { importAnswer } from '@gsl/contract';
