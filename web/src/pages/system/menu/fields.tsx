import { AutoComplete, Radio, Space, type FormRule } from 'antd';
import { MENU_ACTION_NAMES, MENU_CATEGORY_NAMES, MENU_IS_OPEN_NAMES, MENU_MSG, menuSubmit, type MenuTreeNode } from '@gsl/contract';
import type { MenuAdminRow } from '../../../api/system/menu';
import { MENU_ICON_NAMES, menuIcon } from '../../../app/shell/menuIcons';
import { codeOptions } from '../../../components/crud/crudLogic';
import { parentField, schemaField, sortField, textAreaField } from '../../../components/crud/formFields';
import type { FieldSchema } from '../../../components/crud/schemaRule';
import type { CrudFormField, TreeChoice } from '../../../components/crud/types';

const shape = menuSubmit.shape;

/** Menus (never buttons: nothing hangs under a button) as 上级菜单 choices. */
export const menuChoices = (nodes: readonly MenuTreeNode[]): TreeChoice[] =>
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

/** 菜单图标 (of a menu and of a top menu): one of the icons the side menu knows, found as it is typed. */
export const iconField = (schema: FieldSchema): CrudFormField =>
  schemaField('source', '菜单图标', schema, {
    input: (
      <AutoComplete
        allowClear
        options={iconOptions}
        placeholder="请输入菜单图标"
        showSearch={{ filterOption: (input, option) => String(option?.value ?? '').includes(input) }}
      />
    ),
  });

/**
 * The menu form (BladeX 菜单管理): 菜单名称, 路由地址, 上级菜单, 菜单图标, 菜单编号, 菜单类型, 菜单别名,
 * 按钮功能, 菜单排序, 新窗口, 菜单备注. Required: name, code, sort and type; the route for a menu —
 * with the contract's messages (请输入菜单名称, 请输入菜单编号, 请输入路由地址, 请输入菜单排序, 请选择菜单类型).
 */
export function menuFields(parents: TreeChoice[], loadingParents: boolean): CrudFormField[] {
  return [
    schemaField('name', '菜单名称', shape.name, { required: true, maxLength: 255 }),
    schemaField('path', '路由地址', shape.path, { required: true, maxLength: 255, rules: [pathRule] }),
    parentField('上级菜单', parents, loadingParents, { expandAll: false }),
    iconField(shape.source),
    schemaField('code', '菜单编号', shape.code, { required: true, maxLength: 255 }),
    schemaField('category', '菜单类型', shape.category, {
      required: true,
      validateTrigger: ['onChange', 'onBlur'],
      input: <Radio.Group options={codeOptions(MENU_CATEGORY_NAMES)} />,
    }),
    schemaField('alias', '菜单别名', shape.alias, { maxLength: 255 }),
    { name: 'action', label: '按钮功能', validateTrigger: 'onChange', input: <Radio.Group options={codeOptions(MENU_ACTION_NAMES)} /> },
    sortField('菜单排序', shape.sort),
    { name: 'isOpen', label: '新窗口', validateTrigger: 'onChange', input: <Radio.Group options={codeOptions(MENU_IS_OPEN_NAMES)} /> },
    textAreaField('remark', '菜单备注', shape.remark),
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
