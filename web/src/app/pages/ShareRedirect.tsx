import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { modelUrl } from '../../config';
import { FullPageSpin } from '../../components/FullPageSpin';
import { browser } from '../../utils/browser';

/** /subapp/static/share passes its query string on to the sub-app share page (specification §2). */
export default function ShareRedirect() {
  const { search } = useLocation();
  useEffect(() => {
    browser.replace(modelUrl(`/subapp/static/share${search}`));
  }, [search]);
  return <FullPageSpin tip="正在打开分享页面…" />;
}
