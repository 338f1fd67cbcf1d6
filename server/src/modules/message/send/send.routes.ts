import type { FastifyInstance } from 'fastify';
import {
  CHANNELS,
  CHANNEL_NAMES,
  MESSAGE_MSG,
  followUpBody,
  idQuery,
  isSendAnswer,
  isSendQuery,
  legalServiceQuery,
  pageOf,
  pageQuery,
  publishListQuery,
  recipientListQuery,
  recipientRecord,
  sendCodeQuery,
  sendFormFor,
  sendRecord,
  senderAnswer,
  shareQuery,
  type Channel,
} from '@gsl/contract';
import { z } from 'zod';
import { isGranted } from '../../../platform/access/grants.js';
import { scopedTable } from '../../../platform/access/scope.js';
import { withMsg } from '../../../platform/http/envelope.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { formatTime } from '../../../platform/http/time.js';
import type { MessageServices } from '../message.services.js';
import { SEND_TABLE } from './send.repo.js';
import { CHANNEL_PERMISSION } from './send.service.js';

const TAGS = ['message'];
/** The sends of one channel: a channel's calls address only its own sends. */
const ofChannel = (channel: Channel) => scopedTable({ ...SEND_TABLE, where: `is_deleted = 0 and channel = '${channel}'` });
const sendIdQuery = z.object({ sendCode: z.string().max(50).optional() });

