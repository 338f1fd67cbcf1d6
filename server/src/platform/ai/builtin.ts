import { randomUUID } from 'node:crypto';
import { words } from './segment.js';
import type { ChatMessage, ChatModel, ModelEvent, ToolSpec } from './model.js';

/** How many characters an answer is streamed in (the whole answer is known; the page shows it grow). */
const CHUNK = 12;

/**
 * The built-in default model: no network, no weights. It recognises a question through the tools'
 * own recognisers (the first that takes it wins; a catch-all such as the common questions goes last),
 * asks for that tool, and answers with what the tool found — the `answer` text every tool result
 * carries. A question no tool takes gets `unknown` plainly; it never makes anything up.
 */
export class BuiltinModel implements ChatModel {
  constructor(
    readonly label: string,
    private readonly unknown: string,
  ) {}

  async *stream(input: { messages: ChatMessage[]; tools: ToolSpec[]; signal: AbortSignal }): AsyncIterable<ModelEvent> {
    const last = input.messages[input.messages.length - 1];
    if (!last) return;
    if (last.role === 'user') {
      const q = { text: last.content, words: words(last.content) };
      for (const tool of input.tools) {
        const args = tool.recognise?.(q);
        if (args) {
          yield { type: 'tools', calls: [{ id: randomUUID(), name: tool.name, args }] };
          return;
        }
      }
      yield* chunks(this.unknown, input.signal);
      return;
    }
    if (last.role === 'tool') {
      // The tool results since the question, in order: each says its answer in a sentence or more.
      const results: string[] = [];
      for (let i = input.messages.length - 1; i >= 0; i--) {
        const m = input.messages[i];
        if (m.role !== 'tool') break;
        results.unshift(answerOf(m.content) ?? this.unknown);
      }
      yield* chunks(results.join('\n\n'), input.signal);
    }
  }
}

function answerOf(content: string): string | null {
  try {
    const parsed = JSON.parse(content) as { answer?: unknown };
    return typeof parsed.answer === 'string' && parsed.answer ? parsed.answer : null;
  } catch {
    return null;
  }
}

async function* chunks(text: string, signal: AbortSignal): AsyncIterable<ModelEvent> {
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i += CHUNK) {
    if (signal.aborted) return;
    yield { type: 'text', delta: chars.slice(i, i + CHUNK).join('') };
    // Let the response flush between chunks (and a stop arrive) instead of one synchronous burst.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
