import { describe, expect, it } from 'vitest';
import { excel } from './excel.js';

// That no module imports exceljs as a value (so it loads on first use): platform/first-use.test.ts.
describe('exceljs on first use', () => {
  it('excel() gives the library, once', async () => {
    const a = await excel();
    expect(typeof a.Workbook).toBe('function');
    expect(await excel()).toBe(a);
    const wb = new a.Workbook();
    wb.addWorksheet('表1').addRow(['名称']);
    expect(wb.worksheets[0].getCell('A1').value).toBe('名称');
  });
});
