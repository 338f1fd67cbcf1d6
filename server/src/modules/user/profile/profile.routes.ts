import type { FastifyInstance } from 'fastify';
import {
  MOBILE_STEP_SECONDS,
  MSG,
  MYCENTER_MSG,
  bindMobileBody,
  currentMobileCodeAnswer,
  currentMobileCodeBody,
  currentMobileVerified,
  loginLogRecord,
  myLoginLogQuery,
  myProfileRecord,
  myProfileUpdate,
  pageOf,
  userRecord,
} from '@gsl/contract';
import { personalDataCipher } from '../../../platform/audit/personal-data.js';
import { withMsg } from '../../../platform/http/envelope.js';
import { route } from '../../../platform/http/route.js';
import { CODE_RULES } from '../../message/message.module.js';
import { codeService } from '../../message/sms/sms.service.js';
import { loginLogView, userView } from '../user.view.js';
import { userService } from '../user.service.js';
import { profileService } from './profile.service.js';
import { myProfileView } from './profile.view.js';

const TAGS = ['user'];

// Every call here is on the caller's own account, named by the token (no id travels); so no org-tree
// scope applies and the routes declare none — the tests show another account is never reached.

/**
 * 个人中心 (specification §2 /portal/myCenter; §7 "Users": userProfile/info, userProfile/update,
 * blade-user/mobile, user login log): the own profile, the own phone (bound or changed with SMS codes of
 * the message centre, §7 sms/code and sms/validate) and the own sign-on history. The password is changed
 * through update-password (user-account.routes.ts).
 */
export default async function myCenterRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;
  const cipher = () => personalDataCipher(db, { production: app.config.production });
  const svc = profileService({
    cipher,
    codes: codeService({ cipher, outbox: app.services.outbox, codeRules: CODE_RULES }),
    stepSeconds: MOBILE_STEP_SECONDS,
  });

  route(app, {
    method: 'GET',
    url: '/api/aoc-service/userProfile/info',
    summary: 'userProfile/info: 本人的个人资料 (姓名、昵称、性别、手机号码(脱敏)、邮箱、头像、岗位、所属机构)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    response: myProfileRecord,
    handler: async ({ actor }) => myProfileView(await svc.info(db, actor), tz),
  });

  route(app, {
    method: 'POST',
    url: '/api/aoc-service/userProfile/update',
    summary: 'userProfile/update: 修改本人的个人资料 (version; 手机号码只能通过绑定手机修改, 头像须为本人上传)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: myProfileUpdate,
    response: myProfileRecord,
    handler: async ({ actor, body }) => withMsg(myProfileView(await svc.update(db, actor, body), tz), MSG.updated),
  });

  // BladeX Saber's 个人信息 saves with update-info, sending back the blade-user/info it read: the same change
  // of the own profile; the fields info answers that are not changed here (account, org, phone …) are read-only.
  route(app, {
    method: 'POST',
    url: '/api/blade-user/update-info',
    summary: 'update-info: 修改本人的个人资料 (BladeX; 同 userProfile/update, 可原样送回 blade-user/info 的内容)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: myProfileUpdate,
    response: userRecord,
    readOnly: 'answer',
    handler: async ({ actor, body }) => {
      await svc.update(db, actor, body);
      return withMsg(userView(await userService.info(db, actor), { timeZone: tz, maskPhone: false }), MSG.updated);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/mobile',
    summary: 'blade-user/mobile: 绑定或更换本人手机号码 (mobile、code; 更换须先验证当前号码)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: bindMobileBody,
    response: myProfileRecord,
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ actor, body }) => {
      const { row, changed } = await svc.bind(db, actor, body);
      return withMsg(myProfileView(row, tz), changed ? MYCENTER_MSG.changed : MYCENTER_MSG.bound);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/mobile/current/code',
    summary: '更换手机号 第一步: 向当前绑定的手机号码发送验证码 (60秒一次)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    response: currentMobileCodeAnswer,
    rateLimit: { max: 20, timeWindow: 60_000 },
    handler: async ({ actor }) => withMsg(await svc.codeToCurrent(db, actor), MYCENTER_MSG.codeSent),
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/mobile/current/validate',
    summary: '更换手机号 第一步: 校验发往当前号码的验证码 (code; 通过后10分钟内可绑定新号码)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: currentMobileCodeBody,
    response: currentMobileVerified,
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ actor, body }) => withMsg(await svc.verifyCurrent(db, actor, body.code), MYCENTER_MSG.currentVerified),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-user/login-log/own',
    summary: 'User login log: 本人的登录记录 (分页, 最新在前; success、createTime 过滤)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: myLoginLogQuery,
    response: pageOf(loginLogRecord),
    handler: async ({ actor, query }) => {
      const { success, createTime_dategt, createTime_datelt } = query;
      const page = await svc.loginPage(db, actor, query, { success: success || undefined, createTime_dategt, createTime_datelt });
      return { ...page, records: page.records.map((r) => loginLogView(r as never, tz)) };
    },
  });
}
