import type { Page } from '@playwright/test';

/**
 * The dialogs the portal opens by itself after sign-on (specification §4): the chamber-information
 * reminder (商会信息完善提醒) for staff whose orgs have information to complete, and the fill-in period
 * dialog (填报届别信息) for a chamber with no term stored. They open a moment after the page, over
 * whatever a journey is doing. A journey that is not about them starts from a browser session in which
 * the user has already closed both (what sessionStorage holds then: the reminder's flag and the fill-in
 * NoShowBox in web/src/utils/storage.ts's format), and closes either should it still stand in the way.
 * A spec about them signs on in a context of its own without calling this.
 */
export const PORTAL_DIALOGS = {
  reminder: (page: Page) => page.getByRole('dialog', { name: '商会信息完善提醒' }),
  fillPeriod: (page: Page) => page.getByRole('dialog', { name: '填报届别信息' }),
};

export async function closePortalDialogsInTheWay(page: Page): Promise<void> {
  // Only on the app's pages: the sign-on portal (/sso) is where a spec checks that sign-out left no app key behind.
  await page.context().addInitScript(() => {
    if (window.location.pathname.startsWith('/sso')) return;
    window.sessionStorage.setItem('gsl-chamber-reminder-closed', '1');
    window.sessionStorage.setItem('saber-NoShowBox', JSON.stringify({ dataType: 'boolean', content: true, type: 'session', datetime: Date.now() }));
  });
  // Both may be open at once, one over the other: the click is dispatched to the button, whatever lies on top.
  await page.addLocatorHandler(PORTAL_DIALOGS.reminder(page), async (dialog) => {
    await dialog.locator('.ant-modal-footer button').filter({ hasText: '关闭' }).dispatchEvent('click');
  });
  await page.addLocatorHandler(PORTAL_DIALOGS.fillPeriod(page), async (dialog) => {
    await dialog.getByTestId('fill-period-cancel').dispatchEvent('click');
  });
}
