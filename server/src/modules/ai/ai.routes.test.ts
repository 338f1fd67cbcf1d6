import { describe, expect, it } from 'vitest';
import { AI_MSG, AI_STATUS } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['nj_aoc', 'nj_coc', 'js_aoc'], (app) => (t = app));

const A = '/api/ai-service';
const COUNT = '/api/aoc-service/member/member-count';
const get = (who: string | undefined, url: string, query: Record<string, string> = {}) => t.call({ url, token: who ? tokens[who] : undefined, query });
const post = (who: string, url: string, body: unknown, query?: Record<string, string>) => t.call({ method: 'POST', url, token: tokens[who], body, query });

interface Streamed {
  events: Array<{ event: string; data: any }>;
  text: string;
}

/** Asks and reads the whole event stream (server-sent events: `event:` and `data:` lines, blank-line separated). */
async function ask(who: string, question: string, conversationId?: string): Promise<Streamed & { status: number; contentType: string }> {
  const res = await post(who, `${A}/chat/stream`, { question, ...(conversationId ? { conversationId } : {}) });
  const events: Streamed['events'] = [];
  for (const block of String(res.raw).split('\n\n')) {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (event && data) events.push({ event, data: JSON.parse(data) });
  }
  const text = events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');
  return { status: res.status, contentType: String(res.headers['content-type']), events, text };
}

