import type { FastifyInstance } from 'fastify';
import { DEFAULT_SEND_CODE, MESSAGE_MSG, MSG, deskNoticeRecord, deskNoticeSubmit, idQuery, idsQuery, pageOf, pageQuery, type SendView } from '@gsl/contract';
import { z } from 'zod';
import { scopedTable } from '../../../platform/access/scope.js';
import { withMsg } from '../../../platform/http/envelope.js';
import { badRequest } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import type { MessageServices } from '../message.services.js';
import { SEND_TABLE } from './send.repo.js';
import { CHANNEL_PERMISSION } from './send.service.js';

const TAGS = ['message'];
const NOTICES = scopedTable({ ...SEND_TABLE, where: `is_deleted = 0 and channel = 'sys'` });
/** BladeX's notice category (dict `notice`): a message-centre notice is a 通知 (1). */
const CATEGORY = { category: 1, categoryName: '通知' } as const;
const SEND_CODE = DEFAULT_SEND_CODE;

const asNotice = (v: SendView) => ({ ...v, ...CATEGORY, releaseTime: v.createTime });

/**
 * BladeX's 通知公告 (blade-desk/notice: list, detail, submit, remove, as Saber's notice screen calls them)
 * served as the message centre's notices (channel `sys`): the sent notices the caller's data scope reaches,
 * sending one, correcting a sent one's title and content, and withdrawing sent ones (their recipients no
 * longer see them). README "Using a BladeX/Saber client".
 */
export function deskNoticeRoutes(app: FastifyInstance, svc: MessageServices) {
  const tz = app.config.timeZone;
  const db = app.db;

  route(app, {
    method: 'GET',
    url: '/api/blade-desk/notice/list',
    summary: 'notice list: 通知公告 (BladeX; 消息中心已发送的通知, 数据权限内; title 过滤)',
    tags: TAGS,
    access: { permission: 'message' },
    query: pageQuery.extend({ title: z.string().max(100).optional(), category: z.string().max(10).optional() }).passthrough(),
    response: pageOf(deskNoticeRecord),
    scope: NOTICES.list(),
    handler: async ({ actor, query }) => {
      const page = await svc.send.page(db, actor, query, { channel: 'sys', title: query.title || undefined }, tz);
      return { ...page, records: page.records.map(asNotice) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-desk/notice/detail',
    summary: 'notice detail: 通知公告详情 (BladeX; 消息中心的通知, id)',
    tags: TAGS,
    access: { permission: 'message' },
    query: idQuery,
    response: deskNoticeRecord,
    scope: NOTICES.record('query.id'),
    handler: async ({ actor, query }) => asNotice(await svc.send.detail(db, actor, query.id, 'sys', tz)),
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-desk/notice/submit',
    summary: 'notice submit: 发布通知 (无 id: 发送给 range, 缺省为本机构及下级的工商联工作人员) 或更正已发通知的标题与内容 (有 id)',
    tags: TAGS,
    access: { permission: CHANNEL_PERMISSION.sys },
    body: deskNoticeSubmit,
    response: deskNoticeRecord,
    scope: NOTICES.record('body.id'),
    readOnly: 'answer', // Saber sends back the notice it read
    handler: async ({ actor, body }) => {
      if (body.id) {
        await svc.send.detail(db, actor, body.id, 'sys', tz); // in scope, else 404
        await db.updateTable('msgSend').set({ title: body.title, content: body.content }).where('id', '=', body.id).where('channel', '=', 'sys').execute();
        return withMsg(asNotice(await svc.send.detail(db, actor, body.id, 'sys', tz)), MSG.updated);
      }
      if (Array.isArray(body.range)) throw badRequest(MESSAGE_MSG.rangeRequired);
      const range = body.range ?? { items: [{ tagType: 'aoc' as const, deptId: actor.deptId }], userIds: [] };
      const sent = await svc.send.create(db, actor, 'sys', SEND_CODE, { title: body.title, content: body.content, range, attachIds: [] } as never);
      return withMsg(asNotice(await svc.send.detail(db, actor, sent.id, 'sys', tz)), MSG.added);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-desk/notice/remove',
    summary: 'notice remove: 撤回通知 (ids; 接收人不再看到)',
    tags: TAGS,
    access: { permission: CHANNEL_PERMISSION.sys },
    query: idsQuery,
    scope: NOTICES.record('query.ids'),
    handler: async ({ actor, query }) => {
      const ids = [...new Set(query.ids.split(','))];
      for (const id of ids) await svc.send.detail(db, actor, id, 'sys', tz); // every one in scope, else 404
      await db.updateTable('msgSend').set({ isDeleted: 1 }).where('id', 'in', ids).where('channel', '=', 'sys').execute();
      return withMsg(null, MSG.removed);
    },
  });
}
