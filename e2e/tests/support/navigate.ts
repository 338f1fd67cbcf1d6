import { expect, type Locator, type Page } from '@playwright/test';

/** Client-side navigation (no reload): the router follows the history entry; answers the shell's page area once it shows. */
export async function visitInApp(page: Page, path: string): Promise<Locator> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', `/gsl${to}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const content = page.locator('.shell__page');
  await expect(content).toBeVisible();
  return content;
}
