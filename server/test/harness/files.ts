import ExcelJS from 'exceljs';
import type { TestApp } from '../app.js';
import { decryptBody } from '../../src/platform/http/crypto.js';
import { basic } from './wire.js';

/** Uploads one file through put-file-attach as the token's user; answers the status and the decrypted envelope. */
export async function uploadFile(t: TestApp, token: string, name: string, content: Buffer, query = ''): Promise<{ status: number; body: any }> {
  const boundary = '----gsl' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/blade-resource/oss/endpoint/put-file-attach${query}`,
    headers: {
      authorization: basic(t.config.clientId, t.config.clientSecret),
      'blade-auth': `bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(decryptBody(res.body, t.config.aesKey)) };
}

/** A file answer as the browser gets it (files are never encrypted): status, headers and the raw bytes. */
export async function fetchFile(t: TestApp, token: string, method: 'GET' | 'POST', url: string, query: Record<string, string> = {}) {
  const res = await t.app.inject({
    method,
    url,
    query,
    headers: { authorization: basic(t.config.clientId, t.config.clientSecret), 'blade-auth': `bearer ${token}` },
  });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

/** The first sheet of a workbook as rows of text (an empty cell is ''). */
export async function readBook(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as never);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

/** A workbook of the rows (the first is the header) on one sheet, as a user fills an import template. */
export async function workbook(sheet: string, rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The file as the browser uploads it (multipart field `file`) to an import call; the decrypted answer. */
export async function uploadBook(t: TestApp, token: string, url: string, file: Buffer, filename: string, query: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), filename);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await req.arrayBuffer());
  return t.call({ method: 'POST', url, token, query, body: payload, headers: { 'content-type': req.headers.get('content-type')! } });
}
