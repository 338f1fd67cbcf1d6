import { execFileSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './support/select';
import { openUserMenu, signIn } from './support/signOn';

/** Unique per run, so the names never meet an earlier run's depts (names are unique under one parent). */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const PARENT = `端到端上级机构${RUN}`;
const CHILD = `端到端下级机构${RUN}`;

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
const rows = (scope: Locator) => scope.getByTestId('dept-table').locator('tbody tr[data-row-key]');
const rowOf = (scope: Locator, name: string) => rows(scope).filter({ has: scope.page().getByText(name, { exact: true }) });
const formDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('dept-form') });
const answerOf = (page: Page, call: 'submit' | 'remove') => page.waitForResponse((r) => r.url().includes(`/api/blade-system/dept/${call}`));

async function openAdminMenu(page: Page, code: string, path: string): Promise<void> {
  await page.getByTestId('side-menu').getByTestId(`side-menu-${code}`).click();
  await expect(page).toHaveURL(new RegExp(`/gsl${path}$`));
}

/** Fills name and full name (and the category when given), saves and waits for 新增成功. */
async function fillAndSave(page: Page, dialog: Locator, name: string, category?: string): Promise<void> {
  await dialog.getByLabel('机构名称', { exact: true }).fill(name);
  await dialog.getByLabel('机构全称', { exact: true }).fill(`${name}（全称）`);
  if (category) {
    // Tried again until the field shows it (an option clicked while the list still opens can be lost).
    await chooseOption(page, dialog.getByTestId('dept-form-category'), category);
  }
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
  const answer = answerOf(page, 'submit');
  await dialog.getByTestId('dept-form-submit').click();
  expect((await answer).status()).toBe(200);
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function removeRow(page: Page, row: Locator): Promise<void> {
  await row.getByTestId('dept-row-delete').click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
  await expect(confirm).toContainText('提示');
  const answer = answerOf(page, 'remove');
  await confirm.getByTestId('dept-delete-confirm').click();
  await answer;
  await expect(confirm).toBeHidden();
}

test('机构管理: a dept and a child dept are added in the tree; the parent is refused while the child remains; both are deleted', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  await openUserMenu(page);
  await page.getByTestId('menu-admin').click();
  await expect(page).toHaveURL(/\/gsl\/system\/user$/);
  await openAdminMenu(page, 'dept', '/system/dept');
  const screen = page.getByTestId('dept');
  await expect(rowOf(screen, '江苏省工商联')).toBeVisible(); // the demo province: the top of the tree
  await expect(screen.getByTestId('dept-table').locator('thead tr').first()).toContainText('机构名称');

  // A top-level dept: the required fields say what is missing, then it saves.
  await screen.getByTestId('dept-add').click();
  const dialog = formDialog(page);
  await expect(dialog).toContainText('新增');
  await dialog.getByTestId('dept-form-submit').click();
  for (const msg of ['请输入机构名称', '请输入机构全称', '请选择机构类型'])
    await expect(dialog.locator('.ant-form-item-explain-error').getByText(msg, { exact: true })).toBeVisible();
  await fillAndSave(page, dialog, PARENT, '办事机构');
  const parent = rowOf(screen, PARENT);
  await expect(parent).toBeVisible();
  await expect(parent).toContainText('办事机构');

  // 新增子项: the dialog comes with the parent chosen; the parent unfolds to show the child.
  await parent.getByTestId('dept-row-add-child').click();
  await expect(formDialog(page).getByTestId('dept-form-parent')).toContainText(PARENT);
  await fillAndSave(page, formDialog(page), CHILD);
  const child = rowOf(screen, CHILD);
  await expect(child).toBeVisible();
  await expect(child).toContainText('办事机构'); // the category came from the parent
  // The child is one level below the parent in the tree table.
  const indent = async (row: Locator) =>
    Number((await row.locator('.ant-table-row-indent').first().getAttribute('style'))?.match(/padding-left:\s*(\d+)/)?.[1] ?? 0);
  expect(await indent(child)).toBeGreaterThan(await indent(parent));

  // Collapsing and unfolding again loads the child from the server.
  await parent.locator('.ant-table-row-expand-icon').click();
  await expect(child).toBeHidden();
  await parent.locator('.ant-table-row-expand-icon').click();
  await expect(child).toBeVisible();

  // The parent cannot go while it has a child: the server's refusal is shown and both stay.
  await removeRow(page, parent);
  await expect(toast(page, '该机构下存在下级机构,请先删除下级机构')).toBeVisible();
  await expect(parent).toBeVisible();
  await expect(child).toBeVisible();

  // The child first, then the parent.
  await removeRow(page, child);
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(child).toHaveCount(0);
  await page
    .locator('.ant-message')
    .getByText('删除成功')
    .first()
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
  await removeRow(page, parent);
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(rowOf(screen, PARENT)).toHaveCount(0);
  await expect(rowOf(screen, '江苏省工商联')).toBeVisible();
});