/** §7 "Message centre": sending, the sent lists and each send's detail and recipients. */
export function sendRoutes(app: FastifyInstance, svc: MessageServices) {
  const tz = app.config.timeZone;
  const db = app.db;

  route(app, {
    method: 'GET',
    url: '/api/msg-center/publish/range/is-send',
    summary: 'publish/range/is-send: 当前用户能否在该渠道发送 (channel, sendCode)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: isSendQuery,
    response: isSendAnswer,
    handler: async ({ actor, query }) => {
      const base = { channel: query.channel, sendCode: query.sendCode };
      if (!(await isGranted(db, actor, CHANNEL_PERMISSION[query.channel])))
        return { ...base, canSend: false, reason: `您没有${CHANNEL_NAMES[query.channel]}发送权限` };
      if (query.channel === 'sms') {
        const source = await svc.sms.sourceFor(db, actor.deptId);
        if (source.usedToday >= source.dailyQuota) return { ...base, canSend: false, reason: MESSAGE_MSG.quotaExceeded };
      }
      return { ...base, canSend: true, reason: null };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/msg-center/publish/range/sender',
    summary: 'publish/range/sender: 发送人信息 (机构、短信签名、可用渠道)',
    tags: TAGS,
    access: { permission: 'message' },
    query: sendCodeQuery,
    response: senderAnswer,
    handler: async ({ actor, query }) => {
      const source = await svc.sms.sourceFor(db, actor.deptId);
      const channels: Channel[] = [];
      for (const c of CHANNELS) if (await isGranted(db, actor, CHANNEL_PERMISSION[c])) channels.push(c);
      return {
        sendCode: query.sendCode,
        userId: actor.userId,
        userName: actor.realName || actor.account,
        deptId: actor.deptId,
        deptName: source.deptName,
        signName: source.signName,
        channels,
        canUrgent: await isGranted(db, actor, 'message_urgent'),
      };
    },
  });

  for (const channel of CHANNELS) {
    route(app, {
      method: 'POST',
      url: `/api/msg-center/${channel}/send`,
      summary: `${channel}/send: 发送${CHANNEL_NAMES[channel]} (query sendCode, body 表单: 标题、内容、发送范围)`,
      tags: TAGS,
      access: { permission: CHANNEL_PERMISSION[channel] },
      query: sendCodeQuery,
      body: sendFormFor(channel),
      response: z.object({ id: z.string(), total: z.number(), notBefore: z.string().nullable() }),
      handler: async ({ actor, query, body }) => {
        const r = await svc.send.create(db, actor, channel, query.sendCode, body);
        const notBefore = formatTime(r.notBefore, tz);
        return withMsg(
          { id: r.id, total: r.total, notBefore },
          channel === 'sys' ? MESSAGE_MSG.sent : notBefore ? MESSAGE_MSG.queuedQuiet(notBefore) : MESSAGE_MSG.queued,
        );
      },
    });

    route(app, {
      method: 'GET',
      url: `/api/msg-center/${channel}/detail`,
      summary: `${channel}/detail: ${CHANNEL_NAMES[channel]}发送详情 (id)`,
      tags: TAGS,
      access: { permission: 'message' },
      query: idQuery,
      response: sendRecord,
      scope: ofChannel(channel).record('query.id'),
      handler: ({ actor, query }) => svc.send.detail(db, actor, query.id, channel, tz),
    });

    const idName = channel === 'sys' ? 'noticeId' : 'sendId';
    route(app, {
      method: 'GET',
      url: `/api/msg-center/${channel}/detail/list`,
      summary: `${channel}/detail/list: ${CHANNEL_NAMES[channel]}的接收人 (${idName}, current, size; 送达与阅读状态)`,
      tags: TAGS,
      access: { permission: 'message' },
      query: recipientListQuery,
      response: pageOf(recipientRecord),
      scope: ofChannel(channel).record(`query.${idName}`),
      handler: async ({ actor, query }) => {
        const id = query[idName];
        if (!id) throw badRequest('请提供数据编号');
        const f = {
          status: query.status === '' ? undefined : query.status,
          isRead: query.isRead === '' ? undefined : query.isRead,
          name: query.name || undefined,
        };
        return svc.send.recipients(db, actor, id, channel, query, f, tz);
      },
    });
  }

  route(app, {
    method: 'GET',
    url: '/api/msg-center/publish/range/list',
    summary: 'publish/range/list: 已发送列表 (sendCode, channel, status, startDate, endDate, current, size)',
    tags: TAGS,
    access: { permission: 'message' },
    query: publishListQuery,
    response: pageOf(sendRecord),
    scope: SEND_TABLE.list(),
    handler: ({ actor, query }) =>
      svc.send.page(
        db,
        actor,
        query,
        {
          sendCode: query.sendCode || undefined,
          channel: query.channel || undefined,
          status: query.status || undefined,
          startDate: query.startDate || undefined,
          endDate: query.endDate || undefined,
          title: query.title || undefined,
        },
        tz,
      ),
  });

  route(app, {
    method: 'GET',
    url: '/api/msg-center/notice/publish/list',
    summary: 'notice/publish/list: 本机构发布的通知',
    tags: TAGS,
    access: { permission: 'message' },
    query: publishListQuery,
    response: pageOf(sendRecord),
    scope: ofChannel('sys').list(),
    handler: ({ actor, query }) =>
      svc.send.page(
        db,
        actor,
        query,
        {
          channel: 'sys',
          sendCode: query.sendCode || undefined,
          startDate: query.startDate || undefined,
          endDate: query.endDate || undefined,
          title: query.title || undefined,
        },
        tz,
      ),
  });

  route(app, {
    method: 'GET',
    url: '/api/msg-center/publish/range/share',
    summary: 'publish/range/share: 某发送人 (operatorId) 在某机构 (orgId) 发出的该业务消息',
    tags: TAGS,
    access: { permission: 'message' },
    query: shareQuery.extend(pageQuery.shape),
    response: pageOf(sendRecord),
    scope: SEND_TABLE.list(),
    handler: ({ actor, query }) =>
      svc.send.page(db, actor, query, { sendCode: query.sendCode, operatorId: query.operatorId || undefined, orgId: query.orgId || undefined }, tz),
  });

  route(app, {
    method: 'GET',
    url: '/api/msg-center/publish/range/legal-service',
    summary: 'publish/range/legal-service: 按编号取该业务的消息 (sendCode, ids)',
    tags: TAGS,
    access: { permission: 'message' },
    query: legalServiceQuery,
    response: z.array(sendRecord),
    scope: SEND_TABLE.record('query.ids'),
    handler: async ({ actor, query }) => {
      const ids = [...new Set(query.ids.split(','))];
      if (ids.length > 200) throw badRequest('一次最多查询200条');
      // All or none: an id outside the scope (or of another business) answers 404 like a missing record.
      const page = await svc.send.page(db, actor, { current: 1, size: ids.length }, { sendCode: query.sendCode, ids }, tz);
      if (page.records.length !== ids.length) throw notFound();
      return page.records;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/msg-center/publish/range/remind',
    summary: '未读提醒: 向尚未阅读该通知的接收人再发一次通知或短信 (id, channel)',
    tags: TAGS,
    access: { permission: ['message_notice', 'message_sms'] },
    body: followUpBody,
    response: z.object({ id: z.string(), total: z.number(), notBefore: z.string().nullable() }),
    scope: ofChannel('sys').record('body.id'),
    handler: async ({ actor, body }) => {
      if (!(await isGranted(db, actor, CHANNEL_PERMISSION[body.channel]))) throw badRequest(`您没有${CHANNEL_NAMES[body.channel]}发送权限`);
      const r = await svc.send.remind(db, actor, body.id, body.channel);
      return withMsg({ id: r.id, total: r.total, notBefore: formatTime(r.notBefore, tz) }, MESSAGE_MSG.sent);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/msg-center/publish/range/resend',
    summary: '失败重发: 仅向发送失败的接收人重新发送 (id)',
    tags: TAGS,
    access: { permission: ['message_sms', 'message_email'] },
    query: idQuery.extend(sendIdQuery.shape),
    response: z.object({ id: z.string(), total: z.number() }),
    scope: SEND_TABLE.record('query.id'),
    handler: async ({ actor, query }) => withMsg(await svc.send.resend(db, actor, query.id), MESSAGE_MSG.queued),
  });
}
