import { expect, test } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { REAL_NAMES, signIn } from './support/signOn';

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A resident identity number with a valid GB 11643 check character (the server checks it). */
function idNumber(): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const first17 = `32010219810715${String((Date.now() + 700) % 1000).padStart(3, '0')}`;
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * weights[i], 0);
  return first17 + '10X98765432'[sum % 11];
}

test('nj_aoc shares a published AI简历: the link opens read-only in a browser with no session, with the watermark; after 撤销 it is invalid', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'nj_aoc');
  const name = `分享李娜${RUN}`;
  const phone = '13912340002';
  const member = await callApiAsPage(page, 'POST', '/api/aoc-service/memberaocperson/save', {
    data: { name, certType: 1, certNo: idNumber(), phone, company: '南京分享科技有限公司', post: '董事长', status: 1 },
  });
  expect(member.body).toMatchObject({ code: 200 });
  const memberId = (member.body as { data: { id: string } }).data.id;
  // The résumé is written and published as ai-resume.spec.ts does it in the page (here through the same API).
  const draft = await callApiAsPage(page, 'GET', '/api/ai-service/resume/person/detail', { params: { id: memberId } });
  const lines = (draft.body as { data: { lines: unknown[] } }).data.lines;
  expect((await callApiAsPage(page, 'POST', '/api/ai-service/resume/person/save', { data: { id: memberId, version: 0, lines } })).body).toMatchObject({
    code: 200,
  });
  expect((await callApiAsPage(page, 'POST', '/api/ai-service/resume/person/publish', { data: { id: memberId, version: 1 } })).body).toMatchObject({
    code: 200,
  });
  const job = '现任职于南京分享科技有限公司,担任董事长。';

  // 简历预览 → 分享 → 生成链接 → 复制链接
  await page.goto(`/model/#/previewResume/person?previewId=${memberId}`);
  await expect(page.getByText(job)).toBeVisible();
  await page.getByRole('button', { name: /分\s*享/ }).click();
  const dialog = page.getByRole('dialog', { name: '分享简历' });
  await expect(dialog.getByText('暂无分享链接')).toBeVisible();
  await dialog.getByRole('button', { name: /生成链接/ }).click();
  const link = dialog.getByLabel('分享链接', { exact: true });
  await expect(link).toHaveValue(/\/gsl\/subapp\/static\/share\?code=[A-Za-z0-9_-]{43}$/);
  const url = await link.inputValue();
  await expect(dialog.getByText(/^有效期至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  await dialog.getByRole('button', { name: '复制链接' }).click();
  await expect(dialog.getByText('链接已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(dialog.getByTestId('share-item')).toHaveCount(1);

  // A browser with no session at all opens the link: the published text, labelled, with the watermark.
  const stranger = await browser.newContext();
  const guest = await stranger.newPage();
  await guest.goto(url);
  await expect(guest).toHaveURL(/\/model\/#\/subapp\/static\/share\?code=/);
  await expect(guest.getByRole('heading', { name: 'AI个人简历', level: 1 })).toBeVisible();
  await expect(guest.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(guest.getByText(job)).toBeVisible();
  await expect(guest.getByTestId('ai-mark').first()).toHaveText('AI生成');
  await expect(guest.getByTestId('share-banner')).toHaveText(`分享自 ${REAL_NAMES.nj_aoc} · 仅供查看`);
  await expect(guest.getByTestId('share-watermark').locator('span').first()).toHaveText(`分享自 ${REAL_NAMES.nj_aoc} · 仅供查看`);
  await expect(guest.getByText(/^链接有效期至 /)).toBeVisible();
  await expect(guest.locator('body')).not.toContainText(phone);

  // 撤销: the same link now says it is invalid.
  await dialog.getByRole('button', { name: /^撤销 / }).click();
  await expect(dialog.getByText('分享链接已撤销')).toBeVisible();
  await expect(dialog.getByText('已撤销', { exact: true })).toBeVisible();
  await guest.reload();
  await expect(guest.getByRole('alert')).toContainText('分享链接无效或已过期');
  await expect(guest.getByText(job)).toHaveCount(0);
  await stranger.close();
});
