import { expect, test, type Browser } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { signIn } from './support/signOn';

// The `token` parameter of the second front end (specification §2 "Embedded AI pages"): a browser with no
// session of its own (another origin in production) opens a /model page with the portal's one-time code.
const freshTab = async (browser: Browser) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  return { page: await context.newPage(), close: () => context.close() };
};

test('a one-time code in `token` signs a sessionless browser on to a /model page, leaves the address, and works once', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, 'nj_coc');
  const issued = await callApiAsPage(page, 'POST', '/api/blade-auth/oauth/model-code');
  expect(issued.status).toBe(200);
  const { code } = (issued.body as { data: { code: string } }).data;
  const address = `/model/#/newPortal/cocCircle?token=${encodeURIComponent(code)}`;

  const first = await freshTab(browser);
  try {
    await first.page.goto(address);
    await expect(first.page.getByRole('heading', { name: '商会圈', level: 1 })).toBeVisible();
    await expect(first.page.getByTestId('circle-item').first()).toBeVisible(); // the chamber's own feed: signed on as nj_coc
    await expect(first.page).toHaveURL(/\/model\/#\/newPortal\/cocCircle$/); // the code is gone from the address
  } finally {
    await first.close();
  }

  // Spent: the same address in another sessionless browser signs nobody on.
  const second = await freshTab(browser);
  try {
    await second.page.goto(address);
    await expect(second.page.getByText('登录已失效,请在门户重新登录后再打开本页').first()).toBeVisible();
    await expect(second.page.getByTestId('circle-item')).toHaveCount(0);
  } finally {
    await second.close();
  }
});
