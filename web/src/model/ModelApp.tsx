import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { HashRouter, useLocation } from 'react-router';
import { Alert, ConfigProvider, Result, Spin } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { THEME } from '../app/theme';
import { REDUCED_MOTION, useMediaQuery } from '../app/a11y/useMediaQuery';
import { Providers } from '../app/providers';
import { RESUME_KIND_OF_PAGE } from '@gsl/contract';
import { HOMEPAGE_TYPES } from '@gsl/contract';
import { findModelRoute } from './modelRoutes';
import { MODEL_QUERY_MSG, useModelQuery } from './modelQuery';
import './model.css';

/** Pages that answer today (each its own chunk: the big screen brings ECharts with it). */
const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/newPortal/cocCircle': lazy(() => import('./CocCircle')),
  '/subapp/coc-large-screen': lazy(() => import('./CocLargeScreen')),
  // 分享: a published AI 简历 opened from a share link, without a session (README deviation 65).
  '/subapp/static/share': lazy(() => import('./ShareView')),
};
// AI 简历 of the member kinds and of a chamber (with and without the top bar) and its preview: every
// name of ai-resume-{path} (RESUME_KIND_OF_PAGE, README deviation 60); any other path is 404.
const AiResume = lazy(() => import('./AiResume'));
const ResumePreview = lazy(() => import('./ResumePreview'));
for (const page of Object.keys(RESUME_KIND_OF_PAGE)) {
  PAGES[`/ai-resume-${page}`] = AiResume;
  PAGES[`/ai-resume-${page}-noTop`] = AiResume;
  PAGES[`/previewResume/${page}`] = ResumePreview;
}
// AI 画像 of the member kinds.
const AiPortrait = lazy(() => import('./AiPortrait'));
for (const page of ['company', 'group', 'person']) PAGES[`/ai-properties-${page}`] = AiPortrait;
// AI 主页 of an org, by its type (aoc 工商联, coc 商会, assoc 协会; README deviation 62).
const AiHome = lazy(() => import('./AiHome'));
for (const type of HOMEPAGE_TYPES) PAGES[`/ai-homepage-${type}`] = AiHome;

function ModelPage() {
  const { pathname } = useLocation();
  const route = findModelRoute(pathname);
  const { jurisdictionInvalid } = useModelQuery();
  useEffect(() => {
    document.title = route ? `${route.title} - 工商联` : '页面不存在 - 工商联';
  }, [route]);
  const Page = route ? PAGES[pathname] : undefined;
  if (!Page) return <Result status="404" title="404" subTitle="抱歉，您访问的页面不存在" />;
  return (
    <>
      {jurisdictionInvalid && (
        <Alert type="warning" showIcon banner role="alert" data-testid="model-jurisdiction-invalid" message={MODEL_QUERY_MSG.jurisdictionInvalid} />
      )}
      <Suspense
        fallback={
          <div className="model-page" role="status">
            <Spin tip="加载中…">
              <span />
            </Spin>
          </div>
        }
      >
        <Page />
      </Suspense>
    </>
  );
}

/** The /model/# entry: hash routes of the AI pages, the chamber circle and the large screen. */
export function ModelApp() {
  const still = useMediaQuery(REDUCED_MOTION);
  return (
    <ConfigProvider locale={zhCN} theme={still ? { ...THEME, token: { ...THEME.token, motion: false } } : THEME}>
      <Providers>
        <HashRouter>
          <ModelPage />
        </HashRouter>
      </Providers>
    </ConfigProvider>
  );
}
