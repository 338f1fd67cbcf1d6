import type { ReactNode } from 'react';
import { Result } from 'antd';

/** Internet Explorer (MSIE up to 10, Trident for 11): the fill-in pages refuse it (specification §2). */
export const isOldBrowser = (ua: string) => /MSIE |Trident\//.test(ua);

/** The browser check of the fill-in pages: an old browser gets a clear Chinese page and nothing else runs. */
export function BrowserGate({ children, userAgent = navigator.userAgent }: { children: ReactNode; userAgent?: string }) {
  if (isOldBrowser(userAgent))
    return (
      <main className="fillin-page" data-testid="fillin-old-browser">
        <Result
          status="warning"
          title="当前浏览器版本过低"
          subTitle="信息填报不支持 IE 浏览器,请使用最新版本的 Chrome、Edge、Firefox 或 360 浏览器(极速模式)打开本页面。"
        />
      </main>
    );
  return <>{children}</>;
}
