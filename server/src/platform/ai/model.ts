/**
 * The language-model port of the platform (architecture §2: platform/ai). One interface, two
 * implementations: the built-in default (builtin.ts: no network, no weights; it answers through the
 * tools it is given, which run the same scoped queries as the screens) and an OpenAI-compatible
 * provider (openai-model.ts: Qwen, DeepSeek, a local vLLM or Ollama), chosen by AI_BASE_URL.
 *
 * A model never reads the database itself: it sees the conversation and a list of tools, and asks for
 * tool calls; the caller (assistant.ts) runs them as the signed-in user and hands back their results.
 * So the model never receives a row the user could not open on a screen.
 */

/** One turn of a conversation as a model sees it. */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the model gave them (JSON object). */
  args: Record<string, unknown>;
}

/** What a tool offers a model: its name, what it does, its JSON-schema parameters. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /**
   * How the built-in model recognises a question for this tool: the arguments to call it with, or null.
   * `words` is the question segmented into words (Intl.Segmenter), `text` the question itself.
   */
  recognise?: (q: { text: string; words: string[] }) => Record<string, unknown> | null;
}

/** What a model streams: text as it comes, or the tool calls it asks for (then the turn ends). */
export type ModelEvent = { type: 'text'; delta: string } | { type: 'tools'; calls: ToolCall[] };

export interface ChatModel {
  /** Shown with every answer ("内置助手" or the configured model's name). */
  readonly label: string;
  stream(input: { messages: ChatMessage[]; tools: ToolSpec[]; signal: AbortSignal }): AsyncIterable<ModelEvent>;
}

/** A refusal by the model provider (unreachable, bad key, quota): shown to the user as the answer's error. */
export class ModelError extends Error {}
