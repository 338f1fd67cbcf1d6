import { RESUME_LINE_MAX, type ResumeLine } from '@gsl/contract';
import type { ChatModel } from '../../platform/ai/index.js';
import { rewriteSentences } from '../../platform/ai/rewrite.js';

/**
 * A fresh résumé draft's sentences rewritten by a configured model, one for one, each keeping the fields
 * its original came from; null (the template's lines as they are) with the built-in assistant or when
 * the model gives nothing usable (platform/ai/rewrite.ts).
 */
export async function rewriteLines(model: ChatModel, lines: ResumeLine[], timeoutMs?: number): Promise<ResumeLine[] | null> {
  const out = await rewriteSentences(
    model,
    lines.map((l) => l.text),
    { writer: '会员简历撰写助手', basis: '会员档案', maxLength: RESUME_LINE_MAX, timeoutMs },
  );
  return out && lines.map((l, i) => ({ text: out[i], sources: l.sources }));
}
