import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { callApiAsPage } from './support/api';
import { openSignOn, signIn, type DemoAccount } from './support/signOn';
import { visitInApp } from './support/navigate';

/**
 * Issue 21 (GB/T 37668, WCAG 2.1 AA): axe-core on the sign-on page and on every screen the menus reach,
 * for the administrator and a chamber account; any serious or critical violation fails.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const NOJUMP = 2; // opens in a new browser tab, not a screen of this page

interface MenuNode {
  path?: string | null;
  category?: number | null;
  isOpen?: number | null;
  children?: MenuNode[] | null;
}
interface Finding {
  screen: string;
  rule: string;
  impact: string;
  targets: string[];
}

const isPage = (node: MenuNode) => (node.category ?? 1) === 1;

/**
 * The screens the menus lead to: every entry of the portal's top menu (each is clicked) and every leaf of
 * the menu routes (a node with children is a side-menu group that only folds open).
 */
function screensOf(nodes: MenuNode[] | null | undefined, out: Set<string>, { leavesOnly }: { leavesOnly: boolean }): Set<string> {
  for (const node of nodes ?? []) {
    const path = node.path ?? '';
    const children = (node.children ?? []).filter(isPage);
    const clickable = !leavesOnly || children.length === 0;
    if (isPage(node) && clickable && path.startsWith('/') && node.isOpen !== NOJUMP && !path.includes(':')) out.add(path);
    screensOf(children, out, { leavesOnly });
  }
  return out;
}

async function menuScreens(page: Page): Promise<string[]> {
  const paths = new Set<string>(['/portal/myDay']);
  for (const [api, leavesOnly] of [
    ['/api/blade-system/menu/routes', true],
    ['/api/aoc-service/portal/menu', false],
  ] as const) {
    const { status, body } = await callApiAsPage(page, 'GET', api);
    expect(status, api).toBe(200);
    screensOf((body as { data?: MenuNode[] }).data, paths, { leavesOnly });
  }
  return [...paths].sort();
}

/**
 * Serious and critical violations of the page as it is now: the whole document, or with `contentOnly` the
 * screen's own content (the shell's `<main>`), when the shell around it has been audited already.
 */
async function audit(page: Page, screen: string, { contentOnly = false }: { contentOnly?: boolean } = {}): Promise<Finding[]> {
  // Legacy mode: axe.run in the page itself. The default finishes each run in a new blank page of the
  // browser (made for cross-origin frames, which these screens do not have): about a second per audit here.
  const axe = new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  const { violations } = await (contentOnly ? axe.include('main') : axe).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      screen,
      rule: v.id,
      impact: v.impact ?? '',
      targets: v.nodes.slice(0, 5).map((n) => {
        const target = /^#_?r_/.test(n.target.join(' ')) ? n.html.slice(0, 100) : n.target.join(' ');
        const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        return data?.fgColor ? `${target} [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]` : target;
      }),
    }));
}

/** Client-side navigation (no reload): the router follows the history entry. */
async function visit(page: Page, path: string): Promise<void> {
  const content = await visitInApp(page, path);
  // The page's own content is shown and nothing in it is still loading (a chart's spinner may stay: its
  // screen is audited as it stands after a while).
  await expect(async () => {
    expect((await content.innerText()).trim().length).toBeGreaterThan(0);
    expect(await content.locator('.ant-spin-spinning:visible, .ant-skeleton:visible, .page-spin:visible').count()).toBe(0);
  })
    .toPass({ timeout: 6_000 })
    .catch(() => undefined);
  await page.waitForTimeout(150); // a frame for late styles (antd's motion ends)
}

/** Closes the screen's tab (kept-alive pages would pile up in the document and slow every later audit). */
async function closeTab(page: Page): Promise<void> {
  const remove = page.locator('.tab-bar .ant-tabs-tab-active .ant-tabs-tab-remove');
  if (await remove.count()) await remove.click();
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.screen}  ${f.rule} (${f.impact})  ${f.targets.join(' | ')}`).join('\n');
}

const totals = { screens: 0, findings: 0 };

test.afterAll(() => {
  console.log(`${totals.screens} screens, ${totals.findings} serious/critical`);
});

// The sign-on page is server-rendered (server/src/modules/auth/sso.page.ts), in the theme's readable shades
// (web/src/app/theme.ts: BRAND_TEXT for the button and links, greys that reach 4.5:1).
test('axe-core: the sign-on page has no serious or critical violation', async ({ page }) => {
  await openSignOn(page);
  const findings = await audit(page, '/sso/login');
  totals.screens += 1;
  totals.findings += findings.length;
  expect(findings, report(findings)).toEqual([]);
});

/**
 * Each account's screens in two parts (the portal's, the administration's), one page per account part,
 * reused for all its screens (client-side navigation, no reload). The part's first screen is audited whole,
 * shell included (header, menus, tab bar with an open tab and a selected menu entry); every later screen only
 * in its content, the shell being the same component in the same states (a later screen's tab is closed after
 * its audit), so a finding in the shell is reported once, not once per screen.
 */
for (const account of ['admin', 'nj_coc'] as DemoAccount[]) {
  for (const part of ['portal', 'administration'] as const) {
    test(`axe-core: ${account}'s ${part} screens have no serious or critical violation`, async ({ page }) => {
      test.setTimeout(240_000);
      await signIn(page, account);
      const paths = (await menuScreens(page)).filter((p) => p.startsWith('/portal') === (part === 'portal'));
      if (process.env.A11Y_TRACE) console.log(`${account} ${part}: ${paths.length} screens`);
      const findings: Finding[] = [];
      for (const [i, path] of paths.entries()) {
        const started = Date.now();
        await visit(page, path);
        const shown = Date.now();
        const found = await audit(page, `${account} ${path}`, { contentOnly: i > 0 });
        findings.push(...found);
        if (process.env.A11Y_TRACE) console.log(`${account} ${path} shown ${shown - started} ms, audited ${Date.now() - shown} ms\n${report(found)}`);
        await closeTab(page);
      }
      totals.screens += paths.length;
      totals.findings += findings.length;
      expect(findings, report(findings)).toEqual([]);
    });
  }
}
