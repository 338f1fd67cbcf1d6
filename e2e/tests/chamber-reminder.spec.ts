import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { PORTAL_DIALOGS } from './support/portalDialogs';
import { signIn } from './support/signOn';

const STATUS = '/api/mem-service/cocBigScreen/getCocBigScreenViewStatus';
const UPDATE = '/api/mem-service/cocBigScreen/updateCocBigScreenViewStatus';
const REPORT = '/api/mem-service/reportConfig/searchReportDataPage';

type Status = { viewStatus: number; cficId: string; reportCode: string };
const data = <T>(r: { body: unknown }) => (r.body as { data: T }).data;

/**
 * A new browser session of nj_coc (a chamber's staff member) whose sign-on leaves the reminder alone (the
 * other portal dialog is still closed should it open). It waits for the portal to have asked the server
 * whether the reminder was dismissed, so "no dialog" afterwards means the portal decided not to show it.
 */
async function signOnAsChamber(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const asked = page.waitForResponse((r) => r.url().includes(STATUS) && r.ok(), { timeout: 30_000 });
  await signIn(page, 'nj_coc', { keepDialogs: ['reminder'] });
  await asked;
  return page;
}

test('商会信息完善提醒: shows for a chamber with information to complete; after 不再提醒 and 关闭 it stays away at the next sign-on', async ({ browser }) => {
  test.setTimeout(120_000);
  // 1. The chamber's own org has something to fix (the report the dialog reads), and nothing was dismissed yet.
  const first = await signOnAsChamber(browser);
  const status = data<Status>(await callApiAsPage(first, 'GET', STATUS));
  expect(status.viewStatus).toBe(0);
  const report = await callApiAsPage(first, 'POST', REPORT, {
    data: { current: 1, size: 20, queryConditionMap: { cficId: status.cficId, reportCode: status.reportCode } },
  });
  const num = Number(data<{ records: Array<{ num: number | string }> }>(report).records[0].num);
  expect(num, 'the demo chamber has information to complete').toBeGreaterThan(0);

  const dialog = PORTAL_DIALOGS.reminder(first);
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText(`您管理范围内有 ${num} 家商会(协会)的组织信息尚未完善,请及时补充完善。`);
  // Closed without 不再提醒: nothing is recorded.
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  expect(data<Status>(await callApiAsPage(first, 'GET', STATUS)).viewStatus).toBe(0);
  await first.context().close();

  try {
    // 2. Signing on again: it is back. 不再提醒 (a keyboard-usable checkbox), then 关闭.
    const second = await signOnAsChamber(browser);
    const again = PORTAL_DIALOGS.reminder(second);
    await expect(again).toBeVisible({ timeout: 20_000 });
    const noMore = again.getByRole('checkbox', { name: '不再提醒' });
    await noMore.focus();
    await second.keyboard.press('Space');
    await expect(noMore).toBeChecked();
    const recorded = second.waitForResponse((r) => r.url().includes(UPDATE) && r.request().method() === 'POST');
    await again.getByRole('button', { name: '关闭' }).click();
    await expect(again).toBeHidden();
    expect((await recorded).ok()).toBe(true);
    expect(data<Status>(await callApiAsPage(second, 'GET', STATUS)).viewStatus).toBe(1);
    await second.context().close();

    // 3. A new sign-on in a new browser session: the server says dismissed, the dialog stays away.
    const third = await signOnAsChamber(browser);
    await third.waitForTimeout(2_000); // time for a dialog that would open
    await expect(PORTAL_DIALOGS.reminder(third)).toHaveCount(0);
    await expect(third.getByTestId('header-org')).toBeVisible();
    await third.context().close();
  } finally {
    // Leave the account as the seed has it (another run against the same server starts from 0 again).
    const reset = await (await browser.newContext()).newPage();
    await signIn(reset, 'nj_coc');
    await callApiAsPage(reset, 'POST', UPDATE, { data: { viewStatus: 0 } });
    await reset.context().close();
  }
});
