import { describe, expect, it } from 'vitest';
import { buildForest, filterForest, flattenForest, forestPage, pruneForest, subtreeIds, type ForestNode } from './forest';

interface Node extends ForestNode {
  name: string;
  children?: Node[];
}

const FOREST: Node[] = [
  {
    id: '1',
    parentId: '0',
    name: '管理员',
    children: [{ id: '11', parentId: '1', name: '南京管理员', children: [{ id: '111', parentId: '11', name: '鼓楼管理员' }] }],
  },
  { id: '2', parentId: '0', name: '商会工作人员' },
  { id: '3', parentId: '0', name: '工商联工作人员' },
];

describe('tree lists', () => {
  it('flattens parents before children and rebuilds the same forest without empty children', () => {
    expect(flattenForest(FOREST).map((n) => n.id)).toEqual(['1', '11', '111', '2', '3']);
    const again = buildForest(flattenForest(FOREST));
    expect(again.map((n) => n.id)).toEqual(['1', '2', '3']);
    expect(again[0].children?.[0].children?.[0].name).toBe('鼓楼管理员');
    expect(again[1]).not.toHaveProperty('children');
  });

  it('filters like BladeX: matches only, a match whose parent did not match becomes a root; paging keys are ignored', () => {
    const hits = filterForest(FOREST, { name: '管理员', current: 1, size: 10 }, ['name']);
    expect(hits.map((n) => n.id)).toEqual(['1']);
    expect(flattenForest(hits)).toHaveLength(3);
    const deep = filterForest(FOREST, { name: ' 鼓楼 ' }, ['name']);
    expect(deep.map((n) => n.id)).toEqual(['111']);
    expect(filterForest(FOREST, { name: '不存在' }, ['name'])).toEqual([]);
    expect(filterForest(FOREST, { name: '' }, ['name'])).toHaveLength(3);
  });

  it('pages by top-level rows', () => {
    const p = forestPage(FOREST, { current: 2, size: 2 });
    expect(p).toMatchObject({ total: 3, size: 2, current: 2, pages: 2 });
    expect(p.records.map((n) => n.id)).toEqual(['3']);
  });

  it('leaves a node and its subtree out of its own parent choices', () => {
    expect([...subtreeIds(FOREST, '1')]).toEqual(['1', '11', '111']);
    const pruned = pruneForest(FOREST, subtreeIds(FOREST, '11'));
    expect(flattenForest(pruned).map((n) => n.id)).toEqual(['1', '2', '3']);
  });
});
