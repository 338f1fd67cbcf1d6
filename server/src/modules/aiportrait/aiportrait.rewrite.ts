import type { ChatModel } from '../../platform/ai/index.js';
import { answerOnce } from '../../platform/ai/rewrite.js';

const PROMPT =
  '你是工商联的会员画像撰写助手。用户给出一段根据会员档案生成的概括文字。' +
  '请把它改写成一段更通顺、正式的中文,不得增加原文没有的事实、数字或评价,不得删去原文的事实。' +
  '只输出改写后的这一段文字,不要输出其他内容。';
const SUMMARY_MAX = 600;

/**
 * Has a configured model rewrite the template's summary paragraph. Null — the template's paragraph is
 * shown as it is — with the built-in assistant, or when the model gives nothing usable (empty, too long).
 */
export async function rewriteSummary(model: ChatModel, text: string, timeoutMs?: number): Promise<string | null> {
  const out = await answerOnce(model, PROMPT, text, timeoutMs);
  const clean = out?.trim().replace(/\s*\n+\s*/g, '') ?? '';
  return clean && clean.length <= SUMMARY_MAX ? clean : null;
}
