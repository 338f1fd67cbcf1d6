import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/signOn';

/** Staff work on 1440-px screens: the lists must show their data there without the fixed 操作 covering it. */
test.use({ viewport: { width: 1440, height: 900 } });

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

/** The table's visible area (its scrolling part) and the left edge of its 操作 column. */
async function frame(table: Locator): Promise<{ view: Box; actionsLeft: number }> {
  const view = await boxOf(table.locator('.ant-table-content, .ant-table-body').first());
  const actions = table.locator('thead th').filter({ hasText: /^操作$/ });
  const actionsLeft = (await actions.count()) ? (await boxOf(actions)).x : view.x + view.width;
  return { view, actionsLeft };
}

/** A header (or a cell of its column) lies wholly in the visible area and left of 操作 — nothing to scroll to, nothing covering it. */
async function expectUncovered(table: Locator, cell: Locator, what: string): Promise<void> {
  const { view, actionsLeft } = await frame(table);
  const box = await boxOf(cell);
  expect(box.x, `${what} starts inside the table`).toBeGreaterThanOrEqual(view.x - 0.5);
  expect(box.x + box.width, `${what} ends before the fixed 操作 column`).toBeLessThanOrEqual(actionsLeft + 0.5);
  expect(box.x + box.width, `${what} ends inside the visible table`).toBeLessThanOrEqual(view.x + view.width + 0.5);
}

/** The index of a header among the table's header cells (the checkbox and 序号 included). */
async function columnOf(table: Locator, title: string): Promise<number> {
  const titles = (await table.locator('thead tr').first().locator('th').allInnerTexts()).map((t) => t.trim());
  const index = titles.indexOf(title);
  expect(index, `column ${title} among ${titles.join(', ')}`).toBeGreaterThanOrEqual(0);
  return index;
}

const firstRow = (table: Locator) => table.locator('tbody tr[data-row-key]').first();
const header = (table: Locator, title: string) => table.locator('thead th').filter({ hasText: new RegExp(`^${title}$`) });

async function open(page: Page, path: string, testId: string): Promise<Locator> {
  await page.goto(`/gsl${path}`);
  const table = page.getByTestId(testId);
  await expect(firstRow(table)).toBeVisible();
  return table;
}

test('at 1440×900 the lists show their columns beside the fixed 操作, 查看 shows no prompts, 组织档案 names its region', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');

  // 用户管理 (side menu and org tree beside it): the first user's 所属机构 is whole and not under 操作.
  const users = await open(page, '/system/user', 'user-table');
  const org = firstRow(users)
    .locator('td')
    .nth(await columnOf(users, '所属机构'));
  await expect(org).not.toHaveText('');
  await expectUncovered(users, org, '所属机构');
  // the org's name is not cut either: the cell is as wide as its text needs
  expect(await org.evaluate((td) => td.scrollWidth <= td.clientWidth)).toBe(true);

  // Its 查看: values and '-', no 请输入… / 请选择….
  await firstRow(users).getByTestId('user-row-view').click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('user-form') });
  await expect(dialog).toContainText('查看');
  const prompts = await dialog.locator('[placeholder]').evaluateAll((els) => els.map((el) => el.getAttribute('placeholder')));
  expect(prompts.filter((p) => /请输入|请选择/.test(p ?? ''))).toEqual([]);
  await expect(dialog.locator('.ant-select-placeholder').filter({ hasText: /请输入|请选择/ })).toHaveCount(0);
  await dialog.getByTestId('user-form-close').click();
  await expect(dialog).toBeHidden();

  // 数据源管理 has its icon in the side menu.
  await expect(page.locator('li.ant-menu-item', { has: page.getByTestId('side-menu-datasource') }).locator('.anticon')).toHaveCount(1);

  // 角色管理: 角色排序 shows, header and value.
  const roles = await open(page, '/authority/role', 'role-table');
  await expectUncovered(roles, header(roles, '角色排序'), '角色排序');
  await expectUncovered(
    roles,
    firstRow(roles)
      .locator('td')
      .nth(await columnOf(roles, '角色排序')),
    'the first role’s 角色排序',
  );

  // 企业会员 (no side menu on the portal): every column fits, the last ones included, without scrolling.
  const members = await open(page, '/portal/database/enterprise', 'enterprise-table');
  for (const title of ['入会日期', '会员状态', '所属组织']) await expectUncovered(members, header(members, title), title);
  const scroller = members.locator('.ant-table-content, .ant-table-body').first();
  expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

  // 组织档案: 所在地区 by name (江苏省 / …), not the code the record keeps.
  await page.goto('/gsl/portal/database/orgprofile');
  const region = page.getByTestId('orgprofile-basic').getByTestId('orgprofile-form-regionCode');
  await expect(region).toContainText('江苏省');
  await expect(region).not.toContainText(/\d{6}/);
});
