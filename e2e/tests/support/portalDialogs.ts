import type { Page } from '@playwright/test';

/**
 * The dialogs the portal opens by itself after sign-on (specification §4): the chamber-information
 * reminder (商会信息完善提醒) for staff whose orgs have information to complete, and the fill-in period
 * dialog (填报届别信息) for a chamber with no term stored. A journey that is not about them closes them
 * whenever one stands in its way, as a user would (关闭 / 取消: they come back at the next sign-on); a
 * spec about them takes the handler off with `page.removeLocatorHandler(PORTAL_DIALOGS.x(page))`.
 */
export const PORTAL_DIALOGS = {
  reminder: (page: Page) => page.getByRole('dialog', { name: '商会信息完善提醒' }),
  fillPeriod: (page: Page) => page.getByRole('dialog', { name: '填报届别信息' }),
};

export async function closePortalDialogsInTheWay(page: Page): Promise<void> {
  await page.addLocatorHandler(PORTAL_DIALOGS.reminder(page), async (dialog) => {
    await dialog.getByRole('button', { name: '关闭' }).first().click();
  });
  await page.addLocatorHandler(PORTAL_DIALOGS.fillPeriod(page), async (dialog) => {
    await dialog.getByTestId('fill-period-cancel').click();
  });
}
