import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { openSignOn, openUserMenu, signIn, submitSignOn } from './support/signOn';
import { chooseOption } from './support/select';

/** Unique per run, so the account never meets an earlier run's (账号 is unique). */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const ACCOUNT = `e2e_u_${RUN}`;
const REAL_NAME = `端到端${RUN.slice(-4)}`;
const PASSWORD = 'Passw0rd2026';
const ORG = '南京市浙江商会';

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
const rows = (page: Page) => page.getByTestId('user-table').locator('tbody tr[data-row-key]');
const rowOf = (page: Page, account: string) => rows(page).filter({ has: page.getByRole('cell', { name: account, exact: true }) });
const formDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('user-form') });
const confirmDialog = (page: Page, text: string) => page.getByRole('dialog').filter({ hasText: text });
const answerOf = (page: Page, call: string) => page.waitForResponse((r) => r.url().includes(`/api/blade-user/${call}`) && r.request().method() !== 'OPTIONS');

/** Searches the list by 登录账号 and waits for the page call. */
async function searchAccount(page: Page, account: string): Promise<void> {
  await page.getByTestId('user-search-account').fill(account);
  const answer = answerOf(page, 'page');
  await page.getByTestId('user-search-submit').click();
  expect((await answer).status()).toBe(200);
}

/** Signs on as the test's account in a browser of its own; resolves with that page (the admin's session is untouched). */
async function signOnElsewhere(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  await openSignOn(page);
  await submitSignOn(page, ACCOUNT, PASSWORD);
  return { page, close: () => context.close() };
}

/** Selects the row's checkbox, runs a toolbar operation and confirms it. */
async function operate(page: Page, row: Locator, button: string, question: string, done: string, call: string): Promise<void> {
  await row.getByRole('checkbox').check();
  await page.getByTestId(button).click();
  const confirm = confirmDialog(page, question);
  await expect(confirm).toContainText('提示');
  const answer = answerOf(page, call);
  await confirm.getByTestId('user-confirm-ok').click();
  expect((await answer).status()).toBe(200);
  await expect(toast(page, done)).toBeVisible();
  await expect(confirm).toBeHidden();
}

test('用户管理: a user created on the screen is found by search; disabled it cannot sign on, enabled again it can', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await openUserMenu(page);
  await page.getByTestId('menu-admin').click();
  await expect(page).toHaveURL(/\/gsl\/system\/user$/);
  await expect(page.locator('[data-testid="tab"][data-active="true"]')).toHaveText('用户管理');
  await expect(rows(page).first()).toBeVisible(); // the demo users
  await expect(page.getByTestId('user-table').locator('thead tr').first()).toContainText('登录账号');

  // The org tree narrows the list; picking the org also fills 所属机构 of 新增.
  await page.getByPlaceholder('输入机构名称过滤').fill(ORG);
  await page.getByTestId('user-dept-tree').getByText(ORG, { exact: true }).click();
  await expect(rows(page).first()).toContainText(ORG);

  // 新增: the §5 phone messages on blur, then a valid user.
  await page.getByTestId('user-add').click();
  const dialog = formDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('user-field-phone').fill('12345');
  await dialog.getByTestId('user-field-phone').blur();
  await expect(dialog.getByText('手机号码长度不为11位')).toBeVisible();
  await dialog.getByTestId('user-field-phone').fill('12345678901');
  await dialog.getByTestId('user-field-phone').blur();
  await expect(dialog.getByText('手机号码格式不正确')).toBeVisible();
  await dialog.getByTestId('user-field-phone').fill('13912345678');
  await dialog.getByTestId('user-field-account').fill(ACCOUNT);
  await dialog.getByTestId('user-field-password').fill(PASSWORD);
  await dialog.getByTestId('user-field-password2').fill(PASSWORD);
  await dialog.getByTestId('user-field-realName').fill(REAL_NAME);
  await chooseOption(page, dialog.getByTestId('user-field-roles'), '商会工作人员');
  await expect(dialog).toContainText(ORG); // 所属机构 from the tree
  const created = answerOf(page, 'submit');
  await dialog.getByTestId('user-form-submit').click();
  expect((await created).status()).toBe(200);
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Found by search.
  await searchAccount(page, ACCOUNT);
  await expect(rows(page)).toHaveCount(1);
  const row = rowOf(page, ACCOUNT);
  await expect(row).toContainText(REAL_NAME);
  await expect(row).toContainText('商会工作人员');
  await expect(row.getByTestId('user-status')).toHaveText('启用');

  // 账号禁用 (confirmed): the account's sign-on is refused with the server's message.
  await operate(page, row, 'user-disable', '确定将选择账号禁用?', '账号禁用成功', 'disable');
  await expect(row.getByTestId('user-status')).toHaveText('禁用');
  const refused = await signOnElsewhere(browser);
  try {
    await expect(refused.page).toHaveURL(/\/sso\/login$/);
    await expect(refused.page.getByTestId('sso-error')).toHaveText('该账号已被禁用,请联系管理员');
  } finally {
    await refused.close();
  }

  // 账号启用: it signs on again.
  await operate(page, row, 'user-enable', '确定将选择账号启用?', '账号启用成功', 'enable');
  await expect(row.getByTestId('user-status')).toHaveText('启用');
  const allowed = await signOnElsewhere(browser);
  try {
    await expect(allowed.page).toHaveURL(/\/gsl\/welcome$/);
    await expect(allowed.page.getByTestId('welcome')).toContainText(`欢迎您，${REAL_NAME}`);
  } finally {
    await allowed.close();
  }

  // The refused and the accepted sign-on are in 登录日志.
  await page.getByTestId('side-menu').getByTestId('side-menu-monitor').click();
  await page.getByTestId('side-menu').getByTestId('side-menu-log_login').click();
  await expect(page).toHaveURL(/\/gsl\/monitor\/log\/login$/);
  await page.getByTestId('log-login-search-account').fill(ACCOUNT);
  await page.getByTestId('log-login-search-submit').click();
  const logRows = page.getByTestId('log-login-table').locator('tbody tr[data-row-key]');
  await expect(logRows.filter({ hasText: '失败' }).first()).toContainText('该账号已被禁用');
  await expect(logRows.filter({ hasText: '成功' }).first()).toContainText(ACCOUNT);
});

test('个人信息: the header menu opens the signed-in user’s own record and the password form checks its rules', async ({ page }) => {
  await signIn(page, 'nj_coc');
  await openUserMenu(page);
  await page.getByTestId('menu-info').click();
  await expect(page).toHaveURL(/\/gsl\/info\/index$/);
  await expect(page.getByTestId('info-account')).toHaveText('nj_coc');
  await expect(page.getByTestId('info-realName')).toHaveText('方海涛');
  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.getByTestId('info-old-password').fill('Demo@2026');
  await page.getByTestId('info-new-password').fill('short');
  await page.getByTestId('info-new-password1').fill('other');
  await page.getByTestId('info-password-submit').click();
  await expect(page.getByText('新密码至少8位且包含字母和数字')).toBeVisible();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
});
