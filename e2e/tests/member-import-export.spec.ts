import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/signOn';

/** Unique per run, so the names and codes never meet an earlier run's rows. */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Unified social credit codes with a valid GB 32100 check character (the server checks it), distinct per call. */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
let serial = Math.floor(Math.random() * 1e6);
function creditCode(): string {
  const first17 = `91320100${String((Date.now() + serial++ * 7919) % 1e9).padStart(9, '0')}`;
  const sum = [...first17].reduce((s, c, i) => s + CREDIT_CHARS.indexOf(c) * CREDIT_WEIGHTS[i], 0);
  return first17 + CREDIT_CHARS[(31 - (sum % 31)) % 31];
}
/** The same code with a wrong check character. */
const wrongCheck = (code: string) => `${code.slice(0, 17)}${code[17] === '0' ? '1' : '0'}`;

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();

/** Clicks the button and answers the file the browser saves. */
async function downloadBy(page: Page, button: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return download;
}

/** The first sheet of a downloaded workbook as text cells, row by row. */
async function sheetOf(download: Download): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(await download.path())) as never);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

test('企业会员 导入与导出: template, two bad rows named and reported in the error workbook, the valid rows imported, a filtered export holds exactly the listed rows', async ({
  page,
}, testInfo) => {
  // A provincial federation's staff member (role aoc: import and export, personal data masked).
  await signIn(page, 'js_aoc');
  await page.getByTestId('top-menu-portal_database').click();
  await page.getByTestId('db-nav-member_enterprise').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/database\/enterprise$/);
  const screen = page.getByTestId('member-enterprise');

  // 导入 → 下载模板: the header (required columns starred) and an example row under the user's own org.
  await screen.getByTestId('enterprise-import').click();
  const dialog = page.getByTestId('enterprise-import-dialog');
  await expect(page.getByText('企业会员导入', { exact: true })).toBeVisible();
  const templateFile = await downloadBy(page, dialog.getByTestId('enterprise-import-template'));
  expect(templateFile.suggestedFilename()).toBe('企业会员导入模板.xlsx');
  const template = await sheetOf(templateFile);
  expect(template[0].slice(0, 3)).toEqual(['所属组织', '企业名称*', '统一社会信用代码*']);
  expect(template[1][0]).toBe('江苏省工商联');

  // The filled-in workbook: the template's header, four good rows and exactly two bad ones
  // (row 4: a wrong check character; row 6: no enterprise name).
  const codes = Array.from({ length: 6 }, creditCode);
  const good: Array<Record<string, string> & { 企业名称: string }> = [
    { 企业名称: `星河${RUN}科技有限公司`, 统一社会信用代码: codes[0], 联系电话: '13912340001', 会员级别: '理事', 会员状态: '正常' },
    { 企业名称: `星河${RUN}物流有限公司`, 统一社会信用代码: codes[1], 联系电话: '13912340002', 所属组织: '南京市工商联' },
    { 企业名称: `远山${RUN}建设有限公司`, 统一社会信用代码: codes[3], 企业规模: '中型' },
    { 企业名称: `远山${RUN}贸易有限公司`, 统一社会信用代码: codes[5], 入会日期: '2024-06-01' },
  ];
  const rows: Array<Record<string, string>> = [
    good[0],
    good[1],
    { 企业名称: `校验位错误${RUN}有限公司`, 统一社会信用代码: wrongCheck(codes[2]) },
    good[2],
    { 企业名称: '', 统一社会信用代码: codes[4], 法定代表人: '没填名称' },
    good[3],
  ];
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await templateFile.path())) as never);
  const sheet = book.worksheets[0];
  sheet.spliceRows(2, sheet.rowCount - 1); // drop the example row
  const columnOf = new Map(template[0].map((h, i) => [h.replace('*', ''), i + 1]));
  rows.forEach((cells, i) => {
    const row = sheet.getRow(i + 2);
    for (const [header, value] of Object.entries(cells)) row.getCell(columnOf.get(header)!).value = value;
    row.commit();
  });
  const filled = testInfo.outputPath('企业会员导入.xlsx');
  await book.xlsx.writeFile(filled);

  // 校验数据: the whole file is checked, the two bad rows are named by row, column and message.
  await dialog.locator('input[type=file]').setInputFiles(filled);
  await expect(dialog.getByText('企业会员导入.xlsx')).toBeVisible();
  await page.getByTestId('enterprise-import-check').click();
  const result = page.getByTestId('enterprise-import-result');
  await expect(result).toContainText('共6条数据，校验通过4条，有误2条');
  const errorRows = result.getByTestId('enterprise-import-errors').locator('tbody tr.ant-table-row');
  await expect(errorRows).toHaveCount(2);
  await expect(errorRows.nth(0).locator('td')).toHaveText(['4', '统一社会信用代码', '统一社会信用代码校验位不正确']);
  await expect(errorRows.nth(1).locator('td')).toHaveText(['6', '企业名称', '请输入企业名称']);

  // 下载错误报告: the same rows, columns and messages in a workbook.
  const report = await downloadBy(page, result.getByTestId('enterprise-import-errors-download'));
  expect(report.suggestedFilename()).toBe('企业会员导入错误报告.xlsx');
  expect(await sheetOf(report)).toEqual([
    ['行号', '列', '错误信息'],
    ['4', '统一社会信用代码', '统一社会信用代码校验位不正确'],
    ['6', '企业名称', '请输入企业名称'],
  ]);

  // 开始导入: the four valid rows go in; the two bad ones stay out.
  await page.getByTestId('enterprise-import-submit').click();
  await expect(toast(page, '成功导入4条数据')).toBeVisible();
  await expect(result).toContainText('共6条数据，成功导入4条，未导入2条');
  await page.getByTestId('enterprise-import-close').click();
  await expect(dialog).toBeHidden();

  // The list shows exactly the imported rows of this run.
  const table = screen.getByTestId('enterprise-table');
  await screen.getByTestId('enterprise-search-name').fill(RUN);
  await screen.getByTestId('enterprise-search-submit').click();
  await expect(table.locator('tbody tr[data-row-key]')).toHaveCount(4);
  for (const g of good) await expect(table).toContainText(g.企业名称);
  await expect(table).not.toContainText(`校验位错误${RUN}有限公司`);
  await expect(table).toContainText('139****0001'); // phones masked: staff lack 查看敏感信息

  // Filter by name, then 导出: the workbook holds exactly the two listed rows.
  await screen.getByTestId('enterprise-search-name').fill(`星河${RUN}`);
  await screen.getByTestId('enterprise-search-submit').click();
  const listed = table.locator('tbody tr[data-row-key]');
  await expect(listed).toHaveCount(2);
  const listedNames = (await listed.allInnerTexts()).map((t) => good.find((g) => t.includes(g.企业名称))?.企业名称);
  expect(listedNames.sort()).toEqual([good[0].企业名称, good[1].企业名称].sort());
  const exported = await downloadBy(page, screen.getByTestId('enterprise-export'));
  await expect(toast(page, '导出成功')).toBeVisible();
  expect(exported.suggestedFilename()).toMatch(/^企业会员_\d{8}\.xlsx$/);
  const sheetRows = await sheetOf(exported);
  const head = sheetRows[0];
  expect(head.slice(0, 3)).toEqual(['所属组织', '企业名称', '统一社会信用代码']);
  const at = (name: string) => head.indexOf(name);
  const data = sheetRows.slice(1);
  expect(data).toHaveLength(2);
  expect(data.map((r) => r[at('企业名称')]).sort()).toEqual([good[0].企业名称, good[1].企业名称].sort());
  const byName = new Map(data.map((r) => [r[at('企业名称')], r]));
  expect(byName.get(good[0].企业名称)![at('统一社会信用代码')]).toBe(codes[0]);
  expect(byName.get(good[0].企业名称)![at('联系电话')]).toBe('139****0001');
  expect(byName.get(good[0].企业名称)![at('会员级别')]).toBe('理事');
  expect(byName.get(good[0].企业名称)![at('所属组织')]).toBe('江苏省工商联');
  expect(byName.get(good[1].企业名称)![at('统一社会信用代码')]).toBe(codes[1]);
  expect(byName.get(good[1].企业名称)![at('所属组织')]).toBe('南京市工商联');
});
