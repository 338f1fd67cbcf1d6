import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Segmented, Spin } from 'antd';
import { AppstoreOutlined, ExportOutlined } from '@ant-design/icons';
import { APP_TYPE_NAMES, menuOf, screensOf } from '@gsl/contract';
import { useCan } from '../../../components/Access';
import { menuIcon } from '../../../app/shell/menuIcons';
import { hrefOf, openInNewTab } from '../../../app/shell/links';
import { appKeys, recordAppUse, useAppList, useMyAppUsage } from '../../../api/portal/apps';
import { appsOf, tilesOf, type AppTile } from './myAppLogic';
import './myApp.css';

const TYPE_OPTIONS = [{ label: '全部', value: '' }, ...Object.entries(APP_TYPE_NAMES).map(([value, label]) => ({ label, value }))];

/**
 * 业务应用 (specification §2 /portal/myApp, §6): the product's own screens under 业务应用 the user holds and the
 * applications administrators registered (portal/appList, 500 at a time, filtered by appType), the user's most
 * used first. Opening one records it (business-app-usage/add); it opens in place, or in a new tab ("nojump").
 */
export default function MyAppPage() {
  const can = useCan();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [appType, setAppType] = useState<number | ''>('');
  const apps = useAppList(appType);
  const usage = useMyAppUsage();
  const [, ...screens] = screensOf(menuOf('portal_myapp')!);
  const tiles = tilesOf(appsOf(screens, can), apps.data ?? [], usage.data ?? [], appType);

  const open = (tile: AppTile) => {
    // The opening counts even when the record fails (it is the user's order only); the list follows it.
    void recordAppUse(tile.use)
      .catch(() => undefined)
      .finally(() => void client.invalidateQueries({ queryKey: appKeys.root }));
    if (tile.newTab) openInNewTab(hrefOf(tile.target));
    else navigate(tile.target);
  };

  const loading = apps.isPending || usage.isPending;
  const failed = apps.isError || usage.isError;
  return (
    <Card
      title={<h2 className="myapp__title">业务应用</h2>}
      data-testid="myapp"
      extra={
        <Segmented
          aria-label="应用类型"
          options={TYPE_OPTIONS}
          value={appType === '' ? '' : String(appType)}
          onChange={(v) => setAppType(v === '' ? '' : Number(v))}
        />
      }
    >
      {failed ? (
        <Alert
          type="error"
          showIcon
          title="业务应用加载失败"
          action={
            <Button size="small" onClick={() => void client.invalidateQueries({ queryKey: appKeys.root })}>
              重试
            </Button>
          }
        />
      ) : loading ? (
        <div className="myapp__loading" role="status" aria-live="polite">
          <Spin />
          <span className="myapp__loading-text">正在加载业务应用…</span>
        </div>
      ) : tiles.length === 0 ? (
        <Empty description="暂无可用的业务应用" />
      ) : (
        <ul className="myapp__grid" aria-label="业务应用(常用的在前)">
          {tiles.map((t) => (
            <li key={t.key}>
              <button
                type="button"
                className="myapp__card"
                onClick={() => open(t)}
                data-testid={'menuCode' in t.use ? `myapp-${t.use.menuCode}` : `myapp-app-${t.use.appId}`}
                aria-label={`${t.name}(${t.typeName}${t.newTab ? ',在新标签页打开' : ''}${t.useCount ? `,已使用${t.useCount}次` : ''})`}
              >
                <span className="myapp__icon" aria-hidden>
                  {menuIcon(t.icon) ?? <AppstoreOutlined />}
                </span>
                <span className="myapp__name">
                  {t.name}
                  {t.newTab ? <ExportOutlined className="myapp__external" aria-hidden /> : null}
                </span>
                <span className="myapp__meta">{t.useCount ? `${t.typeName} · 使用${t.useCount}次` : t.typeName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
