import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG, deptLazyRecord, deptRecord, deptSubmit, idOf, idQuery } from '@gsl/contract';
import type { Actor } from '../../../platform/access/actor.js';
import { SCOPE, type DataScope } from '../../../platform/access/scope.js';
import { withMsg } from '../../../platform/http/envelope.js';
import { PreparedAnswer } from '../../../platform/http/prepared.js';
import { notFound } from '../../../platform/http/errors.js';
import { route, type RouteScope } from '../../../platform/http/route.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { deptRepo } from './dept.repo.js';
import { DEPT_RESOURCE, deptScope, deptService } from './dept.service.js';
import { forest } from '../forest.js';
import { deptListForest, deptNode, deptView } from './dept.view.js';

const idParam = (msg: string) => idOf(msg, { trim: true });
/** A parent id as the lazy calls take it: absent, '' or 0 → the top of what the caller may see. */
const parentParam = z.union([idParam('上级机构编号格式不正确'), z.literal('')]).optional();
const tenantParam = z
  .string()
  .trim()
  .regex(/^\d{1,12}$/, '租户编号格式不正确')
  .optional();
const filters = {
  deptName: z.string().max(100, '机构名称过长').optional(),
  fullName: z.string().max(200, '机构全称过长').optional(),
};
const listQuery = z.object(filters).passthrough();

const isTop = (parentId: string | undefined) => !parentId || /^0+$/.test(parentId);
/** tree / lazy-tree take a tenantId: only an administrator may name another tenant; others get their own. */
const treeTenant = (actor: Actor, tenantId: string | undefined) => (actor.isAdministrator && tenantId ? tenantId : actor.tenantId);

const record = (idFrom: NonNullable<RouteScope['record']>['idFrom']): RouteScope => ({
  resource: DEPT_RESOURCE,
  record: { table: 'blade_dept', idFrom, deptColumn: 'id', where: 'is_deleted = 0' },
});

