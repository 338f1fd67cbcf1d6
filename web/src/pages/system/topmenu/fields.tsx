import { topMenuSubmit } from '@gsl/contract';
import { schemaField, sortField } from '../../../components/crud/formFields';
import type { CrudFormField } from '../../../components/crud/types';
import { iconField } from '../menu/fields';

const shape = topMenuSubmit.shape;

/** The top menu form (BladeX): 顶部菜单编号, 顶部菜单名称, 菜单图标, 路由地址, 顶部菜单排序 — the contract's messages. */
export const TOP_MENU_FIELDS: CrudFormField[] = [
  schemaField('code', '菜单编号', shape.code, { required: true, maxLength: 255, placeholder: '请输入顶部菜单编号' }),
  schemaField('name', '菜单名称', shape.name, { required: true, maxLength: 255, placeholder: '请输入顶部菜单名称' }),
  iconField(shape.source),
  schemaField('path', '路由地址', shape.path, { maxLength: 255 }),
  sortField('菜单排序', shape.sort, { placeholder: '请输入顶部菜单排序' }),
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
