import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  COCKPIT_PATHS,
  COCKPIT_REFRESH_MS,
  type CockpitRecord,
  type CockpitSummary,
  type MemberKind,
  type PageResult,
  type QualityIssue,
  type QualityRow,
} from '@gsl/contract';
import { get } from '../http';

/**
 * 领导驾驶舱 and 数据质量 (server/src/modules/cockpit):
 *   GET /api/aoc-service/portal/cockpit/summary     every figure of the big screen, inside the caller's scope
 *   GET /api/aoc-service/portal/dataquality/list    deptId → 数据质量 per org (its own level and each subordinate federation)
 *   GET /api/aoc-service/portal/cockpit/records     kind, deptId, own, industry, joinYear, issue, current, size → the records behind a figure
 */
export type { CockpitRecord, CockpitSummary, QualityRow };

export interface RecordFilter {
  kind?: MemberKind;
  deptId?: string;
  own?: boolean;
  industry?: string;
  joinYear?: string;
  issue?: QualityIssue;
}

export const cockpitKeys = {
  summary: ['cockpit', 'summary'] as const,
  quality: (deptId: string | undefined) => ['cockpit', 'quality', deptId ?? ''] as const,
  records: (f: RecordFilter, current: number, size: number) => ['cockpit', 'records', f, current, size] as const,
};

/**
 * The big screen's figures, read again every COCKPIT_REFRESH_MS even when the tab is in the background (a
 * wall screen): one query whose answer replaces the last one, so days of refreshing hold one answer.
 * A failed refresh keeps the last figures on screen and says so (no toast on a wall).
 */
export function useCockpitSummary() {
  return useQuery({
    queryKey: cockpitKeys.summary,
    queryFn: ({ signal }) => get<CockpitSummary>(COCKPIT_PATHS.summary, undefined, { signal, quiet: true }),
    refetchInterval: COCKPIT_REFRESH_MS,
    refetchIntervalInBackground: true,
    staleTime: 60_000,
    gcTime: 60_000,
  });
}

export function useQualityList(deptId: string | undefined) {
  return useQuery({
    queryKey: cockpitKeys.quality(deptId),
    queryFn: ({ signal }) => get<QualityRow[]>(COCKPIT_PATHS.quality, deptId ? { deptId } : undefined, { signal }).then((r) => r ?? []),
    refetchInterval: COCKPIT_REFRESH_MS,
    gcTime: 60_000,
  });
}

export function useCockpitRecords(filter: RecordFilter | undefined, current: number, size: number) {
  return useQuery({
    queryKey: cockpitKeys.records(filter ?? {}, current, size),
    enabled: Boolean(filter),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      get<PageResult<CockpitRecord>>(
        COCKPIT_PATHS.records,
        {
          kind: filter?.kind ?? 'enterprise',
          deptId: filter?.deptId,
          own: filter?.own ? '1' : undefined,
          industry: filter?.industry,
          joinYear: filter?.joinYear,
          issue: filter?.issue,
          current,
          size,
        },
        { signal },
      ),
  });
}
