import { z } from 'zod';
import { idField, pageQuery, requiredId } from '../envelope.js';

/**
 * AI 对话 (specification §2 /portal/aiDialogue): a streaming assistant that answers from the
 * federation's own data inside the asker's scope. Conversations are the user's own (list, rename,
 * delete); an answer is stored as it streams. The stream itself is server-sent events (wire contract
 * §3: the one unencrypted call), events: `conversation`, `delta`, `tool`, `done`, `error`.
 */

export const AI_QUESTION_MAX = 500;
export const AI_TITLE_MAX = 50;

/** An answer's state: 0 完成, 1 生成中, 2 已停止, 3 出错. */
export const AI_STATUS = { done: 0, streaming: 1, stopped: 2, failed: 3 } as const;
export const AI_STATUS_LABEL: Record<number, string> = { 0: '已完成', 1: '生成中', 2: '已停止', 3: '出错' };

export const AI_MSG = {
  questionRequired: '请输入问题',
  questionTooLong: `问题不能超过${AI_QUESTION_MAX}个字`,
  titleRequired: '请输入对话名称',
  titleTooLong: `对话名称不能超过${AI_TITLE_MAX}个字`,
  conversationGone: '对话不存在或已删除',
  rateLimited: '提问太频繁,请稍后再试',
  /** The org's monthly quota: `{limit}` replaced. */
  quotaReached: '本单位本月的AI问答次数已用完({limit}次),请下月再试或联系管理员',
  modelFailed: 'AI 服务暂时不可用,请稍后再试',
  stopped: '已停止生成',
  interrupted: '回答生成中断,请重新提问',
  unknown: '抱歉,这个问题我暂时无法回答。',
  /** What the built-in assistant can do, said when it does not know. */
  hint: '您可以这样问我:\n- 江宁区有多少企业会员?\n- 哪些商会还没有填报?\n- 如何修改密码?(常见问题)',
  renamed: '重命名成功',
  builtinLabel: '内置助手',
} as const;

export const aiAskBody = z
  .object({
    /** Omitted: a new conversation, titled by the question. */
    conversationId: idField.optional(),
    question: z.string({ message: AI_MSG.questionRequired }).trim().min(1, AI_MSG.questionRequired).max(AI_QUESTION_MAX, AI_MSG.questionTooLong),
  })
  .strict();
export type AiAskBody = z.infer<typeof aiAskBody>;

export const aiRenameBody = z
  .object({
    id: requiredId(),
    title: z.string({ message: AI_MSG.titleRequired }).trim().min(1, AI_MSG.titleRequired).max(AI_TITLE_MAX, AI_MSG.titleTooLong),
  })
  .strict();
export type AiRenameBody = z.infer<typeof aiRenameBody>;

export const aiConversationQuery = pageQuery;

export const aiConversation = z.object({
  id: z.string(),
  title: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type AiConversation = z.infer<typeof aiConversation>;

export const aiMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** AI_STATUS; a user's question is always 0. */
  status: z.number(),
  /** Which model answered (内置助手 or the configured model); null for a question. */
  model: z.string().nullable(),
  /** The error shown when status is 3. */
  error: z.string().nullable(),
  createTime: z.string(),
});
export type AiMessage = z.infer<typeof aiMessage>;

export const aiUsage = z.object({
  /** Answers given to the caller's org this month. */
  used: z.number(),
  /** The org's monthly quota (AI_ORG_MONTHLY_QUOTA). */
  limit: z.number(),
  /** Which model answers (内置助手 or the configured model's name). */
  model: z.string(),
});
export type AiUsage = z.infer<typeof aiUsage>;

/** The stream's events (data is JSON). */
export interface AiStreamEvents {
  conversation: { id: string; title: string; questionId: string; answerId: string };
  delta: { text: string };
  tool: { name: string; label: string };
  done: { answerId: string; status: number };
  error: { msg: string };
}
