import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ID_LIST_RE, ID_MSG, MSG, idQuery, pageOf, pageQuery, topMenuGrant, topMenuRecord, topMenuSubmit } from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { menuRepo } from '../menu/menu.repo.js';
import { menuTree } from '../menu/menu.view.js';
import { topMenuRepo } from './topmenu.repo.js';
import { topMenuService } from './topmenu.service.js';
import { topMenuView } from './topmenu.view.js';

const tags = ['system-topmenu'];

export default async function topMenuRoutes(app: FastifyInstance) {
  const tz = app.config.timeZone;
  const base = '/api/blade-system/topmenu';

  route(app, {
    method: 'GET',
    url: `${base}/list`,
    summary: 'topmenu list: 顶部菜单分页列表 (code、name 过滤)',
    tags,
    access: { permission: 'topmenu' },
    query: pageQuery.extend({ code: z.string().max(255).optional(), name: z.string().max(255).optional() }).passthrough(),
    response: pageOf(topMenuRecord),
    handler: async ({ actor, query }) => {
      const page = await topMenuRepo.page(app.db, actor.tenantId, query, query as Record<string, unknown>);
      return { ...page, records: page.records.map((r) => topMenuView(r, tz)) };
    },
  });

  route(app, {
    method: 'GET',
    url: `${base}/detail`,
    summary: 'topmenu detail: 顶部菜单详情',
    tags,
    access: { permission: 'topmenu' },
    query: idQuery,
    response: topMenuRecord,
    handler: async ({ actor, query }) => {
      const row = await topMenuRepo.findById(app.db, actor.tenantId, query.id);
      if (!row) throw notFound();
      return topMenuView(row, tz);
    },
  });

  route(app, {
    method: 'POST',
    url: `${base}/submit`,
    summary: 'topmenu submit: 新增或修改顶部菜单 (无 id 新增, 有 id 按 version 修改)',
    tags,
    access: { permission: 'topmenu' },
    body: topMenuSubmit,
    response: topMenuRecord,
    handler: async ({ actor, body }) => {
      const { row, created } = await topMenuService.submit(app.db, actor, body);
      return withMsg(topMenuView(row, tz), created ? MSG.added : MSG.updated);
    },
  });

  removeRoute(app, {
    url: `${base}/remove`,
    summary: 'topmenu remove: 删除顶部菜单 (ids; 其菜单配置一并删除)',
    tags,
    permission: 'topmenu_delete',
    remove: (ids, actor) => topMenuService.remove(app.db, actor, ids),
  });

  route(app, {
    method: 'POST',
    url: `${base}/grant`,
    summary: 'topmenu grant: 顶部菜单的菜单配置 (topMenuIds、menuIds; 一次事务内替换)',
    tags,
    access: { permission: 'topmenu_setting' },
    body: topMenuGrant,
    handler: async ({ actor, body }) => {
      await topMenuService.grant(app.db, actor, body);
      return withMsg(null, '配置成功');
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/top-menu',
    summary: 'menu top-menu: 当前用户的顶部菜单 (BladeX 页头; 配置了其拥有菜单的顶部菜单)',
    tags,
    access: { permission: 'authenticated' },
    handler: async ({ actor }) => (await topMenuRepo.visibleTo(app.db, actor)).map((r) => topMenuView(r, tz)),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/grant-top-tree',
    summary: 'menu grant-top-tree: 顶部菜单可配置的菜单树 (当前用户拥有的菜单), 如 BladeX 答 { menu }',
    tags,
    access: { permission: 'topmenu' },
    handler: async ({ actor }) => ({ menu: menuTree(await menuRepo.granted(app.db, actor, { category: 1 })) }),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/menu/top-tree-keys',
    summary: 'menu top-tree-keys: 顶部菜单已配置的菜单编号 (topMenuIds), 如 BladeX 答 { menu }',
    tags,
    access: { permission: 'topmenu' },
    query: z.object({
      topMenuIds: z.string({ message: '请选择顶部菜单' }).trim().min(1, '请选择顶部菜单').max(4000, '一次选择的数据过多').regex(ID_LIST_RE, ID_MSG),
    }),
    response: z.object({ menu: z.array(z.string()) }),
    handler: async ({ actor, query }) => {
      const ids = [...new Set(query.topMenuIds.split(','))];
      if ((await topMenuRepo.liveIds(app.db, actor.tenantId, ids)).size !== ids.length) throw notFound();
      return { menu: await topMenuRepo.settingMenuIds(app.db, ids) };
    },
  });
}
