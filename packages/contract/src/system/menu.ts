import { z } from 'zod';
import { idField, idOf } from '../envelope.js';

/** Menus (菜单管理): form messages and refusals. */
export const MENU_MSG = {
  nameRequired: '请输入菜单名称',
  codeRequired: '请输入菜单编号',
  pathRequired: '请输入路由地址',
  sortRequired: '请输入菜单排序',
  categoryRequired: '请选择菜单类型',
  codeExists: '菜单编号已存在',
  parentMissing: '上级菜单不存在',
  parentSelf: '上级菜单不能是自身或其子菜单',
  parentButton: '按钮下不能再添加菜单或按钮',
  buttonWithChildren: '该菜单下存在子项,不能改为按钮',
  hasChildren: '该菜单下存在子菜单或按钮,请先删除子项',
  builtinCode: '系统内置菜单的编号不能修改(接口权限依赖该编号)',
  builtinRemove: '系统内置菜单不能删除(接口权限依赖该编号)',
} as const;

/** category: 1 menu (a route), 2 button (an action). isOpen: 1 same tab, 2 new tab (nojump). */
export const MENU_CATEGORY_NAMES: Record<number, string> = { 1: '菜单', 2: '按钮' };

const optionalText = (max: number) => z.string().trim().max(max, `长度不能超过${max}个字符`).nullish();

export const menuSubmit = z
  .object({
    id: idField.optional(),
    version: z.coerce.number().int().min(1).optional(),
    parentId: z.union([idOf('上级菜单编号格式不正确'), z.literal('')]).nullish(),
    code: z
      .string({ message: MENU_MSG.codeRequired })
      .trim()
      .min(1, MENU_MSG.codeRequired)
      .max(255, '菜单编号不能超过255个字符')
      .regex(/^[A-Za-z0-9_.:-]+$/, '菜单编号只能包含字母、数字和 _ . : -'),
    name: z.string({ message: MENU_MSG.nameRequired }).trim().min(1, MENU_MSG.nameRequired).max(255, '菜单名称不能超过255个字符'),
    alias: optionalText(255),
    /** Route path (required for menus; buttons may leave it empty). */
    path: optionalText(255),
    /** Icon name. */
    source: optionalText(255),
    sort: z.coerce.number({ message: MENU_MSG.sortRequired }).int('菜单排序必须是整数').min(0, '菜单排序不能小于0').max(1_000_000, '菜单排序过大'),
    category: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { message: MENU_MSG.categoryRequired }).transform(Number),
    /** Button action (BladeX: 0 toolbar, 1 row, 2 both). */
    action: z
      .union([z.literal(0), z.literal(1), z.literal(2), z.literal('0'), z.literal('1'), z.literal('2')], { message: '按钮功能不正确' })
      .transform(Number)
      .optional(),
    isOpen: z
      .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { message: '打开方式不正确' })
      .transform(Number)
      .optional(),
    remark: optionalText(255),
  })
  .strict();
export type MenuSubmit = z.infer<typeof menuSubmit>;

/** A menu or button as detail, submit and the lists answer it (parentName on detail only). */
export const menuRecord = z.object({
  id: z.string(),
  parentId: z.string(),
  parentName: z.string().nullable().optional(),
  code: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  path: z.string().nullable(),
  source: z.string().nullable(),
  sort: z.number(),
  category: z.number(),
  action: z.number(),
  isOpen: z.number(),
  remark: z.string().nullable(),
  version: z.number(),
  hasChildren: z.boolean(),
});
export type MenuView = z.infer<typeof menuRecord>;

/** menu/list, menu/tree, menu/grant-top-tree: menus as tree nodes with their own fields. */
export interface MenuTreeNode extends MenuView {
  title: string;
  key: string;
  value: string;
  children: MenuTreeNode[];
}

/** BladeX 按钮功能 (action) and 新窗口 (isOpen) choices of the menu form. */
export const MENU_ACTION_NAMES: Record<number, string> = { 0: '工具栏', 1: '操作栏', 2: '工具操作栏' };
export const MENU_IS_OPEN_NAMES: Record<number, string> = { 1: '否', 2: '是' };
