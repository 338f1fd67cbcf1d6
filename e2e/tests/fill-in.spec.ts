import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect as baseExpect, test, type APIRequestContext, type Browser, type Download, type Locator, type Page } from '@playwright/test';
import { PORTAL_DIALOGS } from './support/portalDialogs';
import { DEMO_PASSWORD, openUserMenu, passwordGrant, readApiBody, signIn, type DemoAccount } from './support/signOn';

/**
 * 填报 (issue 16, specification §4 "Fill-in dialog", §5, §7 "Fill-in"): the chamber nj_coc (南京市浙江商会) fills in
 * its term and its committee members and representatives; its federation nj_aoc follows 填报情况; the administrator
 * edits the form template. The e2e database is shared by every spec of a run, so each journey seeds what it needs
 * through the API (a term, a list the chamber may still write, a submitted list) instead of relying on another's.
 */

// Several accounts sign on, and the machine is shared: waits are limits, not targets.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const CHAMBER = '南京市浙江商会';
const PE = '/api/aoc-service/fillperiod';
const C = '/api/aoc-service/collectperson';
const B = '/api/aoc-service/businesstag';
const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** Unique per run: the identity cards of this run's persons never meet an earlier run's. */
const RUN_SERIAL = Math.floor(Math.random() * 1000);
let serial = 0;
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';
/** A valid identity card number (GB 11643) of a person born on a day of this run, distinct per call. */
function idCard(): string {
  serial += 1;
  const day = new Date(Date.UTC(1960, 0, 1) + ((Date.now() / 1000) % 9000) * 86400_000 + serial * 86400_000);
  const birth = day.toISOString().slice(0, 10).replace(/-/g, '');
  const first17 = `320102${birth}${String((RUN_SERIAL + serial * 7) % 1000).padStart(3, '0')}`;
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * ID_WEIGHTS[i], 0);
  return first17 + ID_CHECK[sum % 11];
}
/** The same number with a wrong check character. */
const wrongCheck = (id: string) => `${id.slice(0, 17)}${id[17] === '0' ? '1' : '0'}`;

type Envelope<T> = { code: number; msg: string; data: T };
interface Api {
  get<T>(path: string, params?: Record<string, string | number>): Promise<Envelope<T>>;
  post<T>(path: string, data?: unknown, params?: Record<string, string | number>): Promise<Envelope<T>>;
}

/** The API as a demo account, outside any browser page (a password grant of its own). */
async function apiAs(request: APIRequestContext, account: DemoAccount): Promise<Api> {
  const grant = await passwordGrant(request, account, DEMO_PASSWORD);
  expect(grant.status(), `password grant for ${account}`).toBe(200);
  const text = (await grant.text()).trim();
  const token = ((text.startsWith('{') ? JSON.parse(text) : await readApiBody(request, text)) as { access_token: string }).access_token;
  const call = async <T>(method: 'GET' | 'POST', path: string, data?: unknown, params?: Record<string, string | number>) => {
    const res = await request.fetch(path, { method, params, data, headers: { Authorization: CLIENT_BASIC, 'Blade-Auth': `bearer ${token}` } });
    const body = (await res.text()).trim();
    return (body.startsWith('{') ? JSON.parse(body) : await readApiBody(request, body)) as Envelope<T>;
  };
  return { get: (path, params) => call('GET', path, undefined, params), post: (path, data, params) => call('POST', path, data, params) };
}

interface Period {
  id: string;
  period: number;
  periodName: string;
  finishDate: string;
}
interface Round {
  status: number;
}

/** The chamber has a term (第三届, 2024-06 unless one is stored): answers it. */
async function ensureTerm(chamber: Api): Promise<Period> {
  const stored = await chamber.get<Period | null>(`${PE}/detail`);
  if (stored.data) return stored.data;
  const saved = await chamber.post<Period>(`${PE}/submit`, { period: 3, finishDate: '2024-06' });
  expect(saved.code, saved.msg).toBe(200);
  return saved.data;
}

