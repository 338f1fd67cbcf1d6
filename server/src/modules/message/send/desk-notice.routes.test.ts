import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MSG } from '@gsl/contract';
import { createTestApp, type TestApp } from '../../../../test/app.js';

/** BladeX's 通知公告 (blade-desk/notice) as the message centre's notices: what a recipient reads follows it. */
let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const a of ['nj_aoc', 'nj_coc', 'js_aoc']) tokens[a] = (await t.login(a)).access_token;
});
afterAll(() => t?.close());

const get = (who: string, url: string, query?: Record<string, string>) => t.call({ url, query, token: tokens[who] });
const post = (who: string, url: string, body?: unknown, query?: Record<string, string>) => t.call({ method: 'POST', url, body, query, token: tokens[who] });
const coc = { items: [{ tagType: 'coc' }], userIds: [] };
const boxTitles = async (who: string) => (await get(who, '/api/blade-user/message/sampleList')).body.data.records.map((r: any) => r.title);

describe('blade-desk/notice', () => {
  it('sends a notice, lists it, corrects it for its recipients, and withdraws it', async () => {
    const add = await post('nj_aoc', '/api/blade-desk/notice/submit', {
      title: '桌面通知甲',
      category: 1,
      releaseTime: '2026-01-01 00:00:00',
      content: '<p>内容</p>',
      range: coc,
    });
    expect(add.status).toBe(200);
    expect(add.body.data).toMatchObject({ title: '桌面通知甲', channel: 'sys', category: 1, categoryName: '通知' });
    const id = add.body.data.id;
    expect(await boxTitles('nj_coc')).toContain('桌面通知甲');

    const list = await get('nj_aoc', '/api/blade-desk/notice/list', { current: '1', size: '10', title: '桌面通知' });
    expect(list.body.data.records.map((r: any) => r.id)).toContain(id);

    // Saber's 修改: the detail it read sent back with the content edited; the recipient reads the new text.
    const read = (await get('nj_aoc', '/api/blade-desk/notice/detail', { id })).body.data;
    expect((await post('nj_aoc', '/api/blade-desk/notice/submit', { ...read, title: '桌面通知乙' })).status).toBe(200);
    expect((await get('nj_aoc', '/api/blade-desk/notice/detail', { id })).body.data.title).toBe('桌面通知乙');
    expect(await boxTitles('nj_coc')).toContain('桌面通知乙');
    // an unknown field is still refused
    expect((await post('nj_aoc', '/api/blade-desk/notice/submit', { ...read, foo: 1 })).status).toBe(400);

    // the province's federation reaches its cities' notices (data scope); a notice with nobody to receive it is refused
    expect((await get('js_aoc', '/api/blade-desk/notice/detail', { id })).status).toBe(200);
    const nobody = await post('nj_coc', '/api/blade-desk/notice/submit', { title: '不应发出', content: '内容' });
    expect(nobody.status).toBe(400);
    expect(nobody.body.msg).toBe(MESSAGE_MSG.noRecipients);

    expect((await post('nj_aoc', '/api/blade-desk/notice/remove', undefined, { ids: id })).status).toBe(200);
    expect((await get('nj_aoc', '/api/blade-desk/notice/detail', { id })).status).toBe(404);
    expect(await boxTitles('nj_coc')).not.toContain('桌面通知乙');
  });
});
