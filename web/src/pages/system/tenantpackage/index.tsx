import { Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { tenantPackageSubmit, type TenantPackageSubmit, type TenantPackageView } from '@gsl/contract';
import { tenantPackageApi } from '../../../api/system/tenant';
import { CrudTable } from '../../../components/crud/CrudTable';
import { schemaRule } from '../../../components/crud/schemaRule';
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
  {
    name: 'packageName',
    label: '产品包名称',
    required: true,
    rules: [schemaRule(shape.packageName)],
    input: <Input placeholder="请输入产品包名称" maxLength={50} />,
  },
  { name: 'menuIds', label: '菜单权限', required: true, rules: [schemaRule(shape.menuIds)], validateTrigger: 'onChange', input: <MenuTreePicker /> },
  {
    name: 'remark',
    label: '备注',
    rules: [schemaRule(shape.remark)],
    input: <Input.TextArea placeholder="请输入备注" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={255} />,
  },
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
      permissions={{ add: 'tenantpackage_add', edit: 'tenantpackage_edit', delete: 'tenantpackage_delete', view: 'tenantpackage_view' }}
      labelWidth={110}
      fromFormValues={(values) => ({ ...values, remark: typeof values.remark === 'string' && values.remark.trim() ? values.remark : null })}
    />
  );
}
