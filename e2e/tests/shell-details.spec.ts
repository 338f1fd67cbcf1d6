import { expect, test, type Locator, type Page } from '@playwright/test';
import { openUserMenu, signIn } from './support/signOn';

const box = async (locator: Locator) => (await locator.boundingBox())!;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const tab = (page: Page, path: string) => page.locator(`[data-testid="tab"][data-value^="${path}"]`);

test('the favicon is served to the app and at the root, so the sign-on page has one too', async ({ page, request }) => {
  const missing: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 404) missing.push(res.url());
  });
  await page.goto('/gsl/');
  await expect(page.getByTestId('sso-form')).toBeVisible();
  const root = await request.get('/favicon.ico');
  expect(root.status()).toBe(200);
  expect(root.headers()['content-type']).toBe('image/x-icon');
  const svg = await request.get('/gsl/favicon.svg');
  expect(svg.status()).toBe(200);
  expect(await svg.text()).toContain('#409EFF');

  await signIn(page, 'nj_coc');
  const icons = await page.locator('link[rel="icon"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  expect(icons.some((href) => href.endsWith('/gsl/favicon.svg'))).toBe(true);
  for (const href of icons) expect((await request.get(href)).status()).toBe(200);
  expect(missing).toEqual([]);
});

test('the banner arrows sit beside the banner icon, not on it', async ({ page }) => {
  await signIn(page, 'nj_coc');
  const banner = page.getByTestId('banner');
  // The pointer is moved onto the banner again on each try: the header can re-render under a still pointer.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await banner.hover();
    await expect(page.getByTestId('banner-prev')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const art = page.locator('[data-testid^="banner-slide-"][data-active="true"] .banner__art');
  const text = page.locator('[data-testid^="banner-slide-"][data-active="true"] .banner__text');
  for (const arrow of [page.getByTestId('banner-prev'), page.getByTestId('banner-next')]) {
    expect(overlaps(await box(arrow), await box(art))).toBe(false);
    expect(overlaps(await box(arrow), await box(text))).toBe(false);
  }
  // both arrows inside the banner
  const outer = await box(banner);
  for (const arrow of [page.getByTestId('banner-prev'), page.getByTestId('banner-next')]) {
    const b = await box(arrow);
    expect(b.x).toBeGreaterThanOrEqual(outer.x);
    expect(b.x + b.width).toBeLessThanOrEqual(outer.x + outer.width);
  }
});

test('?menu= hides the top menu and the side menu; ?menu=true shows them again', async ({ page }) => {
  await signIn(page, 'admin');
  const topMenu = page.getByRole('navigation', { name: '门户菜单' });
  await expect(topMenu).toBeVisible();

  await page.goto('/gsl/portal/myOrg?menu=false');
  await expect(page.getByTestId('header-org')).toBeVisible();
  await expect(topMenu).toHaveCount(0);
  // it sticks while navigating inside the app, the admin side menu included
  await openUserMenu(page);
  await page.getByTestId('menu-admin').click();
  await expect(page).toHaveURL(/\/gsl\/system\/user$/);
  await expect(page.getByTestId('tab-bar')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await expect(topMenu).toHaveCount(0);

  await page.goto('/gsl/system/user?menu=true');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(topMenu).toBeVisible();
});

test('the same route opened with another query reuses its tab, taking the new query', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/gsl/system/param?from=mail');
  await expect(tab(page, '/system/param')).toHaveCount(1);
  await expect(tab(page, '/system/param')).toHaveAttribute('data-value', '/system/param?from=mail');
  await expect(tab(page, '/system/param')).toHaveAttribute('data-active', 'true');

  // the side menu opens the same route without the query: still one tab, now pointing there
  await page.getByTestId('side-menu').getByTestId('side-menu-param').click();
  await expect(page).toHaveURL(/\/gsl\/system\/param$/);
  await expect(tab(page, '/system/param')).toHaveCount(1);
  await expect(tab(page, '/system/param')).toHaveAttribute('data-value', '/system/param');
  await expect(tab(page, '/system/param')).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('param-table').filter({ visible: true })).toBeVisible();

  // the home tab: one, however the portal home is opened
  await page.goto('/gsl/portal/myDay?from=mail');
  await expect(tab(page, '/portal/myDay')).toHaveCount(1);
  await expect(tab(page, '/portal/myDay')).toHaveText('首页');
  await expect(tab(page, '/portal/myDay')).toHaveAttribute('data-active', 'true');
});
