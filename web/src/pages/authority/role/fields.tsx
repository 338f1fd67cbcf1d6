import { Input, InputNumber, TreeSelect } from 'antd';
import { roleSubmit } from '@gsl/contract';
import { schemaRule } from '../../../components/crud/schemaRule';
import type { CrudFormField } from '../../../components/crud/types';
import type { RoleRow } from '../../../api/system/role';

const shape = roleSubmit.shape;

export interface RoleChoice {
  title: string;
  value: string;
  key: string;
  children?: RoleChoice[];
}

/**
 * The role form (BladeX): 角色名称, 角色别名, 上级角色 (optional: a top-level role when empty), 角色排序 —
 * checked on blur by the contract's schema, so the form says what the server says (请输入角色名称,
 * 请输入角色别名, 请输入角色排序, 角色别名只能包含字母、数字和 _ . -).
 */
export function roleFields(parents: RoleChoice[], loadingParents: boolean): CrudFormField[] {
  return [
    {
      name: 'roleName',
      label: '角色名称',
      required: true,
      rules: [schemaRule(shape.roleName)],
      input: <Input placeholder="请输入角色名称" maxLength={64} />,
    },
    {
      name: 'roleAlias',
      label: '角色别名',
      required: true,
      rules: [schemaRule(shape.roleAlias)],
      input: <Input placeholder="请输入角色别名" maxLength={64} />,
    },
    {
      name: 'parentId',
      label: '上级角色',
      validateTrigger: ['onChange', 'onBlur'],
      input: (
        <TreeSelect
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder="请选择上级角色"
          treeData={parents}
          treeDefaultExpandAll
          loading={loadingParents}
        />
      ),
    },
    {
      name: 'sort',
      label: '角色排序',
      required: true,
      rules: [schemaRule(shape.sort)],
      input: <InputNumber placeholder="请输入角色排序" min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />,
    },
  ];
}

/** A row into the form: no parent ('0') is an empty 上级角色. */
export function roleFormValues(row: RoleRow): Record<string, unknown> {
  return { roleName: row.roleName, roleAlias: row.roleAlias, parentId: row.parentId && row.parentId !== '0' ? row.parentId : undefined, sort: row.sort };
}

/** The form into role/submit: an empty 上级角色 is a top-level role. */
export function roleBody(values: Record<string, unknown>): Record<string, unknown> {
  return { ...values, parentId: values.parentId ? String(values.parentId) : '' };
}