/** The nine dept calls of the specification (§7 dept); every one limited to the tenant and the 'dept' data scope. */
export default async function deptRoutes(app: FastifyInstance) {
  const tz = app.config.timeZone;
  const base = '/api/blade-system/dept';
  const tags = ['system-dept'];

  const { deptTrees, tenancy } = app.services;

  /**
   * A whole-tree answer, kept per tenant, scope and root while no dept changes (issue 18: the 10,000-dept
   * tree is read far more often than written), serialised once and encrypted once (PreparedAnswer). Only
   * for tenants on the main database, whose writes the cache hears; a tenant on a datasource of its own is
   * read each time.
   */
  const cachedTree = async (actor: Actor, tenantId: string, scope: DataScope, part: string, load: () => Promise<unknown>): Promise<PreparedAnswer> => {
    const prepare = async () => new PreparedAnswer(await load());
    if ((await tenancy.bindingOf(actor.tenantId)) !== null) return prepare();
    const own = scope.rules.some((r) => r.type === SCOPE.OWN) ? scope.actor.userId : '';
    const key = JSON.stringify([tenantId, part, scope.rules, scope.actor.deptId, scope.actor.deptPath, own]);
    return deptTrees.get(key, prepare);
  };

  const list = async (actor: Actor, query: Record<string, unknown>) => {
    const scope = await deptScope(app.db, actor);
    return deptListForest(await deptRepo.all(app.db, actor.tenantId, scope, query), tz);
  };
  route(app, {
    method: 'GET',
    url: `${base}/list`,
    summary: 'dept list: 机构树形列表 (deptName、fullName 过滤; 数据权限范围内)',
    tags,
    access: { permission: 'dept' },
    query: listQuery,
    handler: ({ actor, query }) => list(actor, query),
  });
  route(app, {
    method: 'POST',
    url: `${base}/list`,
    summary: 'dept list (POST): 机构树形列表, 过滤条件可放在查询串或 JSON 请求体',
    tags,
    access: { permission: 'dept' },
    audit: false,
    query: listQuery,
    body: z.object(filters).passthrough().nullish(),
    handler: ({ actor, query, body }) => list(actor, { ...query, ...(body ?? {}) }),
  });

  route(app, {
    method: 'GET',
    url: `${base}/lazy-list`,
    summary: 'dept lazy-list: 机构懒加载列表 (parentId 的直接下级, 带 hasChildren; 无 parentId 时为可见范围的顶层, 带过滤条件时为全部匹配项)',
    tags,
    access: { permission: 'dept' },
    query: listQuery.extend({ parentId: parentParam }),
    scope: record('query.parentId'),
    response: z.array(deptLazyRecord),
    handler: async ({ actor, query }) => {
      const scope = await deptScope(app.db, actor);
      const { parentId, ...rest } = query;
      if (!isTop(parentId) && !(await deptRepo.isVisible(app.db, actor.tenantId, scope, parentId!))) throw notFound();
      const rows = await deptRepo.lazy(app.db, actor.tenantId, scope, isTop(parentId) ? null : parentId!, rest);
      return rows.map((r) => ({ ...deptView(r, tz), hasChildren: !!r.hasChildren }));
    },
  });

  route(app, {
    method: 'GET',
    url: `${base}/detail`,
    summary: 'dept detail: 机构详情',
    tags,
    access: { permission: 'dept' },
    query: idQuery,
    scope: record('query.id'),
    response: deptRecord,
    handler: async ({ actor, query }) => {
      const row = await deptRepo.findById(app.db, actor.tenantId, await deptScope(app.db, actor), query.id);
      if (!row) throw notFound();
      return deptView(row, tz);
    },
  });

  route(app, {
    method: 'POST',
    url: `${base}/submit`,
    summary: 'dept submit: 新增或修改机构 (无 id 新增; 有 id 按 version 修改, 换上级时整棵子树随之移动)',
    tags,
    access: { permission: 'dept' },
    body: deptSubmit,
    response: deptRecord,
    readOnly: 'answer', // BladeX's 机构管理 sends back the dept it read (ancestors …)
    handler: async ({ actor, body }) => {
      const { row, created } = await deptService.submit(app.db, actor, body);
      deptTrees.drop(); // this process's next tree read must not wait for the change notification
      return withMsg(deptView(row, tz), created ? MSG.added : MSG.updated);
    },
  });

  removeRoute(app, {
    url: `${base}/remove`,
    summary: 'dept remove: 删除机构 (ids; 存在下级机构或用户时拒绝)',
    tags,
    permission: 'dept_delete',
    scope: record('query.ids'),
    remove: async (ids, actor) => {
      const removed = await deptService.remove(app.db, actor, ids);
      deptTrees.drop();
      return removed;
    },
  });

  route(app, {
    method: 'GET',
    url: `${base}/dept-tree`,
    summary: 'dept-tree: 本租户机构树 (下拉选择; 数据权限范围内)',
    tags,
    access: { permission: 'authenticated' },
    handler: async ({ actor }) => {
      const scope = await deptScope(app.db, actor);
      return cachedTree(actor, actor.tenantId, scope, 'tree', async () => forest((await deptRepo.nodes(app.db, actor.tenantId, scope)).map(deptNode)));
    },
  });

  route(app, {
    method: 'GET',
    url: `${base}/dept-tree-all`,
    summary: 'dept-tree-all: rootId 机构及其全部下级组成的树 (无 rootId 时为可见的整棵树)',
    tags,
    access: { permission: 'dept' },
    query: z.object({ rootId: z.union([idParam('根机构编号格式不正确'), z.literal('')]).optional() }),
    scope: record('query.rootId'),
    handler: async ({ actor, query }) => {
      const scope = await deptScope(app.db, actor);
      let under: string | undefined;
      if (!isTop(query.rootId)) {
        const root = await deptRepo.findById(app.db, actor.tenantId, scope, query.rootId!);
        if (!root) throw notFound();
        under = root.idPath;
      }
      return cachedTree(actor, actor.tenantId, scope, `under:${under ?? ''}`, async () => {
        const nodes = forest((await deptRepo.nodes(app.db, actor.tenantId, scope, under)).map(deptNode));
        // Below a scope gap (custom scopes) a visible descendant may surface as a root of its own: keep the asked root first.
        return under ? nodes.filter((n) => n.id === query.rootId).concat(nodes.filter((n) => n.id !== query.rootId)) : nodes;
      });
    },
  });

  route(app, {
    method: 'GET',
    url: `${base}/tree`,
    summary: 'dept tree: 租户的机构树 (tenantId 仅超级管理员可指定其他租户, 其他用户总是本租户)',
    tags,
    access: { permission: 'dept' },
    query: z.object({ tenantId: tenantParam }),
    handler: async ({ actor, query }) => {
      const scope = await deptScope(app.db, actor);
      const tenantId = treeTenant(actor, query.tenantId);
      return cachedTree(actor, tenantId, scope, 'tree', async () => forest((await deptRepo.nodes(app.db, tenantId, scope)).map(deptNode)));
    },
  });

  route(app, {
    method: 'GET',
    url: `${base}/lazy-tree`,
    summary: 'dept lazy-tree: 机构懒加载树 (parentId 的直接下级节点, 带 hasChildren; 下拉选择用)',
    tags,
    access: { permission: 'authenticated' },
    query: z.object({ parentId: parentParam, tenantId: tenantParam }),
    scope: record('query.parentId'),
    handler: async ({ actor, query }) => {
      const scope = await deptScope(app.db, actor);
      const tenantId = treeTenant(actor, query.tenantId);
      if (!isTop(query.parentId) && !(await deptRepo.isVisible(app.db, tenantId, scope, query.parentId!))) throw notFound();
      return (await deptRepo.lazyNodes(app.db, tenantId, scope, isTop(query.parentId) ? null : query.parentId!)).map(deptNode);
    },
  });
}
