import { expect, test, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { openSignOn, signIn, submitSignOn, WRONG_PASSWORD } from './support/signOn';

/**
 * Issue 21 (WCAG 3.3.1 Error identification, 4.1.3 Status messages): the specification's validation
 * messages and the answers of failed requests are read out by a screen reader — each stands in a live
 * region (role="alert", or inside an aria-live region) as it appears.
 */
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Elements with `text` that a screen reader announces: role alert/status or inside an aria-live region. */
const announced = (page: Page, text: string) =>
  page.locator('[role="alert"], [role="status"], [aria-live="assertive"], [aria-live="polite"]').filter({ hasText: text });

async function openParamScreen(page: Page) {
  await signIn(page, 'admin');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/gsl/system/param');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const screen = page.getByTestId('param');
  await expect(screen.getByTestId('param-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
  return screen;
}

test('a failed sign-on says why in an alert', async ({ page }) => {
  await openSignOn(page);
  await submitSignOn(page, `nobody_${RUN}`, WRONG_PASSWORD);
  await expect(page.getByTestId('sso-error')).toBeVisible();
  await expect(page.getByTestId('sso-error')).toHaveAttribute('role', 'alert');
  await expect(announced(page, '用户名或密码不正确')).toHaveCount(1);
});

test('参数管理: the required messages of an empty form, a client check and a refused save are all announced', async ({ page }) => {
  const screen = await openParamScreen(page);

  // Submitting the empty 新增 form: 请输入参数名称, 请输入参数键名, 请输入参数键值 (specification §5) as alerts,
  // and each field marked invalid and described by its message.
  await screen.getByTestId('param-add').click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('param-form') });
  await dialog.getByTestId('param-form-submit').click();
  for (const [label, msg] of [
    ['参数名称', '请输入参数名称'],
    ['参数键名', '请输入参数键名'],
    ['参数键值', '请输入参数键值'],
  ]) {
    const alert = dialog.getByRole('alert').filter({ hasText: msg });
    await expect(alert).toHaveText(msg);
    const field = dialog.getByLabel(label);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const descriptions = await page.evaluate(
      (ids) => ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
      describedBy.split(/\s+/).filter(Boolean),
    );
    expect(descriptions, `${label} is described by its message`).toContain(msg);
  }

  // A refused save: the server's answer (参数键名已存在) comes as a toast, which is an alert.
  const key = `e2e.${RUN}.live`;
  const { body } = await callApiAsPage(page, 'POST', '/api/blade-system/param/submit', {
    data: { paramName: `朗读测试 ${RUN}`, paramKey: key, paramValue: '1' },
  });
  expect(body).toMatchObject({ code: 200 });
  await dialog.getByLabel('参数名称').fill(`朗读测试二 ${RUN}`);
  await dialog.getByLabel('参数键名').fill(key);
  await dialog.getByLabel('参数键值').fill('2');
  await dialog.getByTestId('param-form-submit').click();
  await expect(announced(page, '参数键名已存在').first()).toBeVisible();
  await expect(page.locator('.ant-message').getByRole('alert').filter({ hasText: '参数键名已存在' }).first()).toBeVisible();
  await dialog.getByTestId('param-form-cancel').click();
  await expect(dialog).toBeHidden();

  // A check in the page itself: 删除 with nothing selected (请选择至少一条数据, specification §5).
  await screen.getByTestId('param-bulk-delete').click();
  await expect(page.locator('.ant-message').getByRole('alert').filter({ hasText: '请选择至少一条数据' }).first()).toBeVisible();
});
