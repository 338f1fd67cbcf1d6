import { z } from 'zod';
import { idOf } from '../envelope.js';

/** Departments (机构, specification §3/§7 dept): form messages and the rules' refusals. */
export const DEPT_MSG = {
  nameRequired: '请输入机构名称',
  fullNameRequired: '请输入机构全称',
  categoryRequired: '请选择机构类型',
  sortRequired: '请输入机构排序',
  nameExists: '同一上级机构下已存在同名机构',
  unionExists: '机构统一编码已存在',
  parentMissing: '上级机构不存在或无权访问',
  parentSelf: '上级机构不能是自身或其下级机构',
  hasChildren: '该机构下存在下级机构,请先删除下级机构',
  hasUsers: '该机构下存在用户,无法删除',
  outOfScope: '机构的新位置超出了您的数据权限范围',
} as const;

/** dept_category (dictionary org_category). */
export const DEPT_CATEGORY_NAMES: Record<number, string> = { 1: '工商联', 2: '商会', 3: '协会', 4: '办事机构' };

const id = (msg: string) => idOf(msg);
const smallChoice = (values: number[], msg: string) =>
  z.coerce
    .number({ message: msg })
    .int(msg)
    .refine((v) => values.includes(v), msg);

export const deptSubmit = z
  .object({
    id: id('数据编号格式不正确').optional(),
    /** Optimistic lock: an update must carry the version it was read at. */
    version: z.coerce.number().int().min(1).optional(),
    /** '' or '0': a top-level dept. On update, absent keeps the current parent; a different one moves the dept with its subtree. */
    parentId: z.union([id('上级机构编号格式不正确'), z.literal('')]).nullish(),
    deptName: z.string({ message: DEPT_MSG.nameRequired }).trim().min(1, DEPT_MSG.nameRequired).max(100, '机构名称不能超过100个字符'),
    fullName: z.string({ message: DEPT_MSG.fullNameRequired }).trim().min(1, DEPT_MSG.fullNameRequired).max(200, '机构全称不能超过200个字符'),
    deptCategory: smallChoice([1, 2, 3, 4], DEPT_MSG.categoryRequired),
    sort: z.coerce.number({ message: DEPT_MSG.sortRequired }).int('机构排序必须是整数').min(0, '机构排序不能小于0').max(1_000_000, '机构排序过大'),
    unionId: z
      .string()
      .trim()
      .max(64, '机构统一编码过长')
      .regex(/^[A-Za-z0-9_-]*$/, '机构统一编码只能包含字母、数字和 _ -')
      .nullish(),
    regionCode: z.string().trim().max(12, '行政区划编号过长').regex(/^\d*$/, '行政区划编号只能包含数字').nullish(),
    regionLevel: smallChoice([1, 2, 3], '行政级别只能是1、2、3').nullish(),
    chamberType: smallChoice([1, 2, 3, 4, 5], '商会分类只能是1至5').nullish(),
    status: smallChoice([0, 1], '状态只能是0或1').optional(),
    remark: z.string().max(255, '备注不能超过255个字符').nullish(),
  })
  .strict();
export type DeptSubmit = z.infer<typeof deptSubmit>;

/** A dept as detail and submit answer it. */
export const deptRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  parentId: z.string(),
  parentName: z.string().nullable(),
  /** BladeX's ancestor list "0,1,5" (the dept's own id excluded). */
  ancestors: z.string(),
  deptCategory: z.number(),
  deptCategoryName: z.string().nullable(),
  deptName: z.string(),
  fullName: z.string().nullable(),
  unionId: z.string().nullable(),
  regionCode: z.string().nullable(),
  regionLevel: z.number().nullable(),
  chamberType: z.number().nullable(),
  sort: z.number(),
  remark: z.string().nullable(),
  status: z.number(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type DeptView = z.infer<typeof deptRecord>;
/** lazy-list: a dept with whether it has children (the tree table expands it). */
export const deptLazyRecord = deptRecord.extend({ hasChildren: z.boolean() });

/**
 * A dept as a tree node (wire contract §3) for selects: dept-tree, tree, dept-tree-all, lazy-tree.
 * title is the dept name; the own fields are the few a select needs to tell orgs apart (the whole
 * row is on list / detail), so a 10,000-dept tree stays a small answer.
 */
export interface DeptTreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children: DeptTreeNode[];
  deptCategory: number;
  unionId: string | null;
  regionLevel: number | null;
}

/** portal/deptInfo/detail: the signed-in user's org as the header names it. */
export const deptInfoRecord = z.object({
  id: z.string(),
  deptId: z.string(),
  deptName: z.string(),
  orgName: z.string(),
  chamberName: z.string(),
  regionLevel: z.number().nullable(),
  deptCategory: z.number(),
  unionId: z.string().nullable(),
});
export type DeptInfo = z.infer<typeof deptInfoRecord>;
