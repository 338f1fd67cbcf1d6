import { expect, test } from '@playwright/test';
import { clearLoginFailures, DEMO_PASSWORD, openSignOn, passwordGrant, readApiBody, solvedCaptcha, submitSignOn, WRONG_PASSWORD } from './support/signOn';

test('a wrong password is refused and the next attempt needs the captcha', async ({ page, request }) => {
  try {
    await openSignOn(page);
    await submitSignOn(page, 'nj_coc', WRONG_PASSWORD);

    await expect(page).toHaveURL(/\/sso\/login$/); // the form posted back to itself
    await expect(page.getByTestId('sso-error')).toHaveText('用户名或密码不正确');
    await expect(page.getByRole('alert')).toHaveText('用户名或密码不正确');
    const captcha = page.getByTestId('sso-captcha');
    await expect(captcha).toBeVisible();
    await expect(captcha).toHaveAttribute('src', /^data:image\//);
    await expect(page.locator('#account')).toHaveValue('nj_coc'); // the account is kept, the password is not
    await expect(page.locator('#password')).toHaveValue('');

    // Without a captcha the browser itself will not send the form (the field is required)...
    await page.locator('#password').fill(DEMO_PASSWORD);
    await page.evaluate(() => ((window as unknown as { e2eSamePage: boolean }).e2eSamePage = true));
    await page.getByRole('button', { name: '登录' }).click();
    expect(await page.locator('#captchaCode').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true); // not sent
    await expect(page.getByTestId('sso-error')).toHaveText('用户名或密码不正确');

    // ...and the sign-on portal refuses such a submission too (the browser's check switched off).
    await page.getByTestId('sso-form').evaluate((form: HTMLFormElement) => {
      form.noValidate = true;
    });
    await page.locator('#password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByTestId('sso-error')).toHaveText('请输入验证码');
    await expect(page.getByTestId('sso-captcha')).toBeVisible();
    await expect(page).toHaveURL(/\/sso\/login$/);
  } finally {
    await clearLoginFailures(request, 'nj_coc');
  }
});

test('five failures lock the account: even the right password is refused', async ({ page, request }) => {
  // js_aoc is used by no other test: it stays locked for LOGIN_LOCK_MINUTES (30) in this database.
  await openSignOn(page);
  await submitSignOn(page, 'js_aoc', WRONG_PASSWORD); // failure 1, in the browser
  await expect(page.getByTestId('sso-error')).toHaveText('用户名或密码不正确');
  await expect(page.getByTestId('sso-captcha')).toBeVisible();

  // Failures 2..5 through the token endpoint, which asks for the captcha after a failure as the page does.
  const unanswered = await passwordGrant(request, 'js_aoc', WRONG_PASSWORD);
  expect(((await readApiBody(request, await unanswered.text())) as { error_description?: string }).error_description).toBe('请输入验证码');
  for (let attempt = 2; attempt <= 5; attempt++) {
    const res = await passwordGrant(request, 'js_aoc', WRONG_PASSWORD, await solvedCaptcha(request));
    expect(res.status(), `attempt ${attempt}`).toBe(400);
    const body = (await readApiBody(request, await res.text())) as { error_description?: string; msg?: string };
    const message = body.error_description ?? body.msg ?? '';
    if (attempt < 5) expect(message, `attempt ${attempt}`).toBe('用户名或密码不正确');
    else expect(message, 'the fifth failure locks').toMatch(/^登录错误次数过多/);
  }

  // The right password (with any captcha: the lock is checked first) is refused.
  await submitSignOn(page, 'js_aoc', DEMO_PASSWORD, 'abcd');
  await expect(page).toHaveURL(/\/sso\/login$/);
  await expect(page.getByTestId('sso-error')).toHaveText(/^登录错误次数过多/);
  await expect(page.getByTestId('sso-error')).toContainText('分钟后自动解锁');
  await expect(page.getByTestId('sso-form')).toBeVisible();

  // The token endpoint refuses the right password as well.
  expect((await passwordGrant(request, 'js_aoc', DEMO_PASSWORD)).status()).toBe(400);
});
