import { expect, test, type Locator, type Page } from '@playwright/test';
import { openUserMenu, signIn } from './support/signOn';
import { visitInApp } from './support/navigate';

/**
 * Issue 21 (WCAG 1.4.4 Resize text, 1.4.10 Reflow): text at 200 % without loss of content or function.
 * Two ways to 200 %: the browser's zoom, which on a 1280×800 screen leaves the page 640×400 CSS px (the
 * viewport below), and a 1280×800 window whose root font size is 200 %. On each main screen — the
 * portal home, 企业会员, its 新增 dialog, 用户管理 — the page does not scroll sideways (a wide table scrolls
 * in its own box, which the keyboard reaches), and the top menu, the header's actions and, in the
 * administration, the side menu are still there to use: shown, or behind a button that shows them.
 */

/** The document does not scroll sideways; the message names what sticks out past the right edge. */
async function expectNoPageScroll(page: Page, screen: string): Promise<void> {
  const found = await page.evaluate(() => {
    const doc = document.scrollingElement as HTMLElement;
    const width = doc.clientWidth;
    const clips = (el: HTMLElement) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
    const outside: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      let up = el.parentElement;
      while (up && up !== document.body && !(clips(up) && up.getBoundingClientRect().right <= width + 1)) up = up.parentElement;
      if (!up || up === document.body)
        outside.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')} (right ${Math.round(box.right)})`);
      if (outside.length >= 8) break;
    }
    return { scrollWidth: doc.scrollWidth, width, outside };
  });
  expect(found.scrollWidth, `${screen}: the page scrolls sideways (${found.scrollWidth} > ${found.width}): ${found.outside.join(', ')}`).toBeLessThanOrEqual(
    found.width + 1,
  );
}

/** Reachable: with the focus on it, it is wholly inside the window (a scrolling menu brings it in). */
async function expectReachable(target: Locator): Promise<void> {
  await expect(target).toBeAttached();
  await target.focus();
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport({ ratio: 0.95 });
}

async function expectHeaderUsable(page: Page, screen: string): Promise<void> {
  const entries = page.locator('.top-menu [data-testid^="top-menu-"]');
  expect(await entries.count(), `${screen}: top menu entries`).toBeGreaterThan(1);
  for (const entry of await entries.all()) await expectReachable(entry);
  for (const id of ['header-bell', 'header-chat', 'header-cases', 'header-ai', 'user-dropdown']) await expectReachable(page.getByTestId(id));
  // The organisation's name is not squeezed away.
  const org = page.getByTestId('header-org');
  await expect(org).toBeVisible();
  expect((await org.boundingBox())?.width ?? 0, `${screen}: the organisation's name has room`).toBeGreaterThan(60);
}

async function mainScreens(page: Page, mode: string): Promise<void> {
  await expectNoPageScroll(page, `${mode} /portal/myDay`);
  await expectHeaderUsable(page, `${mode} /portal/myDay`);

  // 企业会员: the search form reflows; the table scrolls in its own box, which the keyboard reaches.
  await visitInApp(page, '/portal/database/enterprise');
  const screen = page.getByTestId('member-enterprise');
  await expect(screen.getByTestId('enterprise-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
  await expectNoPageScroll(page, `${mode} 企业会员`);
  await expectHeaderUsable(page, `${mode} 企业会员`);
  for (const id of ['enterprise-search-name', 'enterprise-search-submit', 'enterprise-add']) await expectReachable(screen.getByTestId(id));
  const tableBox = screen.getByTestId('enterprise-table').locator('.ant-table-content, .ant-table-body').first();
  if (await tableBox.evaluate((el) => el.scrollWidth > el.clientWidth)) await expect(tableBox).toHaveAttribute('tabindex', '0');

  // Its 新增 dialog: fits the window, every field and the buttons reachable.
  await screen.getByTestId('enterprise-add').click();
  const form = page.getByTestId('enterprise-form');
  const dialog = page.getByRole('dialog').filter({ has: form });
  await expect(form.getByLabel('企业名称')).toBeVisible();
  await expectNoPageScroll(page, `${mode} 企业会员 新增`);
  const dialogBox = await dialog.locator('.ant-modal-container, .ant-modal-content').first().boundingBox();
  expect(
    (dialogBox?.x ?? -1) >= 0 && (dialogBox?.x ?? 0) + (dialogBox?.width ?? 1e9) <= (page.viewportSize()?.width ?? 0) + 1,
    `${mode}: the dialog fits the window`,
  ).toBe(true);
  for (const label of ['企业名称', '统一社会信用代码', '法定代表人']) await expectReachable(form.getByLabel(label));
  await expectReachable(page.getByTestId('enterprise-form-submit'));
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  // The administration: 用户管理 with its org tree beside the list.
  await visitInApp(page, '/system/user');
  await expect(page.getByTestId('user-screen')).toBeVisible();
  await expectNoPageScroll(page, `${mode} 用户管理`);
}

test.describe('200 % browser zoom of a 1280×800 screen (640×400 CSS px)', () => {
  test.use({ viewport: { width: 640, height: 400 } });

  test('the main screens reflow: no sideways page scroll, menus and header actions reachable', async ({ page }) => {
    test.setTimeout(120_000);
    // The sign-on page reflows too.
    await page.goto('/gsl/');
    await expect(page.getByTestId('sso-form')).toBeVisible();
    await expectNoPageScroll(page, '640px /sso/login');
    await signIn(page, 'admin');
    await mainScreens(page, '640px');

    // The side menu folds away behind 菜单; opened, it leads to a screen, folds again and the focus goes to the page.
    const toggle = page.getByTestId('side-menu-toggle');
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await expectReachable(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const side = page.getByTestId('side-menu');
    await expect(side).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-controls', (await side.getAttribute('id')) ?? 'side-menu');
    await side.getByTestId('side-menu-param').click();
    await expect(page).toHaveURL(/\/gsl\/system\/param$/);
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page.getByTestId('param')).toBeVisible();
    await expectNoPageScroll(page, '640px 参数管理');

    // The user menu opens and its entries are usable.
    await openUserMenu(page);
    for (const id of ['menu-center', 'menu-large-text', 'menu-lock', 'menu-logout']) await expect(page.getByTestId(id)).toBeInViewport();
  });
});

test.describe('root font size 200 % in a 1280×800 window', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the main screens keep their content and functions', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin');
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    await mainScreens(page, 'font 200%');
    // Wide enough for the side menu itself.
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await expect(page.getByTestId('side-menu-toggle')).toHaveCount(0);
  });
});
