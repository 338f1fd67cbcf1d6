// The xlsx exports' writer against exceljs's streaming WorkbookWriter (which it replaced):
// 98,000 rows × 20 columns of member-like data written into a sink that throws the bytes away.
//
//   node bench/xlsx-writer.mjs            (XLSX_ROWS, XLSX_RUNS to change the size and the number of runs)
//
// The writer is compiled from server/src/platform/files/xlsx-writer.ts for the run (the server's build is
// one bundle that exports nothing), so the figures are those of the source as it is. Printed per run: wall
// time, the process's CPU time (the compressor runs on libuv's thread pool, so CPU can exceed wall time)
// and the file's size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';

import { positiveInt, requireServer } from './util.mjs';

const ROWS = positiveInt('XLSX_ROWS', 98_000);
const RUNS = positiveInt('XLSX_RUNS', 3);
const COLUMNS = 20;

const esbuild = requireServer('esbuild');
const ExcelJS = requireServer('exceljs');

const dir = mkdtempSync(join(tmpdir(), 'xlsx-writer-bench-'));
let xlsxSheet;
try {
  const outfile = join(dir, 'xlsx-writer.mjs');
  await esbuild.build({
    entryPoints: [join(import.meta.dirname, '..', 'server', 'src', 'platform', 'files', 'xlsx-writer.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  ({ xlsxSheet } = await import(pathToFileURL(outfile).href));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** A client as fast as can be: counts the bytes and drops them. */
class NullSink extends Writable {
  bytes = 0;
  _write(chunk, _enc, done) {
    this.bytes += chunk.length;
    done();
  }
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const WORDS = ['科技', '贸易', '实业', '建设', '电子', '信息', '物流', '食品', '机械', '文化'];
const CITIES = ['南京市', '苏州市', '无锡市', '常州市', '徐州市', '南通市'];
const headers = ['所属组织', '企业名称', '统一社会信用代码', '法定代表人', '所属行业', '企业规模', '所在地区', '地址', '联系人', '联系电话'];
while (headers.length < COLUMNS - 1) headers.push(`字段${headers.length + 1}`);
headers.push('创建时间');

/** Member-like rows, the same for both writers: names, codes, masked phones, amounts, times, some empty cells. */
function makeRows() {
  const rows = [];
  for (let i = 0; i < ROWS; i++) {
    const city = CITIES[i % CITIES.length];
    const name = `${city}${SURNAMES[i % 20]}${WORDS[(i >> 3) % 10]}${WORDS[(i >> 5) % 10]}有限公司${i}`;
    const row = [
      `${city}工商业联合会`,
      name,
      `91320${String(100000000000 + ((i * 7919) % 899999999999)).padStart(13, '0')}`,
      `${SURNAMES[(i * 7) % 20]}${SURNAMES[(i * 11) % 20]}${SURNAMES[(i * 13) % 20]}`,
      WORDS[i % 10],
      ['大型', '中型', '小型', '微型'][i % 4],
      `江苏省${city}`,
      `${city}某某区某某路${(i % 500) + 1}号`,
      `${SURNAMES[(i * 3) % 20]}先生`,
      `139****${String(i % 10000).padStart(4, '0')}`,
    ];
    for (let c = row.length; c < COLUMNS - 1; c++) row.push(c % 4 === 0 ? '' : c % 3 === 0 ? (i * c) % 100000 : `值${(i * 31 + c) % 997}`);
    row.push(`2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')} 10:${String(i % 60).padStart(2, '0')}:00`);
    rows.push(row);
  }
  return rows;
}

async function withExceljs(rows, out) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('企业会员');
  ws.columns = headers.map((header) => ({ header, width: 20 }));
  const head = ws.getRow(1);
  head.font = { bold: true };
  head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F0FF' } };
  head.commit();
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await wb.commit();
}

async function withWriter(rows, out) {
  const sheet = xlsxSheet(out, { name: '企业会员', columns: headers.map((header) => ({ header, width: 20 })), header: { fill: 'FFE6F0FF' } });
  for (let i = 0; i < rows.length; i++) {
    sheet.row(rows[i]);
    if (i % 2000 === 1999) await sheet.drained(); // as the member export does between chunks
  }
  await sheet.end();
}

async function measure(label, write, rows) {
  const out = new NullSink();
  const cpu = process.cpuUsage();
  const start = performance.now();
  await write(rows, out);
  const wall = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  console.log(
    `  ${label.padEnd(22)} ${wall.toFixed(2).padStart(6)} s wall  ${cpuSeconds.toFixed(2).padStart(6)} s CPU  ${out.bytes.toLocaleString('en').padStart(12)} bytes`,
  );
  return { wall, cpuSeconds, bytes: out.bytes };
}

const rows = makeRows();
console.log(`xlsx export of ${ROWS.toLocaleString('en')} rows × ${COLUMNS} columns into a null sink, ${RUNS} run(s) each (Node ${process.version})`);
const best = { exceljs: Infinity, writer: Infinity };
for (let run = 1; run <= RUNS; run++) {
  console.log(`run ${run}`);
  best.exceljs = Math.min(best.exceljs, (await measure('exceljs WorkbookWriter', withExceljs, rows)).wall);
  best.writer = Math.min(best.writer, (await measure('xlsxSheet', withWriter, rows)).wall);
}
console.log(`best wall time: exceljs ${best.exceljs.toFixed(2)} s, xlsxSheet ${best.writer.toFixed(2)} s (${(best.exceljs / best.writer).toFixed(1)}× faster)`);
