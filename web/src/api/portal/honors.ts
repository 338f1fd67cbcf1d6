import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HONOR_PATHS as P, type HonorView, type LeadershipRankView, type PageResult } from '@gsl/contract';
import { get, type QueryValue } from '../http';

/**
 * 荣誉与领导排名 (specification §7; server/src/modules/portalapp/honors):
 *   GET /api/aoc-service/aochonor/page            current, size, deptId, includeChild, name, level
 *   GET /api/aoc-service/aocleadershiprank/page   current, size, deptId, year, leaderType
 */
export type { HonorView, LeadershipRankView };

const usePageOf = <T>(url: string, query: Record<string, QueryValue>) =>
  useQuery({
    queryKey: ['portal', 'honors', url, query],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => get<PageResult<T>>(url, query, { signal }),
  });

export const useHonorPage = (query: Record<string, QueryValue>) => usePageOf<HonorView>(P.honorPage, query);
export const useRankPage = (query: Record<string, QueryValue>) => usePageOf<LeadershipRankView>(P.rankPage, query);
