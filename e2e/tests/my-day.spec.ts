import { expect, test, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { signIn } from './support/signOn';

/** Unique per run, so this run's notice and note are told apart from earlier ones. */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

// Three accounts sign in through the sign-on pages (the slow part on a loaded machine); a limit, not a speed target.
test.describe.configure({ timeout: 240_000 });

type Envelope<T> = { code: number; msg: string; data: T };
type Pending = Array<{ key: string; count: number }>;

/** A to-do's count as the server answers it (0 when the kind is left out). */
async function pendingCount(page: Page, key: string): Promise<number> {
  const res = await callApiAsPage(page, 'GET', '/api/aoc-service/my-day/pending');
  return (res.body as Envelope<Pending>).data.find((i) => i.key === key)?.count ?? 0;
}

/**
 * The count a to-do shows on My day (0 when My day leaves it out). Read in one look: a count() then a
 * textContent() could see the badge and then wait the whole poll for it once a refetch left the kind out.
 */
async function shownCount(page: Page, key: string): Promise<number> {
  const [text] = await page.getByTestId(`myday-todo-count-${key}`).allTextContents();
  return text === undefined ? 0 : Number(text);
}

/** nj_coc writes a report for a year it has none for and submits it to the org above (南京市工商联). */
async function submitReport(coc: Page): Promise<void> {
  const info = await callApiAsPage(coc, 'GET', '/api/aoc-service/portal/deptInfo/detail');
  const deptId = (info.body as Envelope<{ deptId: string }>).data.deptId;
  for (let year = 2001; year < 2020; year++) {
    const draft = await callApiAsPage(coc, 'POST', '/api/aoc-service/orgprofile/annualreport/submit', {
      data: { deptId, year, title: `${year}年度工作报告`, content: '全年发展会员32家,开展活动12次。' },
    });
    const saved = draft.body as Envelope<{ id: string; version: number }>;
    if (saved.code !== 200) continue; // 该组织该年度的年报已存在: another year
    const sent = await callApiAsPage(coc, 'POST', '/api/aoc-service/orgprofile/annualreport/report', {
      data: { id: saved.data.id, version: saved.data.version },
    });
    expect((sent.body as Envelope<unknown>).msg).toBe('提交成功');
    return;
  }
  throw new Error('no free year for a report');
}

test('my day: a chamber’s submitted report and a notice are to-dos until done, and a note is written and deleted', async ({ browser }) => {
  const aoc = await (await browser.newContext()).newPage();
  await signIn(aoc, 'nj_aoc'); // signing on lands on My day
  await expect(aoc.getByTestId('myday-greeting')).toContainText('陈思远');
  await expect(aoc.getByTestId('myday-org')).toContainText('南京市工商联');
  await expect(aoc.getByTestId('myday-summary')).toBeVisible();

  // A chamber below submits its annual report: one more 待审核的年报, linking to where it is reviewed.
  const reviewBefore = await pendingCount(aoc, 'profile.annual-review');
  const coc = await (await browser.newContext()).newPage();
  await signIn(coc, 'nj_coc');
  await submitReport(coc);
  await aoc.reload();
  await expect(aoc.getByTestId('myday-pending')).toBeVisible({ timeout: 30_000 });
  await expect(aoc.getByTestId('myday-todo-count-profile.annual-review')).toHaveText(String(reviewBefore + 1));
  await expect(aoc.getByTestId('myday-todo-profile.annual-review')).toHaveAttribute('href', '/gsl/portal/database/orgprofile');
  await expect(aoc.getByTestId('myday-todo-profile.annual-review')).toContainText('待审核的年报');

  // js_aoc sends a notice to the federations' staff: 未读消息 grows on nj_aoc's open page without a reload.
  const unreadBefore = await shownCount(aoc, 'msg.unread');
  const js = await (await browser.newContext()).newPage();
  await signIn(js, 'js_aoc');
  const title = `关于报送年度工作总结的通知${RUN}`;
  const sent = await callApiAsPage(js, 'POST', '/api/msg-center/sys/send', {
    data: { title, content: '请于本月底前报送。', range: { items: [{ tagType: 'aoc' }] } },
  });
  expect(sent.status).toBe(200);
  await expect.poll(() => shownCount(aoc, 'msg.unread'), { timeout: 15_000 }).toBe(unreadBefore + 1);

  // Read on My day: the to-do count drops.
  const notices = aoc.getByTestId('myday-notices');
  const row = notices.locator('li').filter({ hasText: title });
  await expect(row).toContainText('未读');
  await row.getByRole('button', { name: `标为已读 ${title}` }).click();
  await expect(row).toContainText('已读');
  await expect.poll(() => shownCount(aoc, 'msg.unread')).toBe(unreadBefore);

  // A note for today from the card, then deleted on 记事本.
  const note = `给玄武区商会回电话${RUN}`;
  await aoc.getByLabel('今日记事内容').fill(note);
  await aoc.getByTestId('myday-note-add').click();
  await expect(aoc.getByTestId('myday-notes').getByText(note)).toBeVisible();
  await aoc.getByTestId('myday-notes-all').click();
  await expect(aoc).toHaveURL(/\/gsl\/portal\/myDay\/notepadList$/);
  const noteRow = aoc.getByTestId('notepad-table').locator('tbody tr').filter({ hasText: note });
  // The screen's code loads on first use: a generous limit on a loaded machine.
  await expect(noteRow).toBeVisible({ timeout: 30_000 });
  await noteRow.getByTestId('notepad-row-delete').click();
  await expect(aoc.getByText('确定将选择数据删除?')).toBeVisible();
  await aoc.getByTestId('notepad-delete-confirm').click();
  await expect(aoc.locator('.ant-message').getByText('删除成功')).toBeVisible();
  await expect(noteRow).toHaveCount(0);

  await js.context().close();
  await coc.context().close();
  await aoc.context().close();
});
