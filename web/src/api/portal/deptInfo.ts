import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../utils/useSession';
import { get } from '../http';

/** The signed-in user's organisation (portal/deptInfo/detail). */
export interface DeptInfo {
  id: string;
  deptId: string;
  deptName: string;
  orgName: string;
  chamberName: string;
  regionLevel: string | number | null;
  deptCategory: string | number | null;
  unionId: string | null;
}

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
