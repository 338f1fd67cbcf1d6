import { useEffect } from 'react';
import { HashRouter, useLocation } from 'react-router';
import { ConfigProvider, Empty, Result } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { THEME } from '../app/theme';
import { findModelRoute } from './modelRoutes';
import './model.css';

function ModelPage() {
  const { pathname } = useLocation();
  const route = findModelRoute(pathname);
  useEffect(() => {
    document.title = route ? `${route.title} - 工商联` : '页面不存在 - 工商联';
  }, [route]);
  if (!route) return <Result status="404" title="404" subTitle="抱歉，您访问的页面不存在" />;
  return (
    <div className="model-page" data-testid="model-page">
      <Empty description={`${route.title}：${route.note}`} />
    </div>
  );
}

/** The /model/# entry: hash routes of the AI pages, the chamber circle and the large screen. */
export function ModelApp() {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <HashRouter>
        <ModelPage />
      </HashRouter>
    </ConfigProvider>
  );
}
