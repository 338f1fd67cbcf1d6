import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { openUserMenu, signIn } from './support/signOn';

/** Unique per run: menu, scope and top menu codes are unique. */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
const rows = (screen: Locator, testId: string) => screen.getByTestId(`${testId}-table`).locator('tbody tr[data-row-key]');
const formDialog = (page: Page, testId: string) => page.getByRole('dialog').filter({ has: page.getByTestId(`${testId}-form`) });

/** As the administrator: 系统管理 in the user menu, then the group and the screen in the side menu. */
async function openScreen(page: Page, group: string, code: string, path: RegExp): Promise<void> {
  await signIn(page, 'admin');
  await openUserMenu(page);
  await page.getByTestId('menu-admin').click();
  const side = page.getByTestId('side-menu');
  if (group !== 'system') await side.getByTestId(`side-menu-${group}`).click();
  await side.getByTestId(`side-menu-${code}`).click();
  await expect(page).toHaveURL(path);
}

test('菜单管理: 新增子项 adds a menu under another; a menu with children is not removed (the server says why)', async ({ page }) => {
  await openScreen(page, 'system', 'menu', /\/gsl\/system\/menu$/);
  const screen = page.getByTestId('menu');
  const parentCode = `e2e_p_${RUN}`;
  const { body } = await callApiAsPage(page, 'POST', '/api/blade-system/menu/submit', {
    data: { name: `端到端上级 ${RUN}`, code: parentCode, path: `/e2e/${RUN}`, sort: 99, category: 1 },
  });
  expect(body).toMatchObject({ code: 200, msg: '新增成功' });

  await screen.getByTestId('menu-search-code').fill(parentCode);
  await screen.getByTestId('menu-search-submit').click();
  await expect(rows(screen, 'menu')).toHaveCount(1);
  await rows(screen, 'menu').first().getByTestId('menu-row-add-child').click();
  const dialog = formDialog(page, 'menu');
  await expect(dialog).toContainText(`端到端上级 ${RUN}`); // 上级菜单 preset
  await dialog.getByTestId('menu-form-submit').click();
  for (const msg of ['请输入菜单名称', '请输入路由地址', '请输入菜单编号']) await expect(dialog.getByText(msg, { exact: true })).toBeVisible();
  await dialog.getByLabel('菜单名称').fill(`端到端子菜单 ${RUN}`);
  await dialog.getByLabel('路由地址').fill(`/e2e/${RUN}/child`);
  await dialog.getByLabel('菜单编号').fill(`e2e_c_${RUN}`);
  await dialog.getByTestId('menu-form-submit').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The search (code contains the parent's) shows the parent with its new child under it.
  await screen.getByTestId('menu-search-code').fill(`_${RUN}`);
  await screen.getByTestId('menu-search-submit').click();
  await expect(rows(screen, 'menu')).toHaveCount(1);
  const parent = rows(screen, 'menu').first();
  await parent.locator('.ant-table-row-expand-icon').click();
  await expect(rows(screen, 'menu')).toHaveCount(2);
  await expect(rows(screen, 'menu').nth(1)).toContainText(`端到端子菜单 ${RUN}`);

  // Removing the parent is refused while it has a child.
  await parent.getByTestId('menu-row-delete').click();
  await page.getByTestId('menu-delete-confirm').click();
  await expect(toast(page, '该菜单下存在子菜单或按钮,请先删除子项')).toBeVisible();
  await expect(rows(screen, 'menu')).toHaveCount(2);

  // Child first, then the parent.
  await rows(screen, 'menu').nth(1).getByTestId('menu-row-delete').click();
  await page.getByTestId('menu-delete-confirm').click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(rows(screen, 'menu')).toHaveCount(1);
});

test('数据权限: a rule added for the menu picked on the left is listed under it', async ({ page }) => {
  await openScreen(page, 'authority', 'data_scope', /\/gsl\/authority\/datascope$/);
  const screen = page.getByTestId('datascope');
  await screen
    .getByTestId('datascope-menu')
    .filter({ hasText: /^参数管理$/ })
    .click();
  await expect(screen.getByTestId('datascope-picked')).toHaveText('数据权限：参数管理（param）');
  await screen.getByTestId('datascope-add').click();
  const dialog = formDialog(page, 'datascope');
  await expect(dialog.getByLabel('资源编号')).toHaveValue('param');
  const name = `端到端规则 ${RUN}`;
  await dialog.getByLabel('权限名称').fill(name);
  await dialog.getByTestId('datascope-form-submit').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = rows(screen, 'datascope').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('全部可见');
  await expect(row).toContainText('参数管理');
});

test('顶部菜单: a new top menu gets its menus through 菜单配置', async ({ page }) => {
  await openScreen(page, 'system', 'topmenu', /\/gsl\/system\/topmenu$/);
  const screen = page.getByTestId('topmenu');
  await screen.getByTestId('topmenu-add').click();
  const dialog = formDialog(page, 'topmenu');
  const code = `e2e_top_${RUN}`;
  await dialog.getByLabel('菜单编号').fill(code);
  await dialog.getByLabel('菜单名称').fill(`端到端顶部 ${RUN}`);
  await dialog.getByTestId('topmenu-form-submit').click();
  await expect(toast(page, '新增成功')).toBeVisible();

  await screen.getByTestId('topmenu-search-code').fill(code);
  await screen.getByTestId('topmenu-search-submit').click();
  await expect(rows(screen, 'topmenu')).toHaveCount(1);
  const id = await rows(screen, 'topmenu').first().getAttribute('data-row-key');
  await rows(screen, 'topmenu').first().getByTestId('topmenu-row-setting').click();
  const tree = page.getByTestId('topmenu-setting-tree');
  await tree
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByText('参数管理', { exact: true }) })
    .locator('.ant-tree-checkbox')
    .click();
  await page.getByTestId('topmenu-setting-submit').click();
  await expect(toast(page, '配置成功')).toBeVisible();

  const keys = await callApiAsPage(page, 'GET', '/api/blade-system/menu/top-tree-keys', { params: { topMenuIds: id! } });
  const menus = await callApiAsPage(page, 'GET', '/api/blade-system/menu/list', { params: { code: 'param' } });
  const param = (menus.body as { data: Array<{ id: string; code: string; parentId: string }> }).data.find((m) => m.code === 'param')!;
  expect((keys.body as { data: { menu: string[] } }).data.menu).toEqual(expect.arrayContaining([param.id, param.parentId]));
});
