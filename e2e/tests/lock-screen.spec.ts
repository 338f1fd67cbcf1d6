import { expect, test } from '@playwright/test';
import { readCaptcha } from './support/captcha';
import { clearLoginFailures, DEMO_PASSWORD, openUserMenu, signIn, WRONG_PASSWORD } from './support/signOn';

test('锁屏 locks every route until the account password is given', async ({ page, request }) => {
  try {
    await signIn(page, 'nj_aoc');
    await openUserMenu(page);
    await page.getByTestId('menu-lock').click();

    await expect(page).toHaveURL(/\/gsl\/lock$/);
    const lock = page.getByTestId('lock-screen');
    await expect(lock).toBeVisible();
    await expect(page.getByTestId('lock-user')).toHaveText('陈思远');
    await expect(lock).toContainText('账号：nj_aoc');
    await expect(page.getByTestId('header-org')).toHaveCount(0);

    // Typing a portal address while locked leads back to the lock screen.
    await page.goto('/gsl/portal/myDay');
    await expect(page).toHaveURL(/\/gsl\/lock$/);
    await expect(page.getByTestId('lock-screen')).toBeVisible();

    // An empty password is asked for; a wrong one is refused.
    await page.getByTestId('unlock-submit').click();
    await expect(page.getByTestId('unlock-form')).toContainText('请输入密码');
    await page.getByTestId('unlock-password').fill(WRONG_PASSWORD);
    await page.getByTestId('unlock-submit').click();
    await expect(page.getByTestId('unlock-form')).toContainText('用户名或密码不正确');
    await expect(page).toHaveURL(/\/gsl\/lock$/);

    // After the failure a captcha is asked for too; the right password with its answer unlocks and
    // returns to where the user was.
    const captcha = page.getByRole('img', { name: '验证码图片' });
    await expect(captcha).toBeVisible();
    await page.getByTestId('unlock-password').fill(DEMO_PASSWORD);
    await page.getByTestId('unlock-captcha').fill(readCaptcha((await captcha.getAttribute('src'))!));
    await page.getByTestId('unlock-submit').click();
    await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);
    await expect(page.getByTestId('lock-screen')).toHaveCount(0);
    await expect(page.getByTestId('header-org')).toHaveText('南京市工商业联合会');
    await expect(page.getByTestId('top-menu-portal_myday')).toHaveAttribute('aria-current', 'page');

    // Unlocked for good: a reload stays in the portal.
    await page.reload();
    await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);
    await expect(page.getByTestId('header-org')).toBeVisible();
  } finally {
    await clearLoginFailures(request, 'nj_aoc'); // the wrong unlock password counted as a failure
  }
});
