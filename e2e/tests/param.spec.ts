import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { openUserMenu, signIn } from './support/signOn';

/** Unique per run, so the keys never meet an earlier run's rows (参数键名 is unique). */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const PREFIX = `e2e.${RUN}`;

/** An antd message toast with exactly this text. */
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
/** The data rows of the parameter table (not the measure or empty rows). */
const rows = (screen: Locator) => screen.getByTestId('param-table').locator('tbody tr[data-row-key]');
const rowWith = (screen: Locator, text: string) => rows(screen).filter({ hasText: text });
/** The add / edit / view dialog (not a confirmation). */
const formDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('param-form') });

/** As the administrator: 系统管理 in the user menu, then 参数管理 in the side menu. */
async function openParamScreen(page: Page): Promise<Locator> {
  await signIn(page, 'admin');
  await openUserMenu(page);
  await page.getByTestId('menu-admin').click();
  await expect(page).toHaveURL(/\/gsl\/system\/user$/);
  await page.getByTestId('side-menu').getByTestId('side-menu-param').click();
  await expect(page).toHaveURL(/\/gsl\/system\/param$/);
  await expect(page.locator('[data-testid="tab"][data-active="true"]')).toHaveText('参数管理');
  const screen = page.getByTestId('param');
  await expect(screen).toBeVisible();
  await expect(rows(screen).first()).toBeVisible(); // the seeded parameters
  return screen;
}

async function searchKey(screen: Locator, key: string): Promise<void> {
  await screen.getByTestId('param-search-paramKey').fill(key);
  await screen.getByTestId('param-search-submit').click();
}

/** Adds a parameter through the API as the signed-in page (adding through the form has its own test); returns its id. */
async function addByApi(page: Page, data: { paramName: string; paramKey: string; paramValue: string }): Promise<string> {
  const { status, body } = await callApiAsPage(page, 'POST', '/api/blade-system/param/submit', { data });
  expect(status).toBe(200);
  expect(body).toMatchObject({ code: 200, msg: '新增成功', data: { paramKey: data.paramKey, version: 1 } });
  return (body as { data: { id: string } }).data.id;
}

test('参数管理: name, key and value are required on blur; a new parameter is saved and found by its key', async ({ page }) => {
  const screen = await openParamScreen(page);
  for (const title of ['序号', '参数名称', '参数键名', '参数键值']) await expect(screen.getByRole('columnheader', { name: title })).toBeVisible();
  await expect(screen.getByText(/^共 \d+ 条$/)).toBeVisible();

  // Blurring the empty fields shows the three required messages of specification §5.
  await screen.getByTestId('param-add').click();
  const dialog = formDialog(page);
  await expect(dialog).toContainText('新增');
  for (const label of ['参数名称', '参数键名', '参数键值']) {
    const field = dialog.getByLabel(label);
    await field.focus();
    await field.blur();
  }
  for (const msg of ['请输入参数名称', '请输入参数键名', '请输入参数键值']) await expect(dialog.getByText(msg, { exact: true })).toBeVisible();

  // Filled in, the same dialog saves: 新增成功, and a search by the key finds exactly it.
  const p = { name: `端到端参数A ${RUN}`, key: `${PREFIX}.add.a`, value: `第一行\n第二行 ${RUN}` };
  await dialog.getByLabel('参数名称').fill(p.name);
  await dialog.getByLabel('参数键名').fill(p.key);
  await dialog.getByLabel('参数键值').fill(p.value);
  await dialog.getByTestId('param-form-submit').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await searchKey(screen, p.key);
  await expect(rows(screen)).toHaveCount(1);
  await expect(rows(screen).first()).toContainText(p.name);
  await expect(rows(screen).first()).toContainText(p.key);
  await expect(screen.getByText('共 1 条')).toBeVisible();
});

test('参数管理: 查看 shows a parameter read-only; 编辑 saves a new value that the list then shows', async ({ page }) => {
  const screen = await openParamScreen(page);
  const p = { paramName: `端到端参数B ${RUN}`, paramKey: `${PREFIX}.edit.b`, paramValue: `原值 ${RUN}` };
  await addByApi(page, p);
  await searchKey(screen, p.paramKey);
  await expect(rows(screen)).toHaveCount(1);

  // 查看: the same values, read-only, with only 关闭.
  await rowWith(screen, p.paramKey).getByTestId('param-row-view').click();
  let dialog = formDialog(page);
  await expect(dialog).toContainText('查看');
  await expect(dialog.getByLabel('参数键名')).toHaveValue(p.paramKey);
  await expect(dialog.getByLabel('参数键值')).toHaveValue(p.paramValue);
  await expect(dialog.getByLabel('参数名称')).toBeDisabled();
  await expect(dialog.getByTestId('param-form-submit')).toHaveCount(0);
  await dialog.getByTestId('param-form-close').click();
  await expect(dialog).toBeHidden();

  // 编辑: a new value, 更新成功, and the list shows it.
  const newValue = `已修改 ${RUN}`;
  await rowWith(screen, p.paramKey).getByTestId('param-row-edit').click();
  dialog = formDialog(page);
  await expect(dialog).toContainText('编辑');
  await expect(dialog.getByLabel('参数名称')).toHaveValue(p.paramName);
  await dialog.getByLabel('参数键值').fill(newValue);
  await dialog.getByTestId('param-form-submit').click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowWith(screen, p.paramKey)).toContainText(newValue);
  await expect(rows(screen)).toHaveCount(1);
});

