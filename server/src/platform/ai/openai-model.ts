import type OpenAI from 'openai';
import type { ChatMessage, ChatModel, ModelEvent, ToolCall, ToolSpec } from './model.js';
import { ModelError } from './model.js';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
}

type Wire = OpenAI.Chat.Completions.ChatCompletionMessageParam;

function toWire(m: ChatMessage): Wire {
  if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
  if (m.role === 'assistant')
    return {
      role: 'assistant',
      content: m.content || null,
      ...(m.toolCalls?.length
        ? { tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.args) } })) }
        : {}),
    };
  return { role: m.role, content: m.content };
}

/**
 * An OpenAI-compatible chat model (AI_BASE_URL, AI_API_KEY, AI_MODEL: Qwen, DeepSeek, a local vLLM
 * or Ollama) through the official client, streaming; tool calls are gathered from the deltas and
 * handed back whole. The signal aborts the HTTP request itself, so 停止 stops the provider's work.
 */
export class OpenAiModel implements ChatModel {
  /** The client, made on the first question: the openai package (about 300 modules) is not loaded at start (issue 18). */
  private client?: Promise<OpenAI>;
  readonly label: string;

  constructor(private readonly opts: OpenAiOptions) {
    this.label = opts.model;
  }

  private clientOf(): Promise<OpenAI> {
    const { baseUrl, apiKey, timeoutMs } = this.opts;
    return (this.client ??= import('openai').then(
      ({ default: Client }) => new Client({ baseURL: baseUrl, apiKey: apiKey || 'none', timeout: timeoutMs ?? 120_000, maxRetries: 1 }),
      (err: unknown) => {
        this.client = undefined; // the next question tries again
        throw err;
      },
    ));
  }

  async *stream(input: { messages: ChatMessage[]; tools: ToolSpec[]; signal: AbortSignal }): AsyncIterable<ModelEvent> {
    const calls = new Map<number, { id: string; name: string; args: string }>();
    try {
      const client = await this.clientOf();
      const stream = await client.chat.completions.create(
        {
          model: this.opts.model,
          stream: true,
          messages: input.messages.map(toWire),
          ...(input.tools.length
            ? {
                tools: input.tools.map((t) => ({
                  type: 'function' as const,
                  function: { name: t.name, description: t.description, parameters: t.parameters },
                })),
              }
            : {}),
        },
        { signal: input.signal },
      );
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        if (!delta) continue;
        if (delta.content) yield { type: 'text', delta: delta.content };
        for (const tc of delta.tool_calls ?? []) {
          const cur = calls.get(tc.index) ?? { id: '', name: '', args: '' };
          if (tc.id) cur.id = tc.id;
          if (tc.function?.name) cur.name += tc.function.name;
          if (tc.function?.arguments) cur.args += tc.function.arguments;
          calls.set(tc.index, cur);
        }
      }
    } catch (err) {
      if (input.signal.aborted) return;
      throw new ModelError(err instanceof Error ? err.message : String(err));
    }
    if (calls.size) {
      const out: ToolCall[] = [...calls.values()].map((c, i) => ({ id: c.id || `call_${i}`, name: c.name, args: parseArgs(c.args) }));
      yield { type: 'tools', calls: out };
    }
  }
}

function parseArgs(raw: string): Record<string, unknown> {
  if (!raw.trim()) return {};
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
