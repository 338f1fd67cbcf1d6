import { expect as baseExpect, test } from '@playwright/test';
import { openSignOn, signIn, submitSignOn } from './support/signOn';
import { chooseOption } from './support/select';

/** Unique per run: the account is this run's own. */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const ACCOUNT = `orgacc_${RUN}`;
const REAL_NAME = `账号测试${RUN.slice(-4)}`;
const CHAMBER = '南京市浙江商会';
const NEW_PASSWORD = 'Chamber2026a';

// Two people sign in one after the other; on a loaded machine a screen may take longer than 10 s.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('nj_aoc adds a chamber account with a role; its owner signs on, must change the password first, then works', async ({ page, browser }) => {
  await signIn(page, 'nj_aoc');
  await page.goto('/gsl/portal/myOrg/child/COCAccountManagement');
  await expect(page.getByTestId('org-accounts-coc')).toBeVisible();

  // 新增: the org (a chamber below Nanjing), the names, a role the manager may grant.
  await page.getByTestId('org-account-add').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myOrg\/child\/COCAccountManagement\/add$/);
  const form = page.getByTestId('org-account-form');
  await expect(form).toBeVisible();
  await form.getByTestId('org-account-dept').click();
  await page.keyboard.type(CHAMBER);
  await page.locator('.ant-select-dropdown:visible').getByText(CHAMBER, { exact: true }).click();
  await form.getByTestId('org-account-account').fill(ACCOUNT);
  await form.getByTestId('org-account-realName').fill(REAL_NAME);
  await chooseOption(page, form.getByTestId('org-account-roles'), '商会工作人员');
  // No phone or e-mail: the initial password is shown here, once.
  await expect(form.getByLabel('页面显示一次')).toBeChecked();
  await form.getByTestId('org-account-submit').click();
  const secret = page.getByTestId('org-account-password');
  await expect(secret).toBeVisible();
  await expect(secret).toContainText('初始密码只显示这一次');
  const password = (await page.getByTestId('org-account-password-value').textContent())!.trim();
  expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
  await page.getByTestId('org-account-password-close').click();

  // Back on the list: the account, its org and role, waiting for its first sign-on.
  await expect(page).toHaveURL(/\/gsl\/portal\/myOrg\/child\/COCAccountManagement$/);
  await page.getByTestId('org-account-search-account').fill(ACCOUNT);
  await page.getByTestId('org-account-search-submit').click();
  const row = page.getByTestId('org-account-table').locator('tbody tr.ant-table-row').filter({ hasText: ACCOUNT });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(CHAMBER);
  await expect(row).toContainText('商会工作人员');
  await expect(row).toContainText('待修改初始密码');

  // The owner signs on with the issued password and is kept on 修改密码 until he changes it.
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  try {
    await openSignOn(ownerPage);
    await submitSignOn(ownerPage, ACCOUNT, password);
    await expect(ownerPage).toHaveURL(/\/gsl\/welcome$/);
    await ownerPage.getByTestId('enter-workbench').click();
    await expect(ownerPage).toHaveURL(/\/gsl\/portal\/myCenter\/changepwd$/);
    await expect(ownerPage.getByTestId('my-password-required')).toContainText('请先修改初始密码');
    await ownerPage.goto('/gsl/portal/myOrg/child/COCAccountManagement');
    await expect(ownerPage).toHaveURL(/\/gsl\/portal\/myCenter\/changepwd$/);

    await ownerPage.getByLabel('原密码').fill(password);
    await ownerPage.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await ownerPage.getByLabel('确认新密码').fill(NEW_PASSWORD);
    await ownerPage.getByTestId('my-password-submit').click();
    await expect(ownerPage.getByTestId('my-password-done')).toContainText('密码修改成功');
    await expect(ownerPage.getByTestId('my-password-required')).toBeHidden();

    // Then it works: the chamber's own accounts, his among them.
    await ownerPage.goto('/gsl/portal/myOrg/child/COCAccountManagement');
    await expect(ownerPage).toHaveURL(/\/gsl\/portal\/myOrg\/child\/COCAccountManagement$/);
    const ownRow = ownerPage.getByTestId('org-account-table').locator('tbody tr.ant-table-row').filter({ hasText: ACCOUNT });
    await expect(ownRow).toHaveCount(1);
    await expect(ownRow).not.toContainText('待修改初始密码');
  } finally {
    await owner.close();
  }
});
