import type { FastifyInstance } from 'fastify';
import { MSG, changeAccount, deptIdFilter, idQuery, loginLogRecord, pageOf, pageQuery, userRecord, userSubmit, userUpdate } from '@gsl/contract';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import { resolveScope } from '../../platform/access/scope.js';
import { withMsg } from '../../platform/http/envelope.js';
import { route, type RouteScope } from '../../platform/http/route.js';
import { removeRoute } from '../../platform/http/remove-route.js';
import { accountReadCodes } from './account-access.js';
import { USER_TABLE } from './user.repo.js';
import { userLoginLogRepo } from './user-login-log.repo.js';
import { USER_RESOURCE } from './user.rules.js';
import { userService } from './user.service.js';
import { loginLogView, userView } from './user.view.js';

/** The list query: paging, the whitelisted filters, and deptId ("that dept and below"). */
export const userListQuery = pageQuery.extend({ deptId: deptIdFilter }).passthrough();

/** Scope metadata (quality harness): users are org-owned through dept_id, "own" through create_user. */
export const USER_SCOPE = (idFrom: `${'query' | 'params' | 'body'}.${string}`): RouteScope => USER_TABLE.record(idFrom);

export default async function userRoutes(app: FastifyInstance) {
  const tz = app.config.timeZone;
  const db = app.db;
  /** Phones in full only for the user_view button (administrators hold every button). */
  const view = async (actor: Actor) => {
    const maskPhone = !(await isGranted(db, actor, 'user_view'));
    return (row: Parameters<typeof userView>[0]) => userView(row, { timeZone: tz, maskPhone });
  };
  const tags = ['user'];

  route(app, {
    method: 'GET',
    url: '/api/blade-user/page',
    summary: 'page: 用户分页列表 (account、realName、phone、status、profileTag 过滤; deptId 含下级机构; 数据权限内; 用户管理或我的组织的账号管理)',
    tags,
    access: { permission: accountReadCodes },
    query: userListQuery,
    scope: USER_TABLE.list(),
    response: pageOf(userRecord),
    handler: async ({ actor, query }) => {
      const page = await userService.page(db, actor, query, query as Record<string, unknown>);
      const v = await view(actor);
      return { ...page, records: page.records.map(v) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-user/detail',
    summary: 'detail: 用户详情 (id)',
    tags,
    access: { permission: 'user' },
    query: idQuery,
    scope: USER_SCOPE('query.id'),
    response: userRecord,
    handler: async ({ actor, query }) => (await view(actor))(await userService.detail(db, actor, query.id)),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-user/info',
    summary: 'info: 当前登录用户的完整信息',
    tags,
    access: { permission: 'authenticated' },
    response: userRecord,
    handler: async ({ actor }) => userView(await userService.info(db, actor), { timeZone: tz, maskPhone: false }),
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/submit',
    summary: 'submit: 新增用户 (无 id, 含密码, user_add) 或修改用户 (有 id 与 version, 不改密码, user_edit)',
    tags,
    access: { permission: 'user' },
    body: userSubmit,
    scope: USER_SCOPE('body.id'),
    response: userRecord,
    handler: async ({ actor, body }) => {
      const { row, created } = await userService.submit(db, actor, body);
      return withMsg((await view(actor))(row), created ? MSG.added : MSG.updated);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/update',
    summary: 'update: 修改用户资料字段 (有 version; 不含账号、密码、机构、角色)',
    tags,
    access: { permission: 'user_edit' },
    body: userUpdate,
    scope: USER_SCOPE('body.id'),
    response: userRecord,
    readOnly: 'answer', // BladeX's 用户管理 sends back the user it read (account, deptId, roleId …), which update does not change
    handler: async ({ actor, body }) => withMsg((await view(actor))(await userService.update(db, actor, body)), MSG.updated),
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/changeAccount',
    summary: 'changeAccount: 修改账号 (租户内唯一, 不区分大小写)',
    tags,
    access: { permission: 'user_edit' },
    body: changeAccount,
    scope: USER_SCOPE('body.id'),
    response: userRecord,
    handler: async ({ actor, body }) => withMsg((await view(actor))(await userService.changeAccount(db, actor, body)), MSG.updated),
  });

  removeRoute(app, {
    url: '/api/blade-user/remove',
    summary: 'remove: 删除用户 (ids; 不能删除本人; 逻辑删除并结束其登录会话)',
    tags,
    permission: 'user_delete',
    scope: USER_SCOPE('query.ids'),
    remove: (ids, actor) => userService.remove(db, actor, ids),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-user/login-log/list',
    summary: 'User login log: list — 用户登录日志 (分页, 按机构数据权限; 日志管理 › 登录日志 的菜单权限 log_login)',
    tags,
    access: { permission: 'log_login' },
    query: pageQuery.passthrough(),
    scope: { resource: USER_RESOURCE, list: { table: 'blade_user_login_log', deptColumn: 'dept_id', ownerColumn: 'user_id' } },
    response: pageOf(loginLogRecord),
    handler: async ({ actor, query }) => {
      const page = await userLoginLogRepo.page(db, await resolveScope(db, actor, USER_RESOURCE), query, query as Record<string, unknown>);
      return { ...page, records: page.records.map((r) => loginLogView(r as never, tz)) };
    },
  });
}
