import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, submitSignOn } from './support/signOn';

const atSignOnForm = async (page: Page) => {
  await expect(page).toHaveURL(/\/sso\/login\?/);
  await expect(page.getByTestId('sso-form')).toBeVisible();
};

test('five visits in a minute (opening, bookmarks, going back, a reload) never trip the sign-on loop guard', async ({ page }) => {
  const started = Date.now();
  for (const url of ['/gsl/', '/gsl/system/param', '/gsl/portal/myOrg', '/gsl/login']) {
    await page.goto(url);
    await atSignOnForm(page);
  }
  // back to the app from the form: it sends the browser to sign-on again
  await page.goBack();
  await atSignOnForm(page);
  await page.goto('/gsl/');
  await atSignOnForm(page);
  await page.reload();
  await atSignOnForm(page);
  expect(Date.now() - started).toBeLessThan(60_000);
  await expect(page.getByText('登录未成功')).toHaveCount(0);

  // and signing on still works, landing on the spec's welcome page (the last visit asked for the home)
  await submitSignOn(page, 'nj_aoc', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/gsl\/welcome$/);
});

test('a sign-on portal that keeps answering with refused codes is stopped at 登录未成功', async ({ page, baseURL }) => {
  // A portal with a live session that hands out codes the server refuses, every time.
  let trips = 0;
  await page.route(/\/sso\/login\?/, (route) => {
    trips += 1;
    return route.fulfill({ status: 302, headers: { location: `${baseURL}/gsl/login?code=refused-${trips}` } });
  });
  await page.goto('/gsl/');
  await expect(page).toHaveURL(/\/gsl\/500\?reason=signon$/, { timeout: 20_000 });
  await expect(page.getByText('登录未成功')).toBeVisible();
  await expect(page.getByText('多次登录均未成功，请稍后重试或联系管理员')).toBeVisible();
  expect(trips).toBe(3);

  // 重新登录 tries again (the real portal this time).
  await page.unroute(/\/sso\/login\?/);
  await page.getByRole('button', { name: /重新登录|重新 登录/ }).click();
  await expect(page).toHaveURL(/\/sso\/login\?/);
  await expect(page.getByTestId('sso-form')).toBeVisible();
});
