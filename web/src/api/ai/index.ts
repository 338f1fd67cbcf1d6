import type { AiConversation, AiMessage, AiStreamEvents, AiUsage, PageResult } from '@gsl/contract';
import { EventStreamParser } from '../events';
import { exchange, get, post, readAnswer, request } from '../http';

/**
 * AI 对话 (specification §2 /portal/aiDialogue; server/src/modules/ai):
 *   POST /api/ai-service/chat/stream            { conversationId?, question } → server-sent events (not encrypted)
 *   GET  /api/ai-service/conversation/list      current, size → my conversations, latest first
 *   GET  /api/ai-service/conversation/messages  id → its questions and answers, oldest first
 *   POST /api/ai-service/conversation/rename    { id, title }
 *   POST /api/ai-service/conversation/remove    ids
 *   GET  /api/ai-service/usage                  this month's answers of my org, its quota, the model
 */
export type { AiConversation, AiMessage, AiUsage };

const A = '/api/ai-service';

export const aiKeys = {
  conversations: ['ai', 'conversations'] as const,
  messages: (id: string) => ['ai', 'messages', id] as const,
  usage: ['ai', 'usage'] as const,
};

export const aiApi = {
  conversations: () => get<PageResult<AiConversation>>(`${A}/conversation/list`, { current: 1, size: 100 }),
  messages: (id: string) => get<AiMessage[]>(`${A}/conversation/messages`, { id }),
  rename: (id: string, title: string) => post<AiConversation>(`${A}/conversation/rename`, { id, title }),
  remove: (id: string) => request(`${A}/conversation/remove`, { method: 'POST', params: { ids: id } }),
  usage: () => get<AiUsage>(`${A}/usage`),
};

export type AiStreamHandler = <E extends keyof AiStreamEvents>(event: E, data: AiStreamEvents[E]) => void;

/**
 * Asks and reads the answer as it streams, each event to `on`. A refusal before the stream (bad
 * input, rate, quota, a conversation that is gone) is an ordinary answer: told and thrown like any
 * call's. Aborting `signal` (停止) closes the stream, and the server stops the model.
 */
export async function askStream(body: { conversationId?: string; question: string }, on: AiStreamHandler, signal: AbortSignal): Promise<void> {
  await exchange(`${A}/chat/stream`, { method: 'POST', body, signal, headers: { Accept: 'text/event-stream' } }, async (response) => {
    if (!String(response.headers.get('content-type')).startsWith('text/event-stream') || !response.body) {
      readAnswer(response.status, await response.text());
      return;
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = new EventStreamParser();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const ev of parser.push(decoder.decode(value, { stream: true }))) {
          try {
            on(ev.type as keyof AiStreamEvents, JSON.parse(ev.data));
          } catch {
            /* a malformed event is skipped */
          }
        }
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  });
}
