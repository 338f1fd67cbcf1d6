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

export type PortalDialog = keyof typeof PORTAL_DIALOGS;

/** `except`: the dialogs a spec is about, left to open (and to be closed by the spec itself). */
export async function closePortalDialogsInTheWay(page: Page, { except = [] }: { except?: PortalDialog[] } = {}): Promise<void> {
  const keep = { reminder: except.includes('reminder'), fillPeriod: except.includes('fillPeriod') };
  // Only on the app's pages: the sign-on portal (/sso) is where a spec checks that sign-out left no app key behind.
  await page.context().addInitScript((k: { reminder: boolean; fillPeriod: boolean }) => {
    if (window.location.pathname.startsWith('/sso')) return;
    if (!k.reminder) window.sessionStorage.setItem('gsl-chamber-reminder-closed', '1');
    if (!k.fillPeriod)
      window.sessionStorage.setItem('saber-NoShowBox', JSON.stringify({ dataType: 'boolean', content: true, type: 'session', datetime: Date.now() }));
  }, keep);
  // Both may be open at once, one over the other: the click is dispatched to the button, whatever lies on top.
  if (!keep.reminder)
    await page.addLocatorHandler(PORTAL_DIALOGS.reminder(page), async (dialog) => {
      await dialog.locator('.ant-modal-footer button').filter({ hasText: '关闭' }).dispatchEvent('click');
    });
  if (!keep.fillPeriod)
    await page.addLocatorHandler(PORTAL_DIALOGS.fillPeriod(page), async (dialog) => {
      await dialog.getByTestId('fill-period-cancel').dispatchEvent('click');
    });
}
