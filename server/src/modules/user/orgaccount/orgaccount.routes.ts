import type { FastifyInstance } from 'fastify';
import {
  ORG_ACCOUNT_MENU,
  ORG_ACCOUNT_MSG,
  MSG,
  orgAccountAdd,
  orgAccountAddAnswer,
  orgAccountDetailQuery,
  orgAccountUpdate,
  perm,
  userRecord,
  type OrgAccountTag,
} from '@gsl/contract';
import type { Actor } from '../../../platform/access/actor.js';
import { isGranted } from '../../../platform/access/grants.js';
import { withMsg } from '../../../platform/http/envelope.js';
import { route } from '../../../platform/http/route.js';
import { accountActionCodes, accountReadCodes } from '../account-access.js';
import { USER_RESOURCE, USER_TABLE, type UserRow } from '../user.repo.js';
import { userView } from '../user.view.js';
import { initialPasswordDelivery } from './orgaccount.delivery.js';
import { orgAccountService } from './orgaccount.service.js';

const ADDED_MSG = { show: ORG_ACCOUNT_MSG.addedShown, sms: ORG_ACCOUNT_MSG.addedSms, email: ORG_ACCOUNT_MSG.addedMail } as const;

/**
 * 我的组织 › 工商联账号管理 / 商会账号管理 (specification §2, §7 "Users"): the calls the user module has not.
 * Lists, enable / disable / unlock and reset-password are the user module's own calls (blade-user/page …),
 * which take these screens' buttons for the accounts of their profile tag.
 */
export default async function orgAccountRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;
  const tags = ['myorg-account'];
  const service = orgAccountService(initialPasswordDelivery(app));

  /** Phones in full only for 用户管理's user_view (as everywhere accounts are listed); masked ones are kept by update. */
  const view = async (actor: Actor) => {
    const maskPhone = !(await isGranted(db, actor, 'user_view'));
    return (row: UserRow) => userView(row, { timeZone: tz, maskPhone });
  };

  route(app, {
    method: 'GET',
    url: '/api/blade-user/userProfile/detail',
    summary: 'userProfile/detail (userId): 我的组织账号详情 (本机构及下级机构的账号; 其他机构的账号为 404)',
    tags,
    access: { permission: accountReadCodes },
    query: orgAccountDetailQuery,
    scope: USER_TABLE.record('query.userId'),
    response: userRecord,
    handler: async ({ actor, query }) => (await view(actor))(await service.detail(db, actor, query.userId)),
  });

  const add = (tag: OrgAccountTag, label: string) =>
    route(app, {
      method: 'POST',
      url: `/api/blade-user/userProfile/${tag}/add`,
      summary: `userProfile/${tag}/add: 新增${label}账号 (人员标签 ${tag}; 机构在数据权限内; 角色不超出本人权限; 初始密码由系统生成, 仅显示一次或以短信/邮件发送, 首次登录须修改)`,
      tags,
      access: { permission: [perm('user_add'), perm(`${ORG_ACCOUNT_MENU[tag]}_add`)] },
      body: orgAccountAdd,
      scope: { resource: USER_RESOURCE, record: { table: 'blade_dept', idFrom: 'body.deptId', deptColumn: 'id', where: 'is_deleted = 0' } },
      response: orgAccountAddAnswer,
      handler: async ({ actor, body, reply }) => {
        const { row, delivery, password } = await service.add(db, actor, tag, body);
        reply.header('cache-control', 'no-store');
        return withMsg({ user: (await view(actor))(row), delivery, password }, ADDED_MSG[delivery]);
      },
    });
  add('aoc', '工商联');
  add('coc', '商会');

  route(app, {
    method: 'POST',
    url: '/api/blade-user/userProfile/update',
    summary: 'userProfile/update (规范 §7 "POST userProfile/aoc/add, coc/add and update" 的 update): 修改我的组织账号 (有 version; 资料、所属机构、角色)',
    tags,
    access: { permission: accountActionCodes('edit') },
    body: orgAccountUpdate,
    scope: USER_TABLE.record('body.id'),
    response: userRecord,
    handler: async ({ actor, body }) => withMsg((await view(actor))(await service.update(db, actor, body)), MSG.updated),
  });
}
