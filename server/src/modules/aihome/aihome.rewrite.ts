import { AI_MSG, HOMEPAGE_LINE_MAX, type ResumeLine } from '@gsl/contract';
import type { ChatModel } from '../../platform/ai/index.js';

const PROMPT =
  '你是工商联组织主页的简介撰写助手。用户给出一个 JSON 数组,每个元素是一句根据组织档案生成的简介句子。' +
  '请逐句改写得更通顺、正式,不得增加原句没有的事实,不得合并、拆分或删除句子。' +
  '只输出一个 JSON 数组,元素为改写后的句子,个数与输入相同,不要输出其他内容。';

/**
 * Has a configured model (not the built-in one) rewrite the template's sentences one for one, so each
 * rewritten sentence keeps the fields its original came from (as airesume.rewrite.ts does for résumés).
 * Null when the model is the built-in one, fails, times out or answers anything but as many non-empty
 * sentences: the template's lines are used as they are.
 */
export async function rewriteIntroduction(model: ChatModel, lines: ResumeLine[], timeoutMs = 20_000): Promise<ResumeLine[] | null> {
  if (model.label === AI_MSG.builtinLabel || !lines.length) return null;
  try {
    let text = '';
    const signal = AbortSignal.timeout(timeoutMs);
    for await (const ev of model.stream({
      messages: [
        { role: 'system', content: PROMPT },
        { role: 'user', content: JSON.stringify(lines.map((l) => l.text)) },
      ],
      tools: [],
      signal,
    })) {
      if (ev.type === 'text') text += ev.delta;
    }
    const json = /\[[\s\S]*\]/.exec(text)?.[0];
    if (!json) return null;
    const out: unknown = JSON.parse(json);
    if (!Array.isArray(out) || out.length !== lines.length) return null;
    if (!out.every((s) => typeof s === 'string' && s.trim() && s.trim().length <= HOMEPAGE_LINE_MAX)) return null;
    return lines.map((l, i) => ({ text: (out[i] as string).trim(), sources: l.sources }));
  } catch {
    return null;
  }
}
