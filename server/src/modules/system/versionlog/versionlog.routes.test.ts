import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['admin', 'nj_coc'], (app) => (t = app));

const page = (body: unknown, query: Record<string, string> = {}, who = 'nj_coc') =>
  t.call({ method: 'POST', url: '/api/blade-system/versionupdatelog/page', token: tokens[who], query, body });
const submit = (body: unknown, who = 'admin') => t.call({ method: 'POST', url: '/api/blade-system/versionupdatelog/submit', token: tokens[who], body });

describe('version update log', () => {
  it('every user reads the seeded release notes, newest first, paging in the query and filters in the body', async () => {
    await submit({ versionNo: '0.2.0', title: '系统管理完善', content: '用户、机构、角色管理', updateType: 2, publishTime: '2030-01-01 08:00:00' });
    const res = await page({}, { current: '1', size: '10' });
    expect(res.body.data.records.map((r: any) => r.versionNo)).toEqual(['0.2.0', '0.1.0']);
    expect(res.body.data.records[0]).toMatchObject({ updateTypeName: '优化', publishTime: '2030-01-01 08:00:00' });
    expect((await page({ title: '门户' })).body.data.records.map((r: any) => r.versionNo)).toEqual(['0.1.0']);
    expect((await page({ bogus: 1 })).status).toBe(400);
  });

  it('administrators write it; versions are unique; staff cannot write', async () => {
    expect((await submit({ versionNo: '0.2.0', title: '重复', content: 'x' })).body.msg).toBe('该版本号已存在');
    expect((await submit({ versionNo: 'v1', title: 'x', content: 'x' })).body.msg).toBe('版本号格式应为 1.2.3');
    expect((await submit({ versionNo: '9.9.9', title: 'x', content: 'x' }, 'nj_coc')).status).toBe(403);
    const row = (await page({ versionNo: '0.2.0' })).body.data.records[0];
    const edited = await submit({ id: row.id, version: row.version, versionNo: '0.2.0', title: '系统管理', content: '更新', updateType: 1 });
    expect(edited.body.msg).toBe('更新成功');
    expect((await t.call({ method: 'POST', url: '/api/blade-system/versionupdatelog/remove', token: tokens.admin, query: { ids: row.id } })).body.msg).toBe(
      '删除成功',
    );
    expect((await t.call({ url: '/api/blade-system/versionupdatelog/detail', token: tokens.nj_coc, query: { id: row.id } })).status).toBe(404);
  });
});
