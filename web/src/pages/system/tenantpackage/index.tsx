import type { ColumnsType } from 'antd/es/table';
import { tenantPackageSubmit, type TenantPackageSubmit, type TenantPackageView } from '@gsl/contract';
import { tenantPackageApi } from '../../../api/system/tenant';
import { CrudTable } from '../../../components/crud/CrudTable';
import { crudPermissions } from '../../../components/crud/crudLogic';
import { schemaField, textAreaField } from '../../../components/crud/formFields';
import type { CrudFormField } from '../../../components/crud/types';
import { MenuTreePicker } from './MenuTreePicker';
import { splitIds } from './packageLogic';

const shape = tenantPackageSubmit.shape;

const COLUMNS: ColumnsType<TenantPackageView> = [
  { key: 'packageName', dataIndex: 'packageName', title: '产品包名称', width: 240, ellipsis: true },
  { key: 'menuCount', dataIndex: 'menuIds', title: '菜单数量', width: 120, align: 'center', render: (v: string) => splitIds(v).length },
  { key: 'remark', dataIndex: 'remark', title: '备注', width: 320, ellipsis: true },
];

export const PACKAGE_FIELDS: CrudFormField[] = [
  schemaField('packageName', '产品包名称', shape.packageName, { required: true, maxLength: 50 }),
  schemaField('menuIds', '菜单权限', shape.menuIds, { required: true, validateTrigger: 'onChange', input: <MenuTreePicker /> }),
  textAreaField('remark', '备注', shape.remark),
];

/**
 * 租户产品包 at /system/tenantpackage (menu tenantpackage; specification §7 tenant-package list /
 * detail / remove / submit): the packages with search by name, 新增 / 查看 / 编辑 / 删除 and bulk 删除;
 * the form picks the package's menus and buttons in a checkbox tree. Saving a package also updates
 * the tenants using it; a package still used by a tenant cannot be removed (the server says so).
 */
export default function TenantPackagePage() {
  return (
    <CrudTable<TenantPackageView, TenantPackageSubmit>
      testId="tenantpackage"
      api={tenantPackageApi}
      columns={COLUMNS}
      fields={PACKAGE_FIELDS}
      search={[{ name: 'packageName', label: '产品包名称' }]}
      permissions={crudPermissions('tenantpackage')}
      labelWidth={110}
      fromFormValues={(values) => ({ ...values, remark: typeof values.remark === 'string' && values.remark.trim() ? values.remark : null })}
    />
  );
}
