import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['admin', 'nj_coc'], (app) => (t = app));

describe.each([
  { path: 'dict', seeded: 'sex' },
  { path: 'dict-biz', seeded: 'SHLX' },
])('$path', ({ path, seeded }) => {
  const url = (call: string) => `/api/blade-system/${path}/${call}`;
  const get = (call: string, query: Record<string, string> = {}, who = 'admin') => t.call({ url: url(call), token: tokens[who], query });
  const submit = (body: unknown, who = 'admin') => t.call({ method: 'POST', url: url('submit'), token: tokens[who], body });
  const remove = (ids: string) => t.call({ method: 'POST', url: url('remove'), token: tokens.admin, query: { ids } });
  const code = `test_${path.replace('-', '_')}`;

  it("requires code, name, sort and seal with the specification's messages", async () => {
    const base = { code, dictValue: '测试', sort: 1, isSealed: 0 };
    expect((await submit({ ...base, code: '' })).body.msg).toBe('请输入字典编号');
    expect((await submit({ ...base, dictValue: ' ' })).body.msg).toBe('请输入字典名称');
    expect((await submit({ ...base, sort: undefined })).body.msg).toBe('请输入字典排序');
    expect((await submit({ ...base, isSealed: undefined })).body.msg).toBe('请选择封存');
  });

  it('creates one root per code, items under it with unique keys, and the parent is optional', async () => {
    const root = await submit({ code, dictValue: '测试字典', sort: 1, isSealed: 0 });
    expect(root.body).toMatchObject({ msg: '新增成功', data: { code, dictKey: '-1', parentId: '0' } });
    expect((await submit({ code, dictValue: '又一个', sort: 2, isSealed: 0 })).body.msg).toBe('该字典编号已存在');
    const a = await submit({ parentId: root.body.data.id, code: 'ignored', dictKey: 'a', dictValue: '甲', sort: 1, isSealed: 0 });
    expect(a.body.data).toMatchObject({ code, dictKey: 'a' }); // items take the parent's code
    expect((await submit({ parentId: root.body.data.id, code, dictKey: 'a', dictValue: '重复', sort: 2, isSealed: 0 })).body.msg).toBe('当前字典键值已存在');
    expect((await submit({ parentId: root.body.data.id, code, dictValue: '无键', sort: 2, isSealed: 0 })).body.msg).toBe('请输入字典键值');
    await submit({ parentId: root.body.data.id, code, dictKey: 'b', dictValue: '乙', sort: 2, isSealed: 1 });

    const items = (await get('dictionary', { code }, 'nj_coc')).body.data;
    expect(items.map((i: any) => i.dictValue)).toEqual(['甲']); // sealed items are not offered
    const children = (await get('child-list', { parentId: root.body.data.id })).body.data;
    expect(children.total).toBe(2);
    expect(children.records[0]).toMatchObject({ parentName: '测试字典', dictKey: 'a' });
    const roots = (await get('parent-list', { code })).body.data.records;
    expect(roots).toHaveLength(1);
    expect(roots[0].hasChildren).toBe(true);
    const tree = (await get('tree', { code })).body.data;
    expect(tree[0]).toMatchObject({ title: '测试字典', key: root.body.data.id, value: root.body.data.id, hasChildren: true });
    expect(tree[0].children.map((c: any) => c.title)).toEqual(['甲', '乙']);
  });

  it('refuses to delete a node with children, then deletes bottom-up', async () => {
    const root = (await get('parent-list', { code_equal: code })).body.data.records[0];
    const refused = await remove(root.id);
    expect(refused.body).toMatchObject({ code: 400, msg: '该字典下存在子项,请先删除子项' });
    const children = (await get('child-list', { parentId: root.id })).body.data.records;
    expect((await remove(children.map((c: any) => c.id).join(','))).body.msg).toBe('删除成功');
    expect((await remove(root.id)).body.msg).toBe('删除成功');
    expect((await get('detail', { id: root.id })).status).toBe(404);
  });

  it("renaming a root's code carries over to its items; updates are versioned", async () => {
    const root = (await submit({ code: `${code}_r`, dictValue: '改名', sort: 1, isSealed: 0 })).body.data;
    await submit({ parentId: root.id, code: root.code, dictKey: 'x', dictValue: '项', sort: 1, isSealed: 0 });
    const renamed = await submit({ id: root.id, version: root.version, code: `${code}_renamed`, dictValue: '改名', sort: 1, isSealed: 0 });
    expect(renamed.body.msg).toBe('更新成功');
    expect((await get('dictionary', { code: `${code}_renamed` })).body.data.map((i: any) => i.dictKey)).toEqual(['x']);
    const stale = await submit({ id: root.id, version: root.version, code: `${code}_renamed`, dictValue: '旧', sort: 1, isSealed: 0 });
    expect(stale.body.msg).toBe('数据已被他人修改,请刷新后重试');
  });

  it('a node cannot move under itself', async () => {
    const root = (await submit({ code: `${code}_m`, dictValue: '移动', sort: 1, isSealed: 0 })).body.data;
    const child = (await submit({ parentId: root.id, code: root.code, dictKey: 'c', dictValue: '子', sort: 1, isSealed: 0 })).body.data;
    const res = await submit({
      id: child.id,
      version: child.version,
      parentId: child.id,
      code: root.code,
      dictKey: 'c',
      dictValue: '子',
      sort: 1,
      isSealed: 0,
    });
    expect(res.body.msg).toBe('上级字典不能是自身或其子项');
  });

  it('the seeded dictionary answers for any signed-in user; administration needs the menu', async () => {
    expect((await get('dictionary', { code: seeded }, 'nj_coc')).body.data.length).toBeGreaterThan(1);
    expect((await get('parent-list', {}, 'nj_coc')).status).toBe(403);
    expect((await submit({ code: 'x', dictValue: 'x', sort: 1, isSealed: 0 }, 'nj_coc')).status).toBe(403);
  });
});