test('行政区划: expanding a province loads its cities; selecting one shows its detail', async ({ page }) => {
  await signIn(page, 'admin');
  await openUserMenu(page);
  await page.getByTestId('menu-admin').click();
  await expect(page).toHaveURL(/\/gsl\/system\/user$/);
  await openAdminMenu(page, 'region', '/system/region');
  const tree = page.getByTestId('region-tree');
  const province = tree.locator('.ant-tree-treenode').filter({ hasText: /^江苏省$/ });
  await expect(province).toBeVisible();
  await expect(tree.getByText('南京市', { exact: true })).toHaveCount(0);

  const cities = page.waitForResponse((r) => r.url().includes('/api/blade-system/region/lazy-tree') && r.url().includes('parentCode=32'));
  await province.locator('.ant-tree-switcher').click();
  expect((await cities).status()).toBe(200);
  await expect(tree.getByText('南京市', { exact: true })).toBeVisible();
  await expect(tree.getByText('苏州市', { exact: true })).toBeVisible();

  await tree.getByText('南京市', { exact: true }).click();
  const detail = page.getByTestId('region-detail');
  await expect(detail).toContainText('南京市');
  await expect(detail).toContainText('市级');
  await expect(detail).toContainText('江苏省');
  await expect(detail).toContainText('320100');
});

test('岗位管理, 租户产品包 and 租户管理: posts listed; a package picked from the menu tree is saved and removed; 租户授权 shows and saves the tenant’s settings', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  await openUserMenu(page);
  await page.getByTestId('menu-admin').click();
  await expect(page).toHaveURL(/\/gsl\/system\/user$/);

  await openAdminMenu(page, 'post', '/system/post');
  await expect(page.getByTestId('post-table').locator('thead tr').first()).toHaveText(/序号\s*岗位类型\s*岗位编号\s*岗位名称\s*岗位排序\s*备注\s*操作/);
  await expect(page.getByTestId('post-table').locator('tbody tr[data-row-key]').first()).toBeVisible();

  // A package: the menu tree offers no platform setting; ticking 机构管理 takes 系统管理 and its buttons along.
  await openAdminMenu(page, 'tenantpackage', '/system/tenantpackage');
  await page.getByTestId('tenantpackage-add').click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('tenantpackage-form') });
  const menus = dialog.getByTestId('tenantpackage-menus');
  await expect(menus.getByText('系统管理', { exact: true })).toBeVisible();
  await expect(menus.getByText('租户管理', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('产品包名称', { exact: true }).fill(`端到端产品包${RUN}`);
  await menus
    .locator('.ant-tree-treenode')
    .filter({ hasText: /^机构管理$/ })
    .locator('.ant-tree-checkbox')
    .click();
  await expect(menus).toContainText('已选 6 项'); // 系统管理, 机构管理 and its four buttons
  const saved = page.waitForResponse((r) => r.url().includes('/api/blade-system/tenant-package/submit'));
  await dialog.getByTestId('tenantpackage-form-submit').click();
  expect((await saved).status()).toBe(200);
  await expect(toast(page, '新增成功')).toBeVisible();
  const pkg = page
    .getByTestId('tenantpackage-table')
    .locator('tbody tr[data-row-key]')
    .filter({ hasText: `端到端产品包${RUN}` });
  await expect(pkg).toContainText('6');
  await pkg.getByTestId('tenantpackage-row-delete').click();
  await page.getByTestId('tenantpackage-delete-confirm').click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(pkg).toHaveCount(0);

  // 租户授权 of the default tenant: its values, saved unchanged (更新成功).
  await openAdminMenu(page, 'tenant', '/system/tenant');
  const tenant = page.getByTestId('tenant-table').locator('tbody tr[data-row-key]').filter({ hasText: '000001' });
  await expect(tenant).toBeVisible();
  await tenant.getByTestId('tenant-row-setting').click();
  const setting = page.getByRole('dialog').filter({ has: page.getByTestId('tenant-setting-form') });
  await expect(setting).toContainText('租户授权');
  await expect(setting.getByLabel('账号额度', { exact: true })).toHaveValue('-1');
  const answer = page.waitForResponse((r) => r.url().includes('/api/blade-system/tenant/setting'));
  await setting.getByTestId('tenant-setting-submit').click();
  expect((await answer).status()).toBe(200);
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(setting).toBeHidden();
});

