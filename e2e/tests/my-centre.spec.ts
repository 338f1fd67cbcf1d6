import { expect as baseExpect, test, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { openSignOn, openUserMenu, passwordGrant, readApiBody, signIn, solvedCaptcha, submitSignOn } from './support/signOn';

/** Unique per run: the account and the numbers are this run's own (a number gets 10 codes a day). */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const ACCOUNT = `mycenter_${RUN}`;
const FIRST_PASSWORD = 'Center2026a';
const NEW_PASSWORD = 'Center2026b';
const mobile = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const masked = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;

// Two accounts sign in, and the codes travel through the outbox worker: more than the default 45 s. On a
// loaded machine one screen may take longer than the default 10 s to answer: waits are limits, not targets.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** The administrator creates a chamber staff account like nj_coc's (same org and roles), with a phone. */
async function createAccount(admin: Page, phone: string): Promise<void> {
  const found = await callApiAsPage(admin, 'GET', '/api/blade-user/page', { params: { account: 'nj_coc', current: 1, size: 10 } });
  const model = (found.body as { data: { records: Array<{ account: string; deptId: string; roleIds: string }> } }).data.records.find(
    (r) => r.account === 'nj_coc',
  )!;
  const res = await callApiAsPage(admin, 'POST', '/api/blade-user/submit', {
    data: {
      account: ACCOUNT,
      password: FIRST_PASSWORD,
      password2: FIRST_PASSWORD,
      realName: '个人中心测试',
      phone,
      deptId: model.deptId,
      roleIds: model.roleIds,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The verification code 短信发件箱 holds for the number (the administrator reads it, as the outbox screen shows it). */
async function codeFromOutbox(admin: Page, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await callApiAsPage(admin, 'GET', '/api/msg-center/sms-outbox/list', { params: { mobile: phone, current: 1, size: 50 } });
        const records = (res.body as { data: { records: Array<{ mobile: string; content: string }> } }).data.records;
        const hit = records.find((r) => r.mobile === phone && /验证码为\d{6}/.test(r.content));
        code = hit ? /验证码为(\d{6})/.exec(hit.content)![1] : '';
        return code;
      },
      { timeout: 60_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

test('a user changes the password and the phone in 个人中心; the old password is refused at sign-on', async ({ page, browser, request }) => {
  const oldPhone = mobile();
  const newPhone = mobile();
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  await createAccount(admin, oldPhone);

  // The user signs on and opens 个人中心 from the header's menu.
  await openSignOn(page);
  await submitSignOn(page, ACCOUNT, FIRST_PASSWORD);
  await expect(page).toHaveURL(/\/gsl\/welcome$/);
  await page.getByTestId('enter-workbench').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);
  await openUserMenu(page);
  await page.getByTestId('menu-center').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myCenter\/basicInformation$/);
  await expect(page.getByTestId('my-account')).toHaveText(ACCOUNT);
  await expect(page.getByTestId('my-phone')).toHaveText(masked(oldPhone));

  // 修改密码: the new password by the strength rule; the user stays signed on.
  const nav = page.getByRole('navigation', { name: '个人中心' });
  await nav.getByRole('link', { name: '修改密码' }).click();
  await page.getByLabel('原密码').fill(FIRST_PASSWORD);
  await page.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('确认新密码').fill(NEW_PASSWORD);
  await page.getByTestId('my-password-submit').click();
  await expect(page.getByTestId('my-password-done')).toContainText('密码修改成功');
  await nav.getByRole('link', { name: '登录信息' }).click();
  const signOns = page.getByTestId('my-logins').locator('tbody tr.ant-table-row');
  await expect(signOns.filter({ hasText: '成功' }).first()).toBeVisible();
  // Still signed on after a reload: the page reads the history again with the same session.
  await page.reload();
  await expect(page).toHaveURL(/\/gsl\/portal\/myCenter\/loginInfo$/);
  await expect(signOns.filter({ hasText: '成功' }).first()).toBeVisible();

  // 更换手机号: a code to the number bound now, then one to the new number, both read from 短信发件箱.
  await nav.getByRole('link', { name: '绑定手机' }).click();
  await expect(page.getByTestId('my-bound-phone')).toHaveText(masked(oldPhone));
  await page.getByTestId('my-go-change').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myCenter\/changingPhone$/);
  await page.getByTestId('my-current-code-send').click();
  await expect(page.getByTestId('my-current-code-send')).toHaveText(/\d+秒后重新获取/);
  await page.getByLabel('验证码').fill(await codeFromOutbox(admin, oldPhone));
  await page.getByTestId('my-verify-current-submit').click();

  await page.getByLabel('手机号码').fill(newPhone);
  await page.getByTestId('my-new-phone-code-send').click();
  await expect(page.getByTestId('my-new-phone-code-send')).toHaveText(/\d+秒后重新获取/);
  await page.getByLabel('验证码').fill(await codeFromOutbox(admin, newPhone));
  await page.getByTestId('my-new-phone-submit').click();
  await expect(page.getByTestId('my-change-result')).toContainText('手机号码更换成功');
  await expect(page.getByTestId('my-change-result')).toContainText(masked(newPhone));
  await page.getByTestId('my-change-done').click();
  await expect(page.getByTestId('my-bound-phone')).toHaveText(masked(newPhone));
  await adminContext.close();

  // At sign-on the old password is refused; the new one signs on.
  const other = await browser.newContext();
  const signOn = await other.newPage();
  await openSignOn(signOn);
  await submitSignOn(signOn, ACCOUNT, FIRST_PASSWORD);
  await expect(signOn.getByTestId('sso-error')).toHaveText('用户名或密码不正确');
  await other.close();
  const granted = await passwordGrant(request, ACCOUNT, NEW_PASSWORD, await solvedCaptcha(request));
  expect(granted.status()).toBe(200);
  expect(((await readApiBody(request, await granted.text())) as { account?: string }).account).toBe(ACCOUNT);
});