/** The chamber's list of the term may be written: a submission still with the federation is returned. */
async function ensureWritable(request: APIRequestContext, chamber: Api): Promise<void> {
  const rounds = await chamber.get<Round[]>(`${C}/rounds`);
  if (rounds.data[0]?.status !== 1) return;
  const federation = await apiAs(request, 'nj_aoc');
  const list = await federation.get<{ records: Array<{ deptId: string; deptName: string }> }>(`${C}/filling-situation`, { deptName: CHAMBER });
  const back = await federation.post(`${C}/return`, { deptId: list.data.records.find((r) => r.deptName === CHAMBER)!.deptId, comment: '端到端测试:重新填报' });
  expect(back.code, back.msg).toBe(200);
}

/** A browser session of its own for the account, signed on and in the portal. */
async function sessionOf(browser: Browser, account: DemoAccount): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, account);
  return page;
}

/**
 * Opens a screen of the app inside the signed-on page, as its own links do (no reload): a reload in the middle
 * of the shortened session refresh of the e2e server could present a refresh token the server has just rotated.
 */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Answers 确定 in the confirmation titled so (clicked again should its opening motion swallow the click). */
async function confirmBy(page: Page, title: string): Promise<void> {
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: title });
  await expect(confirm).toBeVisible();
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: /确\s*定/ }).click({ timeout: 2_000 });
    await expect(confirm).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();

/** Picks an option of an antd select by its label (the dropdown is rendered outside the field). */
/**
 * Chooses `label` in the antd Select whose input is `select`, and waits until the field shows it: an option
 * clicked while the drop-down is still opening can be lost (the fresh-clone run saw 第三届 clicked and the
 * field still empty), so the choice is checked on the field and tried again until it holds.
 */
async function choose(page: Page, select: Locator, label: string): Promise<void> {
  const exact = new RegExp(`^${label}$`);
  const field = select.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const shown = field.locator('.ant-select-content-has-value, .ant-select-selection-item, .ant-select-selection-item-content').filter({ hasText: exact });
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: exact }).first();
  await expect(async () => {
    if ((await shown.count()) === 0) {
      if (!(await option.isVisible())) await select.click();
      await option.click({ timeout: 2_000 });
    }
    await expect(shown.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

async function downloadBy(page: Page, button: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return download;
}

async function sheetOf(download: Download): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(await download.path())) as never);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

test('填报届别信息 opens by itself for nj_coc after sign-on; empty it names both fields; a valid term opens /subapp/fill-in in a new tab', async ({
  browser,
  request,
}) => {
  // The dialog opens only while the chamber has no term: this journey runs before any other stores one (the first
  // test of this file; no other spec writes a term). There is no call that deletes a term to seed the opposite.
  const chamber = await apiAs(request, 'nj_coc');
  const stored = await chamber.get<Period | null>(`${PE}/detail`);
  expect(stored.data, `${CHAMBER} must have no term yet for the dialog to open by itself`).toBeNull();

  // Signing on through the form, leaving the session flag NoShowBox unset (the other portal dialog, the chamber
  // reminder, is closed should it open over this one).
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'nj_coc', { keepDialogs: ['fillPeriod'] });
  const dialog = PORTAL_DIALOGS.fillPeriod(page);
  await expect(dialog).toBeVisible();
  // 580px wide, once its opening motion has ended.
  await expect.poll(async () => (await page.locator('.ant-modal').filter({ hasText: '填报届别信息' }).boundingBox())?.width).toBe(580);

  // 确定 with nothing chosen: both messages of §5.
  await dialog.getByTestId('fill-period-submit').click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(['请选择届别', '请选择换届完成年月']);

  // Checked on change: choosing the term clears its message at once.
  await choose(page, dialog.getByLabel('届别'), '第三届');
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(['请选择换届完成年月']);
  const month = dialog.getByLabel('换届完成年月');
  await month.click();
  await month.fill('2024-06');
  await month.press('Enter');
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);

  // A valid term: saved, the dialog closes and /subapp/fill-in opens in a new tab, showing the term.
  const [tab] = await Promise.all([context.waitForEvent('page'), dialog.getByTestId('fill-period-submit').click()]);
  await expect(dialog).toBeHidden();
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(/\/subapp\/fill-in$/);
  await expect(tab.getByTestId('fillin-page')).toContainText('第三届');
  await expect(tab.getByTestId('fillin-page')).toContainText('换届完成年月 2024-06');
  await context.close();
  expect((await (await apiAs(request, 'nj_coc')).get<Period | null>(`${PE}/detail`)).data).toMatchObject({ period: 3, finishDate: '2024-06' });
});

