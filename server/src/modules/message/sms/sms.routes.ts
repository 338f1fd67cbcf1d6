import type { FastifyInstance } from 'fastify';
import { MESSAGE_MSG, smsCodeAnswer, smsCodeBody, smsValidateAnswer, smsValidateBody, sourceQuery, sourceRecord, sourceSubmit, MSG } from '@gsl/contract';
import { resolveScope } from '../../../platform/access/scope.js';
import { withMsg } from '../../../platform/http/envelope.js';
import { notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import type { MessageServices } from '../message.services.js';
import { rangeRepo } from '../range/range.repo.js';
import { MESSAGE_RESOURCE } from '../range/range.service.js';

const TAGS = ['message'];

/** §7 sms-center/source/detail, the 短信签名与额度 screen's save, and the one-time codes of phone binding. */
export function smsRoutes(app: FastifyInstance, svc: MessageServices) {
  const db = app.db;

  /** The org a source call names (unionId or deptId; default the caller's), checked against the caller's scope. */
  async function orgOf(actor: Parameters<typeof resolveScope>[1], q: { unionId?: string; deptId?: string }): Promise<string> {
    const named = q.deptId || (q.unionId ? await svc.sms.deptIdOfUnion(db, actor.tenantId, q.unionId) : undefined) || (q.unionId ? undefined : actor.deptId);
    if (!named) throw notFound();
    if (named !== actor.deptId && !(await rangeRepo.deptInScope(db, actor.tenantId, await resolveScope(db, actor, MESSAGE_RESOURCE), named))) throw notFound();
    return named;
  }

  route(app, {
    method: 'GET',
    url: '/api/msg-center/sms-center/source/detail',
    summary: 'sms-center/source/detail: 机构的短信签名、每日额度、今日已用与免打扰时段 (unionId)',
    tags: TAGS,
    access: { permission: ['message', 'sms_source'] },
    query: sourceQuery,
    response: sourceRecord,
    scope: { resource: MESSAGE_RESOURCE, record: { table: 'blade_dept', idFrom: 'query.deptId', deptColumn: 'id', where: 'is_deleted = 0' } },
    handler: async ({ actor, query }) => svc.sms.view(await svc.sms.sourceFor(db, await orgOf(actor, query))),
  });

  route(app, {
    method: 'POST',
    url: '/api/msg-center/sms-center/source/submit',
    summary: '短信签名与额度: 保存机构的短信签名、每日额度与免打扰时段',
    tags: TAGS,
    access: { permission: 'sms_source_edit' },
    body: sourceSubmit,
    response: sourceRecord,
    scope: { resource: MESSAGE_RESOURCE, record: { table: 'blade_dept', idFrom: 'body.deptId', deptColumn: 'id', where: 'is_deleted = 0' } },
    handler: async ({ actor, body }) => {
      const deptId = await orgOf(actor, { deptId: body.deptId });
      await svc.sms.save(db, actor, { ...body, deptId });
      return withMsg(svc.sms.view(await svc.sms.sourceFor(db, deptId)), MSG.updated);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/msg-center/sms/code',
    summary: 'sms/code: 发送手机验证码 (mobile; 6位, 5分钟有效, 同一号码60秒一次、每天10次)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: smsCodeBody,
    response: smsCodeAnswer,
    rateLimit: { max: 20, timeWindow: 60_000 },
    handler: async ({ actor, body }) => withMsg(await svc.sms.issueCode(db, actor, body.mobile), '验证码已发送'),
  });

  route(app, {
    method: 'POST',
    url: '/api/msg-center/sms/validate',
    summary: 'sms/validate: 校验手机验证码 (mobile, code; 错误5次作废)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: smsValidateBody,
    response: smsValidateAnswer,
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ body }) => {
      await svc.sms.validateCode(db, body.mobile, body.code);
      return withMsg({ valid: true }, '验证成功');
    },
  });

  void MESSAGE_MSG;
}
