import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';

// The dept trees are kept in process between dept writes (issue 18); every write, by any module or any
// process, shows in the next tree: through this process's own drop, or the table trigger's NOTIFY.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).access_token;
});
afterAll(() => t?.close());

const flatten = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const tree = async (call = 'dept-tree') => flatten((await t.call({ url: `/api/blade-system/dept/${call}`, token: admin })).body.data);
const titleOf = async (id: string, call?: string) => (await tree(call)).find((n) => n.id === id)?.title;

describe('dept-tree kept between dept writes', () => {
  it('a dept added or removed through the API is in the very next tree', async () => {
    const before = await tree();
    await tree(); // kept now
    const root = before[0];
    const added = await t.call({
      method: 'POST',
      url: '/api/blade-system/dept/submit',
      token: admin,
      body: { parentId: root.id, deptName: '缓存测试机构', fullName: '缓存测试机构', deptCategory: 2, sort: 1 },
    });
    expect(added.status).toBe(200);
    const id = String(added.body.data.id);
    expect(await titleOf(id)).toBe('缓存测试机构');
    expect(await titleOf(id, 'tree')).toBe('缓存测试机构');
    const removed = await t.call({ method: 'POST', url: '/api/blade-system/dept/remove', token: admin, query: { ids: id } });
    expect(removed.status).toBe(200);
    expect(await titleOf(id)).toBeUndefined();
  });

  it('a write that bypasses the dept calls (another module, another process) reaches the tree through the table’s notification', async () => {
    const nodes = await tree();
    const target = nodes[nodes.length - 1];
    await tree('tree');
    await t.db.updateTable('bladeDept').set({ deptName: '改名后的机构' }).where('id', '=', target.id).execute();
    await expect.poll(() => titleOf(target.id), { timeout: 3000, interval: 50 }).toBe('改名后的机构');
    await expect.poll(() => titleOf(target.id, 'tree'), { timeout: 3000, interval: 50 }).toBe('改名后的机构');
    await t.db.updateTable('bladeDept').set({ deptName: target.title }).where('id', '=', target.id).execute();
    await expect.poll(() => titleOf(target.id), { timeout: 3000, interval: 50 }).toBe(target.title);
  });
});
