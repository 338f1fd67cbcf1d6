import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { encryptBody } from '../../../platform/http/crypto.js';

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

describe('the kept tree is sent as prepared bytes, encrypted once', () => {
  let enc: TestApp;
  let token: string;
  beforeAll(async () => {
    enc = await createTestApp({ apiCrypto: true });
    token = (await enc.login('admin')).access_token;
  });
  afterAll(() => enc?.close());

  it('a kept answer is the very bytes a fresh one would be, decrypts to the envelope, and follows a dept write', async () => {
    const first = await enc.call({ url: '/api/blade-system/dept/dept-tree', token });
    const kept = await enc.call({ url: '/api/blade-system/dept/dept-tree', token });
    expect(first.status).toBe(200);
    expect(String(kept.headers['content-type'])).toMatch(/^text\/plain/); // encrypted as every answer
    expect(kept.raw).toBe(first.raw);
    expect(kept.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(kept.body.data.length).toBeGreaterThan(0);
    // The prepared bytes are exactly what the envelope serialiser makes for the same data.
    expect(kept.raw).toBe(encryptBody(JSON.stringify(kept.body), enc.config.aesKey));

    const root = kept.body.data[0];
    const added = await enc.call({
      method: 'POST',
      url: '/api/blade-system/dept/submit',
      token,
      body: { parentId: root.id, deptName: '加密缓存测试', fullName: '加密缓存测试', deptCategory: 2, sort: 1 },
    });
    expect(added.status).toBe(200);
    const after = await enc.call({ url: '/api/blade-system/dept/dept-tree', token });
    expect(after.raw).not.toBe(kept.raw);
    expect(flatten(after.body.data).some((n) => n.id === String(added.body.data.id))).toBe(true);
  });

  it('dept-tree-all of a root keeps the asked root first in the kept answer', async () => {
    const all = flatten((await enc.call({ url: '/api/blade-system/dept/dept-tree-all', token })).body.data);
    const inner = all.find((n) => n.children?.length && n.parentId !== '0');
    expect(inner).toBeTruthy();
    for (let i = 0; i < 2; i++) {
      const sub = await enc.call({ url: '/api/blade-system/dept/dept-tree-all', token, query: { rootId: inner.id } });
      expect(sub.status).toBe(200);
      expect(sub.body.data[0].id).toBe(inner.id);
    }
  });
});
