import { expect, test } from '@playwright/test';
import { signIn } from './support/signOn';

test('an unknown address shows 404', async ({ page }) => {
  await page.goto('/gsl/no/such/page');
  await expect(page).toHaveURL(/\/gsl\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();

  // Signed in, once the menu routes are known, the same.
  await signIn(page, 'nj_coc');
  await page.goto('/gsl/portal/noSuchScreen');
  await expect(page).toHaveURL(/\/gsl\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);
});
