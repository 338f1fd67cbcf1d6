import { expect, test, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { openUserMenu, signIn } from './support/signOn';

/** Keys of the app (wire contract §6: `saber-…`) in each storage of the page. */
const appKeys = (page: Page) =>
  page.evaluate(() => ({
    local: Object.keys(localStorage).filter((k) => k.startsWith('saber')),
    session: Object.keys(sessionStorage).filter((k) => k.startsWith('saber')),
  }));

test('a 401 shows 无权限访问, clears both storages and ends the sign-on session', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('top-menu-portal_myorg').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myOrg$/);
  // 我的组织 has loaded its card: the 401 below is the menu click's, not the page's first call.
  await expect(page.getByTestId('myorg-name')).toBeVisible();
  const before = await appKeys(page);
  expect(before.local).toEqual(expect.arrayContaining(['saber-token', 'saber-refreshToken', 'saber-userInfo']));
  expect(before.session).toEqual(expect.arrayContaining(['saber-welcome', 'saber-tagList']));

  // The session is revoked behind the page's back (another window logged out, an administrator…).
  const revoked = await callApiAsPage(page, 'GET', '/api/blade-auth/oauth/logout');
  expect(revoked.status).toBe(200);

  // The page's next call answers 401.
  await openUserMenu(page);
  await page.getByTestId('menu-admin').click();

  const notice = page.getByTestId('logout-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('无权限访问');
  await expect(page.getByRole('alert').filter({ hasText: '无权限访问' })).toBeVisible();
  const shownAt = Date.now();
  expect(await appKeys(page)).toEqual({ local: [], session: [] });

  // It stays readable for a moment, then the sign-on logout leads to the sign-on form.
  await expect(page).toHaveURL(/\/sso\/login\?/, { timeout: 15_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(1_000);
  await expect(page.getByTestId('sso-form')).toBeVisible();
  expect(await appKeys(page)).toEqual({ local: [], session: [] });

  // The sign-on session is over: the next visit shows the form, no instant sign-on.
  await page.goto('/gsl/portal/myDay');
  await expect(page).toHaveURL(/\/sso\/login\?/);
  await expect(page.getByTestId('sso-form')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/sso\/login\?/);
});
