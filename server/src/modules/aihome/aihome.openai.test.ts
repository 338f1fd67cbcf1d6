import { describe, expect, it } from 'vitest';
import { AI_HOMEPAGE_PATHS as P } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { useFakeOpenAi } from '../../../test/harness/fake-openai.js';

/**
 * AI 主页 with an OpenAI-compatible model configured: a local fake of chat-completions rewrites each sentence
 * of the introduction (prefixing 【润色】) one for one; the rewritten lines keep their sources and the draft
 * names the model. Only an editor's draft asks the model; a bad answer leaves the template's lines.
 */
let mode: 'good' | 'short' = 'good';
const fake = useFakeOpenAi((body, out) => {
  const input: string[] = JSON.parse(body.messages.at(-1)?.content ?? '[]');
  const text = JSON.stringify(mode === 'good' ? input.map((s) => `【润色】${s}`) : input.slice(1));
  for (const piece of [text.slice(0, 10), text.slice(10)]) out.delta({ content: piece });
  out.end();
});

let t: TestApp;
const tokens = useTestApp(['nj_aoc', 'nj_coc'], (app) => (t = app), {
  get aiBaseUrl() {
    return fake.base;
  },
  aiApiKey: 'test-key',
  aiModel: 'qwen-test',
});

describe('AI 主页 › rewritten by a configured model', () => {
  it('rewrites the introduction sentence for sentence, keeping each one’s sources; a bad answer keeps the template', async () => {
    const before = fake.received.length;
    const draft = (await t.call({ url: P.detail, token: tokens.nj_coc })).body.data;
    expect(draft.generator).toMatchObject({ aiGenerated: true, method: 'model', model: 'qwen-test' });
    const sent: string[] = JSON.parse(fake.received.at(-1)!.messages.at(-1)!.content ?? '[]');
    expect(draft.lines.map((l: { text: string }) => l.text)).toEqual(sent.map((s) => `【润色】${s}`));
    expect(draft.lines[0].sources).toContain('name');

    // Saved as drafted: the label stays the model's.
    const saved = await t.call({ method: 'POST', url: P.save, token: tokens.nj_coc, body: { version: 0, lines: draft.lines, method: 'model' } });
    expect(saved.body.data.generator).toMatchObject({ method: 'model', model: 'qwen-test' });

    // A superior reading the chamber's stored page does not ask the model again.
    const asked = fake.received.length;
    expect(asked).toBe(before + 1);
    const coc = String(draft.deptId);
    expect((await t.call({ url: P.detail, token: tokens.nj_aoc, query: { deptId: coc } })).status).toBe(200);
    expect(fake.received.length).toBe(asked);

    // The federation's own draft with a model answering one sentence short: the template's lines.
    mode = 'short';
    const plain = (await t.call({ url: P.detail, token: tokens.nj_aoc })).body.data;
    expect(plain.generator).toMatchObject({ method: 'template', model: '内置主页模板' });
    expect(plain.lines.some((l: { text: string }) => l.text.includes('【润色】'))).toBe(false);
  });
});
