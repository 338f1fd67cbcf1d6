import { expect, test, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { signIn } from './support/signOn';

// The second front end (/model/#/…) opened by the header's banners (specification §4): 商会圈 and 商会大屏.
type Data<T> = { body: { data: T } };
const api = async <T>(page: Page, path: string, params?: Record<string, string>) =>
  ((await callApiAsPage(page, 'GET', path, { params })) as unknown as Data<T>).body.data;
interface Item {
  key: string;
  kind: string;
  title: string;
  content: string | null;
  deptName: string;
}

/**
 * Clicks banner `n` (hovering pauses the rotation; the arrows bring the slide in) and answers the new tab.
 * The pointer is moved onto the banner again on each try: the header can re-render under a still pointer.
 */
async function openBanner(page: Page, n: 1 | 2): Promise<Page> {
  const banner = page.getByTestId('banner');
  const slide = page.getByTestId(`banner-slide-${n}`);
  await expect(async () => {
    await page.mouse.move(0, 0);
    await banner.hover();
    await expect(banner).toHaveAttribute('data-paused', 'true', { timeout: 1_000 });
    if ((await slide.getAttribute('data-active')) !== 'true') await page.getByTestId('banner-next').click({ timeout: 1_000 });
    await expect(slide).toHaveAttribute('data-active', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), slide.click()]);
  await tab.waitForLoadState();
  return tab;
}

test('nj_coc: banner 1 opens 商会圈 in a new tab with the chamber’s real 大事记 and news, paged, each opening its text', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'nj_coc');
  const tab = await openBanner(page, 1);
  await expect(tab).toHaveURL(/\/model\/#\/newPortal\/cocCircle$/);
  await expect(tab.getByRole('heading', { name: '商会圈', level: 1 })).toBeVisible();
  await expect(tab).toHaveTitle('商会圈 - 工商联');

  // the feed the page shows is the call's first page, newest first
  const feed = await api<{ total: number; records: Item[] }>(page, '/api/mem-service/cocCircle/page', { current: '1', size: '10' });
  expect(feed.total).toBeGreaterThan(0);
  const items = tab.getByTestId('circle-item');
  await expect(items).toHaveCount(Math.min(10, feed.total));
  await expect(items.first()).toContainText(feed.records[0].title);
  await expect(tab.getByText(`共 ${feed.total} 条`)).toBeVisible();

  // the chamber's 大事记 on its big screen (another query of the same rows) are in the feed's 大事记
  const screen = await api<{ events: Array<{ title: string }> }>(page, '/api/mem-service/cocBigScreen/summary');
  expect(screen.events.length).toBeGreaterThan(0);
  await tab.locator('.ant-radio-group').getByText('大事记', { exact: true }).click();
  await expect(tab.getByRole('radio', { name: '大事记' })).toBeChecked();
  await expect(items.first()).toContainText(screen.events[0].title);
  await expect(tab.getByTestId('circle-item').filter({ hasText: '南京市浙江商会' })).toHaveCount(await items.count());

  // keyboard: the first item opens its whole text in a dialog, Escape closes it
  await items.first().focus();
  await tab.keyboard.press('Enter');
  const detail = tab.getByTestId('circle-detail');
  await expect(detail).toBeVisible();
  await expect(tab.getByRole('dialog')).toContainText(screen.events[0].title);
  await tab.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // paging, when there is a second page
  const events = await api<{ total: number; records: Item[] }>(page, '/api/mem-service/cocCircle/page', { kind: 'event', current: '2', size: '10' });
  if (events.total > 10) {
    await tab.getByTitle('2', { exact: true }).click();
    await expect(items.first()).toContainText(events.records[0].title);
  }
});

test('nj_coc: banner 2 opens the chamber’s big screen with its real member count, charts drawn to size, full screen', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'nj_coc');
  const tab = await openBanner(page, 2);
  await expect(tab).toHaveURL(/\/model\/#\/subapp\/coc-large-screen$/);
  await expect(tab.getByRole('heading', { name: '南京市浙江商会 · 商会大屏' })).toBeVisible({ timeout: 30_000 });

  // the member total is what the three member lists count
  let listed = 0;
  for (const p of ['memberaocenterprise', 'memberAocGroup', 'memberaocperson'])
    listed += (await api<{ total: number }>(page, `/api/aoc-service/${p}/page`, { current: '1', size: '1' })).total;
  expect(listed).toBeGreaterThan(0);
  await expect(tab.getByTestId('coc-screen-total')).toHaveAttribute('data-value', String(listed));
  const enterprises = (await api<{ total: number }>(page, '/api/aoc-service/memberaocenterprise/page', { current: '1', size: '1' })).total;
  await expect(tab.getByTestId('coc-screen-enterprise')).toHaveAttribute('data-value', String(enterprises));

  // its current team and its fill-in status are shown
  await expect(tab.getByTestId('coc-screen-leaders').getByRole('row')).not.toHaveCount(0);
  await expect(tab.getByTestId('coc-screen-fill-status')).toHaveText(/未填报|填报中|已提交|已退回/);

  // ECharts draws on a canvas of its box's size and redraws when the box changes (no CSS scaling)
  const canvas = tab.getByTestId('coc-screen-year').locator('canvas').first();
  await expect(canvas).toBeVisible();
  const wide = Number(await canvas.getAttribute('width'));
  await tab.setViewportSize({ width: 900, height: 900 });
  await expect.poll(async () => Number(await canvas.getAttribute('width'))).toBeLessThan(wide);
  const box = await canvas.boundingBox();
  const dpr = await tab.evaluate(() => window.devicePixelRatio);
  expect(Math.abs(Number(await canvas.getAttribute('width')) - box!.width * dpr)).toBeLessThan(2);

  // full screen on demand
  const full = tab.getByTestId('coc-screen-fullscreen');
  await expect(full).toHaveText('全屏');
  await full.click();
  await expect(full).toHaveAttribute('aria-pressed', 'true');
  await expect(full).toHaveText('退出全屏');
  expect(await tab.evaluate(() => document.fullscreenElement?.getAttribute('data-testid'))).toBe('coc-screen');
  await full.click();
  await expect(full).toHaveAttribute('aria-pressed', 'false');
});