const deptIdOf = async (name: string) =>
  String((await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', name).where('isDeleted', '=', 0).executeTakeFirstOrThrow()).id);

describe('AI 对话 › the built-in assistant', () => {
  it('needs a token and refuses an empty or overlong question with the Chinese message', async () => {
    expect((await t.call({ method: 'POST', url: `${A}/chat/stream`, body: { question: '你好' } })).status).toBe(401);
    const empty = await post('nj_aoc', `${A}/chat/stream`, { question: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe(AI_MSG.questionRequired);
    expect((await post('nj_aoc', `${A}/chat/stream`, { question: '问'.repeat(501) })).body.msg).toBe(AI_MSG.questionTooLong);
  });

  it('answers how many enterprise members a district has with the figure the member calls count, streamed and stored', async () => {
    const jiangning = await deptIdOf('南京市江宁区工商联');
    const expected = (await get('nj_aoc', COUNT, { deptId: jiangning })).body.data.enterprise;
    expect(expected).toBeGreaterThan(0);

    const a = await ask('nj_aoc', '江宁区有多少企业会员?');
    expect(a.status).toBe(200);
    expect(a.contentType).toBe('text/event-stream; charset=utf-8');
    expect(a.events[0].event).toBe('conversation');
    expect(a.events.some((e) => e.event === 'tool' && e.data.name === 'count_members')).toBe(true);
    expect(a.events.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    expect(a.text).toBe(`南京市江宁区工商联(含下属组织,在您的数据范围内)共有企业会员 ${expected} 家。`);
    expect(a.events.at(-1)).toMatchObject({ event: 'done', data: { status: AI_STATUS.done } });

    // Stored: the conversation is listed under the question, its messages hold the answer.
    const id = a.events[0].data.id;
    const list = (await get('nj_aoc', `${A}/conversation/list`)).body.data;
    expect(list.records[0]).toMatchObject({ id, title: '江宁区有多少企业会员?' });
    const messages = (await get('nj_aoc', `${A}/conversation/messages`, { id })).body.data;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1]).toMatchObject({ content: a.text, status: AI_STATUS.done, model: AI_MSG.builtinLabel });
  });

  it('answers about the asker’s own org, and all three kinds when none is named', async () => {
    const c = (await get('nj_aoc', COUNT)).body.data;
    const a = await ask('nj_aoc', '我们一共有多少会员');
    expect(a.text).toBe(`南京市工商联(含下属组织,在您的数据范围内)共有企业会员 ${c.enterprise} 家,团体会员 ${c.group} 个,个人会员 ${c.person} 人。`);
  });

  it('does not answer about an org outside the asker’s data, the same whether it exists or not', async () => {
    const suzhou = await ask('nj_aoc', '苏州市工商联有多少企业会员');
    expect(suzhou.text).toBe('在您的数据范围内没有找到“苏州市工商联”,无法回答它的会员数量。');
    const nowhere = await ask('nj_aoc', '火星市工商联有多少企业会员');
    expect(nowhere.text).toBe('在您的数据范围内没有找到“火星市工商联”,无法回答它的会员数量。');
    // The province's staff see Suzhou.
    const js = await ask('js_aoc', '苏州市工商联有多少企业会员');
    expect(js.text).toMatch(/^苏州市工商联\(含下属组织,在您的数据范围内\)共有企业会员 [1-9]\d* 家。$/);
  });

  it('lists the chambers that have not filled in, for staff who may see 填报情况', async () => {
    const a = await ask('nj_aoc', '哪些商会还没有填报?');
    expect(a.events.some((e) => e.event === 'tool' && e.data.name === 'unfilled_chambers')).toBe(true);
    const situation = (await get('nj_aoc', '/api/aoc-service/collectperson/filling-situation', { status: '0', size: '20' })).body.data;
    if (situation.total === 0) expect(a.text).toBe('您的数据范围内的商会和协会都已开始填报。');
    else for (const r of situation.records) expect(a.text).toContain(r.deptName);
  });

  it('answers a common question from 常见问题, and says plainly when it does not know', async () => {
    const faq = await ask('nj_coc', '忘记密码怎么办');
    expect(faq.text).toContain('常见问题“忘记登录密码怎么办?”的解答');
    expect(faq.text).toContain('忘记密码');
    const unknown = await ask('nj_coc', '明天南京会下雨吗');
    expect(unknown.text).toBe(`${AI_MSG.unknown}\n\n${AI_MSG.hint}`);
  });

  it('continues a conversation of one’s own only; renames and removes it', async () => {
    const first = await ask('nj_coc', '我们有多少会员');
    const id = first.events[0].data.id;
    const again = await ask('nj_coc', '忘记密码怎么办', id);
    expect(again.events[0].data.id).toBe(id);
    expect((await get('nj_coc', `${A}/conversation/messages`, { id })).body.data).toHaveLength(4);

    // Another user's conversation does not exist for them.
    const other = await post('nj_aoc', `${A}/chat/stream`, { question: '你好', conversationId: id });
    expect(other.status).toBe(404);
    expect((await get('nj_aoc', `${A}/conversation/messages`, { id })).status).toBe(404);
    expect((await post('nj_aoc', `${A}/conversation/rename`, { id, title: '别人的' })).status).toBe(404);
    await post('nj_aoc', `${A}/conversation/remove`, undefined, { ids: id });
    expect((await get('nj_coc', `${A}/conversation/messages`, { id })).status).toBe(200);

    const renamed = await post('nj_coc', `${A}/conversation/rename`, { id, title: '会员数量' });
    expect(renamed.body).toMatchObject({ msg: AI_MSG.renamed, data: { id, title: '会员数量' } });
    expect((await post('nj_coc', `${A}/conversation/rename`, { id, title: ' ' })).body.msg).toBe(AI_MSG.titleRequired);
    expect((await post('nj_coc', `${A}/conversation/remove`, undefined, { ids: id })).body.msg).toBe('删除成功');
    expect((await get('nj_coc', `${A}/conversation/messages`, { id })).status).toBe(404);
  });

  it('counts the org’s answers this month against its quota', async () => {
    const before = (await get('nj_coc', `${A}/usage`)).body.data;
    expect(before).toMatchObject({ limit: 2000, model: AI_MSG.builtinLabel });
    await ask('nj_coc', '忘记密码怎么办');
    expect((await get('nj_coc', `${A}/usage`)).body.data.used).toBe(before.used + 1);
  });
});
