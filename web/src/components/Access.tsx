import type { ReactNode } from 'react';
import { usePermissions } from '../api/system/menu';

/** Whether the user holds a button permission (wire contract §5: permission[code] = true). */
export function useCan(): (code: string) => boolean {
  const { data } = usePermissions();
  return (code) => Boolean(data?.[code]);
}

/** Shows its children only when the user holds `code`. Hiding is a convenience; the server checks. */
export function Access({ code, children, fallback = null }: { code: string; children: ReactNode; fallback?: ReactNode }) {
  return useCan()(code) ? children : fallback;
}
