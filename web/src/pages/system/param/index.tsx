import type { ParamSubmit, ParamView } from '@gsl/contract';
import { paramApi } from '../../../api/system/param';
import { CrudTable } from '../../../components/crud/CrudTable';
import { crudPermissions } from '../../../components/crud/crudLogic';
import { PARAM_COLUMNS } from './columns';
import { PARAM_FIELDS } from './fields';

/**
 * 参数管理 at the admin menu path /system/param (specification §2 "Generic administration screens",
 * §3 System parameter): search by name and key (and the creation date), multi-select, row index,
 * 查看 / 编辑 / 删除, add — each button behind its permission code.
 */
export default function ParamPage() {
  return (
    <CrudTable<ParamView, ParamSubmit>
      testId="param"
      api={paramApi}
      columns={PARAM_COLUMNS}
      fields={PARAM_FIELDS}
      search={[
        { name: 'paramName', label: '参数名称' },
        { name: 'paramKey', label: '参数键名' },
      ]}
      dateRange={{ name: 'createTime', label: '创建时间' }}
      permissions={crudPermissions('param')}
    />
  );
}
