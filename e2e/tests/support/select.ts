import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Chooses `option` in an antd Select or TreeSelect and waits until the field shows it. An option
 * clicked while the drop-down is still opening (its motion) can be lost, so the choice is checked on
 * the field and tried again until it holds; in a multiple select an option already chosen is left as
 * is (clicking it again would remove it). The drop-down is closed afterwards.
 */
export async function chooseOption(page: Page, field: Locator, option: string): Promise<void> {
  // A multiple select shows each choice as an item; a single one shows it in its content (antd 6).
  const shown = field.locator('.ant-select-selection-item, .ant-select-selection-item-content, .ant-select-content-has-value').filter({ hasText: option });
  await expect(async () => {
    if ((await shown.count()) === 0) {
      const dropdown = page.locator('.ant-select-dropdown:visible');
      if ((await dropdown.count()) === 0) await field.click();
      await dropdown.getByText(option, { exact: true }).first().click({ timeout: 2_000 });
    }
    await expect(shown.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // A single select closes its list itself (Escape then could reach a dialog around it and close that).
  const multiple = ((await field.getAttribute('class')) ?? '').includes('ant-select-multiple');
  if (!multiple) await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  else if ((await page.locator('.ant-select-dropdown:visible').count()) > 0) await page.keyboard.press('Escape');
}
