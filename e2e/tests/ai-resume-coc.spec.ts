import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { REAL_NAMES, signIn } from './support/signOn';

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

test('nj_coc: the chamber’s AI简历 from its 大事记, saved, 发布 after the confirmation, exported with the AI label from the résumé and the preview', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, 'nj_coc');
  // The chamber's own org (associationbase answers it by default) and a 大事记 the résumé tells.
  const base = await callApiAsPage(page, 'GET', '/api/aoc-service/associationbase/detail');
  const cocId = (base.body as { data: { deptId: string } }).data.deptId;
  const title = `商会简历年会${RUN}`;
  const event = await callApiAsPage(page, 'POST', '/api/aoc-service/associationhistory/submit', { data: { eventDate: '2025-03-18', title } });
  expect(event.body).toMatchObject({ code: 200 });

  await page.goto(`/model/#/ai-resume-coc?cocId=${cocId}`);
  await expect(page.getByRole('heading', { name: 'AI商会简历', level: 1 })).toBeVisible();
  await expect(page.getByTestId('ai-mark').first()).toHaveText('AI生成');
  await expect(page.getByTestId('resume-status')).toHaveText('草稿(未保存)');

  // the 大事记's sentence, its source the row it came from (opened from the keyboard)
  const lines = page.getByRole('textbox', { name: /^第\d+句$/ });
  const texts = await lines.evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value));
  const at = texts.findIndex((t) => t.includes(title));
  expect(at, texts.join('\n')).toBeGreaterThanOrEqual(0);
  expect(texts[at]).toBe(`2025年3月18日,${title}。`);
  const sources = page.getByRole('button', { name: `第${at + 1}句的来源` });
  await sources.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('resume-sources')).toHaveText(`来源字段:大事记·2025-03-18 ${title}`);

  // edit the first sentence, 保存, 发布 after the confirmation
  await lines.first().fill(`本商会简历已人工审阅${RUN}。`);
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('简历已保存')).toBeVisible();
  await page.getByRole('button', { name: /^发\s*布$/ }).click();
  await page.getByRole('button', { name: '确认发布' }).click();
  await expect(page.getByTestId('resume-status')).toContainText(`已发布(审核人:${REAL_NAMES.nj_coc}`);

  // 导出: an HTML file carrying the visible mark and the AIGC metadata
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('resume-export').click()]);
  expect(download.suggestedFilename()).toMatch(/AI简历-工作稿-\d{8}\.html$/);
  const html = await readFile((await download.path())!, 'utf8');
  expect(html).toContain('<span class="ai-mark" data-aigc="explicit">AI生成</span>');
  expect(html).toContain(`本商会简历已人工审阅${RUN}。`);
  expect(html).toMatch(/<meta name="AIGC" content="\{&quot;Label&quot;:&quot;1&quot;/);
  expect(html).toContain(`<meta name="aigc:approvedBy" content="${REAL_NAMES.nj_coc}">`);

  // the preview: the published lines over the viewer's watermark, and its own 导出 of them
  const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: '预览已发布简历' }).click()]);
  await preview.waitForLoadState();
  await expect(preview).toHaveURL(new RegExp(`/model/#/previewResume/coc\\?previewId=${cocId}$`));
  await expect(preview.getByText(`本商会简历已人工审阅${RUN}。`)).toBeVisible();
  await expect(preview.getByTestId('resume-watermark').locator('span').first()).toContainText(REAL_NAMES.nj_coc);
  const [published] = await Promise.all([preview.waitForEvent('download'), preview.getByTestId('resume-export').click()]);
  expect(published.suggestedFilename()).toMatch(/AI简历-已发布-\d{8}\.html$/);
  const publishedHtml = await readFile((await published.path())!, 'utf8');
  expect(publishedHtml).toContain('<meta name="aigc:source" content="published">');
  expect(publishedHtml).toContain('本内容由人工智能生成');

  // a name that is no résumé kind is the 404 page
  await page.goto('/model/#/ai-resume-unknown');
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
});

test('nj_coc: another chamber’s résumé is not found', async ({ page }) => {
  await signIn(page, 'nj_coc');
  const list = await callApiAsPage(page, 'GET', '/api/ai-service/resume/coc/detail', { params: { id: '1' } });
  expect(list.status).toBe(404);
  await page.goto('/model/#/ai-resume-coc?cocId=1');
  await expect(page.getByText('AI简历加载失败')).toBeVisible();
});
