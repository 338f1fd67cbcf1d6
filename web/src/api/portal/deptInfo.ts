import { useQuery } from '@tanstack/react-query';
import type { DeptInfo } from '@gsl/contract';
import { useSession } from '../../utils/useSession';
import { get } from '../http';

/** The signed-in user's organisation (portal/deptInfo/detail). */
export type { DeptInfo };

export const getDeptInfo = (signal?: AbortSignal) => get<DeptInfo>('/api/aoc-service/portal/deptInfo/detail', undefined, { signal });

export function useDeptInfo() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['portal', 'deptInfo'],
    queryFn: ({ signal }) => getDeptInfo(signal),
    enabled: Boolean(token),
    staleTime: 10 * 60_000,
  });
}
