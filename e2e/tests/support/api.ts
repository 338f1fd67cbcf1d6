import type { Page } from '@playwright/test';
import { readApiBody } from './signOn';

const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** The access token the signed-in page keeps (wire contract §6: `{ content }` under saber-token). */
export async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => sessionStorage.getItem('saber-token') ?? localStorage.getItem('saber-token'));
  if (!raw) throw new Error('no token stored: sign in first');
  return (JSON.parse(raw) as { content: string }).content;
}

/**
 * A call of the API as the page's signed-in user (same token, same client header), outside the UI;
 * returns the HTTP status and the decrypted body. `data` is sent as JSON.
 */
export async function callApiAsPage(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  { params, data }: { params?: Record<string, string | number>; data?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const token = await storedToken(page);
  const res = await page.request.fetch(path, { method, params, data, headers: { Authorization: CLIENT_BASIC, 'Blade-Auth': `bearer ${token}` } });
  const text = (await res.text()).trim();
  const body = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : await readApiBody(page.request, text);
  return { status: res.status(), body };
}
