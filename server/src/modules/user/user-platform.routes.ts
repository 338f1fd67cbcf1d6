import type { FastifyInstance } from 'fastify';
import { MSG, USER_TYPE_NAMES, idQuery, userPlatformRecord, userPlatformUpdate } from '@gsl/contract';
import { sql } from 'kysely';
import { isGranted } from '../../platform/access/grants.js';
import { withMsg } from '../../platform/http/envelope.js';
import { route } from '../../platform/http/route.js';
import { USER_SCOPE } from './user.routes.js';
import { userService } from './user.service.js';
import { userView } from './user.view.js';

/**
 * 用户平台配置 (BladeX's user/platform-detail and user/update-platform, as Saber's 用户管理 › 平台配置 calls
 * them): an account's extension per user type (1 WEB, 2 APP, 3 OTHER), kept as JSON object text. Both
 * calls reach only users in the caller's data scope, as the user detail does.
 */
export default async function userPlatformRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;
  const tags = ['user'];

  route(app, {
    method: 'GET',
    url: '/api/blade-user/platform-detail',
    summary: 'platform-detail: 用户平台配置详情 (id; 用户及其用户平台 userType 下的拓展信息 userExt)',
    tags,
    access: { permission: 'user' },
    query: idQuery,
    scope: USER_SCOPE('query.id'),
    response: userPlatformRecord,
    handler: async ({ actor, query }) => {
      const row = await userService.detail(db, actor, query.id);
      const { userType } = await db.selectFrom('bladeUser').select('userType').where('id', '=', query.id).executeTakeFirstOrThrow();
      const ext = await db.selectFrom('bladeUserPlatform').select('userExt').where('userId', '=', query.id).where('userType', '=', userType).executeTakeFirst();
      const maskPhone = !(await isGranted(db, actor, 'user_view'));
      return {
        ...userView(row, { timeZone: tz, maskPhone }),
        userType,
        userTypeName: USER_TYPE_NAMES[userType] ?? String(userType),
        userExt: ext?.userExt ?? '',
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/update-platform',
    summary: 'update-platform: 保存用户平台配置 (userId、userType 1 WEB / 2 APP / 3 OTHER、userExt JSON 对象文本; BladeX 客户端放在 query 中)',
    tags,
    access: { permission: 'user_edit' },
    body: userPlatformUpdate,
    scope: USER_SCOPE('body.userId'),
    handler: async ({ actor, body }) => {
      await userService.detail(db, actor, body.userId); // in the caller's data scope, else 404
      await db
        .insertInto('bladeUserPlatform')
        .values({ userId: body.userId, userType: body.userType, tenantId: actor.tenantId, userExt: body.userExt, updateUser: actor.userId })
        .onConflict((oc) => oc.columns(['userId', 'userType']).doUpdateSet({ userExt: body.userExt, updateUser: actor.userId, updateTime: sql<Date>`now()` }))
        .execute();
      return withMsg(null, MSG.updated);
    },
  });
}
