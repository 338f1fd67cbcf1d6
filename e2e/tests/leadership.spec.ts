import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { signIn } from './support/signOn';

/** Unique per run, so the names and numbers never meet an earlier run's rows. */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
/** The two terms this spec writes (no other spec does); their teams are cleared first, so reruns pass. */
const FROM = 2026;
const TO = 2027;

// Three accounts sign in and the team is written member by member: more than the default 45 s.
test.describe.configure({ timeout: 300_000 });

/** A resident identity card number with a valid GB 11643 check character (the server checks it). */
function idCardNo(): string {
  const day = new Date(Date.UTC(1960, 0, 1) + Math.floor(Math.random() * 40 * 365) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const body = `320102${day}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, c, i) => s + Number(c) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}

const person = (name: string) => ({ name: `${name}${RUN}`.slice(0, 20), certNo: idCardNo() });
const chairman = person('王主席');
const viceA = person('李副主席');
const viceB = person('赵副主席');
const newChairman = person('钱主席');

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).first();

/** Removes whatever team the signed-in chamber has in a year (an earlier run's, on a kept database). */
async function clearYear(page: Page, year: number): Promise<void> {
  const list = await callApiAsPage(page, 'GET', '/api/aoc-service/associationleader/list', { params: { year } });
  const rows = ((list.body as { data: Array<{ id: string }> | null }).data ?? []).map((r) => r.id);
  if (rows.length) {
    const removed = await callApiAsPage(page, 'POST', `/api/aoc-service/associationleader/remove?ids=${rows.join(',')}`);
    expect(removed.status).toBe(200);
  }
}

/** Opens a year's tab through 其他年度. */
async function openYear(page: Page, year: number): Promise<void> {
  await page.getByRole('spinbutton', { name: '其他年度' }).fill(String(year));
  await page.getByTestId('leader-other-year-open').click();
  await expect(page.getByTestId('leader').getByRole('tab', { selected: true })).toContainText(`${year}年`);
  await expect(page.getByTestId(`leader-year-${year}`)).toBeVisible();
}

/** Fills the leader dialog with a person entered by hand and saves it. */
async function enterPerson(page: Page, p: { name: string; certNo: string }, post?: string): Promise<void> {
  const form = page.getByTestId('leader-form-body');
  await form.getByText('新录入人员', { exact: true }).click();
  await form.getByTestId('leader-form-name').fill(p.name);
  await form.getByTestId('leader-form-certNo').fill(p.certNo);
  if (post) await form.getByTestId('leader-form-post').fill(post);
  await page.getByTestId('leader-form-submit').click();
}

const rowsOf = (table: Locator) => table.locator('tbody tr[data-row-key]');

async function expectOrder(table: Locator, names: string[]): Promise<void> {
  await expect(rowsOf(table)).toHaveCount(names.length);
  for (const [i, name] of names.entries()) await expect(rowsOf(table).nth(i)).toContainText(name);
}

test('领导班子: a chamber enters its 2026 team, reorders it, carries it to 2027 and changes the chairman; its federation sees it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'nj_coc');
  await clearYear(page, FROM);
  await clearYear(page, TO);

  // 业务应用 → 领导班子, the chamber's own team
  await page.getByTestId('top-menu-portal_myapp').click();
  await page.getByTestId('myapp-association_leader').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myApp\/leader$/);
  await expect(page.getByTestId('leader-org')).toContainText('南京市浙江商会');
  await openYear(page, FROM);

  // the chairman
  const card = page.getByTestId('leader-card-5');
  await card.getByTestId('leader-card-5-add').click();
  await enterPerson(page, chairman);
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(card.getByTestId('leader-card-5-name')).toContainText(chairman.name);

  // two vice-chairmen, then B before A — by dragging, and the same through the keyboard-usable buttons
  const vices = page.getByTestId('leader-table-7');
  for (const v of [viceA, viceB]) {
    await vices.getByTestId('leader-table-7-add').click();
    await enterPerson(page, v, '副主席');
    await expect(rowsOf(vices).filter({ hasText: v.name })).toHaveCount(1);
  }
  await expectOrder(vices, [viceA.name, viceB.name]);
  await rowsOf(vices).nth(1).dragTo(rowsOf(vices).nth(0));
  await expect(toast(page, '排序已保存')).toBeVisible();
  await expectOrder(vices, [viceB.name, viceA.name]);
  await vices.getByRole('button', { name: `下移${viceB.name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(vices.getByTestId('leader-table-7-announce')).toHaveText(`已将${viceB.name}移到第2位`);
  await expectOrder(vices, [viceA.name, viceB.name]);
  await vices.getByRole('button', { name: `上移${viceB.name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(vices.getByTestId('leader-table-7-announce')).toHaveText(`已将${viceB.name}移到第1位`);
  // kept: the order is the server's after a reload
  await page.reload();
  await openYear(page, FROM);
  await expectOrder(page.getByTestId('leader-table-7'), [viceB.name, viceA.name]);
  await expect(page.getByTestId(`leader-tab-${FROM}`)).toContainText('3人');

  // 沿用上届 into 2027, after the confirmation
  await openYear(page, TO);
  await expect(page.getByTestId('leader-card-5')).toContainText('暂未设置');
  await page.getByTestId('leader-copy').click();
  await expect(page.getByTestId('leader-copy-confirm')).toContainText(`确定将${FROM}年度的领导班子(3人)沿用到${TO}年度?`);
  await page.getByTestId('leader-copy-ok').click();
  await expect(toast(page, `已将${FROM}年度的3名成员沿用到${TO}年度`)).toBeVisible();
  await expect(page.getByTestId(`leader-tab-${TO}`)).toContainText('3人');
  await expect(page.getByTestId('leader-card-5-name')).toContainText(chairman.name);
  await expectOrder(page.getByTestId('leader-table-7'), [viceB.name, viceA.name]);

  // a new chairman for 2027: the card's 编辑 with another person's name and number
  await page.getByTestId('leader-card-5-edit').click();
  const form = page.getByTestId('leader-form-body');
  await form.getByTestId('leader-form-name').fill(newChairman.name);
  await form.getByTestId('leader-form-certNo').fill(newChairman.certNo);
  await page.getByTestId('leader-form-submit').click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(page.getByTestId('leader-card-5-name')).toContainText(newChairman.name);
  // 2026 keeps its own chairman
  await page.getByTestId(`leader-tab-${FROM}`).click();
  await expect(page.getByTestId('leader-card-5-name')).toContainText(chairman.name);

  // the Nanjing federation: the lower-level list as of 2027, and the chamber's org profile
  const context = await browser.newContext();
  const fed = await context.newPage();
  await signIn(fed, 'nj_aoc');
  await fed.goto('/gsl/portal/myApp/leader');
  await fed.getByTestId('leader-page-tab-lower').click();
  const lower = fed.getByTestId('lower');
  await lower.getByTestId('lower-search-name').fill('南京市浙江商会');
  await lower.getByRole('spinbutton', { name: '年度' }).fill(String(TO));
  await lower.getByTestId('lower-search-submit').click();
  const chamberRow = lower.locator('tbody tr[data-row-key]').filter({ hasText: '南京市浙江商会' });
  await expect(chamberRow).toHaveCount(1);
  await expect(chamberRow).toContainText(newChairman.name);
  await expect(chamberRow).toContainText(String(TO));

  await fed.getByTestId('top-menu-portal_database').click();
  await fed.getByTestId('db-nav-profile_org').click();
  await fed.getByTestId('orgprofile-tree').getByText('南京市浙江商会', { exact: true }).click();
  await expect(fed.getByTestId('orgprofile-title')).toContainText('南京市浙江商会');
  await fed.getByTestId('orgprofile-tab-leader').click();
  await fed.getByTestId('org-leader-term').getByText('全部', { exact: true }).click();
  const term = fed.getByTestId(`org-leader-term-${TO}`);
  await expect(term).toContainText(newChairman.name);
  await expect(term).not.toContainText(chairman.name);
  await expect(fed.getByTestId(`org-leader-term-${FROM}`)).toContainText(chairman.name);

  // the person's profile lists both posts: a vice-chairman of 2026 and of 2027
  await fed.getByTestId('orgprofile-page').getByTestId('db-nav-profile_person').click();
  const base = fed.getByTestId('personbase-page');
  await base.getByTestId('personbase-search-name').fill(viceA.name);
  await base.getByTestId('personbase-search-submit').click();
  const found = base.getByTestId('personbase-table').locator('tbody tr[data-row-key]');
  await expect(found).toHaveCount(1);
  await found.first().getByText(viceA.name, { exact: true }).click();
  const posts = fed.getByTestId('person-leader-posts');
  await expect(posts.getByTestId('person-leader-post')).toHaveCount(2);
  await expect(posts.getByTestId('person-leader-post').nth(0)).toContainText(`${TO}年　南京市浙江商会　副主席`);
  await expect(posts.getByTestId('person-leader-post').nth(1)).toContainText(`${FROM}年　南京市浙江商会　副主席`);
  await context.close();
});

test('大事记 and 协会基本信息: a chamber records an event, reads its 详情, and saves its base record', async ({ page }) => {
  await signIn(page, 'nj_coc');
  await page.goto('/gsl/portal/myApp');
  await page.getByTestId('myapp-association_history').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myApp\/associationHistory$/);
  const history = page.getByTestId('history-page');
  await expect(history.getByTestId('history-org')).toContainText('南京市浙江商会');

  const title = `第三届会员大会召开${RUN}`;
  await history.getByTestId('history-add').click();
  await page.getByTestId('history-form-submit').click();
  await expect(page.getByText('请选择发生日期')).toBeVisible();
  await page.getByTestId('history-form-eventDate').click();
  await page.getByTestId('history-form-eventDate').fill('2026-03-18');
  await page.getByTestId('history-form-eventDate').press('Enter');
  await page.getByTestId('history-form-title').fill(title);
  await page.getByTestId('history-form-content').fill('选举产生新一届理事会和领导班子。');
  await page.getByTestId('history-form-submit').click();
  await expect(toast(page, '新增成功')).toBeVisible();

  await history.getByTestId('history-search-title').fill(title);
  await history.getByTestId('history-search-submit').click();
  const rows = history.getByTestId('history-table').locator('tbody tr[data-row-key]');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('2026-03-18');
  await rows
    .first()
    .getByRole('button', { name: `${title}详情` })
    .click();
  const detail = page.getByTestId('history-detail');
  await expect(detail).toContainText(title);
  await expect(detail).toContainText('选举产生新一届理事会和领导班子。');
  await detail.getByRole('button', { name: 'Close' }).or(detail.locator('.ant-drawer-close')).first().click();

  // 协会基本信息: the base record of the chamber's leadership, saved and kept
  await page.goto('/gsl/portal/myApp/associationBase');
  const base = page.getByTestId('base-page');
  await expect(base.getByTestId('base-org')).toContainText('南京市浙江商会');
  const secretary = `赵秘书${RUN}`.slice(0, 20);
  await base.getByTestId('base-form-secretaryGeneral').fill(secretary);
  await base.getByTestId('base-form-councilSize').fill('45');
  await base.getByTestId('base-save').click();
  await expect(toast(page, /^(新增成功|更新成功)$/)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('base-form-secretaryGeneral')).toHaveValue(secretary);
  await expect(page.getByTestId('base-form-councilSize')).toHaveValue('45');
});
