import { useQuery } from '@tanstack/react-query';
import { PORTALAPP_PATHS as P, type AppSubmit, type AppUsageView, type AppView, type PageResult } from '@gsl/contract';
import { bladeCrudApi, type CrudApi } from '../crud';
import { get, post } from '../http';

/**
 * 业务应用 (specification §2 /portal/myApp, §7; server/src/modules/portalapp/apps):
 *   GET  /api/aoc-service/portal/appList            current, size (500, §9), appType → the enabled applications, most used first
 *   POST /api/aoc-service/business-app-usage/add    { appId } or { menuCode } → one opening by the caller
 *   GET  /api/aoc-service/business-app-usage/my     the caller's openings per application
 *   GET|POST /api/aoc-service/portal/app/page|detail|submit|remove   系统管理 › 业务应用管理
 */
export type { AppSubmit, AppUsageView, AppView };

/** §9 "App list fetch size: 500". */
export const APP_LIST_SIZE = 500;

export const appKeys = {
  root: ['portal', 'apps'] as const,
  list: (appType: number | '') => ['portal', 'apps', 'list', appType] as const,
  usage: ['portal', 'apps', 'usage'] as const,
  admin: ['portal', 'apps', 'admin'] as const,
};

export function useAppList(appType: number | '') {
  return useQuery({
    queryKey: appKeys.list(appType),
    queryFn: ({ signal }) => get<PageResult<AppView>>(P.appList, { current: 1, size: APP_LIST_SIZE, appType }, { signal }).then((p) => p?.records ?? []),
  });
}

export function useMyAppUsage() {
  return useQuery({ queryKey: appKeys.usage, queryFn: ({ signal }) => get<AppUsageView[]>(P.usageMy, undefined, { signal }).then((r) => r ?? []) });
}

/** One opening of an application (a registered one by id, a screen of 业务应用 by its menu code). */
export const recordAppUse = (target: { appId: string } | { menuCode: string }) => post<AppUsageView>(P.usageAdd, target);

export const appAdminApi: CrudApi<AppView, AppSubmit> = bladeCrudApi('/api/aoc-service/portal/app', appKeys.admin, { list: { path: 'page' } });
