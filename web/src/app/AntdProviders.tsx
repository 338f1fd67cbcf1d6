import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { setMessageInstance } from '../api/feedback';
import { THEME } from './theme';

dayjs.locale('zh-cn');

/** Hands antd's context-aware message instance to code outside React (the transport). */
function FeedbackBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => setMessageInstance(message), [message]);
  return null;
}

/** antd in Chinese with the product theme (specification §9: zh, theme-dark, #409EFF). */
export function AntdProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <AntApp>
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
