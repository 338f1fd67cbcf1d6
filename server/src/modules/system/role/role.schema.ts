import { z } from 'zod';
import { pageQuery } from '@gsl/contract';

/** Response and query schemas shared by the v1 and v2 role calls. */
export const roleRecord = z.object({
  id: z.string(),
  parentId: z.string(),
  parentName: z.string().nullable(),
  roleName: z.string(),
  roleAlias: z.string(),
  systemType: z.string(),
  deptId: z.string().nullable(),
  deptName: z.string().nullable(),
  sort: z.number(),
  status: z.number(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
  hasChildren: z.boolean(),
});
export const rolePage = z.object({ records: z.array(roleRecord), total: z.number(), size: z.number(), current: z.number(), pages: z.number() });
export const rolePageQuery = pageQuery
  .extend({
    roleName: z.string().max(64).optional(),
    roleAlias: z.string().max(64).optional(),
  })
  .passthrough();
