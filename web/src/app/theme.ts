import { theme, type ThemeConfig } from 'antd';

/** Default theme of specification §9: theme-dark, colour #409EFF. */
export const THEME: ThemeConfig = {
  token: { colorPrimary: '#409EFF', colorLink: '#409EFF', borderRadius: 4 },
  components: {
    Layout: { headerBg: '#1d2b3f', siderBg: '#20222a', headerHeight: 64, headerPadding: '0 20px' },
    Menu: { darkItemBg: '#20222a', darkSubMenuItemBg: '#1a1c23', darkItemSelectedBg: '#409EFF' },
  },
  algorithm: theme.defaultAlgorithm,
};
