import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { USER_MSG, addressBookQuery, changeUserSeq, grantQuery, resetPasswordAnswer, setPassword, updatePassword, userIdsQuery } from '@gsl/contract';
import { withMsg } from '../../platform/http/envelope.js';
import { accountActionCodes } from './account-access.js';
import { route } from '../../platform/http/route.js';
import { USER_SCOPE } from './user.routes.js';
import { userPasswordService } from './user-password.service.js';
import { userService } from './user.service.js';

/**
 * Account operations on a selection of users (BladeX: `userIds` in the query; `ids` is accepted too)
 * and the password calls (JSON body: passwords never travel in a URL, which access logs keep).
 */
export default async function userAccountRoutes(app: FastifyInstance) {
  const db = app.db;
  const tags = ['user'];

  route(app, {
    method: 'POST',
    url: '/api/blade-user/reset-password',
    summary: 'reset-password: 为所选用户各生成一个随机新密码 (仅在本次应答中显示一次, 须在下次登录后修改)',
    tags,
    access: { permission: accountActionCodes('reset') },
    query: userIdsQuery,
    scope: USER_SCOPE('query.userIds'),
    response: z.array(resetPasswordAnswer),
    handler: async ({ actor, query, reply }) => {
      reply.header('cache-control', 'no-store');
      return withMsg(await userPasswordService.reset(db, actor, query.userIds), USER_MSG.passwordReset);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/set-password',
    summary: 'set-password: 管理员为一个用户设置密码 (至少8位且包含字母和数字)',
    tags,
    access: { permission: 'user_reset' },
    body: setPassword,
    scope: USER_SCOPE('body.userId'),
    handler: async ({ actor, body }) => {
      await userPasswordService.set(db, actor, body);
      return withMsg(null, USER_MSG.passwordSet);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/update-password',
    summary: 'update-password: 修改本人密码 (oldPassword、newPassword、newPassword1)',
    tags,
    access: { permission: 'authenticated' },
    body: updatePassword,
    rateLimit: { max: 10, timeWindow: 60_000 },
    handler: async ({ actor, body }) => {
      await userPasswordService.updateOwn(db, actor, body);
      return withMsg(null, USER_MSG.passwordChanged);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/grant',
    summary: 'grant: 为所选用户配置角色 (userIds、roleIds; 替换原有角色, 重新登录后生效)',
    tags,
    access: { permission: 'user_role' },
    query: grantQuery,
    scope: USER_SCOPE('query.userIds'),
    handler: async ({ actor, query }) => {
      await userService.grant(db, actor, query.userIds, query.roleIds);
      return withMsg(null, USER_MSG.granted);
    },
  });

  const batch = (url: string, summary: string, action: 'unlock' | 'enable' | 'disable', msg: string, run: (typeof userService)['unlock']) =>
    route(app, {
      method: 'POST',
      url,
      summary,
      tags,
      access: { permission: accountActionCodes(action) },
      query: userIdsQuery,
      scope: USER_SCOPE('query.userIds'),
      handler: async ({ actor, query }) => {
        await run(db, actor, query.userIds);
        return withMsg(null, msg);
      },
    });
  // 用户管理's buttons, or 我的组织's account screens' buttons for the accounts of their profile tag.
  batch('/api/blade-user/unlock', 'unlock: 账号解封 (清除登录失败次数与锁定)', 'unlock', USER_MSG.unlocked, userService.unlock);
  batch('/api/blade-user/enable', 'enable: 启用账号', 'enable', USER_MSG.enabled, userService.enable);
  batch('/api/blade-user/disable', 'disable: 禁用账号 (不能禁用本人; 结束其登录会话)', 'disable', USER_MSG.disabled, userService.disable);

  route(app, {
    method: 'POST',
    url: '/api/blade-user/set-address-book',
    summary: 'set-address-book: 设置是否在通讯录中显示 (userIds、isAddressBook 0/1)',
    tags,
    // 用户管理, or maintaining an address book of 我的组织 (the books' 维护 buttons).
    access: { permission: ['user_edit', 'myorg_gsl_address_edit', 'myorg_sh_address_edit'] },
    query: addressBookQuery,
    scope: USER_SCOPE('query.userIds'),
    handler: async ({ actor, query }) => {
      await userService.setAddressBook(db, actor, query.userIds, query.isAddressBook);
      return null;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/changeUserSeq',
    summary: 'changeUserSeq: 修改用户排序 ({ id, seq } 或 { list: [{ id, seq }] })',
    tags,
    access: { permission: ['user_edit', 'myorg_gsl_address_edit', 'myorg_sh_address_edit'] },
    body: changeUserSeq,
    scope: USER_SCOPE('body.id'),
    handler: async ({ actor, body }) => {
      await userService.changeSeq(db, actor, body);
      return null;
    },
  });
}
