import { z } from 'zod';
import { idField, idOf } from '../envelope.js';

/** Dictionary and business dictionary (specification §3, §5): the four required messages. */
export const DICT_MSG = {
  codeRequired: '请输入字典编号',
  valueRequired: '请输入字典名称',
  sortRequired: '请输入字典排序',
  sealRequired: '请选择封存',
  keyRequired: '请输入字典键值',
  rootExists: '该字典编号已存在',
  keyExists: '当前字典键值已存在',
  hasChildren: '该字典下存在子项,请先删除子项',
  parentMissing: '上级字典不存在',
  parentSelf: '上级字典不能是自身或其子项',
} as const;

/** Root rows carry this key (BladeX); items carry their own. */
export const DICT_ROOT_KEY = '-1';

export const dictSubmit = z
  .object({
    id: idField.optional(),
    version: z.coerce.number().int().min(1).optional(),
    /** Optional: a root dictionary has none (or 0). */
    parentId: z.union([idOf('上级字典编号格式不正确'), z.literal('')]).nullish(),
    code: z
      .string({ message: DICT_MSG.codeRequired })
      .trim()
      .min(1, DICT_MSG.codeRequired)
      .max(255, '字典编号过长')
      .regex(/^[A-Za-z0-9_.:-]+$/, '字典编号只能包含字母、数字和 _ . : -'),
    dictKey: z.string().trim().max(255, '字典键值过长').nullish(),
    dictValue: z.string({ message: DICT_MSG.valueRequired }).trim().min(1, DICT_MSG.valueRequired).max(255, '字典名称过长'),
    sort: z.coerce.number({ message: DICT_MSG.sortRequired }).int('字典排序必须是整数').min(0, '字典排序不能小于0').max(100000, '字典排序过大'),
    isSealed: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { message: DICT_MSG.sealRequired }).transform(Number),
    remark: z.string().max(255, '备注过长').nullish(),
  })
  .strict();
export type DictSubmit = z.infer<typeof dictSubmit>;

/** A dictionary entry as the lists, detail and submit answer it. */
export const dictRecord = z.object({
  id: z.string(),
  parentId: z.string(),
  parentName: z.string().nullable(),
  code: z.string(),
  dictKey: z.string(),
  dictValue: z.string(),
  sort: z.number(),
  isSealed: z.number(),
  remark: z.string().nullable(),
  version: z.number(),
  createTime: z.string().nullable().optional(),
  hasChildren: z.boolean(),
});
/** The entry's own fields (the web's rows and tree nodes add hasChildren and children themselves). */
export type DictView = Omit<z.infer<typeof dictRecord>, 'hasChildren'>;

/** dictionary: an option of one code's selects (sealed entries left out). */
export const dictOption = z.object({ id: z.string(), parentId: z.string(), code: z.string(), dictKey: z.string(), dictValue: z.string(), sort: z.number() });
export type DictOption = z.infer<typeof dictOption>;
