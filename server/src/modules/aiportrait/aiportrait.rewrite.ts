import { AI_MSG } from '@gsl/contract';
import type { ChatModel } from '../../platform/ai/index.js';

const PROMPT =
  '你是工商联的会员画像撰写助手。用户给出一段根据会员档案生成的概括文字。' +
  '请把它改写成一段更通顺、正式的中文,不得增加原文没有的事实、数字或评价,不得删去原文的事实。' +
  '只输出改写后的这一段文字,不要输出其他内容。';
const SUMMARY_MAX = 600;

/**
 * Has a configured model (not the built-in one) rewrite the template's summary paragraph. Null when the
 * model is the built-in one, or when it fails, times out or answers nothing usable (empty, too long):
 * the template's paragraph is then shown as it is.
 */
export async function rewriteSummary(model: ChatModel, text: string, timeoutMs = 20_000): Promise<string | null> {
  if (model.label === AI_MSG.builtinLabel || !text) return null;
  try {
    let out = '';
    const signal = AbortSignal.timeout(timeoutMs);
    for await (const ev of model.stream({
      messages: [
        { role: 'system', content: PROMPT },
        { role: 'user', content: text },
      ],
      tools: [],
      signal,
    })) {
      if (ev.type === 'text') out += ev.delta;
    }
    const clean = out.trim().replace(/\s*\n+\s*/g, '');
    return clean && clean.length <= SUMMARY_MAX ? clean : null;
  } catch {
    return null;
  }
}
