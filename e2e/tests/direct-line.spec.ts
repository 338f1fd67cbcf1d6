import { expect, test, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { DEMO_PASSWORD, openSignOn, passwordGrant, readApiBody, signIn, submitSignOn } from './support/signOn';

/** Unique per run, so this run's messages are told apart from earlier ones. */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

// Two accounts sign in and talk back and forth: more than the default 45 s.
test.describe.configure({ timeout: 120_000 });

const chatBadge = (page: Page) => page.getByTestId('header-chat');
const unreadOf = async (page: Page) => Number(await chatBadge(page).getAttribute('data-unread'));

interface Person {
  userId: string;
  name: string;
}

/** nj_aoc's first colleague on 内部直通车 (a demo staff member of 南京市工商联), and their account, read as the administrator. */
async function colleagueOf(page: Page): Promise<Person & { account: string }> {
  const list = await callApiAsPage(page, 'GET', '/api/aoc-service/through-train/user/list', { params: { current: 1, size: 10 } });
  const first = (list.body as { data: { records: Person[] } }).data.records[0];
  expect(first, 'nj_aoc has a colleague in 南京市工商联').toBeTruthy();
  const grant = await passwordGrant(page.request, 'admin', DEMO_PASSWORD);
  const text = (await grant.text()).trim();
  const token = ((text.startsWith('{') ? JSON.parse(text) : await readApiBody(page.request, text)) as { access_token: string }).access_token;
  const res = await page.request.get('/api/blade-user/detail', {
    params: { id: first.userId },
    headers: { Authorization: CLIENT_BASIC, 'Blade-Auth': `bearer ${token}` },
  });
  const body = (await readApiBody(page.request, (await res.text()).trim())) as { data: { account: string } };
  return { ...first, account: body.data.account };
}

/** Signs in a demo staff account that is not one of the four fixed ones, and enters the portal. */
async function signInAs(page: Page, account: string): Promise<void> {
  await openSignOn(page);
  await submitSignOn(page, account, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/gsl\/welcome$/);
  await page.getByTestId('enter-workbench').click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myDay$/);
  await expect(chatBadge(page)).toHaveAttribute('data-unread', /\d+/);
}

/** From 我的一天's shortcuts, opens 内部直通车 and the conversation with `name` from its list. */
async function openConversation(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name: '内部直通车' }).click();
  await expect(page).toHaveURL(/\/gsl\/portal\/myDay\/connectInside$/);
  const list = page.getByRole('list', { name: '内部直通车通讯录' });
  await list.getByRole('button', { name: new RegExp(name) }).click();
  await expect(page.getByRole('region', { name: `与${name}的对话` })).toBeVisible();
}

async function say(page: Page, name: string, text: string): Promise<void> {
  const box = page.getByRole('region', { name: `与${name}的对话` }).getByLabel('消息内容');
  await box.fill(text);
  const sent = page.waitForResponse((r) => r.url().includes('/api/aoc-service/chat/send'));
  await box.press('Enter');
  expect((await sent).status()).toBe(200);
}

test('a colleague receives a direct-line message live, reads it, and the answer arrives live', async ({ browser }) => {
  const mine = await browser.newContext();
  const theirs = await browser.newContext();
  const a = await mine.newPage();
  const b = await theirs.newPage();
  await signIn(a, 'nj_aoc');
  const colleague = await colleagueOf(a);
  await signInAs(b, colleague.account);
  const before = await unreadOf(b);

  // nj_aoc writes from 内部直通车; Shift+Enter makes a new line, Enter sends.
  await openConversation(a, colleague.name);
  const question = `请于周五前报送会员名单${RUN}`;
  const box = a.getByRole('region', { name: `与${colleague.name}的对话` }).getByLabel('消息内容');
  await box.fill('第一行');
  await box.press('Shift+Enter');
  await expect(box).toHaveValue('第一行\n');
  await say(a, colleague.name, question);
  await expect(a.getByTestId('dl-messages').getByText(question)).toBeVisible();

  // The colleague's open page learns of it without a reload: the header badge grows by one.
  await expect.poll(() => unreadOf(b)).toBe(before + 1);
  await expect(chatBadge(b)).toHaveAttribute('aria-label', `直通车消息,${before + 1}条未读`);

  // The badge leads to 内部直通车, where nj_aoc is listed with the unread message; opened, it is read.
  await chatBadge(b).click();
  await expect(b).toHaveURL(/\/gsl\/portal\/myDay\/connectInside$/);
  const entry = b.getByRole('list', { name: '内部直通车通讯录' }).getByRole('button', { name: /陈思远/ });
  await expect(entry).toContainText('1条未读');
  await entry.click();
  const conversation = b.getByRole('region', { name: '与陈思远的对话' });
  await expect(conversation.getByText(question)).toBeVisible();
  await expect.poll(() => unreadOf(b)).toBe(before);
  await expect(entry).not.toContainText('条未读');

  // nj_aoc sees the message read, and the answer arrives in the open conversation and is announced.
  const aMessages = a.getByTestId('dl-messages');
  await expect(aMessages.locator('li').filter({ hasText: question })).toContainText('已读');
  const answer = `收到,周四前报送${RUN}`;
  await say(b, '陈思远', answer);
  await expect(aMessages.getByText(answer)).toBeVisible();
  await expect(a.getByTestId('dl-announce')).toHaveText(`收到${colleague.name}的新消息`);
  // Shown on nj_aoc's screen, the answer is read at once: nj_aoc's badge does not stay up.
  await expect.poll(() => unreadOf(a)).toBe(0);
  await expect(b.getByTestId('dl-messages').locator('li').filter({ hasText: answer })).toContainText('已读');

  await mine.close();
  await theirs.close();
});
