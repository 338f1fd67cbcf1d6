import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, submitSignOn } from './support/signOn';

test('an unknown address is 404 for a signed-in user; signed out, sign-on comes first', async ({ page }) => {
  // The error pages themselves are public.
  await page.goto('/gsl/404');
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();

  // Signed out, any address may be one of the menus the user gets: sign-on first (README deviation 32)…
  await page.goto('/gsl/no/such/page');
  await expect(page).toHaveURL(/\/sso\/login\?/);
  await submitSignOn(page, 'nj_coc', DEMO_PASSWORD);
  // …then, unknown to the signed-in user's menus too, 404.
  await expect(page).toHaveURL(/\/gsl\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();

  // Signed in, once the menu routes are known, the same at once.
  await page.goto('/gsl/portal/noSuchScreen');
  await expect(page).toHaveURL(/\/gsl\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);
});
