import { describe, expect, it } from 'vitest';
import { SUPPORT_MSG } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { uploadFile } from '../../../test/harness/files.js';
import { useTestApp } from '../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['nj_aoc', 'nj_coc', 'admin'], (app) => (t = app));

const Q = '/api/mem-service/aiproblembase';
const S = '/api/aoc-service/suggestion';
const get = (who: string | undefined, url: string, query: Record<string, string> = {}) => t.call({ url, token: who ? tokens[who] : undefined, query });
const post = (who: string, url: string, body: unknown, query?: Record<string, string>) => t.call({ method: 'POST', url, token: tokens[who], body, query });
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

describe('客服中心 › 常见问题', () => {
  it('needs a token', async () => {
    expect((await get(undefined, `${Q}/random/six`)).status).toBe(401);
    expect((await get(undefined, `${Q}/list`)).status).toBe(401);
  });

  it('answers six seeded questions at random, a searchable list and a detail to every user', async () => {
    const six = await get('nj_coc', `${Q}/random/six`);
    expect(six.status).toBe(200);
    expect(six.body.data).toHaveLength(6);
    expect(new Set(six.body.data.map((q: { id: string }) => q.id)).size).toBe(6);

    const found = await get('nj_coc', `${Q}/list`, { keyword: '年报' });
    expect(found.body.data.total).toBeGreaterThanOrEqual(2);
    for (const q of found.body.data.records) expect(`${q.question}${q.answer}`).toContain('年报');

    const id = found.body.data.records[0].id;
    const detail = await get('nj_coc', `${Q}/detail`, { id });
    expect(detail.body.data).toMatchObject({ id, question: found.body.data.records[0].question });
    expect((await get('nj_coc', `${Q}/detail`, { id: '999999999' })).status).toBe(404);
  });

  it('lets only administrators add, change and remove a question, with Chinese messages', async () => {
    expect((await post('nj_coc', `${Q}/submit`, { question: '问', answer: '答' })).status).toBe(403);
    const bad = await post('admin', `${Q}/submit`, { question: '  ', answer: '答' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(SUPPORT_MSG.questionRequired);
    expect((await post('admin', `${Q}/submit`, { question: '问', answer: 'x'.repeat(5001) })).body.msg).toBe(SUPPORT_MSG.answerTooLong);

    const added = await post('admin', `${Q}/submit`, { question: '如何导出会员名单?', answer: '在会员列表点击“导出”。', category: '会员', sort: 99 });
    expect(added.body).toMatchObject({ code: 200, msg: '新增成功', data: { question: '如何导出会员名单?', version: 1 } });
    const id = added.body.data.id;
    const changed = await post('admin', `${Q}/submit`, { id, version: 1, question: '如何导出会员名单?', answer: '在会员列表勾选后点击“导出”。' });
    expect(changed.body).toMatchObject({ msg: '更新成功', data: { version: 2, category: '会员' } });
    expect((await get('nj_aoc', `${Q}/list`, { keyword: '勾选后点击' })).body.data.total).toBe(1);

    expect((await post('nj_coc', `${Q}/remove`, undefined, { ids: id })).status).toBe(403);
    expect((await post('admin', `${Q}/remove`, undefined, { ids: id })).body.msg).toBe('删除成功');
    expect((await get('nj_aoc', `${Q}/detail`, { id })).status).toBe(404);
  });
});

describe('客服中心 › 意见建议', () => {
  it('refuses bad input with Chinese messages and an attachment that is not the caller’s upload', async () => {
    expect((await post('nj_coc', `${S}/submit`, { content: '   ' })).body.msg).toBe(SUPPORT_MSG.contentRequired);
    expect((await post('nj_coc', `${S}/submit`, { content: 'x'.repeat(1001) })).body.msg).toBe(SUPPORT_MSG.contentTooLong);
    expect((await post('nj_coc', `${S}/submit`, { content: '建议', contactInformation: '1'.repeat(101) })).body.msg).toBe(SUPPORT_MSG.contactTooLong);
    expect((await post('nj_coc', `${S}/submit`, { content: '建议', attachment: '../etc' })).body.msg).toBe(SUPPORT_MSG.attachBad);
    const others = (await uploadFile(t, tokens.nj_aoc, 'shot.png', PNG)).body.data.name as string;
    const refused = await post('nj_coc', `${S}/submit`, { content: '建议', attachment: others });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(SUPPORT_MSG.attachNotOwn);
  });

  it('a user sends one; only administrators list and reply; the reply reaches the sender’s inbox once', async () => {
    const file = (await uploadFile(t, tokens.nj_coc, '截图.png', PNG)).body.data.name as string;
    const sent = await post('nj_coc', `${S}/submit`, { content: '希望会员导入支持更多列', contactInformation: '13900001111', attachment: file });
    expect(sent.body).toMatchObject({ code: 200, msg: SUPPORT_MSG.sent, data: { status: 0, statusName: '待回复', attachName: '截图.png' } });
    const id = sent.body.data.id as string;

    // The sender reads their own; another user neither reads it nor sees it in their own list.
    expect((await get('nj_coc', `${S}/my-detail`, { id })).body.data.content).toBe('希望会员导入支持更多列');
    expect((await get('nj_aoc', `${S}/my-detail`, { id })).status).toBe(404);
    expect((await get('nj_aoc', `${S}/my`)).body.data.records.map((r: { id: string }) => r.id)).not.toContain(id);

    // The administrators' list and reply.
    expect((await get('nj_coc', `${S}/page`)).status).toBe(403);
    expect((await get('nj_aoc', `${S}/detail`, { id })).status).toBe(403);
    expect((await post('nj_coc', `${S}/reply`, { id, reply: '好的' })).status).toBe(403);
    const fresh = await get('admin', `${S}/page`, { status: '0' });
    expect(fresh.body.data.records.map((r: { id: string }) => r.id)).toContain(id);
    expect((await post('admin', `${S}/reply`, { id, reply: '  ' })).body.msg).toBe(SUPPORT_MSG.replyRequired);

    const replied = await post('admin', `${S}/reply`, { id, reply: '已列入下个版本计划' });
    expect(replied.body).toMatchObject({ code: 200, msg: SUPPORT_MSG.replied, data: { status: 1, statusName: '已回复', reply: '已列入下个版本计划' } });
    expect((await post('admin', `${S}/reply`, { id, reply: '再次回复' })).body.msg).toBe(SUPPORT_MSG.alreadyReplied);
    expect((await get('admin', `${S}/page`, { status: '1' })).body.data.records.map((r: { id: string }) => r.id)).toContain(id);

    const inbox = await get('nj_coc', '/api/blade-user/message/sampleList');
    const notices = inbox.body.data.records.filter((m: { title: string }) => m.title === SUPPORT_MSG.replyTitle);
    expect(notices).toHaveLength(1);
    const notice = (await get('nj_coc', '/api/blade-user/message/detail', { id: notices[0].id })).body.data;
    expect(notice.content).toContain('已列入下个版本计划');
    // Nobody else received it.
    const others = (await get('nj_aoc', '/api/blade-user/message/sampleList')).body.data.records;
    expect(others.filter((m: { title: string }) => m.title === SUPPORT_MSG.replyTitle)).toHaveLength(0);
    // The sender sees the reply on their own suggestion.
    expect((await get('nj_coc', `${S}/my`)).body.data.records[0]).toMatchObject({ id, status: 1, reply: '已列入下个版本计划' });

    // The administrator may open the attachment of the suggestion.
    const link = replied.body.data.attachLink as string;
    expect(link).toContain(file);
    const path = link.split('?')[0];
    expect((await t.call({ url: path, token: tokens.admin, query: { id: file } })).status).toBe(200);
  });
});
