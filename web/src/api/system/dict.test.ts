import { beforeEach, describe, expect, it, vi } from 'vitest';
import { attachChildren, dictItemApi, dictRootApi, type DictRow, type DictTreeNode } from './dict';

vi.mock('../http', () => ({ get: vi.fn(), request: vi.fn() }));
const { get, request } = await import('../http');

const row = (id: string, parentId: string, dictValue: string, hasChildren = false): DictRow => ({
  id,
  parentId,
  parentName: null,
  code: 'sex',
  dictKey: id,
  dictValue,
  sort: 0,
  isSealed: 0,
  remark: null,
  version: 1,
  hasChildren,
});
const node = (r: DictRow, children: DictTreeNode[] = []): DictTreeNode => ({ ...r, title: r.dictValue, key: r.id, value: r.id, children });

// root 1 → items 2 (→ 4 → 5) and 3
const FOREST = [
  node(row('1', '0', '性别', true), [
    node(row('2', '1', '男', true), [node(row('4', '2', '男童', true), [node(row('5', '4', '婴儿'))])]),
    node(row('3', '1', '女')),
  ]),
];

describe('attachChildren', () => {
  it('gives rows with children their descendants as table rows (no tree-select fields, no empty children)', () => {
    const out = attachChildren([row('2', '1', '男', true), row('3', '1', '女')], FOREST);
    expect(out[1]).toEqual(row('3', '1', '女'));
    expect(out[0].children).toEqual([{ ...row('4', '2', '男童', true), children: [row('5', '4', '婴儿')] }]);
    expect(out[0].children?.[0]).not.toHaveProperty('title');
    expect(out[0].children?.[0].children?.[0]).not.toHaveProperty('children');
  });

  it('leaves rows the tree does not know (or without children) as they are', () => {
    const lone = row('9', '1', '未知', true);
    expect(attachChildren([lone], FOREST)).toEqual([lone]);
    expect(attachChildren([row('3', '1', '女')], [])).toEqual([row('3', '1', '女')]);
  });
});

describe('dictionary calls', () => {
  beforeEach(() => {
    vi.mocked(get).mockReset();
    vi.mocked(request).mockReset();
  });

  it('lists roots with parent-list and writes under the table’s own path (dict-biz for 业务字典)', async () => {
    vi.mocked(get).mockResolvedValueOnce({ records: [], total: 0, size: 10, current: 1, pages: 0 });
    const api = dictRootApi('dictbiz');
    await api.list({ current: 1, size: 10, code: 'sex' });
    expect(get).toHaveBeenCalledWith('/api/blade-system/dict-biz/parent-list', { current: 1, size: 10, code: 'sex' }, { signal: undefined });
    vi.mocked(request).mockResolvedValueOnce({ code: 200, success: true, data: null, msg: '删除成功' });
    await api.remove(['1', '2']);
    expect(request).toHaveBeenCalledWith('/api/blade-system/dict-biz/remove', { method: 'POST', params: { ids: '1,2' } });
    expect(api.queryKey).toEqual(['system', 'dictbiz']);
  });

  it('lists a root’s items with child-list; the tree is read only when an item has children', async () => {
    const api = dictItemApi('dict', { id: '1', code: 'sex' });
    expect(api.queryKey).toEqual(['system', 'dict', 'items', '1']);

    vi.mocked(get).mockResolvedValueOnce({ records: [row('3', '1', '女')], total: 1, size: 10, current: 1, pages: 1 });
    const flat = await api.list({ current: 1, size: 10 });
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/api/blade-system/dict/child-list', { current: 1, size: 10, parentId: '1' }, { signal: undefined });
    expect(flat.records).toEqual([row('3', '1', '女')]);

    vi.mocked(get)
      .mockResolvedValueOnce({ records: [row('2', '1', '男', true)], total: 1, size: 10, current: 1, pages: 1 })
      .mockResolvedValueOnce(FOREST);
    const nested = await api.list({ current: 1, size: 10 });
    expect(get).toHaveBeenLastCalledWith('/api/blade-system/dict/tree', { code: 'sex' }, { signal: undefined });
    expect(nested.records[0].children?.map((c) => c.id)).toEqual(['4']);
  });

  it('answers an empty page for a cancelled list call', async () => {
    vi.mocked(get).mockResolvedValueOnce(undefined);
    expect(await dictItemApi('dict', { id: '1', code: 'sex' }).list({ current: 2, size: 30 })).toEqual({
      records: [],
      total: 0,
      size: 30,
      current: 2,
      pages: 0,
    });
  });
});
