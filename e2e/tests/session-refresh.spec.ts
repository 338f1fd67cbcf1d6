import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/signOn';

// The server runs with REFRESH_THRESHOLD_SECONDS=6 and REFRESH_CHECK_SECONDS=2 (global-setup.ts).
const isRefresh = (page: Page) =>
  page.waitForRequest(
    (req) => {
      if (req.method() !== 'POST' || !req.url().includes('/api/blade-auth/oauth/token')) return false;
      const url = new URL(req.url());
      const grant = url.searchParams.get('grant_type') ?? new URLSearchParams(req.postData() ?? '').get('grant_type');
      return grant === 'sso_refresh_token';
    },
    { timeout: 20_000 },
  );

test('the session token is refreshed in the background and the app keeps working', async ({ page }) => {
  await signIn(page, 'nj_aoc');
  const signOnVisits: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('/sso/')) signOnVisits.push(frame.url());
  });

  // First refresh, once the token is older than the threshold.
  const first = await isRefresh(page);
  const firstAnswer = await first.response();
  expect(firstAnswer?.status()).toBe(200);
  const firstToken = new URL(first.url()).searchParams.get('refresh_token');
  expect(firstToken).toBeTruthy();

  // The second refresh uses the rotated refresh token the first one returned, and is accepted too.
  const second = await isRefresh(page);
  expect((await second.response())?.status()).toBe(200);
  expect(new URL(second.url()).searchParams.get('refresh_token')).not.toBe(firstToken);

  // The app still works: another top-menu entry, then a reload with the refreshed session.
  await page.getByTestId('top-menu-portal_myorg').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myOrg$/);
  await expect(page.getByTestId('top-menu-portal_myorg')).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('[data-testid="tab"][data-value="/portal/myOrg"]')).toHaveAttribute('data-active', 'true');
  await page.reload();
  await expect(page).toHaveURL(/\/gsl\/portal\/myOrg$/);
  await expect(page.getByTestId('header-org')).toHaveText('南京市工商业联合会');
  await expect(page.getByTestId('user-dropdown')).toContainText('陈思远');
  expect(signOnVisits).toEqual([]);
});
