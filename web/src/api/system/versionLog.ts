import type { Envelope, PageResult, VersionLogSubmit } from '@gsl/contract';
import { bladeCrudApi, type CrudApi, type ListQuery } from '../crud';
import { request, type QueryValue } from '../http';

/**
 * 版本更新日志 (specification §7 "versionupdatelog: POST page (query params, body filters)"):
 *   POST /api/blade-system/versionupdatelog/page    ?current=&size=, body { versionNo, title, updateType,
 *                                                   publishTime_dategt, publishTime_datelt } (no other keys)
 *   GET  /api/blade-system/versionupdatelog/detail  id
 *   POST /api/blade-system/versionupdatelog/submit  VersionLogSubmit → 新增成功 / 更新成功
 *   POST /api/blade-system/versionupdatelog/remove  ?ids=
 * Everyone reads it; writing needs versionupdatelog_add / _edit / _delete.
 */
export interface VersionLogView {
  id: string;
  versionNo: string;
  title: string;
  content: string;
  /** 1 新功能, 2 优化, 3 修复 (VERSION_LOG_TYPES). */
  updateType: number;
  updateTypeName: string;
  /** yyyy-MM-dd HH:mm:ss */
  publishTime: string | null;
  version: number;
}

const BASE = '/api/blade-system/versionupdatelog';
const PAGING = new Set(['current', 'size', 'ascs', 'descs']);

/** The page call's two halves: paging (and order) in the query, the filters in the body. */
export function splitPageQuery(query: ListQuery): { params: Record<string, QueryValue>; body: Record<string, QueryValue> } {
  const params: Record<string, QueryValue> = {};
  const body: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    (PAGING.has(key) ? params : body)[key] = value;
  }
  return { params, body };
}

export const versionLogApi: CrudApi<VersionLogView, VersionLogSubmit> = {
  ...bladeCrudApi<VersionLogView, VersionLogSubmit>(BASE, ['system', 'versionupdatelog']),
  list: async (query, signal) => {
    const { params, body } = splitPageQuery(query);
    const envelope = await request<Envelope<PageResult<VersionLogView>> | undefined>(`${BASE}/page`, { method: 'POST', params, body, signal });
    return envelope?.data ?? { records: [], total: 0, size: Number(query.size ?? 0), current: Number(query.current ?? 1), pages: 0 };
  },
};
