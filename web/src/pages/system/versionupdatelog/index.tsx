import type { VersionLogSubmit } from '@gsl/contract';
import { versionLogApi, type VersionLogView } from '../../../api/system/versionLog';
import { CrudTable } from '../../../components/crud/CrudTable';
import { crudPermissions } from '../../../components/crud/crudLogic';
import { VERSION_LOG_COLUMNS } from './columns';
import { UPDATE_TYPE_OPTIONS, VERSION_LOG_FIELDS } from './fields';
import { versionLogBody, versionLogFormValues } from './versionLogLogic';

/**
 * 版本更新日志 at /system/versionupdatelog: the administrators' list and form of the log every user
 * reads under 我的一天 (the page call takes paging in the query and the filters in the body).
 */
export default function VersionLogPage() {
  return (
    <CrudTable<VersionLogView, VersionLogSubmit>
      testId="versionupdatelog"
      api={versionLogApi}
      columns={VERSION_LOG_COLUMNS}
      fields={VERSION_LOG_FIELDS}
      search={[
        { name: 'versionNo', label: '版本号' },
        { name: 'title', label: '更新标题' },
        { name: 'updateType', label: '更新类型', options: UPDATE_TYPE_OPTIONS, width: 160 },
      ]}
      dateRange={{ name: 'publishTime', label: '发布时间' }}
      permissions={crudPermissions('versionupdatelog')}
      addValues={() => ({ updateType: 1 })}
      toFormValues={versionLogFormValues}
      fromFormValues={versionLogBody}
    />
  );
}
