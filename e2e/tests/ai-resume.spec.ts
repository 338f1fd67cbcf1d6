import { expect, test } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { REAL_NAMES, signIn } from './support/signOn';

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A resident identity number with a valid GB 11643 check character (the server checks it). */
function idNumber(): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const first17 = `32010219800612${String((Date.now() + 500) % 1000).padStart(3, '0')}`;
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * weights[i], 0);
  return first17 + '10X98765432'[sum % 11];
}

test('nj_aoc: a member’s AI简历 from its detail, a line edited and saved, 发布 after the confirmation, the preview with the viewer’s watermark', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'nj_aoc');
  const name = `简历王芳${RUN}`;
  const member = await callApiAsPage(page, 'POST', '/api/aoc-service/memberaocperson/save', {
    data: { name, certType: 1, certNo: idNumber(), phone: '13912340001', company: '南京智能制造有限公司', post: '总经理', status: 1 },
  });
  expect(member.body).toMatchObject({ code: 200 });
  const memberId = (member.body as { data: { id: string } }).data.id;

  // 数据库查询 → 个人会员 → the member's detail → AI简历 (a new tab of the second front end)
  await page.getByTestId('top-menu-portal_database').click();
  const home = page.getByTestId('database-home');
  await home.getByTestId('db-type').getByText('个人会员').click();
  await home.getByPlaceholder('请输入姓名').fill(name);
  await home.getByPlaceholder('请输入姓名').press('Enter');
  await home.getByTestId(`member-open-${memberId}`).click();
  const detail = page.getByTestId('member-detail');
  await expect(detail).toContainText(name);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), detail.getByTestId('member-detail-ai-resume').click()]);
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(new RegExp(`/model/#/ai-resume-person\\?unionId=${memberId}$`));
  await expect(tab.getByRole('heading', { name: 'AI个人简历', level: 1 })).toBeVisible();
  await expect(tab.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(tab.getByTestId('ai-mark').first()).toHaveText('AI生成');
  await expect(tab.getByTestId('resume-status')).toHaveText('草稿(未保存)');

  // a sentence drawn from 工作单位 and 职务, its sources opened from the keyboard
  const job = tab.getByRole('textbox', { name: '第2句' });
  await expect(job).toHaveValue('现任职于南京智能制造有限公司,担任总经理。');
  const sourcesButton = tab.getByRole('button', { name: '第2句的来源' });
  await sourcesButton.focus();
  await tab.keyboard.press('Enter');
  await expect(sourcesButton).toHaveAttribute('aria-expanded', 'true');
  await expect(tab.getByTestId('resume-sources')).toHaveText('来源字段:工作单位、职务');

  // edit, 保存
  await job.fill('现任南京智能制造有限公司总经理,主持公司全面工作。');
  await expect(tab.getByTestId('resume-status')).toHaveText('有未保存的修改');
  await tab.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(tab.getByText('简历已保存')).toBeVisible();
  await expect(tab.getByTestId('resume-status')).toHaveText('草稿(未发布)');

  // 发布 asks first; the confirmation publishes with the publisher as approver
  await tab.getByRole('button', { name: /^发\s*布$/ }).click();
  await expect(tab.getByText('确认发布该简历?')).toBeVisible();
  await tab.getByRole('button', { name: '确认发布' }).click();
  await expect(tab.getByText('简历已发布')).toBeVisible();
  await expect(tab.getByTestId('resume-status')).toContainText(`已发布(审核人:${REAL_NAMES.nj_aoc}`);

  // the preview: the published line, labelled, over the viewer's watermark
  const [preview] = await Promise.all([tab.context().waitForEvent('page'), tab.getByRole('link', { name: '预览已发布简历' }).click()]);
  await preview.waitForLoadState();
  await expect(preview).toHaveURL(new RegExp(`/model/#/previewResume/person\\?previewId=${memberId}$`));
  await expect(preview.getByText('现任南京智能制造有限公司总经理,主持公司全面工作。')).toBeVisible();
  await expect(preview.getByTestId('ai-mark').first()).toHaveText('AI生成');
  const mark = preview.getByTestId('resume-watermark');
  await expect(mark).toHaveAttribute('aria-hidden', 'true');
  await expect(mark.locator('span').first()).toContainText(REAL_NAMES.nj_aoc);
  await expect(mark.locator('span').first()).toHaveText(new RegExp(`^${REAL_NAMES.nj_aoc} \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$`));
  expect(await mark.locator('span').count()).toBeGreaterThan(5);
  // behind the text: the watermark takes no clicks, the text can be selected and read
  await expect(mark).toHaveCSS('pointer-events', 'none');
});
