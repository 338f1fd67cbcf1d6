import { expect, test } from '@playwright/test';
import { signIn } from './support/signOn';

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/**
 * AI 主页 (README deviation 62): nj_aoc opens 我的组织 → AI主页, edits a sentence of the generated
 * introduction, saves and publishes it; nj_coc (a chamber on the Nanjing federation's line) then reads the
 * published page on the second front end, read-only, and the chamber's own page stays editable for it.
 */
test('nj_aoc edits and publishes its org’s AI主页; nj_coc, inside its line, reads it published', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, 'nj_aoc');
  await page.getByTestId('top-menu-portal_myorg').click();
  await expect(page.getByTestId('myorg-name')).toContainText('南京市');
  await page.goto('/gsl/portal/myOrg/aiHome');
  const screenBox = page.getByTestId('myorg-aihome');
  await expect(screenBox.getByRole('heading', { name: 'AI主页', level: 2 })).toBeVisible();
  await expect(screenBox.getByRole('heading', { name: /^南京市/, level: 3 })).toBeVisible();
  await expect(screenBox.getByTestId('ai-mark')).toHaveText('AI生成');
  for (const h of ['组织简介', '领导班子', '会员数据', '最新动态', '联系方式'])
    await expect(screenBox.getByRole('heading', { name: h, level: 4 })).toBeVisible();

  // The first sentence, drawn from the org's name, region and kind, edited and saved.
  const first = screenBox.getByRole('textbox', { name: '简介第1句' });
  await expect(first).toHaveValue(/^南京市.*位于/);
  await expect(screenBox.getByText(/^来源:组织名称、所在地区/).first()).toBeVisible();
  const text = `南京市工商联是南京市民营经济人士的人民团体和商会组织(${RUN})。`;
  await first.fill(text);
  await expect(screenBox.getByTestId('aihome-status')).toContainText('有未保存的修改');
  await screenBox.getByTestId('aihome-save').click();
  await expect(screenBox.getByText('AI主页已保存')).toBeVisible();

  // 发布 asks first.
  await screenBox.getByTestId('aihome-publish').click();
  await page.getByRole('button', { name: '确认发布' }).click();
  await expect(screenBox.getByText('AI主页已发布')).toBeVisible();
  await expect(screenBox.getByTestId('aihome-status')).toContainText('已发布(陈思远');

  // 预览: the /model page as its readers see it, read-only.
  const href = await screenBox.getByTestId('aihome-preview').getAttribute('href');
  expect(href).toMatch(/\/model\/#\/ai-homepage-aoc\?deptId=\d+&noEdit=true$/);
  const deptId = /deptId=(\d+)/.exec(href!)![1];
  const [tab] = await Promise.all([page.context().waitForEvent('page'), screenBox.getByTestId('aihome-preview').click()]);
  await expect(tab.getByRole('heading', { name: /^南京市/, level: 1 })).toBeVisible();
  await expect(tab.getByText(text)).toBeVisible();
  await expect(tab.getByRole('textbox')).toHaveCount(0);
  await tab.close();

  // nj_coc (南京市浙江商会, below the Nanjing federation) reads the published page, without editing it.
  const coc = await (await browser.newContext()).newPage();
  await signIn(coc, 'nj_coc');
  await coc.goto(`/model/#/ai-homepage-aoc?deptId=${deptId}`);
  const main = coc.getByRole('main');
  await expect(main.getByRole('heading', { name: /^南京市/, level: 1 })).toBeVisible();
  await expect(main.getByText(text)).toBeVisible();
  await expect(main.getByTestId('aihome-status')).toContainText('已发布');
  await expect(main.getByRole('textbox')).toHaveCount(0);
  await expect(main.getByTestId('aihome-publish')).toHaveCount(0);

  // Its own chamber's page is its to edit (a draft, not published).
  await coc.goto('/model/#/ai-homepage-coc');
  await expect(coc.getByRole('heading', { name: /浙江商会/, level: 1 })).toBeVisible();
  await expect(coc.getByRole('textbox', { name: '简介第1句' })).toBeVisible();
  await expect(coc.getByTestId('aihome-status')).toContainText('未发布');
  await coc.context().close();
});
