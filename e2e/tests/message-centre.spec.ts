import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { signIn } from './support/signOn';

/** Unique per run, so this run's messages are told apart from earlier ones. */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

// Two or three accounts sign in per journey, and delivery goes through the outbox worker: more than the default 45 s.
test.describe.configure({ timeout: 120_000 });

const bell = (page: Page) => page.getByTestId('header-bell');
const unreadOf = async (page: Page) => Number(await bell(page).getAttribute('data-unread'));

/** 业务应用 → 消息中心, as a user finds it. */
async function openCompose(page: Page): Promise<void> {
  await page.goto('/gsl/portal/myApp');
  await page.getByTestId('myapp-message').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myApp\/message$/);
  await expect(page.getByRole('tab', { name: '发送消息' })).toBeVisible();
}

/** Picks a channel, fills the form and ticks the tags; answers the distinct count the page shows in its confirmation. */
async function compose(
  page: Page,
  o: { channel: '系统通知' | '短信' | '邮件'; title?: string; content: string; tags: string[]; urgent?: boolean },
): Promise<void> {
  await page.getByTestId('msg-channel').getByText(o.channel, { exact: true }).click();
  if (o.title !== undefined) await page.getByLabel('标题', { exact: true }).fill(o.title);
  await page.getByLabel('内容', { exact: true }).fill(o.content);
  for (const tag of o.tags) await page.getByRole('checkbox', { name: tag, exact: true }).check();
  if (o.urgent) await page.getByRole('checkbox', { name: /^紧急发送/ }).check();
}

/** Sends after the confirmation (确定向N人发送?) and answers N. */
async function confirmSend(page: Page): Promise<number> {
  await page.getByRole('button', { name: /发送$/ }).last().click();
  const confirm = page.getByRole('dialog').filter({ hasText: /确定向\d+人发送/ });
  await expect(confirm).toBeVisible();
  const n = Number(/确定向(\d+)人发送/.exec((await confirm.textContent()) ?? '')![1]);
  const answer = page.waitForResponse((r) => /\/api\/msg-center\/(sys|sms|email)\/send/.test(r.url()));
  await page.getByTestId('msg-send-confirm').click();
  expect((await answer).status()).toBe(200);
  return n;
}

test('a notice reaches the recipient live, is read there, and the sender sees it read', async ({ browser }) => {
  const sender = await browser.newContext();
  const receiver = await browser.newContext();
  const a = await sender.newPage();
  const b = await receiver.newPage();
  await signIn(a, 'nj_aoc');
  await signIn(b, 'nj_coc');
  await expect(bell(b)).toBeVisible();
  await expect.poll(() => b.getByTestId('header-bell').getAttribute('data-unread')).not.toBeNull();
  const before = await unreadOf(b);

  const title = `关于召开理事会的通知${RUN}`;
  await openCompose(a);
  await compose(a, { channel: '系统通知', title, content: '请各商会秘书长准时参加。', tags: ['商会工作人员'] });
  const n = await confirmSend(a);
  expect(n).toBeGreaterThan(0);

  // nj_coc's open page learns of it without a reload: the badge grows by one.
  await expect.poll(() => unreadOf(b), { timeout: 5_000 }).toBe(before + 1);
  await expect(bell(b)).toHaveAttribute('aria-label', `消息,${before + 1}条未读`);

  await bell(b).click();
  await expect(b).toHaveURL(/\/gsl\/portal\/myDay\/bigmsg$/);
  // The inbox of 消息 (我的一天, kept open in its own tab, lists the notice too, hidden).
  await b.getByTestId('inbox').getByText(title, { exact: true }).click();
  await expect(b.getByRole('dialog').getByText('请各商会秘书长准时参加。')).toBeVisible();
  await expect.poll(() => unreadOf(b)).toBe(before);

  // The sender's detail of the send shows nj_coc's copy read.
  await a.getByRole('tab', { name: '已发送' }).click();
  await a.getByRole('button', { name: `详情 ${title}` }).click();
  const recipients = a.getByTestId('msg-recipients');
  const row = recipients.locator('tbody tr').filter({ hasText: '方海涛' });
  await expect(row).toContainText('已读');

  await sender.close();
  await receiver.close();
});

test('an SMS to a range appears on 短信发件箱 once per recipient', async ({ page, browser }) => {
  await signIn(page, 'nj_aoc');
  await openCompose(page);
  const content = `年报填报提醒${RUN}`;
  // 紧急: quiet hours (21:00–08:00) would otherwise hold the message when the suite runs at night.
  await compose(page, { channel: '短信', content, tags: ['企业会员'], urgent: true });
  await expect(page.getByText(/计费\s*1\s*条|1\s*条/).first()).toBeVisible();
  const n = await confirmSend(page);
  expect(n).toBeGreaterThan(0);

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  // The outbox worker delivers within a second or two; the screen lists what the SMS outbox provider holds.
  await expect
    .poll(
      async () => {
        const res = await callApiAsPage(admin, 'GET', '/api/msg-center/sms-outbox/list', { params: { current: 1, size: 5000 } });
        const records = (res.body as { data: { records: Array<{ content: string }> } }).data.records;
        return records.filter((r) => r.content.includes(content)).length;
      },
      { timeout: 20_000 },
    )
    .toBe(n);
  await admin.goto('/gsl/system/smsOutbox');
  await expect(admin.getByText(content).first()).toBeVisible();
  await admin.context().close();
});

test('an e-mail arrives at the SMTP server with its body sanitised', async ({ page }) => {
  await signIn(page, 'nj_aoc');
  await openCompose(page);
  const subject = `座谈会邀请${RUN}`;
  await compose(page, {
    channel: '邮件',
    title: subject,
    content: `<p>请准时出席 invite-${RUN}</p><script>alert('x')</script><img src=x onerror="alert(1)">`,
    tags: ['工商联工作人员'],
  });
  const n = await confirmSend(page);
  expect(n).toBeGreaterThan(0);

  const dir = process.env.E2E_MAIL_DIR!;
  const arrived = () =>
    readdirSync(dir)
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .filter((raw) => raw.includes(`invite-${RUN}`) || decodeMime(raw).includes(`invite-${RUN}`));
  await expect.poll(() => arrived().length, { timeout: 20_000 }).toBe(n);
  const body = decodeMime(arrived()[0]);
  expect(body).toContain(`invite-${RUN}`);
  expect(body).not.toMatch(/<script|onerror|alert\(/);
});

/** The text of a message's parts, with quoted-printable and base64 undone (what nodemailer writes). */
function decodeMime(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((p) => {
      const [head, ...rest] = p.split(/\r?\n\r?\n/);
      const body = rest.join('\n');
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        return Buffer.from(
          body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
      }
      return body;
    })
    .join('\n');
}
