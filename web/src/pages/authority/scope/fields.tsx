import { Select, TreeSelect, type FormRule } from 'antd';
import { API_SCOPE_TYPE_NAMES, DATA_SCOPE_TYPE_NAMES, SCOPE_MSG, apiScopeSubmit, dataScopeSubmit } from '@gsl/contract';
import type { ScopeDeptNode } from '../../../api/system/scope';
import { codeOptions } from '../../../components/crud/crudLogic';
import { schemaField, textAreaField } from '../../../components/crud/formFields';
import type { CrudFormField } from '../../../components/crud/types';

const data = dataScopeSubmit.shape;
const api = apiScopeSubmit.shape;

/** The custom data scope (type 5). */
export const CUSTOM_SCOPE = 5;

export interface MenuOption {
  title: string;
  value: string;
  key: string;
  children?: MenuOption[];
}

/** 可见机构 is required for 自定义 (type 5) and ignored otherwise (the server's rule). */
export const customValueRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const ids = Array.isArray(value) ? value : typeof value === 'string' && value ? value.split(',') : [];
    if (Number(getFieldValue('scopeType')) === CUSTOM_SCOPE && !ids.length) throw new Error(SCOPE_MSG.customValueRequired);
  },
});

const menuField = (menus: MenuOption[]): CrudFormField =>
  schemaField('menuId', '所属菜单', data.menuId, {
    required: true,
    validateTrigger: ['onChange', 'onBlur'],
    input: <TreeSelect showSearch={{ treeNodeFilterProp: 'title' }} placeholder="请选择所属菜单" treeData={menus} treeDefaultExpandAll />,
  });

const resourceField = schemaField('resourceCode', '资源编号', data.resourceCode, { required: true, maxLength: 255 });

const remarkField = textAreaField('remark', '备注', data.remark, { maxRows: 5 });

/**
 * A data scope rule (BladeX 数据权限): 所属菜单, 资源编号, 权限名称, 权限字段, 规则类型 (全部可见 … 自定义),
 * 可见机构 (自定义 only), 备注 — the exact fields of dataScopeSubmit, with its messages.
 */
export function dataScopeFields(menus: MenuOption[], depts: ScopeDeptNode[], loadingDepts: boolean): CrudFormField[] {
  return [
    menuField(menus),
    resourceField,
    schemaField('scopeName', '权限名称', data.scopeName, { required: true, maxLength: 255, placeholder: '请输入数据权限名称' }),
    schemaField('scopeColumn', '权限字段', data.scopeColumn, { maxLength: 64, placeholder: 'dept_id' }),
    schemaField('scopeType', '规则类型', data.scopeType, {
      required: true,
      validateTrigger: ['onChange', 'onBlur'],
      input: <Select placeholder="请选择数据权限类型" options={codeOptions(DATA_SCOPE_TYPE_NAMES)} />,
    }),
    {
      name: 'scopeValue',
      label: '可见机构',
      rules: [customValueRule],
      validateTrigger: ['onChange', 'onBlur'],
      input: (
        <TreeSelect
          multiple
          treeCheckable
          treeCheckStrictly
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder="规则类型为自定义时,请选择可见的机构"
          treeData={depts}
          loading={loadingDepts}
          maxTagCount={6}
        />
      ),
    },
    remarkField,
  ];
}

/** An api scope rule (BladeX 接口权限): 所属菜单, 资源编号, 接口名称, 接口路径, 接口类型, 备注 (apiScopeSubmit). */
export function apiScopeFields(menus: MenuOption[]): CrudFormField[] {
  return [
    menuField(menus),
    resourceField,
    schemaField('scopeName', '接口名称', api.scopeName, { required: true, maxLength: 255, placeholder: '请输入接口权限名称' }),
    schemaField('scopePath', '接口路径', api.scopePath, { required: true, maxLength: 255, placeholder: '/api/blade-system/example/**' }),
    schemaField('scopeType', '接口类型', api.scopeType, {
      validateTrigger: ['onChange', 'onBlur'],
      input: <Select allowClear placeholder="请选择接口权限类型" options={codeOptions(API_SCOPE_TYPE_NAMES)} />,
    }),
    remarkField,
  ];
}

/** A data rule into the form: 可见机构 as a list of dept ids. */
export function dataScopeFormValues(row: {
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopeColumn: string | null;
  scopeType: number;
  scopeValue: string | null;
  remark: string | null;
}) {
  return {
    menuId: row.menuId,
    resourceCode: row.resourceCode,
    scopeName: row.scopeName,
    scopeColumn: row.scopeColumn ?? undefined,
    scopeType: row.scopeType,
    scopeValue: row.scopeValue ? row.scopeValue.split(',').filter(Boolean) : [],
    remark: row.remark ?? undefined,
  };
}

/** Tree-select values are plain ids or { value } objects (treeCheckStrictly); both give the id. */
const idOf = (v: unknown): string => (v && typeof v === 'object' && 'value' in v ? String((v as { value: unknown }).value) : String(v));

/** The form into data-scope/submit: 可见机构 comma-separated, only for 自定义; blank texts cleared. */
export function dataScopeBody(values: Record<string, unknown>): Record<string, unknown> {
  const ids = Array.isArray(values.scopeValue) ? [...new Set(values.scopeValue.map(idOf))] : [];
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return {
    ...values,
    scopeColumn: text(values.scopeColumn),
    remark: text(values.remark),
    scopeValue: Number(values.scopeType) === CUSTOM_SCOPE ? ids.join(',') : null,
  };
}

/** The form into api-scope/submit: blank remark cleared, no type = 请求 (the server's default). */
export function apiScopeBody(values: Record<string, unknown>): Record<string, unknown> {
  const remark = typeof values.remark === 'string' && values.remark.trim() ? values.remark.trim() : null;
  const body: Record<string, unknown> = { ...values, remark };
  if (body.scopeType === undefined || body.scopeType === null) delete body.scopeType;
  return body;
}
