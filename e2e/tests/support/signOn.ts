import { createDecipheriv } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readCaptcha } from './captcha';
import { closePortalDialogsInTheWay, type PortalDialog } from './portalDialogs';

/** Password of every demo account (server/src/db/seed). */
export const DEMO_PASSWORD = 'Demo@2026';
export const WRONG_PASSWORD = 'Wrong@2026';
export const TENANT_ID = '000001';

/** The demo accounts' real names, as the welcome page and the header greet them. */
export const REAL_NAMES = {
  admin: '系统管理员',
  js_aoc: '周立新',
  nj_aoc: '陈思远',
  nj_coc: '方海涛',
} as const;
export type DemoAccount = keyof typeof REAL_NAMES;

const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/**
 * Opens the portal; without a session it must land on the sign-on portal's form. The portal's own dialogs
 * are closed should they open later (support/portalDialogs.ts), except those a spec is about (`keepDialogs`).
 */
export async function openSignOn(page: Page, { keepDialogs = [] }: { keepDialogs?: PortalDialog[] } = {}): Promise<void> {
  await closePortalDialogsInTheWay(page, { except: keepDialogs });
  await page.goto('/gsl/');
  await expect(page).toHaveURL(/\/sso\/login\?/);
  await expect(page.getByTestId('sso-form')).toBeVisible();
}

/** Fills the sign-on form and submits it (captcha only when given). */
export async function submitSignOn(page: Page, account: string, password: string, captcha?: string): Promise<void> {
  await page.locator('#account').fill(account);
  await page.locator('#password').fill(password);
  if (captcha !== undefined) await page.locator('#captchaCode').fill(captcha);
  await page.getByRole('button', { name: '登录' }).click();
}

/**
 * Signs in through the sign-on page and lands on /gsl/welcome. With `enter` (default) the user
 * then clicks 进入工作台 and lands on the portal home, /gsl/portal/myDay.
 */
export async function signIn(
  page: Page,
  account: DemoAccount,
  { enter = true, keepDialogs = [] }: { enter?: boolean; keepDialogs?: PortalDialog[] } = {},
): Promise<void> {
  await openSignOn(page, { keepDialogs });
  await submitSignOn(page, account, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/gsl\/welcome$/);
  await expect(page.getByTestId('welcome')).toContainText(`欢迎您，${REAL_NAMES[account]}`);
  if (!enter) return;
  await page.getByTestId('enter-workbench').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);
  await expect(page.getByTestId('header-org')).toBeVisible();
}

/** Opens the header's user dropdown (it opens on hover or click) and waits for its items. */
export async function openUserMenu(page: Page): Promise<void> {
  const lock = page.getByTestId('menu-lock');
  await expect(async () => {
    if (!(await lock.isVisible())) await page.getByTestId('user-dropdown').click();
    await expect(lock).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 10_000 });
  // A click while the menu still slides in can be lost: wait until its opening motion has ended.
  const menu = page.locator('.ant-dropdown').filter({ has: lock });
  await expect(menu).not.toHaveClass(/-(appear|enter)(\s|$)/);
}

/**
 * The password grant of the token endpoint, as an API client (not the browser) would call it: the
 * password in the body (the server refuses it in the address), the captcha, when one is needed
 * (after a failure), in the Captcha-Key / Captcha-Code headers.
 */
export async function passwordGrant(request: APIRequestContext, username: string, password: string, captcha?: Record<string, string>) {
  return request.post('/api/blade-auth/oauth/token', {
    form: { grant_type: 'password', username, password, tenantId: TENANT_ID },
    headers: { Authorization: CLIENT_BASIC, ...(captcha ?? {}) },
  });
}

/** A new captcha from the API, read (support/captcha.ts): the headers that answer it. */
export async function solvedCaptcha(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.get('/api/blade-auth/oauth/captcha', { headers: { Authorization: CLIENT_BASIC } });
  expect(res.status(), 'captcha').toBe(200);
  const { key, image } = (await readApiBody(request, await res.text())) as { key: string; image: string };
  return { 'Captcha-Key': key, 'Captcha-Code': readCaptcha(image) };
}

/**
 * A successful password login clears the account's failure count, so later sign-ins through the
 * page need no captcha again. Tests that make an account fail call this when they are done (the
 * failure makes the grant ask for a captcha too, which is answered).
 */
export async function clearLoginFailures(request: APIRequestContext, account: DemoAccount): Promise<void> {
  const res = await passwordGrant(request, account, DEMO_PASSWORD, await solvedCaptcha(request));
  expect(res.status(), `password grant for ${account} should succeed`).toBe(200);
}

/** Decrypts an /api answer: base64(AES-256-CBC(JSON)), key = runtime aesKey, IV = its first 16 chars. */
export async function readApiBody(request: APIRequestContext, body: string): Promise<unknown> {
  const js = await (await request.get('/gsl/app-config.js')).text();
  const cfg = JSON.parse(js.slice(js.indexOf('{'), js.lastIndexOf('}') + 1)) as { aesKey: string };
  const key = Buffer.from(cfg.aesKey, 'utf8');
  const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
  const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(text);
}
