import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { openUserMenu, signIn } from './support/signOn';

/** Unique per run, so the titles never meet an earlier run's rows. */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface FeedItem {
  title: string;
  description: string;
  link: string;
}

/**
 * An RSS 2.0 feed served on 127.0.0.1 by the test itself (the product's NEWS_PRIVATE_HOSTS lets loopback
 * through outside production); `items` is what the next request gets, `requests` counts the fetches.
 */
async function startFeed(): Promise<{ url: string; items: FeedItem[]; requests: () => number; close: () => Promise<void> }> {
  const items: FeedItem[] = [];
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests += 1;
    const pubDate = new Date().toUTCString();
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel>
<title>端到端测试频道 ${RUN}</title><link>http://127.0.0.1/</link><description>本地订阅源</description>
${items
  .map(
    (i) =>
      `<item><title>${escapeXml(i.title)}</title><link>${escapeXml(i.link)}</link><guid>${escapeXml(i.link)}</guid>` +
      `<description>${escapeXml(i.description)}</description><pubDate>${pubDate}</pubDate></item>`,
  )
  .join('\n')}
</channel></rss>`;
    res.writeHead(200, { 'Content-Type': 'application/rss+xml; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/feed-${RUN}.xml`,
    items,
    requests: () => requests,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

type SourceRow = { id: string; name: string; lastStatus: string; itemCount: number; lastFetchTime: string | null };

/** The administrator's feed-health list, read through the API (what the screen shows after a refresh). */
async function sourceByName(page: Page, name: string): Promise<SourceRow | undefined> {
  const { body } = await callApiAsPage(page, 'GET', '/api/info-service/yqjcxxsource/list', { params: { current: 1, size: 100 } });
  return (body as { data: { records: SourceRow[] } }).data.records.find((r) => r.name === name);
}

test('舆情监测: a feed an administrator adds and fetches with 立即抓取 brings an item naming a member into 新闻 and the member’s profile', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000); // two users signed on, a feed fetched twice through the job worker
  const feed = await startFeed();
  try {
    await signIn(page, 'admin');
    // A demo member enterprise the item will name.
    const enterprises = await callApiAsPage(page, 'GET', '/api/aoc-service/memberaocenterprise/page', { params: { current: 1, size: 1 } });
    const member = (enterprises.body as { data: { records: Array<{ id: string; name: string }> } }).data.records[0];
    expect(member?.name.length, 'a demo enterprise with a name long enough to be matched').toBeGreaterThanOrEqual(4);

    // 系统管理 › 舆情来源: the administrator adds the feed through the screen (仅保留命中 by default).
    await openUserMenu(page);
    await page.getByTestId('menu-admin').click();
    await expect(page).toHaveURL(/\/gsl\/system\/user$/);
    // 用户管理's list has arrived (not 'networkidle': the live-event stream stays open).
    await expect(page.getByTestId('side-menu').getByTestId('side-menu-news_source')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('side-menu').getByTestId('side-menu-news_source').click();
    await expect(page).toHaveURL(/\/gsl\/system\/newsSource$/);
    const sourceName = `本地订阅 ${RUN}`;
    await page.getByTestId('news-source-add').click();
    const form = page.getByTestId('news-source-form');
    await form.getByLabel('来源名称').fill(sourceName);
    await form.getByLabel('订阅地址').fill(feed.url);
    await page.getByTestId('news-source-form-submit').click();
    await expect(toast(page, '新增成功')).toBeVisible();

    // Adding it schedules a first fetch: the feed has nothing yet, and the list says so after a refresh.
    await expect.poll(async () => (await sourceByName(page, sourceName))?.lastStatus, { timeout: 30_000 }).toBe('ok');
    const source = (await sourceByName(page, sourceName))!;
    expect(source.itemCount).toBe(0);
    const fetchesBefore = feed.requests();
    expect(fetchesBefore).toBeGreaterThanOrEqual(1);

    // The feed publishes an item naming the member, and one naming no one (仅保留命中 drops it).
    const title = `${member.name}获评省级专精特新企业 ${RUN}`;
    const unrelated = `本地天气晴好适宜出行 ${RUN}`;
    feed.items.push(
      { title, description: `近日,${member.name}通过省级专精特新中小企业认定。`, link: `http://127.0.0.1/news/${RUN}/1` },
      { title: unrelated, description: '今日天气晴,气温适宜。', link: `http://127.0.0.1/news/${RUN}/2` },
    );
    // The next scheduled fetch is an hour away: 立即抓取 fetches now.
    await page.reload();
    const row = page.getByTestId('news-source-table').locator(`tbody tr[data-row-key="${source.id}"]`);
    await expect(row).toContainText(sourceName);
    await expect(row).toContainText('成功');
    await row.getByTestId(`news-source-fetch-${source.id}`).click();
    await expect(toast(page, '已加入抓取队列,稍后刷新查看结果')).toBeVisible();
    await expect.poll(async () => (await sourceByName(page, sourceName))?.itemCount, { timeout: 30_000 }).toBe(1);
    expect(feed.requests()).toBeGreaterThan(fetchesBefore);
    await page.reload();
    await expect(page.getByTestId('news-source-table').locator(`tbody tr[data-row-key="${source.id}"]`)).toContainText('成功');

    // 新闻 (/portal/real-time-info inside /portal/real): a federation's staff member finds the item, not the unrelated one.
    const staff = await browser.newPage();
    await signIn(staff, 'js_aoc');
    await staff.getByTestId('top-menu-portal_news').click();
    await expect(staff).toHaveURL(/\/gsl\/portal\/real-time-info$/);
    const list = staff.getByTestId('news-list');
    const item = list.getByTestId('news-item').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item).toContainText(sourceName); // its source in the byline
    await expect(list).not.toContainText(unrelated);
    await staff.getByTestId('news-search-keyword').fill(RUN);
    await staff.getByTestId('news-search').click();
    await expect(list.getByTestId('news-item')).toHaveCount(1);
    // It is tagged with the member it names, and its detail shows the body.
    await expect(item.locator('.ant-tag', { hasText: member.name })).toHaveAttribute('title', '企业会员');
    await item.getByRole('link', { name: title }).click();
    await expect(staff).toHaveURL(/\/gsl\/portal\/real-time-info2\?id=/);
    const detail = staff.getByTestId('news-detail');
    await expect(detail).toContainText('通过省级专精特新中小企业认定');
    await expect(detail.locator('.ant-tag', { hasText: member.name })).toBeVisible();

    // The member's profile (数据库查询 › its detail) lists it under 相关新闻.
    await staff.getByTestId('top-menu-portal_database').click();
    const home = staff.getByTestId('database-home');
    await home.getByTestId('db-type').getByText('企业会员').click();
    await home.getByPlaceholder('请输入名称').fill(member.name);
    await home.getByPlaceholder('请输入名称').press('Enter');
    await home.getByTestId('db-results').getByTestId(`member-open-${member.id}`).click();
    const news = staff.getByTestId('member-detail').getByTestId('member-news');
    await expect(news.getByRole('link', { name: title })).toBeVisible();
    await expect(news).not.toContainText(unrelated);
    await staff.close();
  } finally {
    await feed.close();
  }
});
