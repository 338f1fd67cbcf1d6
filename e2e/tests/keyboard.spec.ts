import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { DEMO_PASSWORD, openSignOn, signIn } from './support/signOn';

/**
 * Issue 21 (WCAG 2.1.1 Keyboard, 2.4.7 Focus visible): one task done end to end by keyboard alone —
 * sign on, open 企业会员, search, open a record, edit a field, save, see 更新成功. Every step is a key
 * press (Tab, Shift+Tab, Enter, typing); the test only looks at where the focus is.
 */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

function creditCode(): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const first17 = `91320100${String((Date.now() + 7) % 1e9).padStart(9, '0')}`;
  const sum = [...first17].reduce((s, c, i) => s + chars.indexOf(c) * weights[i], 0);
  return first17 + chars[(31 - (sum % 31)) % 31];
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus, which must be visibly marked. */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 }: { back?: boolean; max?: number } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i += 1) {
    if (await isFocused(target)) {
      const visible = await page.evaluate(() => {
        // The focus ring is drawn on the element or on the control's frame around it (antd inputs).
        let el = document.activeElement as HTMLElement | null;
        for (let depth = 0; el && depth < 3; depth += 1, el = el.parentElement) {
          const style = getComputedStyle(el);
          if ((style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none') return true;
        }
        return false;
      });
      expect(visible, 'the focused element shows its focus').toBe(true);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('by keyboard alone: sign on, 企业会员, search, open a record, edit a field, save (更新成功)', async ({ page }) => {
  test.setTimeout(90_000);
  await openSignOn(page);
  await tabTo(page, page.locator('#account'));
  await page.keyboard.type('js_aoc');
  await page.keyboard.press('Tab');
  await expect(page.locator('#password')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/gsl\/welcome$/);

  const name = `键盘测试装备有限公司${RUN}`;
  const saved = await callApiAsPage(page, 'POST', '/api/aoc-service/memberaocenterprise/save', {
    data: { name, creditCode: creditCode(), status: 1 },
  });
  expect(saved.body).toMatchObject({ code: 200, msg: '新增成功' });
  const id = (saved.body as { data: { id: string } }).data.id;

  await tabTo(page, page.getByTestId('enter-workbench'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);

  // 数据库查询 in the top menu, then 企业会员 in its navigation.
  await tabTo(page, page.getByTestId('top-menu-portal_database'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/gsl\/portal\/database$/);
  await tabTo(page, page.getByTestId('db-nav-member_enterprise'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/gsl\/portal\/database\/enterprise$/);

  // Search by name: type, Enter submits the search form.
  const screen = page.getByTestId('member-enterprise');
  await tabTo(page, screen.getByTestId('enterprise-search-name'));
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  const rows = screen.getByTestId('enterprise-table').locator('tbody tr[data-row-key]');
  await expect(rows).toHaveCount(1);
  const row = screen.getByTestId('enterprise-table').locator(`tbody tr[data-row-key="${id}"]`);

  // Open the record for editing from its row's action.
  const edit = row.getByTestId('enterprise-row-edit');
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  const form = page.getByTestId('enterprise-form');
  await expect(form.getByLabel('企业名称')).toHaveValue(name);
  const dialog = page.getByRole('dialog').filter({ has: form });
  // The dialog holds the focus.
  await expect.poll(() => isFocused(dialog)).toBe(true);

  await tabTo(page, form.getByLabel('法定代表人'));
  await page.keyboard.type('李键盘');
  await tabTo(page, page.getByTestId('enterprise-form-submit'));
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-message').getByText('更新成功', { exact: true }).first()).toBeVisible();
  await expect(form).toBeHidden();
  await expect(row).toContainText('李键盘');
  // The focus returns to the action that opened the dialog.
  await expect.poll(() => isFocused(edit)).toBe(true);
});

/**
 * Issue 21 (WCAG 2.4.1 Bypass Blocks): 跳到主要内容 is the first Tab stop of the portal and of the
 * administration, out of sight until focused; Enter puts the focus in the page's one main landmark, and
 * the next Tab goes on inside it, past the header and the menus.
 */
test('跳到主要内容: the first Tab shows the skip link, Enter moves the focus into the main content', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  const link = page.getByRole('link', { name: '跳到主要内容' });
  const main = page.getByRole('main');
  for (const path of ['/portal/myDay', '/system/user']) {
    await page.goto(`/gsl${path}`);
    await expect(page.getByTestId('header-org')).toBeVisible();
    await expect(page.locator('.shell__page')).not.toBeEmpty();
    await expect(main).toHaveCount(1);
    await expect(main).toHaveAttribute('id', 'main-content');
    // Out of sight before it has the focus.
    expect((await link.boundingBox())?.width ?? 0, `${path}: hidden skip link`).toBeLessThanOrEqual(1);

    await page.keyboard.press('Tab');
    await expect(link, `${path}: the first Tab stop`).toBeFocused();
    const shown = await link.boundingBox();
    expect(shown?.width ?? 0, `${path}: the focused skip link is shown`).toBeGreaterThan(40);
    await expect(link).toBeInViewport();
    await tabTo(page, link, { max: 1 }); // and its focus is visibly marked

    await page.keyboard.press('Enter');
    await expect(main).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/gsl${path}$`)); // no #fragment in the address
    await page.keyboard.press('Tab');
    await expect.poll(() => isFocused(main), `${path}: the next Tab stays in the main content`).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('header, nav.top-menu, .side-menu') === null)).toBe(true);
  }
});
