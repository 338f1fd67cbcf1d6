import type { AddressInfo } from 'node:net';
import { expect as baseExpect, test } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { signIn } from './support/signOn';

/** Unique per run: the mailbox account and the test recipient are this run's own. */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const ACCOUNT = `office-${RUN}@nj-gsl.example.cn`;
const PASSWORD = `Smtp-${RUN}-授权码`;
const TO = `check-${RUN}@example.cn`;

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** The test's own SMTP server on loopback: it accepts the mailbox's account with its password only. */
async function startSmtp(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const { SMTPServer } = await import('smtp-server');
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === ACCOUNT && auth.password === PASSWORD) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('535 Authentication failed'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('nj_aoc opens the org’s card, sets up the sender mailbox and a test send arrives at the SMTP server', async ({ page }) => {
  const smtp = await startSmtp();
  try {
    await signIn(page, 'nj_aoc');

    // 我的组织: the card of 南京市工商联 with its real counts, and the entries nj_aoc is granted
    await page.getByTestId('top-menu-portal_myorg').click();
    await expect(page).toHaveURL(/\/gsl\/portal\/myOrg$/);
    await expect(page.getByTestId('myorg-name')).toContainText('南京市');
    const card = (await callApiAsPage(page, 'GET', '/api/aoc-service/portal/myOrg')).body as { data: { staffCount: number; chamberCount: number } };
    await expect(page.getByTestId('myorg-figure-staff')).toContainText(String(card.data.staffCount));
    await expect(page.getByTestId('myorg-figure-chamber')).toContainText(String(card.data.chamberCount));
    await expect(page.getByTestId('myorg-facts')).toContainText('江苏省 / 南京市');
    await expect(page.getByTestId('myorg-entry-myorg_login')).toBeVisible();

    // 邮箱配置: the test's own SMTP server, no encryption, the account and its password
    await page.getByTestId('myorg-entry-myorg_mailbox').click();
    await expect(page).toHaveURL(/\/gsl\/portal\/myOrg\/child\/emailboxConfigure$/);
    const form = page.getByTestId('mailbox-form');
    await expect(form).toBeVisible();
    await page.getByTestId('mailbox-host').fill('127.0.0.1');
    await form.getByText('不加密', { exact: true }).click();
    await expect(page.getByTestId('mailbox-port')).toHaveValue('25');
    await page.getByTestId('mailbox-port').fill(String(smtp.port));
    await page.getByTestId('mailbox-account').fill(ACCOUNT);
    await page.getByTestId('mailbox-password').fill(PASSWORD);
    await page.getByTestId('mailbox-display-name').fill('南京市工商联办公室');
    await page.getByTestId('mailbox-save').click();
    await expect(page.getByText(/新增成功|更新成功/).first()).toBeVisible();
    // saved: the password field is empty again and only says that one is stored
    await expect(page.getByTestId('mailbox-password')).toHaveValue('');
    await expect(page.getByTestId('mailbox-password')).toHaveAttribute('placeholder', '已设置,不修改请留空');
    const stored = (await callApiAsPage(page, 'GET', '/api/aoc-service/mailbox/detail')).body as { data: Record<string, unknown> };
    expect(stored.data).toMatchObject({ account: ACCOUNT, hasPassword: true, port: smtp.port, security: 'none' });
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);

    // 测试发送: through the org's account (the stored password), received by the test's server
    await page.getByTestId('mailbox-test-to').fill(TO);
    await page.getByTestId('mailbox-test-send').click();
    await expect(page.getByTestId('mailbox-test-result')).toContainText(`已向 ${TO} 发送测试邮件`);
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(TO)).length).toBe(1);
    const mail = smtp.received.find((m) => m.to.includes(TO))!;
    expect(mail).toMatchObject({ from: ACCOUNT, user: ACCOUNT });
    expect(mail.raw).toMatch(/^Subject: /im);

    // a wrong password is refused by the server, and the page says so
    await page.getByTestId('mailbox-password').fill('not-the-password');
    await page.getByTestId('mailbox-test-send').click();
    await expect(page.getByTestId('mailbox-test-result')).toContainText('邮箱账号或密码(授权码)不正确');

    // switched off again, so later sends of the org use the platform's own channel
    await page.getByTestId('mailbox-password').fill('');
    await page.getByTestId('mailbox-enabled').click();
    await expect(page.getByTestId('mailbox-enabled')).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('mailbox-save').click();
    await expect(page.getByText('更新成功').first()).toBeVisible();
    await expect
      .poll(async () => ((await callApiAsPage(page, 'GET', '/api/aoc-service/mailbox/detail')).body as { data: { status: number } }).data.status)
      .toBe(0);
  } finally {
    await smtp.close();
  }
});

test('nj_coc completes the org’s information step by step from the card, and the card’s progress follows', async ({ page }) => {
  await signIn(page, 'nj_coc');
  await page.getByTestId('top-menu-portal_myorg').click();
  await expect(page.getByTestId('myorg-name')).toContainText('浙江商会');
  const before = ((await callApiAsPage(page, 'GET', '/api/aoc-service/portal/myOrg')).body as { data: { profileFilled: number } }).data.profileFilled;
  await page.getByTestId('myorg-guidance').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myOrg\/guidance$/);

  // 基本信息: what is filled is saved on the org profile, and the guidance moves on to 组织简介
  await expect(page.getByTestId('guidance-step-title')).toContainText('第 1 步:基本信息');
  const basic = page.getByTestId('guidance-form-basic');
  await basic.getByTestId('orgprofile-form-representative').fill(`会长${RUN}`);
  await basic.getByTestId('orgprofile-form-competentUnit').fill('南京市工商业联合会');
  await page.getByTestId('guidance-form-basic-save').click();
  await expect(page.getByTestId('guidance-step-title')).toContainText('第 2 步:组织简介');
  await page.getByTestId('guidance-form-introduction').getByTestId('orgprofile-form-introduction').fill(`在宁浙商的家园 ${RUN}`);
  await page.getByTestId('guidance-form-introduction-save').click();
  await expect(page.getByTestId('guidance-step-title')).toContainText('第 3 步:联系方式');
  // 上一步 goes back, with what was saved
  await page.getByTestId('guidance-prev').click();
  await expect(page.getByTestId('guidance-form-introduction').getByTestId('orgprofile-form-introduction')).toHaveValue(`在宁浙商的家园 ${RUN}`);

  // the card counts the new fields and names the person in charge; the detail reads them
  await page.getByRole('link', { name: '我的组织' }).click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myOrg$/);
  await expect(page.getByTestId('myorg-facts')).toContainText(`会长${RUN}`);
  const after = ((await callApiAsPage(page, 'GET', '/api/aoc-service/portal/myOrg')).body as { data: { profileFilled: number } }).data.profileFilled;
  expect(after).toBeGreaterThanOrEqual(before + 2);
  await page.getByTestId('myorg-entry-profile_org').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myOrg\/detail$/);
  await expect(page.getByTestId('org-detail-basic')).toContainText(`会长${RUN}`);
});
