import { expect, test } from '@playwright/test';
import { signIn } from './support/signOn';

/** Unique per run, so this run's suggestion and reply are told apart from earlier ones. */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

// Two accounts sign in, one after the other.
test.describe.configure({ timeout: 180_000 });

test('a user sends a suggestion from 客服中心, the administrator replies, and the reply reaches the user’s 消息', async ({ browser }) => {
  const userContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const user = await userContext.newPage();
  const admin = await adminContext.newPage();

  // 客服中心: six common questions, and the suggestion form (content is required).
  await signIn(user, 'nj_coc');
  await user.goto('/gsl/portal/cases');
  await expect(user.getByTestId('six-questions').getByRole('link')).toHaveCount(6);
  const content = `希望会员导入能提示重复的信用代码 ${RUN}`;
  await user.getByTestId('suggestion-submit').click();
  await expect(user.getByText('请输入意见建议内容')).toBeVisible();
  await user.getByLabel('意见建议').fill(content);
  await user.getByLabel('联系方式').fill('13900001111');
  const sent = user.waitForResponse((r) => r.url().includes('/api/aoc-service/suggestion/submit'));
  await user.getByTestId('suggestion-submit').click();
  expect((await sent).status()).toBe(200);
  await expect(user.getByTestId('my-suggestions').getByText(content)).toBeVisible();

  // The administrator finds it under 系统管理 › 意见建议 and replies.
  await signIn(admin, 'admin');
  await admin.goto('/gsl/system/suggestion');
  const screen = admin.getByTestId('suggestion');
  const row = screen.locator('tbody tr').filter({ hasText: RUN });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('待回复')).toBeVisible();
  await row.getByRole('button', { name: '回复' }).click();
  const reply = `已列入下个版本计划 ${RUN}`;
  await admin.getByTestId('suggestion-reply').fill(reply);
  const replied = admin.waitForResponse((r) => r.url().includes('/api/aoc-service/suggestion/reply'));
  await admin.getByRole('button', { name: '发送回复' }).click();
  expect((await replied).status()).toBe(200);
  await expect(row.getByText('已回复')).toBeVisible();

  // The reply is in the user's 消息 (我的一天 › 消息), and on their own suggestion.
  await user.goto('/gsl/portal/myDay/bigmsg');
  const notice = user.getByTestId('inbox').getByText('您的意见建议已收到回复', { exact: true }).first();
  await notice.click();
  await expect(user.getByRole('dialog').getByText(reply, { exact: false })).toBeVisible();
  await user.goto('/gsl/portal/cases');
  await expect(user.getByTestId('my-suggestions').locator('tr').filter({ hasText: RUN }).getByText(reply)).toBeVisible();

  await userContext.close();
  await adminContext.close();
});
