import { describe, expect, it } from 'vitest';
import { MYDAY_MSG, STALE_VERSION_MSG, VERSION_REQUIRED_MSG } from '@gsl/contract';
import type { TestApp } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['nj_aoc', 'nj_coc', 'admin'], (app) => (t = app));

const P = '/api/aoc-service/notepad';
const list = (who: string, query: Record<string, string> = {}) => t.call({ url: `${P}/list`, token: tokens[who], query });
const submit = (who: string, body: unknown) => t.call({ method: 'POST', url: `${P}/submit`, token: tokens[who], body });
const remove = (who: string, ids: string) => t.call({ method: 'POST', url: `${P}/remove`, token: tokens[who], query: { ids } });
const noteCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('aocNotepad')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('isDeleted', '=', 0)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('记事本', () => {
  it('needs a token', async () => {
    expect((await t.call({ url: `${P}/list` })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: `${P}/submit`, body: { content: 'x' } })).status).toBe(401);
  });

  it('adds a note (trimmed, 新增成功), lists it first, and updates it at its version (更新成功)', async () => {
    const added = await submit('nj_aoc', { content: '  周三下午约见玄武区商会会长  ', remindDate: '2030-05-06' });
    expect(added.status).toBe(200);
    expect(added.body.msg).toBe('新增成功');
    expect(added.body.data).toMatchObject({ content: '周三下午约见玄武区商会会长', remindDate: '2030-05-06', version: 1 });
    expect(added.body.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const first = (await list('nj_aoc')).body.data.records[0];
    expect(first).toMatchObject({ id: added.body.data.id, content: '周三下午约见玄武区商会会长' });

    const id = added.body.data.id;
    const updated = await submit('nj_aoc', { id, version: 1, content: '周四上午约见玄武区商会会长' });
    expect(updated.body.msg).toBe('更新成功');
    // Content changed; the reminder, not sent, stays as it was.
    expect(updated.body.data).toMatchObject({ content: '周四上午约见玄武区商会会长', remindDate: '2030-05-06', version: 2 });
    expect((await submit('nj_aoc', { id, version: 1, content: '旧版本' })).body.msg).toBe(STALE_VERSION_MSG);
    expect((await submit('nj_aoc', { id, content: '没有版本' })).body.msg).toBe(VERSION_REQUIRED_MSG);
    // '' clears the reminder.
    expect((await submit('nj_aoc', { id, version: 2, content: '周四上午约见', remindDate: '' })).body.data.remindDate).toBeNull();
  });

  it('refuses bad input with the form’s Chinese messages and writes nothing', async () => {
    const before = await noteCount();
    const cases: Array<[unknown, string]> = [
      [{}, MYDAY_MSG.noteRequired],
      [{ content: '   ' }, MYDAY_MSG.noteRequired],
      [{ content: 'x'.repeat(501) }, MYDAY_MSG.noteTooLong],
      [{ content: '记事', remindDate: '2026/01/02' }, MYDAY_MSG.remindDateFormat],
      [{ content: '记事', remindDate: '2026-02-30' }, MYDAY_MSG.remindDateInvalid],
      [{ content: '记事', userId: '1' }, ''],
    ];
    for (const [body, msg] of cases) {
      const res = await submit('nj_aoc', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (msg) expect(res.body.msg).toBe(msg);
    }
    expect((await list('nj_aoc', { remindDate: '2026-13-01' })).status).toBe(400);
    expect(await noteCount()).toBe(before);
  });

  it('filters by content and by reminder day (today’s notes), newest first', async () => {
    await submit('nj_coc', { content: '联系会员企业A', remindDate: '2031-01-02' });
    await submit('nj_coc', { content: '联系会员企业B', remindDate: '2031-01-03' });
    await submit('nj_coc', { content: '整理会费台账', remindDate: '2031-01-02' });
    const byText = (await list('nj_coc', { content: '联系会员' })).body.data;
    expect(byText.records.map((r: { content: string }) => r.content)).toEqual(['联系会员企业B', '联系会员企业A']);
    const byDay = (await list('nj_coc', { remindDate: '2031-01-02' })).body.data;
    expect(byDay.records.map((r: { content: string }) => r.content)).toEqual(['整理会费台账', '联系会员企业A']);
    // A LIKE wildcard is text, not a pattern.
    expect((await list('nj_coc', { content: '%' })).body.data.total).toBe(0);
    const paged = (await list('nj_coc', { current: '1', size: '1' })).body.data;
    expect(paged).toMatchObject({ size: 1, current: 1 });
    expect(paged.records).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(3);
  });

  it("keeps each user's notes their own: another user's note is 404 to update or remove, and never listed", async () => {
    const mine = (await submit('nj_coc', { content: '只给自己看的记事' })).body.data;
    const others = (await list('nj_aoc', { size: '5000' })).body.data.records as Array<{ id: string }>;
    expect(others.some((r) => r.id === mine.id)).toBe(false);
    // Not even an administrator reads another user's notes.
    expect(((await list('admin', { size: '5000' })).body.data.records as Array<{ id: string }>).some((r) => r.id === mine.id)).toBe(false);

    const edit = await submit('nj_aoc', { id: mine.id, version: 1, content: '改别人的记事' });
    expect(edit.status).toBe(404);
    const own = (await submit('nj_aoc', { content: '我自己的' })).body.data;
    // All or none: one foreign id refuses the whole removal.
    expect((await remove('nj_aoc', `${own.id},${mine.id}`)).status).toBe(404);
    const still = (await list('nj_coc', { content: '只给自己看的记事' })).body.data.records;
    expect(still).toHaveLength(1);
    expect(still[0]).toMatchObject({ content: '只给自己看的记事', version: 1 });
    expect(((await list('nj_aoc', { content: '我自己的' })).body.data.records as unknown[]).length).toBe(1);
  });

  it('removes the selected notes (删除成功); a removed note is gone', async () => {
    const a = (await submit('nj_aoc', { content: '待删除一' })).body.data;
    const b = (await submit('nj_aoc', { content: '待删除二' })).body.data;
    const res = await remove('nj_aoc', `${a.id},${b.id}`);
    expect(res.body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await list('nj_aoc', { content: '待删除' })).body.data.total).toBe(0);
    expect((await remove('nj_aoc', a.id)).status).toBe(404);
    expect((await submit('nj_aoc', { id: a.id, version: 2, content: '复活' })).status).toBe(404);
    expect((await remove('nj_aoc', '')).body.msg).toBe('请选择至少一条数据');
  });
});