test('nj_coc imports a workbook with one bad row (named), fixes the row, imports it, and submits to the federation', async ({ browser, request }, testInfo) => {
  const chamber = await apiAs(request, 'nj_coc');
  await ensureTerm(chamber);
  await ensureWritable(request, chamber);

  const page = await sessionOf(browser, 'nj_coc');
  await visit(page, '/gsl/subapp/fill-in');
  const screen = page.getByTestId('fillin-page');
  await expect(screen.getByTestId('fillin-table')).toBeVisible();

  // 导入 → 下载模板: the template's columns, required ones starred.
  await screen.getByTestId('fillin-import').click();
  const dialog = page.getByTestId('fillin-import-dialog');
  const templateFile = await downloadBy(page, dialog.getByTestId('fillin-import-template'));
  const template = await sheetOf(templateFile);
  expect(template[0].slice(0, 3)).toEqual(['姓名*', '人员类别*', '身份证号码*']);

  // Three persons of this run; the second has a wrong check character in the identity card.
  const ids = [idCard(), idCard(), idCard()];
  const stamp = Date.now().toString(36).slice(-4);
  const names = [`导入甲${stamp}`, `导入乙${stamp}`, `导入丙${stamp}`];
  const row = (i: number, certNo: string) => ({
    姓名: names[i],
    人员类别: ['常委', '执委', '会员代表'][i],
    身份证号码: certNo,
    性别: '男',
    民族: '汉族',
    手机号码: `1391234${String(1000 + i).slice(-4)}`,
    工作单位: '南京示例科技有限公司',
    职务: '副会长',
  });
  const writeBook = async (file: string, rows: Array<Record<string, string>>) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await templateFile.path())) as never);
    const sheet = book.worksheets[0];
    sheet.spliceRows(2, sheet.rowCount - 1);
    const columnOf = new Map(template[0].map((h, i) => [h.replace('*', ''), i + 1]));
    rows.forEach((cells, i) => {
      const r = sheet.getRow(i + 2);
      for (const [header, value] of Object.entries(cells)) r.getCell(columnOf.get(header)!).value = value;
      r.commit();
    });
    const path = testInfo.outputPath(file);
    await book.xlsx.writeFile(path);
    return path;
  };

  // 校验数据: the bad row is named by row, column and message; nothing is written on a check.
  const first = await writeBook('人员导入.xlsx', [row(0, ids[0]), row(1, wrongCheck(ids[1])), row(2, ids[2])]);
  await dialog.locator('input[type=file]').setInputFiles(first);
  await page.getByTestId('fillin-import-check').click();
  const result = page.getByTestId('fillin-import-result');
  await expect(result).toContainText('共3条数据，校验通过2条，有误1条');
  const errorRows = result.getByTestId('fillin-import-errors').locator('tbody tr.ant-table-row');
  await expect(errorRows).toHaveCount(1);
  await expect(errorRows.nth(0).locator('td')).toHaveText(['3', '身份证号码', '身份证号码校验位不正确']);

  // The row fixed in the file, checked again: all three pass, then imported in one go.
  const fixed = await writeBook('人员导入-已修正.xlsx', [row(0, ids[0]), row(1, ids[1]), row(2, ids[2])]);
  await dialog.locator('input[type=file]').setInputFiles(fixed);
  await page.getByTestId('fillin-import-check').click();
  await expect(result).toContainText('共3条数据，校验通过3条，有误0条');
  await page.getByTestId('fillin-import-submit').click();
  await expect(result).toContainText('共3条数据，成功导入3条，未导入0条');
  await page.getByTestId('fillin-import-close').click();
  await expect(dialog).toBeHidden();

  const table = screen.getByTestId('fillin-table');
  for (const n of names) await expect(table).toContainText(n);

  // 提交: the list goes to the federation and can no longer be changed until it is returned.
  await screen.getByTestId('fillin-report').click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '提交给工商联' });
  await expect(confirm).toContainText('提交后在工商联退回前不能修改');
  await confirmBy(page, '提交给工商联');
  await expect(toast(page, '提交成功')).toBeVisible();
  await expect(screen.getByTestId('fillin-import')).toBeDisabled();
  await page.context().close();
  expect((await (await apiAs(request, 'nj_coc')).get<Round[]>(`${C}/rounds`)).data[0].status).toBe(1);
});

