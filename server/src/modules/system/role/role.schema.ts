import { z } from 'zod';
import { pageQuery } from '@gsl/contract';

/** The page query shared by the v1 and v2 role calls (the answers' schemas are the contract's roleRecord). */
export const rolePageQuery = pageQuery
  .extend({
    roleName: z.string().max(64).optional(),
    roleAlias: z.string().max(64).optional(),
  })
  .passthrough();