/** A fresh database on the machine's PostgreSQL for a tenant datasource (DATABASE_URL's server; skipped without it). */
const PG_URL = process.env.DATABASE_URL;
const DS_DB = `e2e_ds_${RUN}`.toLowerCase();
const psql = (statement: string) => execFileSync('psql', [PG_URL!, '-v', 'ON_ERROR_STOP=1', '-qc', statement], { stdio: 'pipe' });

test.describe('数据源管理 and a tenant bound to its own database', () => {
  test.skip(!PG_URL, 'needs DATABASE_URL: the datasource is a real PostgreSQL database');
  test.beforeAll(() => psql(`create database ${DS_DB}`));
  test.afterAll(() => psql(`drop database if exists ${DS_DB} with (force)`));

  test('a datasource is refused until it really connects, then a new tenant is bound to it after confirming', async ({ page }) => {
    test.setTimeout(90_000);
    const server = new URL(PG_URL!);
    await signIn(page, 'admin');
    await openUserMenu(page);
    await page.getByTestId('menu-admin').click();
    await openAdminMenu(page, 'datasource', '/system/datasource');
    await expect(page.getByTestId('datasource-table').locator('thead tr').first()).toHaveText(/数据源名称\s*连接地址\s*用户名\s*使用租户\s*备注\s*操作/);

    await page.getByTestId('datasource-add').click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('datasource-form') });
    await dialog.getByTestId('datasource-form-submit').click();
    await expect(dialog.getByText('请输入数据源名称')).toBeVisible();
    await dialog.getByLabel('数据源名称', { exact: true }).fill(`端到端数据源${RUN}`);
    await dialog.getByLabel('连接地址', { exact: true }).fill('jdbc:postgresql://10.9.9.9:5432/elsewhere');
    await dialog.getByLabel('用户名', { exact: true }).fill(decodeURIComponent(server.username || 'postgres'));
    await dialog.getByTestId('datasource-form-submit').click();
    await expect(page.getByText('连接地址的主机不在允许范围内,请联系运维人员配置 DATASOURCE_HOSTS')).toBeVisible();
    await expect(dialog).toBeVisible(); // a refused save keeps the form
    await dialog.getByLabel('连接地址', { exact: true }).fill(`jdbc:postgresql://127.0.0.1:${server.port || 5432}/${DS_DB}`);
    const saved = page.waitForResponse((r) => r.url().includes('/api/blade-develop/datasource/submit'));
    await dialog.getByTestId('datasource-form-submit').click();
    expect((await saved).status()).toBe(200);
    await expect(toast(page, '新增成功')).toBeVisible();
    const row = page
      .getByTestId('datasource-table')
      .locator('tbody tr[data-row-key]')
      .filter({ hasText: `端到端数据源${RUN}` });
    await expect(row).toContainText('未使用');

    // a new tenant (its admin account shown once), then 数据源 → the datasource → 绑定 → confirmed
    await openAdminMenu(page, 'tenant', '/system/tenant');
    await page.getByTestId('tenant-add').click();
    const form = page.getByRole('dialog').filter({ has: page.getByTestId('tenant-form') });
    await form.getByLabel('租户名称', { exact: true }).fill(`端到端租户${RUN}`);
    await form.getByTestId('tenant-form-submit').click();
    await expect(page.getByTestId('tenant-admin-modal')).toBeVisible();
    await page.getByTestId('tenant-admin-close').click();
    const tenantRow = page
      .getByTestId('tenant-table')
      .locator('tbody tr[data-row-key]')
      .filter({ hasText: `端到端租户${RUN}` });
    await tenantRow.getByTestId('tenant-row-datasource').click();
    const bindDialog = page.getByRole('dialog').filter({ hasText: '主数据库（与平台共用）' });
    await bindDialog.getByTestId('tenant-datasource-select').click();
    await page.locator('.ant-select-dropdown:visible').getByText(`端到端数据源${RUN}`, { exact: false }).click();
    await bindDialog.getByTestId('tenant-datasource-submit').click();
    const bound = page.waitForResponse((r) => r.url().includes('/api/blade-system/tenant/datasource'));
    await page.getByTestId('tenant-datasource-confirm').click();
    expect((await bound).status()).toBe(200);
    await expect(toast(page, '数据源绑定成功')).toBeVisible();

    // the datasource now names its tenant, and cannot be removed
    await openAdminMenu(page, 'datasource', '/system/datasource');
    await expect(row).toContainText(`端到端租户${RUN}`);
    await row.getByTestId('datasource-row-delete').click();
    await page.getByTestId('datasource-delete-confirm').click();
    await expect(page.getByText('该数据源正被租户使用,不能删除')).toBeVisible();
    await expect(row).toBeVisible();
  });
});