test('nj_aoc’s 填报情况 shows the chamber filled with its counts by category, and exports the whole list', async ({ browser, request }) => {
  // The chamber has a term and a submitted list of at least one person (seeded when another journey has not).
  const chamber = await apiAs(request, 'nj_coc');
  const term = await ensureTerm(chamber);
  if ((await chamber.get<Round[]>(`${C}/rounds`)).data[0]?.status !== 1) {
    await ensureWritable(request, chamber);
    const person = await chamber.post(`${C}/submit`, {
      name: `情况${Date.now().toString(36).slice(-4)}`,
      category: '2',
      certNo: idCard(),
      gender: '2',
      nation: '汉族',
      mobile: '13912345678',
      company: '南京示例贸易有限公司',
      post: '理事',
    });
    expect(person.code, person.msg).toBe(200);
    const report = await chamber.post(`${C}/report`);
    expect(report.code, report.msg).toBe(200);
  }
  const count = async (category: string) =>
    (await chamber.get<{ total: number }>(`${C}/page`, { period: term.period, category, current: 1, size: 1 })).data.total;
  const expected = { standing: await count('1'), executive: await count('2'), representative: await count('3') };
  const total = expected.standing + expected.executive + expected.representative;
  expect(total).toBeGreaterThan(0);

  const page = await sessionOf(browser, 'nj_aoc');
  await visit(page, '/gsl/portal/myApp/fillSituation');
  const screen = page.getByTestId('fill-situation');
  const table = screen.getByTestId('situation-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  // Searched by name (typed again should the screen still be settling when the first keys arrive).
  await expect(async () => {
    await screen.getByLabel('组织名称').fill(CHAMBER, { timeout: 3_000 });
    await screen.getByLabel('组织名称').press('Enter', { timeout: 3_000 });
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const line = table.locator('tbody tr.ant-table-row').filter({ hasText: CHAMBER });
  // 组织名称, 上级组织, 届别, 常委, 执委, 会员代表, 合计, 状态 (after the selection column).
  const cells = line.locator('td');
  await expect(cells.nth(1)).toHaveText(CHAMBER);
  await expect(cells.nth(3)).toHaveText(`${term.periodName}(${term.finishDate})`);
  await expect(cells.nth(4)).toHaveText(String(expected.standing));
  await expect(cells.nth(5)).toHaveText(String(expected.executive));
  await expect(cells.nth(6)).toHaveText(String(expected.representative));
  await expect(cells.nth(7)).toHaveText(String(total));
  await expect(cells.nth(8)).toHaveText('已提交');

  // 导出填报情况: one workbook of every org in the filter, this chamber filled with the same counts.
  const exported = await downloadBy(page, screen.getByTestId('situation-export'));
  await expect(toast(page, '导出成功')).toBeVisible();
  expect(exported.suggestedFilename()).toMatch(/^填报情况_\d{8}\.xlsx$/);
  const sheet = await sheetOf(exported);
  expect(sheet[0].slice(0, 10)).toEqual(['组织名称', '上级组织', '是否已填报', '状态', '届别', '换届完成年月', '常委', '执委', '会员代表', '合计']);
  expect(sheet.slice(1).map((r) => r[0])).toEqual([CHAMBER]);
  expect(sheet[1].slice(2, 10)).toEqual([
    '已填报',
    '已提交',
    term.periodName,
    term.finishDate,
    String(expected.standing),
    String(expected.executive),
    String(expected.representative),
    String(total),
  ]);

  // A chamber not yet submitted can be reminded on its row; the notice goes through the message centre.
  await screen.getByLabel('组织名称').fill('');
  await screen.getByLabel('组织名称').press('Enter');
  await choose(page, screen.getByLabel('填报状态'), '未填报');
  const open = table.locator('tbody tr.ant-table-row').first();
  await expect(open.locator('td').nth(8)).toHaveText('未填报');
  const openName = (await open.locator('td').nth(1).innerText()).trim();
  await open.getByRole('button', { name: `提醒${openName}` }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText(`向${openName}的工作人员发送提醒通知?`);
  await confirmBy(page, '提醒填报');
  await expect(page.locator('.ant-message')).toContainText('已提醒1个组织');
});

test('the administrator makes 职务 required when 人员类别 is 常委 on 表单模板, and the chamber’s form follows', async ({ browser, page, request }) => {
  const admin = await apiAs(request, 'admin');
  const before = (
    await admin.get<{ templateKey: string; name: string; version: number; fields: unknown[] }>(`${B}/formTemplateByKey`, { templateKey: 'collectperson' })
  ).data;
  const chamber = await apiAs(request, 'nj_coc');
  await ensureTerm(chamber);
  await ensureWritable(request, chamber);

  await signIn(page, 'admin');
  try {
    // 系统管理 in the user menu, then 表单模板 in the side menu.
    await openUserMenu(page);
    await page.getByTestId('menu-admin').click();
    await expect(page).toHaveURL(/\/gsl\/system\/user$/);
    const item = page.getByTestId('side-menu').getByTestId('side-menu-fillin_template');
    // The side menu may still be sliding its group open: the click is tried again until the screen changes.
    await expect(async () => {
      await item.click({ timeout: 3_000 });
      await expect(page).toHaveURL(/\/gsl\/system\/formTemplate$/, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const screen = page.getByTestId('template-admin');
    await expect(screen.getByText(`当前版本 v${before.version}`)).toBeVisible();
    const post = screen.locator('tr[data-row-key="post"]');
    const rules = post.locator('[data-testid^="rule-post-"]');
    const n = await rules.count();
    await post.getByTestId('rule-add-post').click();
    const rule = post.getByTestId(`rule-post-${n}`);
    await choose(page, rule.getByLabel('条件字段'), '人员类别');
    await choose(page, rule.getByLabel('条件值'), '常委');
    await expect(rule.getByLabel('效果').locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText('必填');
    await screen.getByTestId('template-save').click();
    await expect(screen.getByText(`当前版本 v${before.version + 1}`)).toBeVisible();

    // The chamber's new-person form: 职务 is required for a 常委, not for a 执委.
    const coc = await sessionOf(browser, 'nj_coc');
    await visit(coc, '/gsl/subapp/fill-in');
    await expect(coc.getByTestId('fillin-table')).toBeVisible();
    const form = coc.getByTestId('person-form');
    // 新增 (clicked again should the page still be settling its term and list when the first click lands).
    await expect(async () => {
      if (!(await form.isVisible())) await coc.getByTestId('fillin-add').click({ timeout: 3_000 });
      await expect(form).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const postItem = form.getByTestId('person-post-item');
    await expect(postItem).toBeVisible();
    await expect(postItem.locator('label')).not.toHaveClass(/ant-form-item-required/);
    await choose(coc, form.getByLabel('人员类别'), '常委');
    await expect(postItem.locator('label')).toHaveClass(/ant-form-item-required/);
    await coc
      .getByRole('dialog', { name: '新增人员' })
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect(postItem).toContainText('请填写职务');
    await choose(coc, form.getByLabel('人员类别'), '执委');
    await expect(postItem.locator('label')).not.toHaveClass(/ant-form-item-required/);
    await expect(postItem).not.toContainText('请填写职务');
    await coc.context().close();
  } finally {
    // The template as it was, as a newer version (records keep theirs), so the other journeys meet the default form.
    const again = await apiAs(request, 'admin');
    const now = (await again.get<{ version: number }>(`${B}/formTemplateByKey`, { templateKey: 'collectperson' })).data;
    if (now.version !== before.version)
      await again.post(`${B}/submit`, { templateKey: before.templateKey, name: before.name, fields: before.fields, version: now.version });
  }
});
