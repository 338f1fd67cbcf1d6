import { theme, type ThemeConfig } from 'antd';

/**
 * Colours of the theme (specification §9: theme-dark, colour #409EFF) and their readable shades
 * (issue 21, GB/T 37668 / WCAG 2.1 AA). #409EFF stays the theme colour of fills, borders and focus
 * rings; it reaches only 2.8:1 on white, so text and icons that must be read, and the fills that carry
 * white text, take the 8th step of its own palette (antd's generate('#409EFF')), 6.4:1 on white — the
 * 7th (#2b7cd9) is 4.2:1, short of 4.5:1. README deviation 63. theme.test.ts computes every pair.
 */
export const BRAND = '#409EFF';
/** Text, links, icons and fills under white text: #409EFF's palette step 8. */
export const BRAND_TEXT = '#1b5db3';
/** Their hover and pressed shade: step 9 (darker, so it stays readable). */
export const BRAND_TEXT_HOVER = '#0e418c';
/** Secondary, description and placeholder text: grey that reaches 4.5:1 on white and on #fafafa. */
export const TEXT_SECONDARY = 'rgba(0, 0, 0, 0.62)';
/** Status text (tags, form messages, result icons): the status palettes' darker steps. */
export const STATUS_TEXT = { success: '#237804', warning: '#874d00', error: '#cf1322', info: BRAND_TEXT } as const;

/**
 * Preset tag colours (<Tag color="green">) write step 7 of their palette on step 1; those under 4.5:1 take
 * step 8. antd's CSS variables ignore palette overrides in the theme, so styles/base.css declares the same
 * values on .ant-tag (theme.test.ts checks both).
 */
export const PRESET_TEXT = {
  green7: '#237804',
  cyan7: '#006d75',
  orange7: '#ad4e00',
  gold7: '#874d00',
  lime7: '#3f6600',
  yellow7: '#876800',
  volcano7: '#ad2102',
} as const;

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND,
    borderRadius: 4,
    colorLink: BRAND_TEXT,
    colorLinkHover: BRAND_TEXT_HOVER,
    colorLinkActive: BRAND_TEXT_HOVER,
    colorPrimaryText: BRAND_TEXT,
    colorPrimaryTextHover: BRAND_TEXT_HOVER,
    colorPrimaryTextActive: BRAND_TEXT_HOVER,
    colorInfoText: STATUS_TEXT.info,
    colorSuccessText: STATUS_TEXT.success,
    colorWarningText: STATUS_TEXT.warning,
    colorErrorText: STATUS_TEXT.error,
    colorError: STATUS_TEXT.error,
    colorTextSecondary: TEXT_SECONDARY,
    colorTextTertiary: TEXT_SECONDARY,
    colorTextDescription: TEXT_SECONDARY,
    colorTextPlaceholder: TEXT_SECONDARY,
    colorIcon: TEXT_SECONDARY,
    ...PRESET_TEXT,
  },
  components: {
    Layout: { headerBg: '#1d2b3f', siderBg: '#20222a', headerHeight: 64, headerPadding: '0 20px' },
    Menu: {
      darkItemBg: '#20222a',
      darkSubMenuItemBg: '#1a1c23',
      darkItemSelectedBg: BRAND_TEXT,
      itemSelectedColor: BRAND_TEXT,
      horizontalItemSelectedColor: BRAND_TEXT,
    },
    // Buttons carry white text on their fill, and read their text in the primary colour: both the darker step.
    Button: { colorPrimary: BRAND_TEXT, colorPrimaryHover: BRAND_TEXT_HOVER, colorPrimaryActive: BRAND_TEXT_HOVER, colorLink: BRAND_TEXT },
    Tabs: { itemSelectedColor: BRAND_TEXT, itemHoverColor: BRAND_TEXT_HOVER, itemActiveColor: BRAND_TEXT_HOVER, inkBarColor: BRAND },
    Pagination: { itemActiveColor: BRAND_TEXT, itemActiveColorHover: BRAND_TEXT_HOVER },
    Tag: {
      colorSuccess: STATUS_TEXT.success,
      colorWarning: STATUS_TEXT.warning,
      colorError: STATUS_TEXT.error,
      colorInfo: STATUS_TEXT.info,
    },
    Badge: { colorError: STATUS_TEXT.error },
    // An empty table's message (暂无数据) is antd's disabled grey (1.8:1): it is text to read.
    Table: { colorTextDisabled: TEXT_SECONDARY },
    // A checked switch writes its 开/是 in white on its fill.
    Switch: { colorPrimary: BRAND_TEXT, colorPrimaryHover: BRAND_TEXT_HOVER },
  },
  algorithm: theme.defaultAlgorithm,
};
