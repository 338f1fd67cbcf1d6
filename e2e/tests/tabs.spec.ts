import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/signOn';

const tab = (page: Page, value: string) => page.locator(`[data-testid="tab"][data-value="${value}"]`);
/** The antd tab (with its close button) around our labelled span. */
const tabShell = (page: Page, value: string) => page.locator('.ant-tabs-tab').filter({ has: tab(page, value) });
/** Each open tab's page lives in a pane of its own; only the active tab's pane is shown. */
const panes = (page: Page) => page.locator('.keep-alive-pane');
const visiblePane = (page: Page) => panes(page).filter({ visible: true });
/** The shown tab's pane: marked to tell a kept page from a remounted one (a page may swap its own root while it loads). */
const visiblePage = visiblePane;
const markOf = (page: Page) => visiblePage(page).evaluate((el) => (el as HTMLElement & { e2eMark?: string }).e2eMark);

test('a tab keeps its page alive while another tab is shown; the home tab cannot be closed', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(tab(page, '/portal/myDay')).toHaveText('首页');
  await expect(tab(page, '/portal/myDay')).toHaveAttribute('data-active', 'true');

  // Open 我的组织 and mark its page element.
  await page.getByTestId('top-menu-portal_myorg').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myOrg$/);
  await expect(tab(page, '/portal/myOrg')).toHaveText('我的组织');
  await expect(tab(page, '/portal/myOrg')).toHaveAttribute('data-active', 'true');
  await expect(visiblePane(page)).toHaveCount(1);
  await expect(visiblePage(page)).toBeVisible();
  await visiblePage(page).evaluate((el) => {
    (el as HTMLElement & { e2eMark?: string }).e2eMark = 'myOrg';
  });

  // Switch away: 客服 opens its own tab, the first page is hidden, not gone.
  await page.getByTestId('header-cases').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/cases$/);
  await expect(tab(page, '/portal/cases')).toHaveText('客服中心');
  await expect(tab(page, '/portal/cases')).toHaveAttribute('data-active', 'true');
  await expect(tab(page, '/portal/myOrg')).toHaveAttribute('data-active', 'false');
  // kept: 首页 and 我的组织 are hidden, not unmounted; only 客服中心's page is shown
  await expect(panes(page)).toHaveCount(3);
  await expect(visiblePane(page)).toHaveCount(1);
  expect(await markOf(page)).toBeUndefined();

  // Back through the tab bar: the very same element, not a remounted page.
  await tab(page, '/portal/myOrg').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myOrg$/);
  await expect(tab(page, '/portal/myOrg')).toHaveAttribute('data-active', 'true');
  await expect(visiblePane(page)).toHaveCount(1);
  expect(await markOf(page)).toBe('myOrg');
  await expect(page.getByTestId('top-menu-portal_myorg')).toHaveAttribute('aria-current', 'page');

  // And via the home tab and back again: still the same element.
  await tab(page, '/portal/myDay').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);
  await expect(visiblePane(page)).toHaveCount(1);
  expect(await markOf(page)).toBeUndefined();
  await tab(page, '/portal/myOrg').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myOrg$/);
  expect(await markOf(page)).toBe('myOrg');

  // The home tab has no close button; the others have one.
  await expect(tabShell(page, '/portal/myDay').getByRole('button', { name: /remove|关闭|删除/ })).toHaveCount(0);
  await expect(tabShell(page, '/portal/myDay').locator('.ant-tabs-tab-remove')).toHaveCount(0);
  await expect(tabShell(page, '/portal/myOrg').locator('.ant-tabs-tab-remove')).toHaveCount(1);
  await expect(tabShell(page, '/portal/cases').locator('.ant-tabs-tab-remove')).toHaveCount(1);

  // Closing the active tab drops its page and shows a neighbour.
  await tabShell(page, '/portal/myOrg').locator('.ant-tabs-tab-remove').click();
  await expect(tab(page, '/portal/myOrg')).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/gsl\/portal\/myOrg$/);
  await expect(page.getByTestId('tab')).toHaveCount(2);
  await expect(panes(page)).toHaveCount(2);
});
