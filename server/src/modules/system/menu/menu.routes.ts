import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG, idQuery, menuRecord, menuSubmit } from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { menuRepo } from './menu.repo.js';
import { menuService } from './menu.service.js';
import { menuTree, menuView, toForest, withoutEmptyChildren } from './menu.view.js';

const tags = ['system-menu'];

/** Filters of the menu list (BladeX: name, code, alias …; suffixes as everywhere). */
const menuFilters = z
  .object({
    name: z.string().max(255).optional(),
    code: z.string().max(255).optional(),
    alias: z.string().max(255).optional(),
    category: z
      .string()
      .regex(/^[12]?$/, '菜单类型不正确')
      .optional(),
  })
  .passthrough();

export default async function menuRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/routes',
    summary: 'routes: 当前用户的菜单路由 (按顶部菜单)',
    tags,
    access: { permission: 'authenticated' },
    query: z.object({
      topMenuId: z
        .string()
        .regex(/^\d{0,19}$/, '顶部菜单编号格式不正确')
        .optional(),
    }),
    handler: async ({ actor, query }) => toForest(await menuRepo.granted(app.db, actor, { category: 1, topMenuId: query.topMenuId || undefined })),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/buttons',
    summary: 'buttons: 当前用户的按钮权限',
    tags,
    access: { permission: 'authenticated' },
    handler: async ({ actor }) => withoutEmptyChildren(toForest(await menuRepo.granted(app.db, actor))),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/list',
    summary: 'menu list: 菜单树形列表 (name、code、alias、category 过滤)',
    tags,
    access: { permission: 'menu' },
    query: menuFilters,
    handler: async ({ query }) => menuTree(await menuRepo.all(app.db, query as Record<string, unknown>)),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/lazy-list',
    summary: 'menu lazy-list: 某菜单的下级菜单与按钮 (parentId, 缺省为顶层)',
    tags,
    access: { permission: 'menu' },
    query: menuFilters.extend({
      parentId: z
        .string()
        .regex(/^\d{0,19}$/, '上级菜单编号格式不正确')
        .optional(),
    }),
    response: z.array(menuRecord),
    handler: async ({ query }) => (await menuRepo.children(app.db, query.parentId || '0', query as Record<string, unknown>)).map((r) => menuView(r)),
  });

  // The data and API scope screens pick a menu from menus alone (BladeX menu-list / lazy-menu-list).
  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/menu-list',
    summary: 'menu menu-list: 菜单树形列表, 仅菜单不含按钮 (数据权限、接口权限页面; name、code、alias 过滤)',
    tags,
    access: { permission: ['menu', 'data_scope', 'api_scope'] },
    query: menuFilters,
    handler: async ({ query }) => menuTree(await menuRepo.all(app.db, query as Record<string, unknown>, 1)),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/lazy-menu-list',
    summary: 'menu lazy-menu-list: 某菜单的下级菜单, 不含按钮 (parentId, 缺省为顶层; 数据权限、接口权限页面)',
    tags,
    access: { permission: ['menu', 'data_scope', 'api_scope'] },
    query: menuFilters.extend({
      parentId: z
        .string()
        .regex(/^\d{0,19}$/, '上级菜单编号格式不正确')
        .optional(),
    }),
    handler: async ({ query }) =>
      (await menuRepo.children(app.db, query.parentId || '0', { ...(query as Record<string, unknown>), category: '1' })).map((r) => menuView(r)),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/detail',
    summary: 'menu detail: 菜单详情',
    tags,
    access: { permission: 'menu' },
    query: idQuery,
    response: menuRecord,
    handler: async ({ query }) => {
      const row = await menuRepo.findById(app.db, query.id);
      if (!row) throw notFound();
      const parent = row.parentId !== '0' ? await menuRepo.findById(app.db, row.parentId) : undefined;
      return menuView(row, parent?.name ?? null);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/tree',
    summary: 'menu tree: 菜单树 (上级菜单、所属菜单选择; 仅菜单, 不含按钮)',
    tags,
    // The menu screen and the data/API scope screens (their rules hang on menus) all pick from it.
    access: { permission: ['menu', 'data_scope', 'api_scope'] },
    handler: async () => menuTree(await menuRepo.all(app.db, {}, 1)),
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/menu/submit',
    summary: 'menu submit: 新增或修改菜单/按钮 (无 id 新增, 有 id 按 version 修改)',
    tags,
    access: { permission: 'menu' },
    body: menuSubmit,
    response: menuRecord,
    handler: async ({ actor, body }) => {
      const { row, created } = await menuService.submit(app.db, actor, body);
      return withMsg(menuView(row), created ? MSG.added : MSG.updated);
    },
  });

  removeRoute(app, {
    url: '/api/blade-system/menu/remove',
    summary: 'menu remove: 删除菜单 (ids; 有子项或系统内置时拒绝)',
    tags,
    permission: 'menu_delete',
    remove: (ids) => menuService.remove(app.db, ids),
  });
}
