import { z } from 'zod';
import { idField } from '../envelope.js';

/** Top menus (顶部菜单): form messages and refusals. */
export const TOP_MENU_MSG = {
  codeRequired: '请输入顶部菜单编号',
  nameRequired: '请输入顶部菜单名称',
  sortRequired: '请输入顶部菜单排序',
  codeExists: '顶部菜单编号已存在',
  topMenuRequired: '请选择顶部菜单',
  menuMissing: '所选菜单不存在',
} as const;

const optionalText = (max: number) => z.string().trim().max(max, `长度不能超过${max}个字符`).nullish();
const idList = (max: number) => z.array(idField, { message: '数据编号列表格式不正确' }).max(max, `一次最多选择${max}项`);

export const topMenuSubmit = z
  .object({
    id: idField.optional(),
    version: z.coerce.number().int().min(1).optional(),
    code: z
      .string({ message: TOP_MENU_MSG.codeRequired })
      .trim()
      .min(1, TOP_MENU_MSG.codeRequired)
      .max(255, '顶部菜单编号不能超过255个字符')
      .regex(/^[A-Za-z0-9_.:-]+$/, '顶部菜单编号只能包含字母、数字和 _ . : -'),
    name: z.string({ message: TOP_MENU_MSG.nameRequired }).trim().min(1, TOP_MENU_MSG.nameRequired).max(255, '顶部菜单名称不能超过255个字符'),
    /** Icon name. */
    source: optionalText(255),
    path: optionalText(255),
    sort: z.coerce
      .number({ message: TOP_MENU_MSG.sortRequired })
      .int('顶部菜单排序必须是整数')
      .min(0, '顶部菜单排序不能小于0')
      .max(1_000_000, '顶部菜单排序过大'),
  })
  .strict();
export type TopMenuSubmit = z.infer<typeof topMenuSubmit>;

/** topmenu/grant (specification §3 "Top menu grant"): the menus shown under each named top menu, replaced. */
export const topMenuGrant = z
  .object({
    topMenuIds: idList(200).min(1, TOP_MENU_MSG.topMenuRequired),
    menuIds: idList(5000),
  })
  .strict();
export type TopMenuGrant = z.infer<typeof topMenuGrant>;

/** A top menu as list, detail and submit answer it. */
export const topMenuRecord = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  source: z.string().nullable(),
  path: z.string().nullable(),
  sort: z.number(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type TopMenuView = z.infer<typeof topMenuRecord>;
