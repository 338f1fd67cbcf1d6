import { expect, test } from '@playwright/test';
import { openUserMenu, signIn } from './support/signOn';

test('退出登录 asks for confirmation and ends the sign-on session', async ({ page }) => {
  await signIn(page, 'nj_coc');
  await openUserMenu(page);
  await page.getByTestId('menu-logout').click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('是否确认退出?');
  await expect(dialog).toContainText('退出系统, 是否确认退出?');

  // 取消 keeps the session.
  // (antd spaces out two-character Chinese button labels: "取 消", "确 定")
  await dialog.getByRole('button', { name: /^取\s?消$/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);

  await openUserMenu(page);
  await page.getByTestId('menu-logout').click();
  await expect(page.getByRole('dialog')).toContainText('是否确认退出?');
  const ok = page.getByRole('dialog').getByRole('button', { name: /^确\s?定$/ });
  await expect(ok).toHaveAttribute('data-testid', 'logout-confirm');
  await ok.click();

  await expect(page).toHaveURL(/\/sso\/login\?.*appId=saber/);
  await expect(page.getByTestId('sso-form')).toBeVisible();
  await expect(page.locator('#account')).toHaveValue('');
  // The browser keeps no token of the portal (same origin as the sign-on page).
  expect(await page.evaluate(() => [localStorage.getItem('saber-token'), sessionStorage.getItem('saber-token')])).toEqual([null, null]);

  // No token and no sign-on session any more: the portal sends the visitor to the form again.
  await page.goto('/gsl/portal/myDay');
  await expect(page).toHaveURL(/\/sso\/login\?/);
  await expect(page.getByTestId('sso-form')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('saber-token'))).toBeNull();
});
