import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@gsl/contract';
import type { TablePaginationConfig } from 'antd';

/** Table paging defaults of specification §9: 10 rows, choices 10/30/50/100/200. */
export const TABLE_PAGINATION_DEFAULTS: TablePaginationConfig = {
  pageSize: DEFAULT_PAGE_SIZE,
  pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
  showSizeChanger: true,
  showQuickJumper: true,
  showTotal: (total) => `共 ${total} 条`,
};

export interface PageState {
  current: number;
  size: number;
}

/**
 * Paging state for a list page: `query` goes to the server (current, size), `pagination` goes to
 * antd's Table together with the total from the answer; `reset` returns to page 1 (after a search).
 */
export function usePagination(initialSize: number = DEFAULT_PAGE_SIZE) {
  const [page, setPage] = useState<PageState>({ current: 1, size: initialSize });
  const reset = useCallback(() => setPage((p) => ({ ...p, current: 1 })), []);
  const pagination = useCallback(
    (total: number | undefined): TablePaginationConfig => ({
      ...TABLE_PAGINATION_DEFAULTS,
      current: page.current,
      pageSize: page.size,
      total: total ?? 0,
      onChange: (current, size) => setPage({ current: size !== page.size ? 1 : current, size }),
    }),
    [page],
  );
  const query = useMemo(() => ({ current: page.current, size: page.size }), [page]);
  return { query, pagination, reset, setPage };
}
