import { expect, test, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { signIn } from './support/signOn';

type Data<T> = { body: { data: T } };
const api = async <T>(page: Page, path: string, params?: Record<string, string>) =>
  ((await callApiAsPage(page, 'GET', path, { params })) as unknown as Data<T>).body.data;
const memberCount = (page: Page, deptId?: string) =>
  api<{ total: number; enterprise: number; group: number; person: number }>(page, '/api/aoc-service/member/member-count', deptId ? { deptId } : undefined);
const value = async (page: Page, testId: string) => Number(await page.getByTestId(testId).getAttribute('data-value'));

/** 领导驾驶舱 from the top menu: the cockpit list opens its first screen, 综合驾驶舱. */
async function openCockpit(page: Page) {
  await page.getByTestId('top-menu-cockpit').click();
  await expect(page).toHaveURL(/\/portal\/cockpit\/overview$/);
  // the big screen's chunk (ECharts) and the first figures: allow for a busy machine
  await expect(page.getByTestId('cockpit-kpi-total')).toBeVisible({ timeout: 30_000 });
}

test('js_aoc: the cockpit’s figures equal what the member calls count, and a figure opens its records', async ({ page }) => {
  await signIn(page, 'js_aoc');
  await openCockpit(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('江苏省工商联');
  // two charts drawn on canvases of their boxes' size (resized, not scaled)
  await expect(page.getByTestId('cockpit-area').locator('canvas').first()).toBeVisible();

  const count = await memberCount(page);
  expect(await value(page, 'cockpit-kpi-total')).toBe(count.total);
  expect(await value(page, 'cockpit-kpi-enterprise')).toBe(count.enterprise);
  expect(await value(page, 'cockpit-kpi-group')).toBe(count.group);
  expect(await value(page, 'cockpit-kpi-person')).toBe(count.person);

  // 南京市工商联's bar is Nanjing's member-count
  const summary = await api<{ byArea: Array<{ name: string; deptId: string; key: string }>; byIndustry: Array<{ key: string }> }>(
    page,
    '/api/aoc-service/portal/cockpit/summary',
  );
  const nanjing = summary.byArea.find((a) => a.name === '南京市工商联')!;
  expect(await value(page, `cockpit-area-${nanjing.key}`)).toBe((await memberCount(page, nanjing.deptId)).total);

  // an industry's bar is the enterprise page's total for it, and opens exactly those records
  const industry = summary.byIndustry.find((b) => b.key !== '')!.key;
  const byPage = await api<{ total: number }>(page, '/api/aoc-service/memberaocenterprise/page', { industry_equal: industry, size: '1' });
  const bar = page.getByTestId(`cockpit-industry-${industry}`);
  expect(Number(await bar.getAttribute('data-value'))).toBe(byPage.total);
  await bar.focus(); // the figures are keyboard-reachable buttons
  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('cockpit-drawer');
  await expect(drawer.getByTestId('cockpit-records-total')).toHaveText(`共 ${byPage.total} 条`);
  await expect(drawer.getByTestId('cockpit-records').locator('tbody tr').first()).toContainText(industry);
  await page.keyboard.press('Escape');
  await expect(drawer.getByTestId('cockpit-records')).toBeHidden();

  // full screen and back
  await page.getByTestId('cockpit-fullscreen').click();
  await expect(page.getByTestId('cockpit-fullscreen')).toHaveText(/退出全屏/);
  await page.getByTestId('cockpit-fullscreen').click();
  await expect(page.getByTestId('cockpit-fullscreen')).toHaveText(/全屏/);
});

test('nj_aoc: the cockpit and 数据质量 show only Nanjing’s', async ({ page }) => {
  await signIn(page, 'nj_aoc');
  await openCockpit(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('南京市工商联');
  const count = await memberCount(page);
  expect(await value(page, 'cockpit-kpi-total')).toBe(count.total);
  // Nanjing's districts, never another city
  const area = page.getByTestId('cockpit-area');
  await expect(area.getByRole('list')).not.toContainText('苏州市工商联');
  await expect(area.getByRole('list')).not.toContainText('南京市工商联:');

  // 数据质量 from the cockpit list: Nanjing's own level first, its figures adding up to the big screen's
  await page.getByTestId('cockpit-nav-cockpit_quality').click();
  const table = page.getByTestId('quality-table');
  await expect(table.locator('tbody tr').first()).toContainText('南京市工商联(本级及直属组织)');
  await expect(table).not.toContainText('苏州');
  const rows = await api<Array<{ total: number; missing: number }>>(page, '/api/aoc-service/portal/dataquality/list');
  expect(rows.reduce((n, r) => n + r.total, 0)).toBe(count.total);
});
