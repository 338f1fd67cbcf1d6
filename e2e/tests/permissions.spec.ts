import { expect, test } from '@playwright/test';
import { openUserMenu, signIn } from './support/signOn';

test('a chamber user sees no 领导驾驶舱 and no 系统管理', async ({ page }) => {
  await signIn(page, 'nj_coc');
  const topMenu = page.getByRole('navigation', { name: '门户菜单' });
  await expect(page.getByTestId('top-menu-portal_myday')).toBeVisible();
  await expect(page.getByTestId('top-menu-cockpit')).toHaveCount(0);
  await expect(topMenu).not.toContainText('领导驾驶舱');

  await openUserMenu(page);
  await expect(page.getByTestId('menu-center')).toHaveText('个人中心');
  await expect(page.getByTestId('menu-lock')).toHaveText('锁屏');
  await expect(page.getByTestId('menu-logout')).toHaveText('退出登录');
  await expect(page.getByTestId('menu-admin')).toHaveCount(0);
  await expect(page.getByRole('menu')).not.toContainText('系统管理');
});

test('the administrator opens 系统管理 with its side menu', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByTestId('top-menu-cockpit')).toHaveText('领导驾驶舱');
  await expect(page.getByTestId('side-menu')).toHaveCount(0); // no side menu in the portal

  await openUserMenu(page);
  await expect(page.getByTestId('menu-admin')).toHaveText('系统管理');
  await page.getByTestId('menu-admin').click();

  // The first admin screen, with the side menu of the administrator's menus.
  await expect(page).toHaveURL(/\/gsl\/system\/user$/);
  const side = page.getByTestId('side-menu');
  await expect(side).toBeVisible();
  await expect(side.getByTestId('side-menu-system')).toHaveText('系统管理');
  const param = side.getByTestId('side-menu-param');
  await expect(param).toHaveText('参数管理');
  await expect(page.locator('[data-testid="tab"][data-active="true"]')).toHaveAttribute('data-value', '/system/user');

  await param.click();
  await expect(page).toHaveURL(/\/gsl\/system\/param$/);
  await expect(page.locator('[data-testid="tab"][data-active="true"]')).toHaveText('参数管理');
  await expect(page.getByTestId('param-table').filter({ visible: true })).toBeVisible();
});
