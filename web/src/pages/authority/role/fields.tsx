import { roleSubmit } from '@gsl/contract';
import { parentField, schemaField, sortField } from '../../../components/crud/formFields';
import type { CrudFormField, TreeChoice } from '../../../components/crud/types';
import type { RoleRow } from '../../../api/system/role';

const shape = roleSubmit.shape;

/**
 * The role form (BladeX): 角色名称, 角色别名, 上级角色 (optional: a top-level role when empty), 角色排序 —
 * checked on blur by the contract's schema, so the form says what the server says (请输入角色名称,
 * 请输入角色别名, 请输入角色排序, 角色别名只能包含字母、数字和 _ . -).
 */
export function roleFields(parents: TreeChoice[], loadingParents: boolean): CrudFormField[] {
  return [
    schemaField('roleName', '角色名称', shape.roleName, { required: true, maxLength: 64 }),
    schemaField('roleAlias', '角色别名', shape.roleAlias, { required: true, maxLength: 64 }),
    parentField('上级角色', parents, loadingParents),
    sortField('角色排序', shape.sort),
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
