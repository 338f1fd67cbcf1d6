import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, submitSignOn } from './support/signOn';

test('the portal sends the visitor to sign-on, then welcome, then 我的一天', async ({ page, baseURL }) => {
  await page.goto('/gsl/');

  // The unified sign-on portal, with the parameters of wire contract §4.
  await expect(page).toHaveURL(/\/sso\/login\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('appId')).toBe('saber');
  expect(url.searchParams.get('entryCode')).toBe('jiangsu');
  expect(url.searchParams.get('sysFlag')).toBe('aoc');
  expect(url.searchParams.get('redirectUri')).toBe(`${baseURL}/gsl/login`);
  await expect(page).toHaveTitle('统一身份认证 - 江苏省工商业联合会(总商会)');
  await expect(page.getByTestId('sso-form')).toBeVisible();
  await expect(page.getByTestId('sso-captcha')).toHaveCount(0); // no captcha before a failure

  await submitSignOn(page, 'nj_aoc', DEMO_PASSWORD);

  await expect(page).toHaveURL(/\/gsl\/welcome$/);
  const welcome = page.getByRole('main'); // the welcome page is its own landmark, outside the shell
  await expect(welcome).toHaveAttribute('data-testid', 'welcome');
  await expect(welcome.getByRole('heading', { name: '欢迎您，陈思远' })).toBeVisible();
  await expect(welcome).toContainText('南京市工商业联合会');

  await page.getByRole('button', { name: '进入工作台' }).click();

  await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);
  await expect(page.getByTestId('header-org')).toHaveText('南京市工商业联合会');
  await expect(page.getByTestId('header-chamber')).toHaveText('南京市总商会');
  const myDay = page.getByTestId('top-menu-portal_myday');
  await expect(myDay).toHaveText('我的一天');
  await expect(myDay).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('[data-testid^="top-menu-"][aria-current="page"]')).toHaveCount(1);
  await expect(page.getByTestId('user-dropdown')).toContainText('陈思远');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('陈思远'); // 我的一天 greets the user
  await expect(page).toHaveTitle('我的一天 - 工商联工作平台');
});
