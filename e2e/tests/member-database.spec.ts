import { expect, test, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { signIn } from './support/signOn';

/** Unique per run, so the names never meet an earlier run's rows. */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A unified social credit code with a valid GB 32100 check character (the server checks it). */
function creditCode(): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const first17 = `91320100${String(Date.now() % 1e9).padStart(9, '0')}`;
  const sum = [...first17].reduce((s, c, i) => s + chars.indexOf(c) * weights[i], 0);
  return first17 + chars[(31 - (sum % 31)) % 31];
}

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();

test('数据库查询: staff search the database, open an enterprise, edit it and see the change in its 变更记录', async ({ page }) => {
  // A provincial federation's staff member (role aoc: the member screens, personal data masked).
  await signIn(page, 'js_aoc');
  const name = `云帆智能装备有限公司${RUN}`;
  const code = creditCode();
  const saved = await callApiAsPage(page, 'POST', '/api/aoc-service/memberaocenterprise/save', {
    data: { name, creditCode: code, contactPhone: '13812345678', status: 1 },
  });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({ code: 200, msg: '新增成功' });
  const id = (saved.body as { data: { id: string } }).data.id;

  // 数据库查询 from the portal's top menu: the figures, then a search by name.
  await page.getByTestId('top-menu-portal_database').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/database$/);
  const home = page.getByTestId('database-home');
  await expect(home.getByTestId('db-count-total')).toContainText(/[1-9]/);
  await home.getByTestId('db-type').getByText('企业会员').click();
  await home.getByPlaceholder('请输入名称').fill(name);
  await home.getByPlaceholder('请输入名称').press('Enter');
  const results = home.getByTestId('db-results');
  await expect(results.locator('tbody tr[data-row-key]')).toHaveCount(1);
  await expect(results).toContainText(code);
  await expect(results).toContainText('138****5678'); // masked: staff lack 查看敏感信息

  // The result opens the enterprise's detail.
  await results.getByTestId(`member-open-${id}`).click();
  const detail = page.getByTestId('member-detail');
  await expect(detail).toContainText('统一社会信用代码');
  await expect(detail).toContainText(code);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // 企业会员: find it, edit its legal person.
  await page.getByTestId('db-nav-member_enterprise').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/database\/enterprise$/);
  const screen = page.getByTestId('member-enterprise');
  await screen.getByTestId('enterprise-search-name').fill(name);
  await screen.getByTestId('enterprise-search-submit').click();
  const row = screen.getByTestId('enterprise-table').locator(`tbody tr[data-row-key="${id}"]`);
  await expect(row).toBeVisible();
  await expect(screen.getByTestId('enterprise-table').locator('tbody tr[data-row-key]')).toHaveCount(1);
  await row.getByTestId('enterprise-row-edit').click();
  const form = page.getByTestId('enterprise-form');
  await expect(form.getByLabel('企业名称')).toHaveValue(name);
  // A wrong check character is refused on blur with the server's message.
  await form.getByLabel('统一社会信用代码').fill(`${code.slice(0, 17)}${code[17] === '0' ? '1' : '0'}`);
  await form.getByLabel('统一社会信用代码').blur();
  await expect(form.getByText('统一社会信用代码校验位不正确')).toBeVisible();
  await form.getByLabel('统一社会信用代码').fill(code);
  await form.getByLabel('法定代表人').fill('王建国');
  await page.getByTestId('enterprise-form-submit').click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(row).toContainText('王建国');

  // Its 变更记录: who changed the legal person, from empty to the new name.
  await row.getByTestId(`enterprise-history-${id}`).click();
  const history = page.getByTestId('member-history');
  await expect(history.locator('tbody tr[data-row-key]').first()).toBeVisible();
  await expect(history.getByTestId('member-log-change').filter({ hasText: '法定代表人' })).toHaveText('法定代表人：空 → 王建国');
  await expect(history.locator('tbody tr[data-row-key]').first()).toContainText('周立新');
});
