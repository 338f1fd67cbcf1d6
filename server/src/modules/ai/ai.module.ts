import type { FastifyInstance } from 'fastify';
import { AI_MSG, aiAskBody, aiConversation, aiConversationQuery, aiMessage, aiRenameBody, aiUsage, idQuery, pageOf } from '@gsl/contract';
import { z } from 'zod';
import { withMsg } from '../../platform/http/envelope.js';
import { route, type RouteScope } from '../../platform/http/route.js';
import { removeRoute } from '../../platform/http/remove-route.js';
import { aiService } from './ai.service.js';

const TAGS = ['ai'];
const A = '/api/ai-service';

/** A user's own conversations: the owner column names them, whatever the roles' rules. */
const OWN = { table: 'ai_conversation', deptColumn: 'dept_id', ownerColumn: 'user_id', where: 'is_deleted = 0' } as const;

/**
 * AI 对话 (specification §2 /portal/aiDialogue): the assistant's stream (the one unencrypted call of
 * §7, server-sent events) and the user's own conversations (list, messages, rename, remove), with the
 * org's monthly usage. The model is the platform's (services.ai): built-in by default, an
 * OpenAI-compatible provider by AI_BASE_URL. Questions and answers are not written to the api log.
 */
export default async function aiModule(app: FastifyInstance) {
  const db = app.db;
  const ai = aiService(
    app.services.ai,
    { timeZone: app.config.timeZone, orgMonthlyQuota: app.config.aiOrgMonthlyQuota, userPerMinute: app.config.aiUserPerMinute },
    (err) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'AI model failed'),
  );

  route(app, {
    method: 'POST',
    url: `${A}/chat/stream`,
    summary: 'AI 对话: 提问并以事件流 (server-sent events, 不加密) 接收回答; 事件 conversation, tool, delta, done, error; 无 conversationId 时新建对话',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: aiAskBody,
    raw: true,
    audit: false,
    produces: 'text/event-stream',
    scope: { record: { ...OWN, idFrom: 'body.conversationId' } } satisfies RouteScope,
    handler: async ({ req, reply, body, actor }) => {
      // The page closing the stream (停止, leaving, a lost connection) stops the answer and the model request.
      const closed = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) closed.abort();
      });
      req.raw.on('aborted', () => closed.abort());
      const stream = await ai.ask(db, actor, body, closed.signal);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  });

  route(app, {
    method: 'GET',
    url: `${A}/conversation/list`,
    summary: 'AI 对话: 我的对话 (分页, 最近的在前)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: aiConversationQuery,
    scope: { list: OWN },
    response: pageOf(aiConversation),
    handler: ({ actor, query }) => ai.page(db, actor, query.current, query.size),
  });

  route(app, {
    method: 'GET',
    url: `${A}/conversation/messages`,
    summary: 'AI 对话: 一个对话的消息 (问题与回答, 旧的在前; 他人的对话 404)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: idQuery,
    scope: { record: { ...OWN, idFrom: 'query.id' } } satisfies RouteScope,
    response: z.array(aiMessage),
    handler: ({ actor, query }) => ai.messages(db, actor, query.id),
  });

  route(app, {
    method: 'POST',
    url: `${A}/conversation/rename`,
    summary: 'AI 对话: 重命名对话 (id, title)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: aiRenameBody,
    scope: { record: { ...OWN, idFrom: 'body.id' } } satisfies RouteScope,
    response: aiConversation,
    handler: async ({ actor, body }) => withMsg(await ai.rename(db, actor, body.id, body.title), AI_MSG.renamed),
  });

  removeRoute(app, {
    url: `${A}/conversation/remove`,
    summary: 'AI 对话: 删除我的对话 (ids 逗号分隔; 他人的对话不受影响)',
    tags: TAGS,
    permission: 'authenticated',
    scope: { record: { ...OWN, idFrom: 'query.ids' } },
    remove: (ids, actor) => ai.remove(db, actor, ids),
  });

  route(app, {
    method: 'GET',
    url: `${A}/usage`,
    summary: 'AI 对话: 本单位本月已用问答次数、每月额度与回答所用的模型',
    tags: TAGS,
    access: { permission: 'authenticated' },
    scope: { none: '只统计本人所在单位的次数, 不返回任何记录' },
    response: aiUsage,
    handler: ({ actor }) => ai.usage(db, actor),
  });
}
