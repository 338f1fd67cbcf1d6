import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cellText, columnRef, crc32Portable, sheetName, xlsxSheet, type XlsxSheetOptions } from './xlsx-writer.js';

const Excel = async () => (await import('exceljs')).default;

/** A destination that keeps what it is given; `delayMs` makes it a slow client (each chunk acknowledged later). */
class Sink extends Writable {
  readonly chunks: Buffer[] = [];
  /** The most bytes ever waiting in the destination's buffer. */
  maxBuffered = 0;
  constructor(
    private readonly delayMs = 0,
    highWaterMark = 16 * 1024,
  ) {
    super({ highWaterMark });
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void) {
    this.chunks.push(chunk);
    this.maxBuffered = Math.max(this.maxBuffered, this.writableLength);
    if (this.delayMs) setTimeout(done, this.delayMs);
    else done();
  }
  get bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

async function book(options: XlsxSheetOptions, rows: unknown[][]): Promise<Buffer> {
  const sink = new Sink();
  const sheet = xlsxSheet(sink, options);
  for (const r of rows) sheet.row(r);
  await sheet.end();
  expect(sheet.closed).toBe(false);
  expect(sink.writableFinished).toBe(true);
  return sink.bytes;
}

async function load(buf: Buffer) {
  const wb = new (await Excel()).Workbook();
  await wb.xlsx.load(buf as never);
  return wb;
}

/** The archive's entries by their central directory, each inflated and its CRC-32 checked against the stored one. */
function readZip(buf: Buffer): Map<string, Buffer> {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBe(buf.length - 22);
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  expect(at + buf.readUInt32LE(end + 12)).toBe(end);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const flags = buf.readUInt16LE(at + 8);
    const crc = buf.readUInt32LE(at + 16);
    const compressed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    expect(flags & 0x0800).toBe(0x0800);
    expect(buf.readUInt32LE(local)).toBe(0x04034b50);
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = zlib.inflateRawSync(buf.subarray(dataAt, dataAt + compressed));
    expect(data.length, name).toBe(size);
    expect(zlib.crc32(data), name).toBe(crc);
    entries.set(name, data);
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return entries;
}

const hasUnzip = spawnSync('unzip', ['-v']).status === 0;

describe('xlsx sheet writer', () => {
  it('writes a workbook Excel readers open: name, bold and filled header, widths, text, numbers, empty cells', async () => {
    const buf = await book(
      {
        name: '企业会员',
        columns: [{ header: '名称', width: 32 }, { header: '人数', width: 8 }, { header: '备注', width: 30 }, { header: '启用' }],
        header: { fill: 'FFE6F0FF' },
      },
      [
        ['A&B <公司> "有限"', 12, '', true],
        [null, 3.25, undefined, false],
        ['第三行', -0.5, '备注\n两行', null],
        [12345678901234567890n, 0, new Date('2024-05-06T07:08:09.000Z'), 'x'],
      ],
    );
    const ws = (await load(buf)).worksheets[0];
    expect(ws.name).toBe('企业会员');
    expect(ws.getRow(1).values).toEqual([undefined, '名称', '人数', '备注', '启用']);
    for (const ref of ['A1', 'B1', 'C1', 'D1']) {
      expect(ws.getCell(ref).font?.bold).toBe(true);
      expect(ws.getCell(ref).fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F0FF' } });
    }
    expect([1, 2, 3].map((c) => ws.getColumn(c).width)).toEqual([32, 8, 30]);
    expect(ws.getColumn(4).width).toBeUndefined();

    expect(ws.getCell('A2').value).toBe('A&B <公司> "有限"');
    expect(ws.getCell('B2').value).toBe(12);
    expect(ws.getCell('B3').value).toBe(3.25);
    expect(ws.getCell('B4').value).toBe(-0.5);
    expect(ws.getCell('C4').value).toBe('备注\n两行');
    expect(ws.getCell('D2').value).toBe(true);
    expect(ws.getCell('D3').value).toBe(false);
    expect(ws.getCell('A5').value).toBe('12345678901234567890');
    expect(ws.getCell('B5').value).toBe(0);
    expect(ws.getCell('C5').value).toBe('2024-05-06T07:08:09.000Z');
    // '', null and undefined are no cell at all, not an empty string
    for (const ref of ['C2', 'A3', 'C3', 'D4']) expect(ws.getCell(ref).value, ref).toBeNull();
    expect(ws.getCell('A2').font?.bold).toBeFalsy();
    expect(ws.rowCount).toBe(5);
  });

  it('without a fill the header is bold only', async () => {
    const ws = (await load(await book({ name: '用户', columns: [{ header: '账号', width: 18 }] }, [['a']]))).worksheets[0];
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect((ws.getCell('A1').fill as { pattern?: string } | undefined)?.pattern ?? 'none').toBe('none');
    expect(() => xlsxSheet(new Sink(), { name: 'x', columns: [], header: { fill: 'blue' } })).toThrow(/ARGB/);
  });

  it('names columns past Z as AA, AB …', async () => {
    const columns = Array.from({ length: 30 }, (_, i) => ({ header: `列${i + 1}`, width: 10 }));
    const buf = await book({ name: 'wide', columns }, [Array.from({ length: 30 }, (_, i) => `v${i + 1}`)]);
    const sheetXml = readZip(buf).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    for (const ref of ['Z2', 'AA2', 'AB2', 'AD2', 'AD1']) expect(sheetXml).toContain(`r="${ref}"`);
    const ws = (await load(buf)).worksheets[0];
    expect(ws.getCell('Z2').value).toBe('v26');
    expect(ws.getCell('AA2').value).toBe('v27');
    expect(ws.getCell('AB2').value).toBe('v28');
    expect(ws.getCell('AD2').value).toBe('v30');
    expect(ws.getCell('AD1').value).toBe('列30');
    expect(ws.getColumn(30).width).toBe(10);
    expect([0, 25, 26, 27, 29, 51, 52, 701, 702, 16383].map(columnRef)).toEqual(['A', 'Z', 'AA', 'AB', 'AD', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
  });

  it('drops characters XML cannot carry and keeps tabs and line feeds', async () => {
    const dirty = 'a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\uFFFEh\uFFFFi\uD800j\uDC00k';
    const buf = await book({ name: 'x', columns: [{ header: `表头\u0007` }] }, [[dirty], ['t\ta\nb'], ['😀 ok']]);
    const ws = (await load(buf)).worksheets[0];
    expect(ws.getCell('A1').value).toBe('表头');
    expect(ws.getCell('A2').value).toBe('abcdefghijk');
    expect(ws.getCell('A3').value).toBe('t\ta\nb');
    expect(ws.getCell('A4').value).toBe('😀 ok');
    expect(cellText('x'.repeat(40_000))).toHaveLength(32_767);
    expect(cellText(`${'x'.repeat(32_766)}😀`)).toHaveLength(32_766); // not half an emoji
  });

  it('gives the sheet a name Excel accepts', async () => {
    expect(sheetName('a[b]c:d*e?f/g\\h')).toBe('abcdefgh');
    expect(sheetName("'引号'")).toBe('引号');
    expect(sheetName('一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十一二三')).toHaveLength(31);
    expect(sheetName('[]')).toBe('Sheet1');
    const buf = await book({ name: 'A&B <会员>/2024', columns: [{ header: 'h' }] }, []);
    expect((await load(buf)).worksheets[0].name).toBe('A&B <会员>2024');
  });

  it.skipIf(!hasUnzip)('is a sound zip archive (unzip -t)', async () => {
    const buf = await book({ name: '会员', columns: [{ header: '名称' }, { header: '数' }] }, [
      ['一', 1],
      ['二', 2],
    ]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-writer-')), 'a.xlsx');
    try {
      fs.writeFileSync(file, buf);
      const test = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
      expect(test.status, test.stdout + test.stderr).toBe(0);
      expect(test.stdout).toContain('No errors detected');
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('has a central directory whose sizes and CRCs match every entry, and the parts of a SpreadsheetML package', async () => {
    const entries = readZip(await book({ name: '会员', columns: [{ header: '名称' }] }, [['一']]));
    expect([...entries.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/app.xml',
      'docProps/core.xml',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sample = Buffer.from('xlsx 表格 ✓'.repeat(1000));
    expect(crc32Portable(sample)).toBe(zlib.crc32(sample));
    expect(crc32Portable(sample.subarray(100), crc32Portable(sample.subarray(0, 100)))).toBe(zlib.crc32(sample));
  });

  it('streams 100,000 rows × 20 columns into a slow client, waiting for it, and every row arrives', { timeout: 300_000 }, async () => {
    const COLUMNS = 20;
    const ROWS = 100_000;
    const sink = new Sink(1);
    const sheet = xlsxSheet(sink, { name: 'big', columns: Array.from({ length: COLUMNS }, (_, i) => ({ header: `c${i}`, width: 12 })) });
    let waits = 0;
    for (let r = 0; r < ROWS; r++) {
      const row: unknown[] = [r];
      for (let c = 1; c < COLUMNS; c++) row.push(c % 3 ? `第${r}行第${c}列 ${(r * 7919 + c * 104729) % 1000003}` : r * c);
      sheet.row(row);
      if (r % 1000 === 999) {
        let settled = false;
        const drained = sheet.drained().then((open) => ((settled = true), open));
        await new Promise((resolve) => setImmediate(resolve));
        if (!settled) waits++; // still waiting after a turn of the event loop: held back by the client
        expect(await drained).toBe(true);
        expect(sink.writableNeedDrain).toBe(false);
      }
    }
    await sheet.end();
    const buf = sink.bytes;
    // The client was slower than the writer, and what waited for it stayed small against the whole file.
    expect(waits).toBeGreaterThan(10);
    expect(sink.maxBuffered).toBeLessThan(256 * 1024);
    expect(buf.length).toBeGreaterThan(20 * 256 * 1024);

    const reader = new (await Excel()).stream.xlsx.WorkbookReader(Readable.from([buf]), {
      worksheets: 'emit',
      sharedStrings: 'ignore',
      styles: 'ignore',
      hyperlinks: 'ignore',
    });
    let rows = 0;
    let last: unknown[] = [];
    for await (const ws of reader)
      for await (const row of ws) {
        rows++;
        last = row.values as unknown[];
      }
    expect(rows).toBe(ROWS + 1);
    expect(last[1]).toBe(ROWS - 1);
    expect(last[2]).toBe(`第${ROWS - 1}行第1列 ${((ROWS - 1) * 7919 + 104729) % 1000003}`);
    expect(last[4]).toBe((ROWS - 1) * 3);
  });

  it('stops when the client goes away half-way: drained() says so, end() settles, nothing throws', async () => {
    for (const cause of [undefined, new Error('socket hang up')]) {
      const out = new PassThrough();
      const received: Buffer[] = [];
      out.on('data', (c: Buffer) => received.push(c));
      const sheet = xlsxSheet(out, { name: 'gone', columns: [{ header: 'a' }, { header: 'b' }] });
      for (let r = 0; r < 5000; r++) sheet.row([`row ${r} ${'x'.repeat(r % 50)}`, r]);
      expect(await sheet.drained()).toBe(true);
      out.destroy(cause);
      expect(await sheet.drained()).toBe(false);
      expect(sheet.closed).toBe(true);
      for (let r = 0; r < 5000; r++) sheet.row([`after ${r}`, r]); // ignored, no write after destroy
      await expect(sheet.end()).resolves.toBeUndefined();
      await expect(sheet.drained()).resolves.toBe(false);
      expect(received.length).toBeGreaterThan(0);
    }
  });

  it('settles when the client is gone while the writer waits for it', async () => {
    const out = new Sink(50, 1024);
    const sheet = xlsxSheet(out, { name: 'slow', columns: [{ header: 'a' }] });
    for (let r = 0; r < 20_000; r++) sheet.row([`${r} ${(r * 2654435761) % 4294967296}`]);
    const waiting = sheet.drained();
    setTimeout(() => out.destroy(), 20);
    expect(await waiting).toBe(false);
    await expect(sheet.end()).resolves.toBeUndefined();
    expect(sheet.closed).toBe(true);
  });

  it('writes nothing to a destination already closed', async () => {
    const out = new Sink();
    out.destroy();
    const sheet = xlsxSheet(out, { name: 'x', columns: [{ header: 'a' }] });
    sheet.row(['a']);
    expect(await sheet.drained()).toBe(false);
    await sheet.end();
    expect(out.chunks).toEqual([]);
  });
});
