import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { DEMO_PASSWORD, openSignOn, openUserMenu, signIn, submitSignOn } from './support/signOn';

/** Unique per run: role aliases and accounts are unique. */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const ROLE_A = { roleName: `端到端角色A ${RUN}`, roleAlias: `e2e_a_${RUN}`, sort: 90 };
const ROLE_B = { roleName: `端到端角色B ${RUN}`, roleAlias: `e2e_b_${RUN}`, sort: 91 };
const USER_A = { account: `e2ea${RUN}`, realName: '授权甲' };
const USER_B = { account: `e2eb${RUN}`, realName: '授权乙' };

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();

/** An API call as the signed-in administrator, expected to succeed; returns `data`. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, opts: { params?: Record<string, string>; data?: unknown } = {}): Promise<T> {
  const { status, body } = await callApiAsPage(page, method, path, opts);
  expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200);
  expect(body).toMatchObject({ code: 200 });
  return (body as { data: T }).data;
}

/** Signs a (non-demo) account on in a browser of its own and enters the portal. */
async function signInAs(browser: Browser, account: string, realName: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await openSignOn(page);
  await submitSignOn(page, account, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/gsl\/welcome$/);
  await expect(page.getByTestId('welcome')).toContainText(realName);
  await page.getByTestId('enter-workbench').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);
  return page;
}

test('角色管理 权限设置: a role granted 参数管理 shows it to its user at the next sign-on; a role without it does not', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, 'admin');

  // Two fresh roles, and one user holding each (created through the API: the user screen has its own tests).
  const roleA = await api<{ id: string }>(page, 'POST', '/api/blade-system/role/submit', { data: ROLE_A });
  const roleB = await api<{ id: string }>(page, 'POST', '/api/blade-system/role/submit', { data: ROLE_B });
  const me = await api<{ deptId: string }>(page, 'GET', '/api/blade-auth/oauth/user-info');
  const phone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  for (const [user, role] of [
    [USER_A, roleA],
    [USER_B, roleB],
  ] as const) {
    await api(page, 'POST', '/api/blade-user/submit', {
      data: { account: user.account, password: DEMO_PASSWORD, realName: user.realName, phone: phone(), deptId: me.deptId, roleIds: role.id, profileTag: 'aoc' },
    });
  }

  // 系统管理 › 权限管理 › 角色管理.
  await openUserMenu(page);
  await page.getByTestId('menu-admin').click();
  const side = page.getByTestId('side-menu');
  await side.getByTestId('side-menu-authority').click();
  await side.getByTestId('side-menu-role').click();
  await expect(page).toHaveURL(/\/gsl\/authority\/role$/);
  const screen = page.getByTestId('role');
  await screen.getByTestId('role-search-roleName').fill(ROLE_A.roleName);
  await screen.getByTestId('role-search-submit').click();
  const rows = screen.getByTestId('role-table').locator('tbody tr[data-row-key]');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(ROLE_A.roleAlias);

  // 权限设置 › 菜单权限: tick 参数管理 (its buttons and 系统管理 above it come along), save.
  await rows.first().getByTestId('role-row-grant').click();
  const dialog = page.getByTestId('role-grant');
  const menuTree = dialog.getByTestId('role-grant-menu');
  await expect(menuTree).toBeVisible();
  for (const tab of ['菜单权限', '数据权限', '接口权限']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  const node = (title: string) =>
    menuTree
      .locator('.ant-tree-treenode')
      .filter({ has: page.getByText(title, { exact: true }) })
      .first();
  await expect(node('参数管理').locator('.ant-tree-checkbox-checked')).toHaveCount(0); // a fresh role holds nothing
  await node('参数管理').locator('.ant-tree-checkbox').click();
  await expect(node('参数管理').locator('.ant-tree-checkbox-checked')).toHaveCount(1);
  await expect(node('系统管理').locator('.ant-tree-checkbox-checked')).toHaveCount(1);
  await expect(node('用户管理').locator('.ant-tree-checkbox-checked')).toHaveCount(0);
  const answer = page.waitForResponse((r) => r.url().includes('/api/blade-system/role/grant'));
  await dialog.getByTestId('role-grant-submit').click();
  expect((await answer).status()).toBe(200);
  await expect(toast(page, '授权成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Opened again, the dialog shows what the role now holds.
  await rows.first().getByTestId('role-row-grant').click();
  await expect(node('参数管理').locator('.ant-tree-checkbox-checked')).toHaveCount(1);
  await dialog.getByTestId('role-grant-cancel').click();

  // User A signs on: 系统管理 leads to 参数管理, which opens with its parameters.
  const pageA = await signInAs(browser, USER_A.account, USER_A.realName);
  await openUserMenu(pageA);
  await expect(pageA.getByTestId('menu-admin')).toBeVisible();
  await pageA.getByTestId('menu-admin').click();
  const sideA = pageA.getByTestId('side-menu');
  await expect(sideA.getByTestId('side-menu-param')).toHaveText('参数管理');
  await expect(sideA.getByTestId('side-menu-user')).toHaveCount(0);
  await expect(sideA.getByTestId('side-menu-role')).toHaveCount(0);
  await sideA.getByTestId('side-menu-param').click();
  await expect(pageA).toHaveURL(/\/gsl\/system\/param$/);
  await expect(pageA.getByTestId('param').getByTestId('param-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
  await pageA.context().close();

  // User B (role B, no grant) has no 系统管理, and the page's address leads nowhere.
  const pageB = await signInAs(browser, USER_B.account, USER_B.realName);
  await openUserMenu(pageB);
  await expect(pageB.getByTestId('menu-center')).toBeVisible();
  await expect(pageB.getByTestId('menu-admin')).toHaveCount(0);
  await pageB.goto('/gsl/system/param');
  await expect(pageB).not.toHaveURL(/\/gsl\/system\/param$/);
  await expect(pageB.getByTestId('param')).toHaveCount(0);
  await pageB.context().close();
});
