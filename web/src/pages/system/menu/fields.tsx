import { AutoComplete, Input, InputNumber, Radio, Space, TreeSelect, type FormRule } from 'antd';
import { MENU_ACTION_NAMES, MENU_CATEGORY_NAMES, MENU_IS_OPEN_NAMES, MENU_MSG, menuSubmit, type MenuTreeNode } from '@gsl/contract';
import type { MenuAdminRow } from '../../../api/system/menu';
import { MENU_ICON_NAMES, menuIcon } from '../../../app/shell/menuIcons';
import { schemaRule } from '../../../components/crud/schemaRule';
import type { CrudFormField } from '../../../components/crud/types';

const shape = menuSubmit.shape;
const options = (names: Record<number, string>) => Object.entries(names).map(([value, label]) => ({ value: Number(value), label }));

export interface MenuChoice {
  title: string;
  value: string;
  key: string;
  children?: MenuChoice[];
}

/** Menus (never buttons: nothing hangs under a button) as 上级菜单 choices. */
export const menuChoices = (nodes: readonly MenuTreeNode[]): MenuChoice[] =>
  nodes
    .filter((n) => n.category !== 2)
    .map((n) => ({ title: n.name, value: n.id, key: n.id, children: n.children?.length ? menuChoices(n.children) : undefined }));

/** 路由地址 is required for a menu (category 1); a button may leave it empty (the server's rule). */
export const pathRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (Number(getFieldValue('category') ?? 1) === 1 && !text) throw new Error(MENU_MSG.pathRequired);
  },
});

const iconOptions = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space>
      {menuIcon(name)}
      {name}
    </Space>
  ),
}));

/**
 * The menu form (BladeX 菜单管理): 菜单名称, 路由地址, 上级菜单, 菜单图标, 菜单编号, 菜单类型, 菜单别名,
 * 按钮功能, 菜单排序, 新窗口, 菜单备注. Required: name, code, sort and type; the route for a menu —
 * with the contract's messages (请输入菜单名称, 请输入菜单编号, 请输入路由地址, 请输入菜单排序, 请选择菜单类型).
 */
export function menuFields(parents: MenuChoice[], loadingParents: boolean): CrudFormField[] {
  return [
    { name: 'name', label: '菜单名称', required: true, rules: [schemaRule(shape.name)], input: <Input placeholder="请输入菜单名称" maxLength={255} /> },
    {
      name: 'path',
      label: '路由地址',
      required: true,
      rules: [pathRule, schemaRule(shape.path)],
      input: <Input placeholder="请输入路由地址" maxLength={255} />,
    },
    {
      name: 'parentId',
      label: '上级菜单',
      validateTrigger: ['onChange', 'onBlur'],
      input: <TreeSelect allowClear showSearch={{ treeNodeFilterProp: 'title' }} placeholder="请选择上级菜单" treeData={parents} loading={loadingParents} />,
    },
    {
      name: 'source',
      label: '菜单图标',
      rules: [schemaRule(shape.source)],
      input: (
        <AutoComplete
          allowClear
          options={iconOptions}
          placeholder="请输入菜单图标"
          showSearch={{ filterOption: (input, option) => String(option?.value ?? '').includes(input) }}
        />
      ),
    },
    { name: 'code', label: '菜单编号', required: true, rules: [schemaRule(shape.code)], input: <Input placeholder="请输入菜单编号" maxLength={255} /> },
    {
      name: 'category',
      label: '菜单类型',
      required: true,
      rules: [schemaRule(shape.category)],
      validateTrigger: ['onChange', 'onBlur'],
      input: <Radio.Group options={options(MENU_CATEGORY_NAMES)} />,
    },
    { name: 'alias', label: '菜单别名', rules: [schemaRule(shape.alias)], input: <Input placeholder="请输入菜单别名" maxLength={255} /> },
    { name: 'action', label: '按钮功能', validateTrigger: 'onChange', input: <Radio.Group options={options(MENU_ACTION_NAMES)} /> },
    {
      name: 'sort',
      label: '菜单排序',
      required: true,
      rules: [schemaRule(shape.sort)],
      input: <InputNumber placeholder="请输入菜单排序" min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />,
    },
    { name: 'isOpen', label: '新窗口', validateTrigger: 'onChange', input: <Radio.Group options={options(MENU_IS_OPEN_NAMES)} /> },
    {
      name: 'remark',
      label: '菜单备注',
      rules: [schemaRule(shape.remark)],
      input: <Input.TextArea placeholder="请输入菜单备注" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={255} />,
    },
  ];
}

/** A new menu's starting values (under `parentId` for 新增子项). */
export const newMenuValues = (parentId?: string): Record<string, unknown> => ({ parentId, category: 1, action: 1, isOpen: 1, sort: 1 });

/** A row into the form: no parent ('0') is an empty 上级菜单. */
export function menuFormValues(row: MenuAdminRow): Record<string, unknown> {
  return {
    name: row.name,
    path: row.path ?? undefined,
    parentId: row.parentId && row.parentId !== '0' ? row.parentId : undefined,
    source: row.source ?? undefined,
    code: row.code,
    category: row.category,
    alias: row.alias ?? undefined,
    action: row.action,
    sort: row.sort,
    isOpen: row.isOpen,
    remark: row.remark ?? undefined,
  };
}

/** The form into menu/submit: an empty 上级菜单 is a top-level menu; blank optional texts are cleared. */
export function menuBody(values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...values, parentId: values.parentId ? String(values.parentId) : '' };
  for (const key of ['path', 'source', 'alias', 'remark']) {
    const v = body[key];
    body[key] = typeof v === 'string' && v.trim() ? v.trim() : null;
  }
  return body;
}
