import { useEffect, useMemo, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { setMessageInstance } from '../api/feedback';
import { watchFormErrors } from './a11y/formErrors';
import { useSession } from '../utils/useSession';
import { LARGE_FONT_SIZE, useLargeText } from './largeText';
import { REDUCED_MOTION, useMediaQuery } from './a11y/useMediaQuery';
import { watchTabLists } from './tabListRole';
import { THEME } from './theme';

dayjs.locale('zh-cn');

/** Hands antd's context-aware message instance to code outside React (the transport). */
function FeedbackBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => setMessageInstance(message), [message]);
  return null;
}

/** antd in Chinese with the product theme (specification §9: zh, theme-dark, #409EFF), still when the system asks for less motion. */
export function AntdProviders({ children }: { children: ReactNode }) {
  const large = useLargeText(useSession().user?.user_id);
  const still = useMediaQuery(REDUCED_MOTION);
  const theme = useMemo<ThemeConfig>(
    () => (large || still ? { ...THEME, token: { ...THEME.token, ...(large && { fontSize: LARGE_FONT_SIZE }), ...(still && { motion: false }) } } : THEME),
    [large, still],
  );
  useEffect(() => watchTabLists(), []);
  useEffect(() => watchFormErrors(), []);
  useEffect(() => {
    // The product's own CSS (header, menus, pages in px) follows through this attribute.
    document.documentElement.toggleAttribute('data-large-text', large);
  }, [large]);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp>
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
