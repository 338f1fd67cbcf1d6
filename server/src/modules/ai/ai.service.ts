import { PassThrough } from 'node:stream';
import { AI_MSG, AI_STATUS, type AiConversation, type AiMessage, type AiStreamEvents } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { answer, type ChatMessage, type ChatModel } from '../../platform/ai/index.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import { aiRepo, type ConversationRow, type MessageRow } from './ai.repo.js';
import { assistantTools } from './ai.tools.js';

/** How many earlier messages go to the model with a question. */
const HISTORY = 20;
/** An answer is written to the database at most this often while it streams. */
const SAVE_EVERY_MS = 500;
/** An answer still 生成中 after this long was cut off (its process stopped): shown as interrupted. */
const STALE_MS = 120_000;

const SYSTEM_PROMPT =
  '你是工商联综合服务平台的助手,服务于工商联、商会和协会的工作人员。' +
  '回答有关组织、会员、填报和平台使用的问题时,只依据工具返回的数据;工具没有给出的数据,就明确说不知道,不要编造。' +
  '用户只能看到其数据范围内的数据,工具已按此过滤。用简体中文回答,简洁清楚。';

export interface AiSettings {
  timeZone: string;
  orgMonthlyQuota: number;
  userPerMinute: number;
}

const owner = (a: Actor) => ({ tenantId: a.tenantId, userId: a.userId });

function conversationView(r: ConversationRow, tz: string): AiConversation {
  return { id: String(r.id), title: r.title, createTime: formatTime(r.createTime, tz) ?? '', updateTime: formatTime(r.updateTime, tz) ?? '' };
}

function messageView(r: MessageRow, tz: string, now = Date.now()): AiMessage {
  const stale = r.status === AI_STATUS.streaming && now - new Date(r.updateTime).getTime() > STALE_MS;
  return {
    id: String(r.id),
    role: r.role,
    content: r.content,
    status: stale ? AI_STATUS.failed : r.status,
    model: r.model,
    error: stale ? AI_MSG.interrupted : r.error,
    createTime: formatTime(r.createTime, tz) ?? '',
  };
}

const sse = <E extends keyof AiStreamEvents>(event: E, data: AiStreamEvents[E]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export function aiService(model: ChatModel, settings: AiSettings, onError: (err: unknown) => void) {
  const tz = settings.timeZone;
  return {
    async page(db: Db, actor: Actor, current: number, size: number) {
      const { rows, total } = await aiRepo.page(db, owner(actor), current, size);
      return { records: rows.map((r) => conversationView(r, tz)), total, current, size, pages: Math.ceil(total / size) };
    },

    async messages(db: Db, actor: Actor, id: string): Promise<AiMessage[]> {
      if (!(await aiRepo.find(db, owner(actor), id))) throw notFound(AI_MSG.conversationGone);
      return (await aiRepo.messages(db, id, 500)).map((r) => messageView(r, tz));
    },

    async rename(db: Db, actor: Actor, id: string, title: string): Promise<AiConversation> {
      if (!(await aiRepo.rename(db, owner(actor), id, title))) throw notFound(AI_MSG.conversationGone);
      return conversationView((await aiRepo.find(db, owner(actor), id))!, tz);
    },

    /** All or nothing: an id that is not one of the caller's conversations is 404 and nothing is removed. */
    async remove(db: Db, actor: Actor, ids: string[]) {
      const unique = [...new Set(ids)];
      return db.transaction().execute(async (tx) => {
        if ((await aiRepo.remove(tx, owner(actor), unique)) !== unique.length) throw notFound(AI_MSG.conversationGone);
      });
    },

    async usage(db: Db, actor: Actor) {
      return { used: await aiRepo.answersThisMonth(db, actor.tenantId, actor.deptId || null, tz), limit: settings.orgMonthlyQuota, model: model.label };
    },

    /**
     * A question: checked (the conversation is the asker's, the per-user rate, the org's monthly quota),
     * stored with an answer row in 生成中, then answered as a stream. Everything before the stream
     * answers as an ordinary call (a refusal is the envelope); the stream's own failures are events.
     */
    async ask(db: Db, actor: Actor, input: { conversationId?: string; question: string }, closed: AbortSignal) {
      const deptId = actor.deptId || null;
      const conversation = input.conversationId ? await aiRepo.find(db, owner(actor), input.conversationId) : undefined;
      if (input.conversationId && !conversation) throw notFound(AI_MSG.conversationGone);
      if ((await aiRepo.questionsSince(db, actor.userId, new Date(Date.now() - 60_000))) >= settings.userPerMinute) throw new AppError(429, AI_MSG.rateLimited);
      if ((await aiRepo.answersThisMonth(db, actor.tenantId, deptId, tz)) >= settings.orgMonthlyQuota)
        throw new AppError(400, AI_MSG.quotaReached.replace('{limit}', String(settings.orgMonthlyQuota)));

      const history = conversation ? await aiRepo.messages(db, conversation.id, HISTORY) : [];
      const { questionId, answerId, conversationId, title } = await db.transaction().execute(async (tx) => {
        const title = conversation?.title ?? Array.from(input.question).slice(0, 30).join('');
        const conversationId = conversation?.id ?? (await aiRepo.create(tx, { ...owner(actor), deptId }, title));
        const base = { conversationId, tenantId: actor.tenantId, userId: actor.userId, deptId };
        const questionId = await aiRepo.addMessage(tx, { ...base, role: 'user', content: input.question, status: AI_STATUS.done, model: null });
        const answerId = await aiRepo.addMessage(tx, { ...base, role: 'assistant', content: '', status: AI_STATUS.streaming, model: model.label });
        if (conversation) await aiRepo.touch(tx, conversationId);
        return { questionId, answerId, conversationId: String(conversationId), title };
      });

      const messages: ChatMessage[] = [
        { role: 'system', content: SYSTEM_PROMPT },
        ...history.filter((m) => m.content && m.status !== AI_STATUS.failed).map((m) => ({ role: m.role, content: m.content }) as ChatMessage),
        { role: 'user', content: input.question },
      ];
      const body = new PassThrough();
      const write = (chunk: string) => {
        if (!body.writableEnded) body.write(chunk);
      };
      write('retry: 3000\n\n');
      write(sse('conversation', { id: conversationId, title, questionId, answerId }));

      void (async () => {
        let text = '';
        let savedAt = Date.now();
        let status: number = AI_STATUS.done;
        let error: string | null = null;
        try {
          for await (const ev of answer({ model, messages, tools: assistantTools(db, actor), signal: closed })) {
            if (ev.type === 'tool') {
              write(sse('tool', { name: ev.name, label: ev.label }));
              continue;
            }
            text += ev.delta;
            write(sse('delta', { text: ev.delta }));
            if (Date.now() - savedAt >= SAVE_EVERY_MS) {
              savedAt = Date.now();
              await aiRepo.saveAnswer(db, answerId, { content: text });
            }
          }
          if (closed.aborted) status = AI_STATUS.stopped;
        } catch (err) {
          status = closed.aborted ? AI_STATUS.stopped : AI_STATUS.failed;
          error = status === AI_STATUS.failed ? AI_MSG.modelFailed : null;
          if (error) onError(err);
          if (error) write(sse('error', { msg: error }));
        }
        if (status === AI_STATUS.done && !text) text = AI_MSG.unknown;
        try {
          await aiRepo.saveAnswer(db, answerId, { content: text, status, error });
        } finally {
          write(sse('done', { answerId, status }));
          body.end();
        }
      })();
      return body;
    },
  };
}
