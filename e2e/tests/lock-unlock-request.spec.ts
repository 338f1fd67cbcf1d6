import { expect, test, type Request } from '@playwright/test';
import { readCaptcha } from './support/captcha';
import { clearLoginFailures, DEMO_PASSWORD, openUserMenu, signIn, WRONG_PASSWORD } from './support/signOn';

test('unlocking sends the password in the request body, never in its URL; after a failure it asks for a captcha', async ({ page, request }) => {
  const tokenCalls: Request[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/blade-auth/oauth/token')) tokenCalls.push(req);
  });
  const unlockCalls = () => tokenCalls.filter((req) => (req.postData() ?? '').includes('grant_type=password'));

  try {
    await signIn(page, 'nj_aoc');
    await openUserMenu(page);
    await page.getByTestId('menu-lock').click();
    await expect(page).toHaveURL(/\/gsl\/lock$/);

    // The password field is labelled; no captcha before a failure.
    await expect(page.getByLabel('登录密码')).toBeVisible();
    await expect(page.getByLabel('验证码', { exact: true })).toBeHidden();

    await page.getByLabel('登录密码').fill(DEMO_PASSWORD);
    await page.getByTestId('unlock-submit').click();
    await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);

    expect(unlockCalls()).toHaveLength(1);
    const [unlock] = unlockCalls();
    expect(unlock.method()).toBe('POST');
    expect(new URL(unlock.url()).search).toBe('');
    expect(unlock.url()).not.toContain('password');
    expect(unlock.url()).not.toContain(encodeURIComponent(DEMO_PASSWORD));
    expect(unlock.headers()['content-type']).toContain('application/x-www-form-urlencoded');
    const form = new URLSearchParams(unlock.postData() ?? '');
    expect(form.get('username')).toBe('nj_aoc');
    expect(form.get('password')).toBe(DEMO_PASSWORD);
    expect((await unlock.response())?.status()).toBe(200);

    // Locked again: a wrong password is refused, and the form now shows a captcha.
    await openUserMenu(page);
    await page.getByTestId('menu-lock').click();
    await expect(page).toHaveURL(/\/gsl\/lock$/);
    await page.getByLabel('登录密码').fill(WRONG_PASSWORD);
    await page.getByTestId('unlock-submit').click();
    await expect(page.getByTestId('unlock-form')).toContainText('用户名或密码不正确');
    const image = page.getByRole('img', { name: '验证码图片' });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    const captchaInput = page.getByLabel('验证码', { exact: true });
    await expect(captchaInput).toBeVisible();

    // Clicking the image (a labelled button, reachable by keyboard) fetches another one.
    const first = await image.getAttribute('src');
    const renew = page.getByRole('button', { name: '看不清？点击换一张验证码' });
    await renew.focus();
    await page.keyboard.press('Enter');
    await expect(image).not.toHaveAttribute('src', first!);

    // The right password and the captcha's answer unlock.
    await page.getByLabel('登录密码').fill(DEMO_PASSWORD);
    await captchaInput.fill(readCaptcha((await image.getAttribute('src'))!));
    await page.getByTestId('unlock-submit').click();
    await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);
    await expect(page.getByTestId('header-org')).toBeVisible();

    const last = unlockCalls().at(-1)!;
    expect(last.headers()['captcha-key']).toBeTruthy();
    expect(last.headers()['captcha-code']).toBeTruthy();
    for (const call of unlockCalls()) expect(call.url()).not.toContain('password');
  } finally {
    await clearLoginFailures(request, 'nj_aoc');
  }
});
