import { expect, test } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { signIn } from './support/signOn';

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A resident identity number with a valid GB 11643 check character (the server checks it). */
function idNumber(): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const first17 = `32010219750315${String(Date.now() % 1000).padStart(3, '0')}`;
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * weights[i], 0);
  return first17 + '10X98765432'[sum % 11];
}

test('个人会员 ↔ 人员库: a member person opens its person profile (查看人员档案), which lists its 会员身份', async ({ page }) => {
  await signIn(page, 'js_aoc');
  const name = `林卫东${RUN}`;
  const certNo = idNumber();
  // the same real person in the person base (人员库) and as a member person (个人会员)
  const profile = await callApiAsPage(page, 'POST', '/api/aoc-service/personbase/submit', { data: { name, certType: 1, certNo, phone: '13912340000' } });
  expect(profile.body).toMatchObject({ code: 200, msg: '新增成功' });
  const member = await callApiAsPage(page, 'POST', '/api/aoc-service/memberaocperson/save', {
    data: { name, certType: 1, certNo, phone: '13912340000', status: 1 },
  });
  expect(member.body).toMatchObject({ code: 200, msg: '新增成功' });
  const memberId = (member.body as { data: { id: string } }).data.id;

  // 数据库查询 → 个人会员 → the member's detail
  await page.getByTestId('top-menu-portal_database').click();
  const home = page.getByTestId('database-home');
  await home.getByTestId('db-type').getByText('个人会员').click();
  await home.getByPlaceholder('请输入姓名').fill(name);
  await home.getByPlaceholder('请输入姓名').press('Enter');
  await home.getByTestId(`member-open-${memberId}`).click();
  const detail = page.getByTestId('member-detail');
  await expect(detail).toContainText(name);

  // 查看人员档案: the profile of the same person, naming its membership
  await detail.getByTestId('member-detail-person-profile').click();
  const drawer = page.getByTestId('person-profile');
  await expect(drawer).toContainText(`人员档案：${name}`);
  const memberships = drawer.getByTestId('person-memberships');
  await expect(memberships).toContainText('会员身份');
  await expect(memberships.getByTestId('person-membership')).toHaveCount(1);
  await expect(memberships.getByTestId('person-membership')).toContainText(name);
  await expect(memberships.getByTestId('person-membership')).toContainText('正常');
});

test('商会管理 → 外省在苏商会: a chamber added and edited shows the change in its 变更记录', async ({ page }) => {
  await signIn(page, 'js_aoc');
  const name = `江苏省福建商会${RUN}`;
  await page.getByTestId('top-menu-portal_database').click();
  await page.getByTestId('db-nav-chamber').click();
  await page.getByRole('tab', { name: '外省在苏商会' }).click();
  const tab = page.getByTestId('chamber-in');
  await tab.getByTestId('chamber-in-add').click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('chamber-in-form') });
  await dialog.getByLabel('登记名称', { exact: true }).fill(name);
  await dialog.getByLabel('籍贯地区', { exact: true }).fill('福建');
  await dialog.getByTestId('chamber-in-form-submit').click();
  await expect(page.locator('.ant-message').getByText('新增成功', { exact: true }).first()).toBeVisible();

  await tab.getByTestId('chamber-in-search-name').fill(name);
  await tab.getByTestId('chamber-in-search-submit').click();
  const row = tab.getByTestId('chamber-in-table').locator('tbody tr[data-row-key]').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByTestId('chamber-in-row-edit').click();
  const edit = page.getByRole('dialog').filter({ has: page.getByTestId('chamber-in-form') });
  await edit.getByLabel('籍贯地区', { exact: true }).fill('福建省');
  await edit.getByTestId('chamber-in-form-submit').click();
  await expect(page.locator('.ant-message').getByText('更新成功', { exact: true }).first()).toBeVisible();

  await row.locator('[data-testid^="chamber-history-"]').click();
  const history = page.getByTestId('member-history-drawer');
  await expect(history).toContainText(`变更记录 - ${name}`);
  await expect(history.getByTestId('member-log-change').filter({ hasText: '籍贯地区' })).toHaveText('籍贯地区：福建 → 福建省');
  await expect(history).toContainText('新增');
});
