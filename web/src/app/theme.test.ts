import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { BRAND, PRESET_TEXT, THEME } from './theme';

/** WCAG 2.1 relative luminance and contrast ratio; colours with alpha are laid over their background first. */
type Rgb = [number, number, number];
function parse(colour: string): { rgb: Rgb; alpha: number } {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    const n = parseInt(digits, 16);
    return { rgb: [(n >> 16) & 255, (n >> 8) & 255, n & 255], alpha: 1 };
  }
  const rgba = /^rgba?\(([^)]+)\)$/.exec(colour.replace(/\s/g, ''));
  if (!rgba) throw new Error(`not a colour: ${colour}`);
  const [r, g, b, a = '1'] = rgba[1]!.split(',');
  return { rgb: [Number(r), Number(g), Number(b)], alpha: Number(a) };
}
function over(fg: string, b: Rgb): Rgb {
  const f = parse(fg);
  return [0, 1, 2].map((i) => f.rgb[i]! * f.alpha + b[i]! * (1 - f.alpha)) as Rgb;
}
function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
/** The ratio of `fg` on `bg`, `bg` (when translucent) on white. */
function contrast(fg: string, bg: string): number {
  const ground = over(bg, [255, 255, 255]);
  const a = luminance(over(fg, ground));
  const b = luminance(ground);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const token = theme.getDesignToken(THEME);
const WHITE = '#ffffff';
const AA = 4.5;

describe('contrast helper', () => {
  it('computes the known ratios', () => {
    expect(contrast('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrast('#767676', WHITE)).toBeGreaterThan(4.5);
    expect(contrast('#777777', WHITE)).toBeLessThan(4.5);
    expect(contrast(BRAND, WHITE)).toBeLessThan(3); // why the theme colour is not a text colour
  });
});

describe('THEME tokens (WCAG 2.1 AA, issue 21)', () => {
  it('keeps #409EFF as the theme colour', () => {
    expect(token.colorPrimary.toLowerCase()).toBe(BRAND.toLowerCase());
  });

  const textOnSurfaces: Array<[string, keyof typeof token]> = [
    ['link', 'colorLink'],
    ['link hover', 'colorLinkHover'],
    ['primary text', 'colorPrimaryText'],
    ['primary text hover', 'colorPrimaryTextHover'],
    ['info text', 'colorInfoText'],
    ['success text', 'colorSuccessText'],
    ['warning text', 'colorWarningText'],
    ['error text', 'colorErrorText'],
    ['error (form messages)', 'colorError'],
    ['body text', 'colorText'],
    ['secondary text', 'colorTextSecondary'],
    ['tertiary text', 'colorTextTertiary'],
    ['description', 'colorTextDescription'],
    ['placeholder', 'colorTextPlaceholder'],
    ['icons', 'colorIcon'],
  ];
  const surfaces: Array<keyof typeof token> = ['colorBgContainer', 'colorFillAlter', 'colorBgLayout'];
  it.each(textOnSurfaces)('%s reads at 4.5:1 on white, table headers and the page background', (_, key) => {
    for (const surface of surfaces) expect(contrast(String(token[key]), String(token[surface])), `${key} on ${surface}`).toBeGreaterThanOrEqual(AA);
  });

  it('primary text reads on the selected-item background (menus, selects, tables)', () => {
    for (const bg of [token.colorPrimaryBg, token.controlItemBgActive, token.controlItemBgHover]) {
      expect(contrast(token.colorPrimaryText, bg), bg).toBeGreaterThanOrEqual(AA);
    }
  });

  it('status tags read on their own background', () => {
    const tag = THEME.components!.Tag!;
    for (const [text, bg] of [
      [tag.colorSuccess, token.colorSuccessBg],
      [tag.colorWarning, token.colorWarningBg],
      [tag.colorError, token.colorErrorBg],
      [tag.colorInfo, token.colorInfoBg],
    ] as Array<[string, string]>) {
      expect(contrast(text, bg), `${text} on ${bg}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('preset-colour tags (step 7 on step 1) read', () => {
    const palettes = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'];
    for (const p of palettes) {
      const t = token as unknown as Record<string, string>;
      expect(contrast(t[`${p}7`]!, t[`${p}1`]!), p).toBeGreaterThanOrEqual(AA);
    }
  });

  it('base.css gives the tag CSS variables of antd the same readable steps', () => {
    const css = readFileSync(join(dirname(import.meta.filename), '../styles/base.css'), 'utf8');
    for (const [key, colour] of Object.entries(PRESET_TEXT)) {
      expect(css, key).toContain(`--ant-${key.replace(/7$/, '-7')}: ${colour};`);
    }
  });

  it('white text on the fills that carry it: primary buttons (and their hover), the dark menu selection', () => {
    const button = THEME.components!.Button!;
    for (const fill of [
      button.colorPrimary,
      button.colorPrimaryHover,
      button.colorPrimaryActive,
      THEME.components!.Menu!.darkItemSelectedBg,
      THEME.components!.Switch!.colorPrimary,
    ]) {
      expect(contrast(WHITE, String(fill)), String(fill)).toBeGreaterThanOrEqual(AA);
    }
    expect(contrast(token.colorTextLightSolid, String(button.colorPrimary))).toBeGreaterThanOrEqual(AA);
  });

  it('selected tabs, menu items and the current page number read on white', () => {
    const c = THEME.components!;
    for (const colour of [c.Tabs!.itemSelectedColor, c.Tabs!.itemHoverColor, c.Menu!.itemSelectedColor, c.Pagination!.itemActiveColor, c.Button!.colorLink]) {
      expect(contrast(String(colour), WHITE), String(colour)).toBeGreaterThanOrEqual(AA);
    }
  });
});
