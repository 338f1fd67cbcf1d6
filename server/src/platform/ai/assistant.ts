import type { ChatMessage, ChatModel, ToolSpec } from './model.js';

/** A tool as the assistant runs it: its spec plus the query it runs as the asking user. */
export interface Tool extends ToolSpec {
  /** Shown while it runs (e.g. 正在统计会员数量). */
  label: string;
  /** Runs as the asking user; `answer` is a plain Chinese sentence of what was found, `data` the figures. */
  run(args: Record<string, unknown>): Promise<{ answer: string; data?: unknown }>;
}

export type AssistantEvent = { type: 'text'; delta: string } | { type: 'tool'; name: string; label: string };

/** A model that keeps asking for tools is stopped after this many rounds. */
const MAX_ROUNDS = 4;

/**
 * One answer: the model streams text or asks for tools; tools run (as the user: their scope is
 * theirs), their results go back to the model, until it answers in text. Tool arguments a model
 * invents are the tool's to check; an unknown tool's result says so.
 */
export async function* answer(opts: { model: ChatModel; messages: ChatMessage[]; tools: Tool[]; signal: AbortSignal }): AsyncIterable<AssistantEvent> {
  const messages = [...opts.messages];
  const byName = new Map(opts.tools.map((t) => [t.name, t]));
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let text = '';
    let asked = false;
    for await (const ev of opts.model.stream({ messages, tools: opts.tools, signal: opts.signal })) {
      if (opts.signal.aborted) return;
      if (ev.type === 'text') {
        text += ev.delta;
        yield ev;
        continue;
      }
      asked = true;
      messages.push({ role: 'assistant', content: text, toolCalls: ev.calls });
      for (const call of ev.calls) {
        const tool = byName.get(call.name);
        if (tool) yield { type: 'tool', name: tool.name, label: tool.label };
        const result = tool ? await tool.run(call.args) : { answer: `没有名为 ${call.name} 的工具` };
        messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: JSON.stringify(result) });
      }
    }
    if (!asked) return;
  }
}
