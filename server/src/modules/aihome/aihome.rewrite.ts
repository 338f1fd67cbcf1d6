import { HOMEPAGE_LINE_MAX, type ResumeLine } from '@gsl/contract';
import type { ChatModel } from '../../platform/ai/index.js';
import { rewriteSentences } from '../../platform/ai/rewrite.js';

/**
 * A fresh introduction's sentences rewritten by a configured model, one for one, each keeping the fields
 * its original came from; null (the template's lines as they are) with the built-in assistant or when
 * the model gives nothing usable (platform/ai/rewrite.ts).
 */
export async function rewriteIntroduction(model: ChatModel, lines: ResumeLine[], timeoutMs?: number): Promise<ResumeLine[] | null> {
  const out = await rewriteSentences(
    model,
    lines.map((l) => l.text),
    { writer: '组织主页简介撰写助手', basis: '组织档案', maxLength: HOMEPAGE_LINE_MAX, timeoutMs },
  );
  return out && lines.map((l, i) => ({ text: out[i], sources: l.sources }));
}
