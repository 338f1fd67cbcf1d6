import { expect, test } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { signIn } from './support/signOn';

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A unified social credit code with a valid GB 32100 check character (the server checks it). */
function creditCode(): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const first17 = `91320100${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
  const sum = [...first17].reduce((s, c, i) => s + chars.indexOf(c) * weights[i], 0);
  return first17 + chars[(31 - (sum % 31)) % 31];
}

test('nj_aoc: a member enterprise’s AI画像 by URL — tags labelled AI生成 with their rules and sources on hover and focus, figures, a chart with its table', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'nj_aoc');
  const name = `画像科技有限公司${RUN}`;
  const member = await callApiAsPage(page, 'POST', '/api/aoc-service/memberaocenterprise/save', {
    data: {
      name,
      creditCode: creditCode(),
      legalPerson: '王建国',
      industry: '软件和信息技术服务业',
      scale: 4,
      memberType: 1,
      memberLevel: 3,
      joinDate: '2012-03-01',
    },
  });
  expect(member.body).toMatchObject({ code: 200 });
  const memberId = (member.body as { data: { id: string } }).data.id;

  await page.goto(`/model/#/ai-properties-company?unionId=${memberId}`);
  await expect(page.getByRole('heading', { name: 'AI企业画像', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByTestId('portrait-ai-mark').first()).toHaveText('AI生成');
  await expect(page.getByTestId('portrait-summary')).toContainText('所属行业为软件和信息技术服务业');

  // Tags derived from the stored fields; hovering one shows its rule and source fields.
  const tags = page.getByTestId('portrait-tags');
  for (const label of ['民营企业', '大型企业', '规上企业', '软件和信息技术服务业', '常务理事单位', '会员年限≥10年'])
    await expect(tags.getByRole('button', { name: label, exact: true })).toBeVisible();
  await tags.getByRole('button', { name: '规上企业', exact: true }).hover();
  await expect(page.getByRole('tooltip')).toContainText('规则:企业规模为中型或大型;来源字段:企业规模');
  await page.mouse.move(0, 0);
  // From the keyboard: focus shows them too (and they are the tag's description for screen readers).
  const senior = tags.getByRole('button', { name: '会员年限≥10年', exact: true });
  await senior.focus();
  await expect(page.getByRole('tooltip').filter({ hasText: '来源字段:入会日期' })).toBeVisible();
  await expect(senior).toHaveAccessibleDescription(/规则:入会满\d+年;来源字段:入会日期/);

  // Figures and the chart with its text alternative and table.
  await expect(page.getByTestId('portrait-figure-scale')).toContainText('大型');
  const chart = page.getByTestId('portrait-chart-years');
  await expect(chart.getByRole('heading', { name: '入会年限对比' })).toBeVisible();
  await expect(chart.getByRole('img', { name: new RegExp(`^入会年限对比:${name} \\d+(\\.\\d)?年`) })).toBeVisible();
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.getByRole('table', { name: '入会年限对比数据表' }).getByRole('rowheader', { name })).toBeVisible();

  // A member that does not exist (or is outside the scope): said in place.
  await page.goto('/model/#/ai-properties-company?unionId=1');
  await expect(page.getByText('AI画像加载失败')).toBeVisible();
});
