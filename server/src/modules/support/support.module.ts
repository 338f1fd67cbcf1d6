import type { FastifyInstance } from 'fastify';
import {
  MSG,
  SUPPORT_MSG,
  idQuery,
  pageOf,
  perm,
  questionListQuery,
  questionRecord,
  questionSubmit,
  suggestionListQuery,
  suggestionRecord,
  suggestionReply,
  suggestionSubmit,
} from '@gsl/contract';
import { z } from 'zod';
import { isGranted, assertGranted } from '../../platform/access/grants.js';
import { withMsg } from '../../platform/http/envelope.js';
import { route, type RouteScope } from '../../platform/http/route.js';
import { removeRoute } from '../../platform/http/remove-route.js';
import { messagePorts, messageServices } from '../message/message.module.js';
import { questionService, suggestionService } from './support.service.js';
import { suggestionRepo } from './support.repo.js';

const TAGS = ['support'];
const Q = '/api/mem-service/aiproblembase';
const S = '/api/aoc-service/suggestion';

const QUESTION_EDIT = perm('support_question_edit');
const QUESTION_DELETE = perm('support_question_delete');
const SUGGESTION_LIST = perm('support_suggestion');
const SUGGESTION_REPLY = perm('support_suggestion_reply');

/** A user's own suggestions: the owner column names them, whatever the roles' rules. */
const OWN = { table: 'aoc_suggestion', deptColumn: 'dept_id', ownerColumn: 'user_id', where: 'is_deleted = 0' } as const;

/**
 * 客服中心 (specification §2 /portal/cases, cases/questionsDetail): the common questions (aiproblembase:
 * six at random, list with search, detail for everyone; submit and remove for administrators) and the
 * suggestions box (suggestion: submit, my own list and detail for everyone; the whole list, detail and a
 * reply for administrators, the reply sent to the sender as a notice of the message centre).
 */
export default async function supportModule(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;
  const suggestions = suggestionService(messageServices(messagePorts(app)).send);

  // A suggestion's attachment is readable by its administrators (the sender reads their own upload anyway).
  app.services.attachReferrers.register('suggestion', async (rdb, actor, link) =>
    (await isGranted(rdb, actor, SUGGESTION_LIST)) ? suggestionRepo.holdsLink(rdb, actor.tenantId, link) : false,
  );

  // ------------------------------------------------------------------ 常见问题
  route(app, {
    method: 'GET',
    url: `${Q}/random/six`,
    summary: 'aiproblembase random/six: 随机六个常见问题 (客服中心首页)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    response: z.array(questionRecord),
    handler: ({ actor }) => questionService.randomSix(db, actor, tz),
  });

  route(app, {
    method: 'GET',
    url: `${Q}/list`,
    summary: 'aiproblembase list: 常见问题列表 (分页, keyword 搜索问题与解答)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: questionListQuery,
    response: pageOf(questionRecord),
    handler: ({ actor, query }) => questionService.page(db, actor, query, query.keyword, tz),
  });

  route(app, {
    method: 'GET',
    url: `${Q}/detail`,
    summary: 'aiproblembase detail: 常见问题详情 (问题与解答)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: idQuery,
    response: questionRecord,
    handler: ({ actor, query }) => questionService.detail(db, actor, query.id, tz),
  });

  route(app, {
    method: 'POST',
    url: `${Q}/submit`,
    summary: 'aiproblembase submit: 管理员新增或修改常见问题 (无 id 新增, 有 id 按 version 修改)',
    tags: TAGS,
    access: { permission: QUESTION_EDIT },
    body: questionSubmit,
    response: questionRecord,
    handler: async ({ actor, body }) => {
      const { view, created } = await questionService.submit(db, actor, body, tz);
      return withMsg(view, created ? MSG.added : MSG.updated);
    },
  });

  removeRoute(app, {
    url: `${Q}/remove`,
    summary: 'aiproblembase remove: 管理员删除常见问题 (ids 逗号分隔)',
    tags: TAGS,
    permission: QUESTION_DELETE,
    remove: (ids, actor) => questionService.remove(db, actor, ids),
  });

  // ------------------------------------------------------------------ 意见建议
  route(app, {
    method: 'POST',
    url: `${S}/submit`,
    summary: 'suggestion submit: 提交意见建议 (content 内容, contactInformation 联系方式, attachment 本人上传的附件编号)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: suggestionSubmit,
    response: suggestionRecord,
    handler: async ({ actor, body }) => withMsg(await suggestions.submit(db, actor, body, tz), SUPPORT_MSG.sent),
  });

  route(app, {
    method: 'GET',
    url: `${S}/my`,
    summary: 'suggestion my: 我提交的意见建议 (分页, 新的在前, 含回复)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: suggestionListQuery,
    scope: { list: OWN },
    response: pageOf(suggestionRecord),
    handler: ({ actor, query }) =>
      suggestions.page(db, actor, query, { own: true, status: query.status === '' ? undefined : query.status, keyword: query.keyword }, tz),
  });

  route(app, {
    method: 'GET',
    url: `${S}/my-detail`,
    summary: 'suggestion my-detail: 我提交的一条意见建议 (他人的为 404)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: idQuery,
    scope: { record: { ...OWN, idFrom: 'query.id' } } satisfies RouteScope,
    response: suggestionRecord,
    handler: ({ actor, query }) => suggestions.detail(db, actor, query.id, true, tz),
  });

  route(app, {
    method: 'GET',
    url: `${S}/page`,
    summary: 'suggestion page: 管理员查看意见建议 (分页, status 0 待回复 1 已回复, keyword 内容包含)',
    tags: TAGS,
    access: { permission: SUGGESTION_LIST },
    query: suggestionListQuery,
    response: pageOf(suggestionRecord),
    handler: ({ actor, query }) =>
      suggestions.page(db, actor, query, { own: false, status: query.status === '' ? undefined : query.status, keyword: query.keyword }, tz),
  });

  route(app, {
    method: 'GET',
    url: `${S}/detail`,
    summary: 'suggestion detail: 管理员查看一条意见建议',
    tags: TAGS,
    access: { permission: SUGGESTION_LIST },
    query: idQuery,
    response: suggestionRecord,
    handler: ({ actor, query }) => suggestions.detail(db, actor, query.id, false, tz),
  });

  route(app, {
    method: 'POST',
    url: `${S}/reply`,
    summary: 'suggestion reply: 管理员回复意见建议 (一次; 回复以通知发送给提交人的消息中心)',
    tags: TAGS,
    access: { permission: SUGGESTION_REPLY },
    body: suggestionReply,
    response: suggestionRecord,
    handler: async ({ actor, body }) => {
      await assertGranted(db, actor, SUGGESTION_LIST);
      return withMsg(await suggestions.reply(db, actor, body, tz), SUPPORT_MSG.replied);
    },
  });
}
