import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../../platform/http/route.js';
import { menuRepo } from './menu.repo.js';
import { toForest } from './menu.view.js';

export default async function menuRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/routes',
    summary: 'routes: 当前用户的菜单路由 (按顶部菜单)',
    tags: ['system-menu'],
    access: { permission: 'authenticated' },
    query: z.object({ topMenuId: z.string().regex(/^\d{0,19}$/, '顶部菜单编号格式不正确').optional() }),
    handler: async ({ actor, query }) => toForest(await menuRepo.granted(app.db, actor, { category: 1, topMenuId: query.topMenuId || undefined })),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/buttons',
    summary: 'buttons: 当前用户的按钮权限',
    tags: ['system-menu'],
    access: { permission: 'authenticated' },
    handler: async ({ actor }) => toForest(await menuRepo.granted(app.db, actor)),
  });
}