test('参数管理: saving over someone else’s change is refused; the dialog stays open and the list refreshes', async ({ page }) => {
  const screen = await openParamScreen(page);
  const p = { paramName: `端到端参数E ${RUN}`, paramKey: `${PREFIX}.stale.e`, paramValue: `原值 ${RUN}` };
  const id = await addByApi(page, p);
  await searchKey(screen, p.paramKey);
  await expect(rowWith(screen, p.paramKey)).toContainText(p.paramValue);

  await rowWith(screen, p.paramKey).getByTestId('param-row-edit').click();
  const dialog = formDialog(page);
  await expect(dialog.getByLabel('参数键值')).toHaveValue(p.paramValue);

  // Meanwhile someone else saves the row (at the version the dialog also holds).
  const theirs = `他人修改 ${RUN}`;
  const { body } = await callApiAsPage(page, 'POST', '/api/blade-system/param/submit', { data: { ...p, id, version: 1, paramValue: theirs } });
  expect(body).toMatchObject({ code: 200, msg: '更新成功' });

  await dialog.getByLabel('参数键值').fill(`我的修改 ${RUN}`);
  await dialog.getByTestId('param-form-submit').click();
  await expect(toast(page, '数据已被他人修改,请刷新后重试')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(rowWith(screen, p.paramKey)).toContainText(theirs);
  await dialog.getByTestId('param-form-cancel').click();
  await expect(dialog).toBeHidden();
});

test('参数管理: 删除 needs a selection; two selected rows are deleted after 确定将选择数据删除?', async ({ page }) => {
  const screen = await openParamScreen(page);

  // 删除 in the toolbar with nothing selected.
  await screen.getByTestId('param-bulk-delete').click();
  await expect(toast(page, '请选择至少一条数据')).toBeVisible();
  await expect(page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' })).toHaveCount(0);

  // Two of this run's parameters, selected and deleted together.
  const a = { paramName: `端到端参数C ${RUN}`, paramKey: `${PREFIX}.del.c`, paramValue: `值C ${RUN}` };
  const b = { paramName: `端到端参数D ${RUN}`, paramKey: `${PREFIX}.del.d`, paramValue: `值D ${RUN}` };
  await addByApi(page, a);
  await addByApi(page, b);
  await searchKey(screen, `${PREFIX}.del`);
  await expect(rows(screen)).toHaveCount(2);
  await rowWith(screen, a.paramKey).getByRole('checkbox').check();
  await rowWith(screen, b.paramKey).getByRole('checkbox').check();
  await screen.getByTestId('param-bulk-delete').click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
  await expect(confirm).toContainText('提示');
  await confirm.getByTestId('param-delete-confirm').click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(rows(screen)).toHaveCount(0);
  await expect(screen.getByTestId('param-empty')).toBeVisible();

  // Gone for good, not only from this page of the list.
  await screen.getByTestId('param-search-reset').click();
  await expect(rows(screen).first()).toBeVisible();
  await expect(rowWith(screen, `${PREFIX}.del`)).toHaveCount(0);
  await searchKey(screen, `${PREFIX}.del`);
  await expect(screen.getByTestId('param-empty')).toBeVisible();
});

test('a user without 参数管理 gets no parameter screen and no rows; the server refuses the list', async ({ page }) => {
  const listCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/blade-system/param/list')) listCalls.push(req.url());
  });
  await signIn(page, 'nj_aoc');

  // No admin menus at all: no 系统管理 entry, and the address is not one of the user's routes.
  await openUserMenu(page);
  await expect(page.getByTestId('menu-admin')).toHaveCount(0);
  await page.goto('/gsl/system/param');
  await expect(page).toHaveURL(/\/gsl\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await expect(page.getByTestId('param')).toHaveCount(0);
  await expect(page.locator('tr[data-row-key]')).toHaveCount(0);
  expect(listCalls).toEqual([]);

  // Hiding is a convenience; the server is the check (403 没有访问该接口的权限).
  const { status, body } = await callApiAsPage(page, 'GET', '/api/blade-system/param/list', { params: { current: 1, size: 10 } });
  expect(status).toBe(403);
  expect(body).toMatchObject({ code: 403, success: false, data: null, msg: '没有访问该接口的权限' });
});
