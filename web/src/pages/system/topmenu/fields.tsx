import { AutoComplete, Input, InputNumber, Space } from 'antd';
import { topMenuSubmit } from '@gsl/contract';
import { MENU_ICON_NAMES, menuIcon } from '../../../app/shell/menuIcons';
import { schemaRule } from '../../../components/crud/schemaRule';
import type { CrudFormField } from '../../../components/crud/types';

const shape = topMenuSubmit.shape;
const iconOptions = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space>
      {menuIcon(name)}
      {name}
    </Space>
  ),
}));

/** The top menu form (BladeX): 顶部菜单编号, 顶部菜单名称, 菜单图标, 路由地址, 顶部菜单排序 — the contract's messages. */
export const TOP_MENU_FIELDS: CrudFormField[] = [
  { name: 'code', label: '菜单编号', required: true, rules: [schemaRule(shape.code)], input: <Input placeholder="请输入顶部菜单编号" maxLength={255} /> },
  { name: 'name', label: '菜单名称', required: true, rules: [schemaRule(shape.name)], input: <Input placeholder="请输入顶部菜单名称" maxLength={255} /> },
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
  { name: 'path', label: '路由地址', rules: [schemaRule(shape.path)], input: <Input placeholder="请输入路由地址" maxLength={255} /> },
  {
    name: 'sort',
    label: '菜单排序',
    required: true,
    rules: [schemaRule(shape.sort)],
    input: <InputNumber placeholder="请输入顶部菜单排序" min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />,
  },
];

/** Blank optional texts are cleared. */
export function topMenuBody(values: Record<string, unknown>): Record<string, unknown> {
  const body = { ...values };
  for (const key of ['source', 'path']) {
    const v = body[key];
    body[key] = typeof v === 'string' && v.trim() ? v.trim() : null;
  }
  return body;
}
