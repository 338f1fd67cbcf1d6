import { AI_MSG } from '@gsl/contract';
import type { ChatModel } from './model.js';

/**
 * The whole answer of a configured model to one instruction and one text, or null: with the built-in
 * assistant (it answers questions from the product's data, it does not write prose), when the model
 * fails, or after `timeoutMs`. The AI pages use it to have generated text rewritten — never a record.
 */
export async function answerOnce(model: ChatModel, instruction: string, text: string, timeoutMs = 20_000): Promise<string | null> {
  if (model.label === AI_MSG.builtinLabel || !text) return null;
  try {
    let out = '';
    const signal = AbortSignal.timeout(timeoutMs);
    for await (const ev of model.stream({
      messages: [
        { role: 'system', content: instruction },
        { role: 'user', content: text },
      ],
      tools: [],
      signal,
    })) {
      if (ev.type === 'text') out += ev.delta;
    }
    return out;
  } catch {
    return null;
  }
}

/**
 * Has a configured model rewrite generated sentences one for one, so each rewritten sentence keeps the
 * sources its original came from (the caller maps them back by position). `writer`: who the model is
 * told it is (e.g. 会员简历撰写助手); `basis`: what the sentences were generated from (e.g. 会员档案).
 * Null — the template's sentences are used as they are — with the built-in assistant, on a failure or a
 * timeout, or for any answer but as many non-empty sentences of at most `maxLength` characters.
 */
export async function rewriteSentences(
  model: ChatModel,
  sentences: string[],
  opts: { writer: string; basis: string; maxLength: number; timeoutMs?: number },
): Promise<string[] | null> {
  if (!sentences.length) return null;
  const instruction =
    `你是工商联的${opts.writer}。用户给出一个 JSON 数组,每个元素是一句根据${opts.basis}生成的句子。` +
    '请逐句改写得更通顺、正式,不得增加原句没有的事实,不得合并、拆分或删除句子。' +
    '只输出一个 JSON 数组,元素为改写后的句子,个数与输入相同,不要输出其他内容。';
  const text = await answerOnce(model, instruction, JSON.stringify(sentences), opts.timeoutMs);
  const json = text === null ? undefined : /\[[\s\S]*\]/.exec(text)?.[0];
  if (!json) return null;
  try {
    const out: unknown = JSON.parse(json);
    if (!Array.isArray(out) || out.length !== sentences.length) return null;
    if (!out.every((s) => typeof s === 'string' && s.trim() && s.trim().length <= opts.maxLength)) return null;
    return out.map((s: string) => s.trim());
  } catch {
    return null;
  }
}
