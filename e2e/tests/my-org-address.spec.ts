import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { passwordGrant, readApiBody, signIn, solvedCaptcha } from './support/signOn';

/** Unique per run: the account is this run's own. */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const ACCOUNT = `addrbook_${RUN}`;
const PASSWORD = 'Address2026a';
const REAL_NAME = `通讯录测试${RUN.slice(-4)}`;

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** The administrator creates a federation staff account of 南京市工商联 like nj_aoc's (same org and roles), in the address book. */
async function createAccount(admin: Page): Promise<void> {
  const found = await callApiAsPage(admin, 'GET', '/api/blade-user/page', { params: { account: 'nj_aoc', current: 1, size: 10 } });
  const model = (found.body as { data: { records: Array<{ account: string; deptId: string; roleIds: string }> } }).data.records.find(
    (r) => r.account === 'nj_aoc',
  )!;
  const res = await callApiAsPage(admin, 'POST', '/api/blade-user/submit', {
    data: {
      account: ACCOUNT,
      password: PASSWORD,
      password2: PASSWORD,
      realName: REAL_NAME,
      phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      deptId: model.deptId,
      roleIds: model.roleIds,
      profileTag: 'aoc',
      isAddressBook: 1,
      seq: 900,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The names of the book's rows, in the order shown. */
async function namesIn(book: Locator): Promise<string[]> {
  const rows = book.getByTestId('gsl-book-row');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((trs) => trs.map((tr) => (tr as HTMLTableRowElement).cells[1]?.textContent?.trim() ?? ''));
}

test('nj_aoc reorders the federation address book (the order holds after a reload) and removes a person, whose account still signs on', async ({
  page,
  browser,
  request,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  await createAccount(admin);
  await adminContext.close();

  await signIn(page, 'nj_aoc');
  await page.goto('/gsl/portal/myOrg/gslAddress');
  await expect(page.getByRole('heading', { name: '工商联通讯录' })).toBeVisible();
  const book = page.getByTestId('gsl-book');
  await expect(book.getByRole('cell', { name: REAL_NAME, exact: true })).toBeVisible();
  const before = await namesIn(book);
  expect(before.length).toBeGreaterThan(2);

  // 下移 on the first person, by keyboard: the first two change places and the move is announced.
  const firstDown = book.getByRole('button', { name: `下移 ${before[0]}` });
  await firstDown.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('gsl-book-live')).toHaveText(`${before[0]} 已移到第 2 位,共 ${before.length} 位`);
  const moved = [before[1], before[0], ...before.slice(2)];
  await expect.poll(() => namesIn(book)).toEqual(moved);

  // 上移 by mouse on the last person: it comes one place up.
  const last = moved[moved.length - 1];
  await book.getByRole('button', { name: `上移 ${last}` }).click();
  const final = [...moved.slice(0, -2), last, moved[moved.length - 2]];
  await expect.poll(() => namesIn(book)).toEqual(final);

  // The order is the server's: it holds after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: '工商联通讯录' })).toBeVisible();
  await expect.poll(() => namesIn(page.getByTestId('gsl-book'))).toEqual(final);

  // 移出通讯录 after a confirmation: the person leaves the book (also after a reload), the account stays.
  const row = page.getByTestId('gsl-book').getByTestId('gsl-book-row').filter({ hasText: REAL_NAME });
  await row.getByRole('button', { name: `将 ${REAL_NAME} 移出通讯录` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('账号不会被删除');
  // antd spaces a two-character button label (移 出): the button is found by its test id.
  await page.getByTestId('gsl-book-remove-ok').click();
  await expect(page.getByText('已移出通讯录')).toBeVisible();
  await expect(page.getByTestId('gsl-book').getByRole('cell', { name: REAL_NAME, exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('gsl-book').getByTestId('gsl-book-row').first()).toBeVisible();
  await expect(page.getByTestId('gsl-book').getByRole('cell', { name: REAL_NAME, exact: true })).toHaveCount(0);

  // The removed person's account still signs on.
  let granted = await passwordGrant(request, ACCOUNT, PASSWORD);
  if (granted.status() !== 200) granted = await passwordGrant(request, ACCOUNT, PASSWORD, await solvedCaptcha(request));
  expect(granted.status()).toBe(200);
  expect(((await readApiBody(request, await granted.text())) as { account?: string }).account).toBe(ACCOUNT);
});

test('nj_aoc adds a contact-only entry to the federation address book: it shows after a reload, tagged 联系人, and cannot sign on (no account)', async ({
  page,
  request,
}) => {
  const contactName = `联系人${RUN.slice(-4)}`;
  const contactPhone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await signIn(page, 'nj_aoc');
  await page.goto('/gsl/portal/myOrg/gslAddress');
  await expect(page.getByRole('heading', { name: '工商联通讯录' })).toBeVisible();
  await expect(page.getByTestId('gsl-book').getByTestId('gsl-book-row').first()).toBeVisible();
  await page.getByTestId('gsl-book-add').click();

  // 新增 offers two ways: 选择账号 (today's) and 新增联系人.
  await expect(page.getByRole('tab', { name: '选择账号' })).toBeVisible();
  await page.getByRole('tab', { name: '新增联系人' }).click();
  await expect(page.getByText('联系人只登记在通讯录中,不创建账号,不能登录系统。')).toBeVisible();
  const save = page.getByTestId('gsl-add-contact-save');
  await save.click();
  await expect(page.getByText('请输入姓名')).toBeVisible();
  await page.getByLabel('姓名').fill(contactName);
  await page.getByLabel('职务').fill('办公室联络员');
  await page.getByLabel('手机号码').fill('1371234');
  await page.getByLabel('职务').focus();
  await expect(page.getByText('手机号码长度不为11位')).toBeVisible();
  await page.getByLabel('手机号码').fill(contactPhone);
  await save.click();
  await expect(page.getByText('新增成功')).toBeVisible();

  // Back in the book: the contact is there, tagged 联系人, with its masked phone; also after a reload.
  await expect(page.getByRole('heading', { name: '工商联通讯录' })).toBeVisible();
  const rowOf = () => page.getByTestId('gsl-book').getByTestId('gsl-book-row').filter({ hasText: contactName });
  await expect(rowOf()).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('heading', { name: '工商联通讯录' })).toBeVisible();
  await expect(rowOf()).toHaveCount(1);
  await expect(rowOf()).toContainText('联系人');
  await expect(rowOf()).toContainText(`${contactPhone.slice(0, 3)}****${contactPhone.slice(-4)}`);
  await expect(rowOf().getByRole('button', { name: `删除联系人 ${contactName}` })).toBeVisible();
  await expect(rowOf().getByRole('button', { name: `将 ${contactName} 移出通讯录` })).toHaveCount(0);

  // The book's answer marks it a contact without an account; there is nothing to sign on with.
  const listed = await callApiAsPage(page, 'GET', '/api/blade-user/userProfile/aoc/currentOrgUserList', { params: { current: 1, size: 500 } });
  const entry = (listed.body as { data: { records: Array<{ realName: string; entryType: string; account: string | null }> } }).data.records.find(
    (r) => r.realName === contactName,
  );
  expect(entry).toMatchObject({ entryType: 'contact', account: null });
  for (const username of [contactName, contactPhone]) {
    const refused = await passwordGrant(request, username, PASSWORD);
    expect(refused.status(), username).not.toBe(200);
    expect(await refused.text()).not.toContain('access_token');
  }
});
