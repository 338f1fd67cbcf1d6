import { useQuery } from '@tanstack/react-query';
import type { ApiLogView, ErrorLogView, LogCommonView, LogView, UsualLogView } from '@gsl/contract';
import { bladeCrudApi, type CrudApi } from '../crud';
import { get } from '../http';

/**
 * The server's logs (specification §7 "blade-log: GET usual, api and error lists and details"):
 *   GET /api/blade-log/{usual|api|error}/list    current, size, requestUri, createBy, method, remoteIp,
 *                                                createTime_dategt / _datelt (+ logLevel, title, exceptionName …)
 *   GET /api/blade-log/{usual|api|error}/detail  id → every column, with params, logData, stackTrace
 * Read only. Permission: the menu codes log_usual, log_api, log_error.
 */
export type LogKind = 'usual' | 'api' | 'error';

/** The rows are the contract's answer types (columns shared by the three tables, then each kind's own). */
export type { ApiLogView, ErrorLogView, LogCommonView, LogView, UsualLogView };

const base = (kind: LogKind) => `/api/blade-log/${kind}`;
export const logKeys = {
  all: (kind: LogKind) => ['log', kind] as const,
  detail: (kind: LogKind, id: string) => ['log', kind, 'detail', id] as const,
};

/** A log list as the CrudTable reads it; there is nothing to write (submit and remove are refused). */
export function logApi<Row extends LogCommonView>(kind: LogKind): CrudApi<Row, never> {
  return bladeCrudApi(base(kind), logKeys.all(kind), { readOnly: '日志只读' });
}

/** A cancelled call (http.ts resolves it quietly) answers null. */
export const getLogDetail = (kind: LogKind, id: string, signal?: AbortSignal) =>
  get<Record<string, unknown>>(`${base(kind)}/detail`, { id }, { signal }).then((row) => row ?? null);

/** One log row with every column (the list leaves the large ones out). */
export function useLogDetail(kind: LogKind, id: string | undefined) {
  return useQuery({
    queryKey: logKeys.detail(kind, id ?? ''),
    queryFn: ({ signal }) => getLogDetail(kind, id!, signal),
    enabled: Boolean(id),
    staleTime: 60_000, // a log row does not change
  });
}
