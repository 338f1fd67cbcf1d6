import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, submitSignOn } from './support/signOn';
import { closePortalDialogsInTheWay } from './support/portalDialogs';

// The portal's own dialogs (商会信息完善提醒) must not cover the bookmarked page these journeys land on.
test.beforeEach(async ({ page }) => closePortalDialogsInTheWay(page));

const activeTab = (page: import('@playwright/test').Page) => page.locator('[data-testid="tab"][data-active="true"]');

test('signed out, a bookmarked admin page leads through sign-on back to that page', async ({ page }) => {
  await page.goto('/gsl/system/param');

  // Not 404: the sign-on form first.
  await expect(page).toHaveURL(/\/sso\/login\?/);
  await expect(page.getByTestId('sso-form')).toBeVisible();
  await submitSignOn(page, 'admin', DEMO_PASSWORD);

  // Straight back to the bookmarked page (no /welcome detour), inside the shell.
  await expect(page).toHaveURL(/\/gsl\/system\/param$/);
  await expect(page.getByTestId('param-table').filter({ visible: true })).toBeVisible();
  await expect(activeTab(page)).toHaveText('参数管理');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('saber-signOnReturn'))).toBeNull();

  // The app's session is gone but the sign-on session is alive: sign-on is instant, and the page
  // asked for (with its query) is still where the browser lands.
  await page.evaluate(() => {
    for (const area of [localStorage, sessionStorage])
      Object.keys(area)
        .filter((k) => k.startsWith('saber'))
        .forEach((k) => area.removeItem(k));
  });
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  await page.goto('/gsl/system/dict?from=bookmark');
  await expect(page).toHaveURL(/\/gsl\/system\/dict\?from=bookmark$/);
  await expect(activeTab(page)).toHaveText('系统字典');
  expect(seen).toContain('/gsl/login'); // it did go through sign-on
  expect(seen).not.toContain('/gsl/404');
  expect(seen).not.toContain('/gsl/welcome');
});

test('a bookmarked page the signed-in user has no menu for is 404 once signed on', async ({ page }) => {
  await page.goto('/gsl/system/param?x=1');
  await expect(page).toHaveURL(/\/sso\/login\?/);
  await submitSignOn(page, 'nj_coc', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/gsl\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);
});
