import { expect, test, type Page } from '@playwright/test';
import { chooseOption } from './support/select';
import { signIn } from './support/signOn';

/** Unique per run, so the names never meet an earlier run's rows. */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A resident identity card number with a valid GB 11643 check character (the server checks it). */
function idCardNo(): string {
  const day = new Date(Date.UTC(1960, 0, 1) + Math.floor(Math.random() * 40 * 365) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const body = `320102${day}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, c, i) => s + Number(c) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();

async function pick(page: Page, testId: string, option: string) {
  await chooseOption(page, page.getByTestId(testId), option);
}

test('人员库: staff add a person with a valid ID number, open the profile and add a 履历 row', async ({ page }) => {
  await signIn(page, 'js_aoc');
  await page.getByTestId('top-menu-portal_database').click();
  await page.getByTestId('db-nav-profile_person').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/database\/personbase$/);
  const screen = page.getByTestId('personbase-page');

  const name = `王晓明${RUN}`.slice(0, 20);
  const certNo = idCardNo();
  await screen.getByTestId('personbase-add').click();
  const form = page.getByTestId('personbase-form');
  await form.getByTestId('personbase-form-name').fill(name);
  await form.getByTestId('personbase-form-certNo').fill(certNo);
  await form.getByTestId('personbase-form-nativePlace').fill('江苏南京');
  await page.getByTestId('personbase-form-submit').click();
  await expect(toast(page, '新增成功')).toBeVisible();

  await screen.getByTestId('personbase-search-name').fill(name);
  await screen.getByTestId('personbase-search-submit').click();
  const rows = screen.getByTestId('personbase-table').locator('tbody tr[data-row-key]');
  await expect(rows).toHaveCount(1);
  // masked as the server answers it (staff lack 查看敏感信息)
  await expect(rows.first()).toContainText(`${certNo.slice(0, 3)}***********${certNo.slice(-4)}`);

  await rows.first().getByText(name, { exact: true }).click();
  const profile = page.getByTestId('person-profile');
  await expect(profile).toContainText('江苏南京');
  await expect(profile).toContainText(`${certNo.slice(6, 10)}-${certNo.slice(10, 12)}-${certNo.slice(12, 14)}`); // birth date from the number
  await profile.getByTestId('person-profile-tab-experience').click();
  await profile.getByTestId('person-experience-add').click();
  const row = page.getByTestId('person-experience-form');
  await pick(page, 'person-experience-form-kind', '工作经历');
  await row.getByTestId('person-experience-form-startDate').click();
  await row.getByTestId('person-experience-form-startDate').fill('2010-07-01');
  await row.getByTestId('person-experience-form-startDate').press('Enter');
  await row.getByTestId('person-experience-form-orgName').fill('南京某科技有限公司');
  await row.getByTestId('person-experience-form-title').fill('总经理');
  await page.getByTestId('person-experience-form-submit').click();
  await expect(toast(page, '新增成功').last()).toBeVisible();
  const experience = profile.getByTestId('person-experience-table').locator('tbody tr[data-row-key]');
  await expect(experience).toHaveCount(1);
  await expect(experience.first()).toContainText('2010-07-01');
  await expect(experience.first()).toContainText('南京某科技有限公司');
});

test('组织档案: staff open their org’s profile and save a field', async ({ page }) => {
  await signIn(page, 'js_aoc');
  await page.getByTestId('top-menu-portal_database').click();
  await page.getByTestId('db-nav-profile_org').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/database\/orgprofile$/);
  const screen = page.getByTestId('orgprofile-page');
  // their own org is chosen first
  await expect(screen.getByTestId('orgprofile-title')).toContainText('江苏省工商联');
  const form = screen.getByTestId('orgprofile-basic');
  const english = `Jiangsu Federation of Industry and Commerce ${RUN}`;
  await form.getByTestId('orgprofile-form-englishName').fill(english);
  await form.getByTestId('orgprofile-basic-save').click();
  await expect(
    page
      .locator('.ant-message')
      .getByText(/^(新增成功|更新成功)$/)
      .first(),
  ).toBeVisible();

  // saved: it is there after a reload, and the contact info saves on the same record
  await page.reload();
  await expect(screen.getByTestId('orgprofile-form-englishName')).toHaveValue(english);
  await screen.getByTestId('orgprofile-tab-contact').click();
  const contact = screen.getByTestId('orgprofile-contact');
  await contact.getByTestId('orgprofile-form-contactPhone').fill('12345');
  await contact.getByTestId('orgprofile-form-contactPhone').blur();
  await expect(contact).toContainText('联系电话格式不正确');
  await contact.getByTestId('orgprofile-form-contactPhone').fill('025-84561234');
  await contact.getByTestId('orgprofile-contact-save').click();
  await expect(toast(page, '更新成功')).toBeVisible();
});
