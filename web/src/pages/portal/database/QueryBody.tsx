import type { ReactNode } from 'react';
import { Spin } from 'antd';
import { LoadError } from '../../../components/LoadError';

interface RecordQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * What a drawer or panel shows of one record's query: a spinner while it loads, the load error with
 * 重新加载 when it failed or found nothing, else `children` given the record.
 */
export function QueryBody<T>({ query, errorTestId, children }: { query: RecordQuery<T>; errorTestId?: string; children: (data: NonNullable<T>) => ReactNode }) {
  if (query.isPending) {
    return (
      <div className="member-detail__loading">
        <Spin />
      </div>
    );
  }
  if (query.isError || !query.data) return <LoadError testId={errorTestId} onRetry={query.refetch} />;
  return children(query.data);
}
