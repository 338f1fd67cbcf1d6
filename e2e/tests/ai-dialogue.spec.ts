import { expect, test, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { signIn } from './support/signOn';

type Data<T> = { body: { data: T } };
const api = async <T>(page: Page, path: string, params?: Record<string, string>) =>
  ((await callApiAsPage(page, 'GET', path, { params })) as unknown as Data<T>).body.data;

/** Types a question and sends it with Enter; the newest answer once it is complete. */
async function ask(page: Page, question: string) {
  const before = await page.getByTestId('ai-answer').count();
  await page.getByLabel('向AI助手提问').fill(question);
  await page.getByLabel('向AI助手提问').press('Enter');
  const answer = page.getByTestId('ai-answer').nth(before);
  await expect(answer).toHaveAttribute('data-status', '0', { timeout: 30_000 });
  return answer;
}

test('AI 对话: nj_aoc asks how many enterprise members a district has and gets the member calls’ figure; a Suzhou org is outside his data', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'nj_aoc');
  await page.getByTestId('header-ai').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/aiDialogue$/);
  // The page's code loads on first use: a generous limit on a loaded machine.
  await expect(page.getByLabel('向AI助手提问')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('ai-usage')).toContainText('内置助手');

  // 江宁区's federation as the cockpit lists Nanjing's districts, and its member count.
  const summary = await api<{ byArea: Array<{ name: string; deptId: string }> }>(page, '/api/aoc-service/portal/cockpit/summary');
  const jiangning = summary.byArea.find((b) => b.name === '南京市江宁区工商联');
  expect(jiangning).toBeTruthy();
  const count = await api<{ enterprise: number }>(page, '/api/aoc-service/member/member-count', { deptId: jiangning!.deptId });

  const first = await ask(page, '江宁区有多少企业会员?');
  await expect(first).toContainText('AI生成');
  await expect(first).toContainText(`南京市江宁区工商联(含下属组织,在您的数据范围内)共有企业会员 ${count.enterprise} 家。`);
  // The conversation is kept under the question, and is the one open.
  const item = page.getByTestId('ai-conversations').getByRole('button', { name: /^江宁区有多少企业会员/ });
  await expect(item).toHaveAttribute('aria-current', 'true');

  const second = await ask(page, '苏州市工商联有多少企业会员?');
  await expect(second).toContainText('在您的数据范围内没有找到“苏州市工商联”,无法回答它的会员数量。');

  // After a reload the whole conversation is still there.
  await page.reload();
  await page
    .getByTestId('ai-conversations')
    .getByRole('button', { name: /^江宁区有多少企业会员/ })
    .click();
  await expect(page.getByTestId('ai-question')).toHaveCount(2);
  await expect(page.getByTestId('ai-answer')).toHaveCount(2);
});
