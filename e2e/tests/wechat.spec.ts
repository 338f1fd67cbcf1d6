import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_WECHAT_USER } from '../wechat-fake';
import { openSignOn, REAL_NAMES, signIn } from './support/signOn';

/**
 * 绑定微信 and WeChat sign-on against the stand-in for WeChat that global-setup starts (wechat-fake.ts):
 * its QR page acts as if the test user scanned it and confirmed on the phone, so opening it is the scan.
 */

/** A browser of its own (no session): on the sign-on page, 微信登录, and where WeChat's return lands. */
async function wechatSignOn(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignOn(page);
  await page.getByRole('link', { name: '微信登录' }).click();
  return page;
}

test('绑定微信: scan to bind, then sign on with WeChat; after 解除绑定 WeChat no longer signs on', async ({ page, browser }) => {
  // Three browsers sign on in turn (the user, then WeChat sign-on twice): more than one screen's worth.
  test.setTimeout(150_000);
  await signIn(page, 'nj_coc');
  // Opening the address loads the whole app again (session, menus) before the screen.
  await page.goto('/gsl/portal/myCenter/boundWeixin');
  await expect(page.getByRole('heading', { name: '绑定微信' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('wx-unbound')).toContainText('您尚未绑定微信');

  await page.getByTestId('wx-start').click();
  await expect(page.getByRole('img', { name: '微信扫码页面的二维码' })).toBeVisible();
  await expect(page.getByTestId('wx-attempt-status')).toContainText('等待扫码');

  // Opening WeChat's QR page in its new tab stands for the scan: WeChat returns that tab to the portal.
  // (The link opens it without an opener, so the tab is the context's new page rather than a popup.)
  const [wechatTab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: /打开微信扫码页面/ }).click()]);
  await expect(wechatTab.getByTestId('wx-bind-result')).toContainText('绑定成功');
  await expect(wechatTab.getByTestId('wx-bind-result')).toContainText(E2E_WECHAT_USER.nickname);
  await wechatTab.close();

  // The page that asked learns it by itself.
  await expect(page.getByTestId('wx-nickname')).toHaveText(E2E_WECHAT_USER.nickname);
  await expect(page.getByTestId('wx-bound')).toContainText('绑定时间');

  const other = await wechatSignOn(browser);
  await expect(other).toHaveURL(/\/gsl\/welcome$/);
  await expect(other.getByTestId('welcome')).toContainText(`欢迎您，${REAL_NAMES.nj_coc}`);
  await other.context().close();

  await page.getByRole('button', { name: '解除绑定' }).click();
  await expect(page.getByText('确定解除微信绑定?解除后将不能再用该微信扫码登录。')).toBeVisible();
  await page.getByTestId('wx-unbind-confirm').click();
  await expect(page.getByTestId('wx-unbound')).toBeVisible();

  const refused = await wechatSignOn(browser);
  await expect(refused.getByTestId('sso-error')).toHaveText('该微信未绑定账号');
  await expect(refused.getByTestId('sso-retry')).toBeVisible();
  await refused.context().close();
});
