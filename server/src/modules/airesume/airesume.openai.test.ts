import { describe, expect, it } from 'vitest';
import { creditCheckChar } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { useFakeOpenAi } from '../../../test/harness/fake-openai.js';

/**
 * AI 简历 with an OpenAI-compatible model configured: a local fake of chat-completions rewrites each
 * sentence (prefixing 【润色】) one for one; the rewritten lines keep their sources and the draft says
 * which model wrote it. A bad answer (wrong count) leaves the template's lines.
 */
let mode: 'good' | 'short' = 'good';
const fake = useFakeOpenAi((body, out) => {
  const input: string[] = JSON.parse(body.messages.at(-1)?.content ?? '[]');
  const text = JSON.stringify(mode === 'good' ? input.map((s) => `【润色】${s}`) : input.slice(1));
  for (const piece of [text.slice(0, 10), text.slice(10)]) out.delta({ content: piece });
  out.end();
});
const received = fake.received;

let t: TestApp;
const tokens = useTestApp(['nj_aoc'], (app) => (t = app), {
  get aiBaseUrl() {
    return fake.base;
  },
  aiApiKey: 'test-key',
  aiModel: 'qwen-test',
});

const R = '/api/ai-service/resume/enterprise';

describe('AI 简历 › rewritten by a configured model', () => {
  it('rewrites the template sentence for sentence, keeping each one’s sources, labelled with the model; a bad answer keeps the template', async () => {
    const body = '91320100777000031';
    const saved = await t.call({
      method: 'POST',
      url: '/api/aoc-service/memberaocenterprise/save',
      token: tokens.nj_aoc,
      body: { name: '润色测试有限公司', creditCode: body + creditCheckChar(body), legalPerson: '赵六', address: '南京市玄武区1号' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = String(saved.body.data.id);

    const draft = (await t.call({ url: `${R}/detail`, token: tokens.nj_aoc, query: { id } })).body.data;
    expect(draft.generator).toMatchObject({ aiGenerated: true, method: 'model', model: 'qwen-test' });
    // The model got the template's sentences, nothing else of the record.
    const sent: string[] = JSON.parse(received.at(-1)!.messages.at(-1)!.content ?? '[]');
    expect(draft.lines.map((l: { text: string }) => l.text)).toEqual(sent.map((s) => `【润色】${s}`));
    const address = draft.lines.find((l: { text: string }) => l.text.includes('南京市玄武区1号'));
    expect(address.sources).toEqual(['address']);
    expect(JSON.stringify(received.at(-1))).not.toContain(body);

    // Saved as drafted: the label stays the model's.
    const stored = await t.call({ method: 'POST', url: `${R}/save`, token: tokens.nj_aoc, body: { id, version: 0, lines: draft.lines, method: 'model' } });
    expect(stored.body.data.generator).toMatchObject({ method: 'model', model: 'qwen-test' });

    // A second member, a model answering one sentence short: the template's lines, labelled as the template.
    mode = 'short';
    const body2 = '91320100777000041';
    const other = await t.call({
      method: 'POST',
      url: '/api/aoc-service/memberaocenterprise/save',
      token: tokens.nj_aoc,
      body: { name: '模板测试有限公司', creditCode: body2 + creditCheckChar(body2), legalPerson: '钱七' },
    });
    const plain = (await t.call({ url: `${R}/detail`, token: tokens.nj_aoc, query: { id: String(other.body.data.id) } })).body.data;
    expect(plain.generator).toMatchObject({ method: 'template', model: '内置简历模板' });
    expect(plain.lines.some((l: { text: string }) => l.text.includes('【润色】'))).toBe(false);
    expect(plain.lines.find((l: { text: string }) => l.text.includes('钱七')).sources).toContain('legalPerson');
  });
});
