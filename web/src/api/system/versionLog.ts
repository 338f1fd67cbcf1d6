import type { VersionLogSubmit, VersionLogView } from '@gsl/contract';
import { bladeCrudApi, type CrudApi } from '../crud';

/**
 * 版本更新日志 (specification §7 "versionupdatelog: POST page (query params, body filters)"):
 *   POST /api/blade-system/versionupdatelog/page    ?current=&size=, body { versionNo, title, updateType,
 *                                                   publishTime_dategt, publishTime_datelt } (no other keys)
 *   GET  /api/blade-system/versionupdatelog/detail  id
 *   POST /api/blade-system/versionupdatelog/submit  VersionLogSubmit → 新增成功 / 更新成功
 *   POST /api/blade-system/versionupdatelog/remove  ?ids=
 * Everyone reads it; writing needs versionupdatelog_add / _edit / _delete.
 */
export type { VersionLogView };

const BASE = '/api/blade-system/versionupdatelog';
export const versionLogApi: CrudApi<VersionLogView, VersionLogSubmit> = bladeCrudApi(BASE, ['system', 'versionupdatelog'], {
  list: { path: 'page', method: 'POST' },
});
