import type { FastifyInstance } from 'fastify';
import {
  CHAT_MSG,
  MSG,
  chatContactAdd,
  chatContactListQuery,
  chatContactRecord,
  chatMessageRecord,
  chatReadAnswer,
  chatReadBody,
  chatRecordQuery,
  chatSearchQuery,
  chatSearchRecord,
  chatSendBody,
  chatStatus,
  pageOf,
  throughTrainListQuery,
  throughTrainRecord,
  type ChatLine,
} from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { route, type RouteScope } from '../../../platform/http/route.js';
import type { ChatService } from './chat.service.js';
import { MEMBER_CONTACTS } from './line.repo.js';

const TAGS = ['myday'];
const TT = '/api/aoc-service/through-train';

/**
 * Scope metadata (module guide §4) of the calls that name another person. Who may be reached is the dept
 * tree, not a role's rules, so no resource is named: the walker expects every account off the caller's
 * own line of the tree (another org, another tenant) to answer 404 and change nothing — the lines reach
 * only the own org, the federations above and the chambers below. (A member enterprise's contact reached
 * through 企业直通车 may have an account anywhere its phone is; chat.routes.test.ts covers that path.)
 */
const person = (idFrom: 'body.toUserId' | 'body.contactId' | 'body.recipientId'): RouteScope => ({
  record: { table: 'blade_user', idFrom, deptColumn: 'dept_id', where: 'is_deleted = 0' },
});

/** "Lists for aoc, coc and user" (§7), and the fourth line's list: the path segment per line. */
const STAFF_LISTS: Array<[Exclude<ChatLine, 'mem'>, string, string]> = [
  ['inside', 'user', '内部直通车: 本组织的同事'],
  ['fic', 'aoc', '工商联直通车: 上级工商联的工作人员'],
  ['coc', 'coc', '商会直通车: 所属商会、协会的工作人员'],
];

/**
 * 直通车 and chat (specification §7 "My day": Through-train status, Lists for aoc, coc and user, Contact POST
 * and list, Chat record, send, search, read). Every signed-in user has My day ('authenticated'); who can be
 * reached and read is decided in the service, and anything else answers 404.
 *
 * chat/record, chat/search, contact/list and status are the caller's own conversations only (every
 * statement names the caller), which the walker's org-owned model cannot express: they declare no scope
 * and chat.routes.test.ts checks them with callers of another org and another tenant.
 */
export function chatRoutes(app: FastifyInstance, svc: ChatService) {
  const db = app.db;

  route(app, {
    method: 'GET',
    url: `${TT}/status`,
    summary: 'Through-train status: 我的直通车 (四条直通车是否适用, 各自和合计的未读消息数)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    response: chatStatus,
    handler: ({ actor }) => svc.status(db, actor),
  });

  for (const [line, segment, what] of STAFF_LISTS) {
    route(app, {
      method: 'GET',
      url: `${TT}/${segment}/list`,
      summary: `Lists for aoc, coc and user (${segment}): ${what} (current, size, name 姓名或机构; 含未读数和最后消息时间)`,
      tags: TAGS,
      access: { permission: 'authenticated' },
      query: throughTrainListQuery,
      response: pageOf(throughTrainRecord),
      handler: ({ actor, query }) => svc.staffList(db, actor, line, query, query.name || undefined),
    });
  }

  route(app, {
    method: 'GET',
    url: `${TT}/mem/list`,
    summary: 'Lists (mem): 企业直通车: 数据权限内会员企业的联系人 (current, size, name 联系人、企业或机构; 手机号脱敏; 有账号者可沟通)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: throughTrainListQuery,
    scope: MEMBER_CONTACTS.list(),
    response: pageOf(throughTrainRecord),
    handler: ({ actor, query }) => svc.memberList(db, actor, query, query.name || undefined),
  });

  route(app, {
    method: 'POST',
    url: '/api/aoc-service/contact/add',
    summary: 'Contact POST: 加入我的会话 (type 直通车, recipientId 联系人)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: chatContactAdd,
    scope: person('body.recipientId'),
    response: chatContactRecord,
    handler: async ({ actor, body }) => withMsg(await svc.addContact(db, actor, body), MSG.added),
  });

  route(app, {
    method: 'GET',
    url: '/api/aoc-service/contact/list',
    summary: 'Contact list: 我的会话 (新的在前; 最后一条消息, 未读数; type 直通车, name 姓名或机构)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: chatContactListQuery,
    response: pageOf(chatContactRecord),
    handler: ({ actor, query }) => svc.contactList(db, actor, query, { type: query.type || undefined, name: query.name || undefined }),
  });

  route(app, {
    method: 'GET',
    url: '/api/aoc-service/chat/record',
    summary: 'Chat record: 与一位联系人的消息记录 (contactId; 新的在前, before 更早的一页)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: chatRecordQuery,
    response: pageOf(chatMessageRecord),
    handler: ({ actor, query }) => svc.record(db, actor, query),
  });

  route(app, {
    method: 'POST',
    url: '/api/aoc-service/chat/send',
    summary: 'Chat send: 发送消息 (toUserId, content 至多2000字)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: chatSendBody,
    scope: person('body.toUserId'),
    response: chatMessageRecord,
    handler: async ({ actor, body }) => withMsg(await svc.send(db, actor, body), CHAT_MSG.sent),
  });

  route(app, {
    method: 'GET',
    url: '/api/aoc-service/chat/search',
    summary: 'Chat search: 查找我的消息 (keyword 包含; contactId 限一位联系人; 新的在前)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: chatSearchQuery,
    response: pageOf(chatSearchRecord),
    handler: ({ actor, query }) => svc.search(db, actor, query),
  });

  route(app, {
    method: 'POST',
    url: '/api/aoc-service/chat/read',
    summary: 'Chat read: 标记已读 (contactId 的消息全部, 或至 messageId 为止)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: chatReadBody,
    scope: person('body.contactId'),
    response: chatReadAnswer,
    handler: ({ actor, body }) => svc.read(db, actor, body),
  });
}
