import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MODEL_PATHS, type CircleItem, type CircleKind, type PageResult, type ScreenSummary } from '@gsl/contract';
import { get, HttpError } from '../api/http';

/**
 * The second front end's calls (server/src/modules/cocmodel):
 *   GET /api/mem-service/cocCircle/page          kind, current, size → 商会圈's feed, newest first
 *   GET /api/mem-service/cocBigScreen/summary    deptId (default the caller's org) → one org's big screen
 * Quiet: the pages say what went wrong in place (a new tab has no shell for toasts).
 */
export type { CircleItem, CircleKind, ScreenSummary };

export const CIRCLE_PAGE_SIZE = 10;

export function useCircle(kind: CircleKind | undefined, current: number) {
  return useQuery({
    queryKey: ['model', 'circle', kind ?? '', current],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => get<PageResult<CircleItem>>(MODEL_PATHS.circlePage, { kind, current, size: CIRCLE_PAGE_SIZE }, { signal, quiet: true }),
  });
}

export function useScreenSummary(deptId: string | undefined) {
  return useQuery({
    queryKey: ['model', 'screen', deptId ?? ''],
    queryFn: ({ signal }) => get<ScreenSummary>(MODEL_PATHS.screenSummary, deptId ? { deptId } : undefined, { signal, quiet: true }),
    refetchInterval: 5 * 60_000,
    refetchIntervalInBackground: true,
  });
}

/** What a failed call tells the reader: sign on again (401) or the server's own message. */
export function failureText(error: unknown): string {
  if (error instanceof HttpError && error.code === 401) return '登录已失效,请在门户重新登录后再打开本页';
  return error instanceof Error && error.message ? error.message : '加载失败';
}
