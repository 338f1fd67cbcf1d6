import type { AppConfig } from '../config/config.js';
import { BuiltinModel } from './builtin.js';
import type { ChatModel } from './model.js';
import { OpenAiModel } from './openai-model.js';

export type { ChatMessage, ChatModel, ModelEvent, ToolCall, ToolSpec } from './model.js';
export { ModelError } from './model.js';
export { answer, type AssistantEvent, type Tool } from './assistant.js';
export { words, overlap } from './segment.js';

/** The configured model: an OpenAI-compatible provider when AI_BASE_URL is set, else the built-in one. */
export function createChatModel(config: Pick<AppConfig, 'aiBaseUrl' | 'aiApiKey' | 'aiModel'>, builtin: { label: string; unknown: string }): ChatModel {
  if (config.aiBaseUrl) return new OpenAiModel({ baseUrl: config.aiBaseUrl, apiKey: config.aiApiKey, model: config.aiModel });
  return new BuiltinModel(builtin.label, builtin.unknown);
}
