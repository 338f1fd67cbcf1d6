import type { FastifyInstance } from 'fastify';
import { MSG, idQuery, inboxRecord, pageOf, receiveListQuery, unreadCount, userMessageIds, userMessageUpdate } from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { route } from '../../../platform/http/route.js';
import type { MessageServices } from '../message.services.js';

const TAGS = ['message'];
// Every call here is on the caller's own box only (the repo names the account in every statement); a
// message of another account answers 404 like a missing one (inbox.routes.test.ts). No org-tree scope
// applies, so the routes declare none.

const filters = (q: { isRead?: number | ''; title?: string }) => ({ isRead: q.isRead === '' ? undefined : q.isRead, title: q.title || undefined });

/**
 * The receiving side: §7 "Users" user messages (sampleList, detail, updateIsReadbyId, updateIsRead,
 * remove, update) and notice/receive/list, all on the caller's own box.
 */
export function inboxRoutes(app: FastifyInstance, svc: MessageServices) {
  const tz = app.config.timeZone;
  const db = app.db;

  // The same box under two names: the message centre's notice/receive/list and the user's sampleList.
  for (const [url, summary] of [
    ['/api/msg-center/notice/receive/list', 'notice/receive/list: 我收到的通知 (未读在前)'],
    ['/api/blade-user/message/sampleList', 'user message sampleList: 我的消息 (未读在前, 分页)'],
  ] as const) {
    route(app, {
      method: 'GET',
      url,
      summary,
      tags: TAGS,
      access: { permission: 'authenticated' },
      query: receiveListQuery,
      response: pageOf(inboxRecord),
      handler: ({ actor, query }) => svc.inbox.page(db, actor, query, filters(query), tz),
    });
  }

  route(app, {
    method: 'GET',
    url: '/api/blade-user/message/unread-count',
    summary: '我的未读消息数 (页头角标)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    response: unreadCount,
    handler: async ({ actor }) => ({ unread: await svc.inbox.unread(db, actor) }),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-user/message/detail',
    summary: 'user message detail: 消息详情 (id)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: idQuery,
    response: inboxRecord,
    handler: ({ actor, query }) => svc.inbox.detail(db, actor, query.id, tz),
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/message/updateIsReadbyId',
    summary: 'user message updateIsReadbyId: 标记一条为已读 (id)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: idQuery,
    handler: async ({ actor, query }) => {
      await svc.inbox.setRead(db, actor, [query.id], 1);
      return withMsg(null, MSG.ok);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/message/updateIsRead',
    summary: 'user message updateIsRead: 全部标记为已读',
    tags: TAGS,
    access: { permission: 'authenticated' },
    response: unreadCount,
    handler: async ({ actor }) => {
      await svc.inbox.setRead(db, actor, 'all', 1);
      return withMsg({ unread: 0 }, MSG.ok);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/message/update',
    summary: 'user message update: 设置一条消息的阅读状态 (id, isRead 0 未读 / 1 已读)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: userMessageUpdate,
    handler: async ({ actor, body }) => {
      await svc.inbox.setRead(db, actor, [body.id], body.isRead as 0 | 1);
      return withMsg(null, MSG.updated);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-user/message/remove',
    summary: 'user message remove: 从我的消息中删除 (ids)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: userMessageIds,
    handler: async ({ actor, query }) => {
      await svc.inbox.remove(db, actor, [...new Set(query.ids.split(','))]);
      return withMsg(null, MSG.removed);
    },
  });
}
