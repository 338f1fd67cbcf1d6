import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { excel } from './excel.js';

// exceljs takes about a third of a second to load: the server loads it on the first import or export, never at
// start (issue 18's cold start). A value import anywhere in the server's code would load it at start again.
const SRC = path.resolve(import.meta.dirname, '../..');
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path.join(dir, e.name)] : []));

describe('exceljs on first use', () => {
  // The same holds for openai (about 300 modules), loaded by the OpenAI-compatible model on its first question.
  it.each(['exceljs', 'openai'])('no server module imports %s as a value (types only; it is loaded on first use)', (pkg) => {
    const valueImport = new RegExp(`^import\\s+(?!type\\b)[^;]*from\\s+'${pkg}'`, 'm');
    const offenders = files(SRC).filter((f) => valueImport.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(SRC, f))).toEqual([]);
  });

  it('excel() gives the library, once', async () => {
    const a = await excel();
    expect(typeof a.Workbook).toBe('function');
    expect(await excel()).toBe(a);
    const wb = new a.Workbook();
    wb.addWorksheet('表1').addRow(['名称']);
    expect(wb.worksheets[0].getCell('A1').value).toBe('名称');
  });
});
