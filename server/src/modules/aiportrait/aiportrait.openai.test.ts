import { describe, expect, it } from 'vitest';
import { creditCheckChar } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { useFakeOpenAi } from '../../../test/harness/fake-openai.js';

/**
 * AI 画像 with an OpenAI-compatible model configured: a local fake of chat-completions rewrites the
 * template's summary (prefixing 【润色】); the summary keeps its sources and names the model. The tags
 * stay the rules' (the model never makes a tag). An empty answer keeps the template's paragraph.
 */
let mode: 'good' | 'empty' = 'good';
const fake = useFakeOpenAi((body, out) => {
  const input = body.messages.at(-1)?.content ?? '';
  if (mode === 'good') for (const piece of ['【润色】', input]) out.delta({ content: piece });
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

const P = '/api/ai-service/portrait/enterprise/detail';
const saveEnterprise = async (name: string, first17: string) => {
  const res = await t.call({
    method: 'POST',
    url: '/api/aoc-service/memberaocenterprise/save',
    token: tokens.nj_aoc,
    body: { name, creditCode: first17 + creditCheckChar(first17), legalPerson: '赵六', industry: '批发和零售业', scale: 3 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data.id);
};

describe('AI 画像 › summary rewritten by a configured model', () => {
  it('rewrites the summary paragraph, keeping its sources and naming the model; an empty answer keeps the template', async () => {
    const id = await saveEnterprise('画像润色有限公司', '91320100888000071');
    const p = (await t.call({ url: P, token: tokens.nj_aoc, query: { id } })).body.data;
    const sent = received.at(-1)!.messages.at(-1)!.content ?? '';
    expect(sent).toContain('所属行业为批发和零售业');
    expect(p.summary).toMatchObject({ method: 'model', model: 'qwen-test', text: `【润色】${sent}` });
    expect(p.summary.sources).toEqual(expect.arrayContaining(['name', 'industry', 'scale']));
    expect(p.tags.map((x: { label: string }) => x.label)).toContain('规上企业');
    // The credit code is not sent to the model.
    expect(JSON.stringify(received.at(-1))).not.toContain('91320100888000071');

    mode = 'empty';
    const id2 = await saveEnterprise('画像模板有限公司', '91320100888000081');
    const plain = (await t.call({ url: P, token: tokens.nj_aoc, query: { id: id2 } })).body.data;
    expect(plain.summary).toMatchObject({ method: 'template', model: '内置画像规则' });
    expect(plain.summary.text).toContain('画像模板有限公司');
    expect(plain.summary.text).not.toContain('【润色】');
  });
});
