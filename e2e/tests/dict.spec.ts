import { expect, test, type Locator, type Page } from '@playwright/test';
import { openUserMenu, signIn } from './support/signOn';

/** Unique per run, so the code never meets an earlier run's dictionary (字典编号 is unique). */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const CODE = `e2e_dict_${RUN}`;
const NAME = `端到端字典 ${RUN}`;

/** An antd message toast with exactly this text. */
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
/** The data rows of a CrudTable (not the measure or empty rows). */
const rows = (scope: Locator, testId: string) => scope.getByTestId(`${testId}-table`).locator('tbody tr[data-row-key]');
/** The add / edit dialog holding the form of this table (not a confirmation, not the drawer). */
const formDialog = (page: Page, testId: string) => page.getByRole('dialog').filter({ has: page.getByTestId(`${testId}-form`) });
const confirmDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
/** The answer of one dictionary call. */
const answerOf = (page: Page, call: 'submit' | 'remove') => page.waitForResponse((r) => r.url().includes(`/api/blade-system/dict/${call}`));

/** Picks 封存 否 and fills the other fields given. */
async function fillDict(dialog: Locator, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('radio', { name: '否' }).check();
}

/** Saves the dialog and waits for the server's answer and the toast (the dialog then closes; the next click waits for it). */
async function save(page: Page, dialog: Locator, testId: string, message: string): Promise<void> {
  const answer = answerOf(page, 'submit');
  await dialog.getByTestId(`${testId}-form-submit`).click();
  expect((await answer).status()).toBe(200);
  await expect(toast(page, message)).toBeVisible();
}

/** Deletes after 提示 确定将选择数据删除?; resolves with the remove call's answer. */
async function confirmDelete(page: Page, testId: string): Promise<void> {
  const confirm = confirmDialog(page);
  await expect(confirm).toContainText('提示');
  const answer = answerOf(page, 'remove');
  await confirm.getByTestId(`${testId}-delete-confirm`).click();
  await answer;
  await expect(confirm).toBeHidden();
}

test('系统字典: required fields on blur; a dictionary with two items is created, edited and deleted (children first)', async ({ page }) => {
  // Some 25 steps with a server answer each: quick on a quiet machine, ~55 s on a busy 2-core one.
  // The margin is for the latter; every step waits for its answer or element, never for a fixed time.
  test.setTimeout(90_000);
  // As the administrator: 系统管理 in the user menu, then 系统字典 in the side menu.
  await signIn(page, 'admin');
  await openUserMenu(page);
  await page.getByTestId('menu-admin').click();
  await expect(page).toHaveURL(/\/gsl\/system\/user$/);
  await page.getByTestId('side-menu').getByTestId('side-menu-dict').click();
  await expect(page).toHaveURL(/\/gsl\/system\/dict$/);
  await expect(page.locator('[data-testid="tab"][data-active="true"]')).toHaveText('系统字典');
  const screen = page.getByTestId('dict');
  await expect(rows(screen, 'dict').first()).toBeVisible(); // the seeded dictionaries
  await expect(screen.getByTestId('dict-table').locator('thead tr').first()).toHaveText(/序号\s*字典编号\s*字典名称\s*排序\s*封存\s*操作/);

  // Blurring the empty fields shows the four required messages (specification §5).
  await screen.getByTestId('dict-add').click();
  let dialog = formDialog(page, 'dict');
  await expect(dialog).toContainText('新增');
  for (const label of ['字典编号', '字典名称', '字典排序']) {
    const field = dialog.getByLabel(label, { exact: true });
    await field.focus();
    await field.blur();
  }
  const seal = dialog.getByRole('radio', { name: '否' });
  await seal.focus();
  await seal.blur();
  for (const msg of ['请输入字典编号', '请输入字典名称', '请输入字典排序', '请选择封存']) await expect(dialog.getByText(msg, { exact: true })).toBeVisible();

  // Filled in, it saves (新增成功), and a search by the code finds exactly it.
  await fillDict(dialog, { 字典编号: CODE, 字典名称: NAME, 字典排序: '1' });
  await save(page, dialog, 'dict', '新增成功');
  await screen.getByTestId('dict-search-code').fill(CODE);
  await screen.getByTestId('dict-search-submit').click();
  await expect(rows(screen, 'dict')).toHaveCount(1);
  const root = rows(screen, 'dict').first();
  await expect(root).toContainText(CODE);
  await expect(root).toContainText(NAME);
  await expect(root).toContainText('否');

  // 字典配置: the root's items, none yet; two are added (the code comes from the root).
  await root.getByTestId('dict-row-items').click();
  let items = page.getByTestId('dict-items');
  await expect(items.getByTestId('dict-item-empty')).toBeVisible();
  for (const [key, name, sort] of [
    ['1', `甲项 ${RUN}`, '1'],
    ['2', `乙项 ${RUN}`, '2'],
  ]) {
    await items.getByTestId('dict-item-add').click();
    dialog = formDialog(page, 'dict-item');
    await expect(dialog.getByLabel('字典编号', { exact: true })).toHaveValue(CODE);
    await fillDict(dialog, { 字典键值: key, 字典名称: name, 字典排序: sort });
    await save(page, dialog, 'dict-item', '新增成功');
  }
  await expect(rows(items, 'dict-item')).toHaveCount(2);
  await expect(rows(items, 'dict-item').first()).toContainText(`甲项 ${RUN}`); // in 排序 order

  // 编辑 one item: 更新成功, and the list shows the new name.
  await rows(items, 'dict-item')
    .filter({ hasText: `乙项 ${RUN}` })
    .getByTestId('dict-item-row-edit')
    .click();
  dialog = formDialog(page, 'dict-item');
  await expect(dialog).toContainText('编辑');
  await expect(dialog.getByLabel('字典键值', { exact: true })).toHaveValue('2');
  await dialog.getByLabel('字典名称', { exact: true }).fill(`丙项 ${RUN}`);
  await save(page, dialog, 'dict-item', '更新成功');
  await expect(rows(items, 'dict-item').nth(1)).toContainText(`丙项 ${RUN}`);
  await expect(rows(items, 'dict-item').filter({ hasText: `乙项 ${RUN}` })).toHaveCount(0);

  // The root cannot go while it has items.
  await page.getByTestId('dict-items-close').click();
  await root.getByTestId('dict-row-delete').click(); // waits for the drawer's mask to go
  await confirmDelete(page, 'dict');
  await expect(toast(page, '该字典下存在子项,请先删除子项')).toBeVisible();
  await expect(rows(screen, 'dict')).toHaveCount(1);

  // Both items selected and deleted together.
  await root.getByTestId('dict-row-items').click();
  items = page.getByTestId('dict-items');
  await expect(rows(items, 'dict-item')).toHaveCount(2);
  for (const name of [`甲项 ${RUN}`, `丙项 ${RUN}`]) await rows(items, 'dict-item').filter({ hasText: name }).getByRole('checkbox').check();
  await items.getByTestId('dict-item-bulk-delete').click();
  await confirmDelete(page, 'dict-item');
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(items.getByTestId('dict-item-empty')).toBeVisible();

  // Now the root deletes.
  await page.getByTestId('dict-items-close').click();
  await root.getByTestId('dict-row-delete').click();
  await confirmDelete(page, 'dict');
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(screen.getByTestId('dict-empty')).toBeVisible();
  await expect(rows(screen, 'dict')).toHaveCount(0);
});
