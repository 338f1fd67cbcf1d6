import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/signOn';

interface Tile {
  testId: string;
  label: string;
  name: string;
  inPlace: boolean;
  uses: number;
}

const grid = (page: Page) => page.getByTestId('myapp').getByRole('list', { name: '业务应用(常用的在前)' });

/** 业务应用's tiles in the order the screen shows them, with what each tile's label says. */
async function tiles(page: Page): Promise<Tile[]> {
  await expect(grid(page).getByRole('button').first()).toBeVisible();
  const raw = await grid(page)
    .getByRole('button')
    .evaluateAll((els) => els.map((el) => ({ testId: el.getAttribute('data-testid') ?? '', label: el.getAttribute('aria-label') ?? '' })));
  return raw.map(({ testId, label }) => ({
    testId,
    label,
    name: label.replace(/\(.*$/, ''),
    inPlace: !label.includes('在新标签页打开'),
    uses: Number(/已使用(\d+)次/.exec(label)?.[1] ?? 0),
  }));
}

/** 业务应用 from the top menu. */
async function openMyApps(page: Page): Promise<void> {
  await page.getByTestId('top-menu-portal_myapp').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myApp$/);
}

/** Opens a tile (in place): the page leaves 业务应用 for the tile's screen. */
async function openTile(page: Page, testId: string): Promise<void> {
  // The opening is recorded (business-app-usage/add) before the user goes back. Not 'networkidle': the
  // page's live-event stream stays open, so the network is never idle.
  const recorded = page.waitForResponse((r) => r.url().includes('/api/aoc-service/business-app-usage/add') && r.request().method() === 'POST');
  await grid(page).getByTestId(testId).click();
  await expect(page).not.toHaveURL(/\/gsl\/portal\/myApp$/);
  await recorded;
}

test('业务应用: opening an application moves it up, the most used first', async ({ page, browser }) => {
  test.setTimeout(180_000); // several openings, each a screen of its own
  await signIn(page, 'js_aoc');
  await openMyApps(page);
  const before = await tiles(page);
  expect(before.length, 'js_aoc holds several applications').toBeGreaterThanOrEqual(3);

  // The lowest tile that opens in place, opened until it is used twice more than the tile now first.
  const target = before.filter((t) => t.inPlace).at(-1)!;
  const from = before.findIndex((t) => t.testId === target.testId);
  expect(from, 'the chosen application is not first yet').toBeGreaterThan(0);
  const times = before[0].uses - target.uses + 2;
  for (let i = 0; i < times; i += 1) {
    await openTile(page, target.testId);
    await openMyApps(page);
  }
  const uses = target.uses + times;
  // It is first now, and says how often it was opened.
  await expect.poll(async () => (await tiles(page))[0]?.testId, { message: `${target.name} first after ${times} opening(s)` }).toBe(target.testId);
  await expect(grid(page).getByTestId(target.testId)).toContainText(`使用${uses}次`);

  // Another application opened once (more recently, but less often) comes after it, yet before the unused ones.
  const after = await tiles(page);
  const other = after.find((t) => t.inPlace && t.testId !== target.testId && t.uses + 1 < uses)!;
  expect(other, 'another in-place application used less often').toBeDefined();
  await openTile(page, other.testId);
  await openMyApps(page);
  await expect.poll(async () => (await tiles(page)).find((t) => t.testId === other.testId)?.uses).toBe(other.uses + 1);
  const last = await tiles(page);
  expect(last[0].testId).toBe(target.testId);
  expect(last[1].testId === other.testId || last[1].uses >= other.uses + 1, `${other.name} right after the most used`).toBe(true);
  // The order follows the counts all the way down.
  for (let i = 1; i < last.length; i += 1) expect(last[i - 1].uses, `${last[i - 1].name} before ${last[i].name}`).toBeGreaterThanOrEqual(last[i].uses);

  // The order is the server's: it holds in a new browser session.
  const again = await browser.newPage();
  await signIn(again, 'js_aoc');
  await openMyApps(again);
  expect((await tiles(again)).map((t) => t.testId).slice(0, 2)).toEqual(last.map((t) => t.testId).slice(0, 2));
  await again.close();
});
