import { describe, expect, it } from 'vitest';
import { AI_STATUS } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { useFakeOpenAi } from '../../../test/harness/fake-openai.js';

/**
 * The OpenAI-compatible provider against a local fake of the chat-completions API: it streams
 * chunks, asks for a tool call first, then answers from what the tool gave back. Everything the
 * model received is kept, to check it never got a row outside the asker's scope.
 */
let slowClosed: (() => void) | null = null;
const fake = useFakeOpenAi((body, out) => {
  const question = body.messages.at(-1)?.content ?? '';
  if (question.includes('慢')) {
    // A long answer: one chunk, then nothing until the client goes away.
    out.delta({ role: 'assistant', content: '让我想一想' });
    out.res.on('close', () => slowClosed?.());
    return;
  }
  const last = body.messages.at(-1)!;
  if (last.role === 'user') {
    const place = /^(.+?)有多少/.exec(question)?.[1] ?? '';
    out.delta({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'count_members', arguments: '{"place":' } }] });
    out.delta({ tool_calls: [{ index: 0, function: { arguments: `${JSON.stringify(place)},"kind":"enterprise"}` } }] });
    out.delta({}, 'tool_calls');
  } else {
    const result = JSON.parse(last.content ?? '{}');
    for (const piece of ['根据平台数据,', result.answer]) out.delta({ content: piece });
    out.delta({}, 'stop');
  }
  out.end();
});
const received = fake.received;

let t: TestApp;
const tokens = useTestApp(['nj_aoc'], (app) => (t = app), {
  // The address is known once the fake listens: read lazily through a getter on the config object.
  get aiBaseUrl() {
    return fake.base;
  },
  aiApiKey: 'test-key',
  aiModel: 'qwen-test',
});

async function ask(question: string) {
  const res = await t.call({ method: 'POST', url: '/api/ai-service/chat/stream', token: tokens.nj_aoc, body: { question } });
  const events = String(res.raw)
    .split('\n\n')
    .map((b) => ({ event: /^event: (.+)$/m.exec(b)?.[1], data: /^data: (.+)$/m.exec(b)?.[1] }))
    .filter((e) => e.event && e.data)
    .map((e) => ({ event: e.event!, data: JSON.parse(e.data!) }));
  return {
    events,
    text: events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join(''),
  };
}

describe('AI 对话 › an OpenAI-compatible provider', () => {
  it('streams the model’s answer after running the tool it asked for, as the asking user', async () => {
    const jiangning = (await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', '南京市江宁区工商联').executeTakeFirstOrThrow()).id;
    const expected = (await t.call({ url: '/api/aoc-service/member/member-count', token: tokens.nj_aoc, query: { deptId: String(jiangning) } })).body.data
      .enterprise;
    received.length = 0;
    const a = await ask('江宁区有多少企业会员');
    expect(a.text).toBe(`根据平台数据,南京市江宁区工商联(含下属组织,在您的数据范围内)共有企业会员 ${expected} 家。`);
    expect(a.events.find((e) => e.event === 'tool')?.data.name).toBe('count_members');
    expect(a.events.at(-1)).toMatchObject({ event: 'done', data: { status: AI_STATUS.done } });
    // Two rounds: the question with the tools offered, then the tool's result.
    expect(received).toHaveLength(2);
    expect(received[0].model).toBe('qwen-test');
    expect(received[0].tools?.map((x) => x.function.name)).toEqual(['count_members', 'unfilled_chambers', 'search_faq']);
    expect(received[1].messages.at(-1)).toMatchObject({ role: 'tool' });
    const usage = (await t.call({ url: '/api/ai-service/usage', token: tokens.nj_aoc })).body.data;
    expect(usage.model).toBe('qwen-test');
  });

  it('never hands the model figures of an org outside the asker’s scope', async () => {
    received.length = 0;
    const a = await ask('苏州市工商联有多少企业会员');
    expect(a.text).toBe('根据平台数据,在您的数据范围内没有找到“苏州市工商联”,无法回答它的会员数量。');
    const toolResult = JSON.parse(received[1].messages.at(-1)!.content!);
    expect(toolResult).toEqual({ answer: '在您的数据范围内没有找到“苏州市工商联”,无法回答它的会员数量。', data: null });
  });

  it('stops the model request itself when the asker goes away, and keeps what was said as 已停止', async () => {
    const closed = new Promise<void>((r) => (slowClosed = r));
    const controller = new AbortController();
    const addr = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${addr}/api/ai-service/chat/stream`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${t.config.clientId}:${t.config.clientSecret}`).toString('base64')}`,
        'blade-auth': `bearer ${tokens.nj_aoc}`,
      },
      body: JSON.stringify({ question: '慢慢想的问题' }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('让我想一想')) seen += new TextDecoder().decode((await reader.read()).value);
    const answerId = /"answerId":"(\d+)"/.exec(seen)![1];
    controller.abort();
    await closed; // the provider saw its request end
    await expect
      .poll(async () => await t.db.selectFrom('aiMessage').select(['status', 'content']).where('id', '=', answerId).executeTakeFirstOrThrow())
      .toEqual({ status: AI_STATUS.stopped, content: '让我想一想' });
    // fetch keeps its connection for reuse; the server would wait for it on close.
    t.app.server.closeAllConnections();
  });
});
