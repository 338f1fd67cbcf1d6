import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support/signOn';

/**
 * Tenant mode (TENANT_MODE=1) on a second server of its own: a tenant created by the platform
 * administrator signs on through the sign-on page with its 租户编号 and works in its own world.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
let child: ChildProcess;
let base = '';
let dataDir = '';

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => ok(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'gsl-e2e-tenant-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TENANT_MODE: '1',
    API_CRYPTO: '0',
  };
  for (const k of ['DATABASE_URL', 'NODE_ENV', 'BASE_PATH', 'SSO_URL', 'SSO_LOGOUT_URL', 'WEB_DIST', 'PUBLIC_URL', 'TRUST_PROXY']) delete env[k];
  child = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'main.js')], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  base = `http://127.0.0.1:${port}`;
  await expect(async () => expect((await fetch(`${base}/api/health`)).ok).toBe(true)).toPass({ timeout: 90_000, intervals: [250] });
});

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('租户编号 on the sign-on page: a new tenant’s admin signs on to that tenant and sees its own org', async ({ page }) => {
  // the platform administrator creates the tenant; its admin's initial password is answered once
  const token = (await (
    await fetch(`${base}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: DEMO_PASSWORD, tenantId: '000001' }),
    })
  ).json()) as { access_token: string };
  const created = (await (
    await fetch(`${base}/api/blade-system/tenant/submit`, {
      method: 'POST',
      headers: { authorization: CLIENT_BASIC, 'blade-auth': `bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tenantName: '端到端租户工商联', accountNumber: 10 }),
    })
  ).json()) as { data: { tenantId: string; adminPassword: string } };
  const { tenantId, adminPassword } = created.data;

  await page.goto(`${base}/gsl/`);
  await expect(page).toHaveURL(/\/sso\/login\?/);
  const tenantBox = page.getByTestId('sso-tenant');
  await expect(tenantBox).toHaveValue('000001'); // the default tenant, filled in
  // the tenant's admin under the default tenant: no such account there
  await page.locator('#account').fill('admin');
  await page.locator('#password').fill(adminPassword);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByTestId('sso-error')).toHaveText('用户名或密码不正确');

  // a fresh page (the failed one now asks for a captcha, for the default tenant's admin)
  await page.goto(`${base}/gsl/`);
  await page.getByTestId('sso-tenant').fill(tenantId);
  await page.locator('#account').fill('admin');
  await page.locator('#password').fill(adminPassword);
  await page.getByRole('button', { name: '登录' }).click();

  await expect(page).toHaveURL(/\/gsl\/welcome$/);
  await expect(page.getByTestId('welcome')).toContainText('端到端租户工商联');
});
