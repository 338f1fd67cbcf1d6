import { describe, expect, it } from 'vitest';
import { allKeys, cascadeCheck, indexTree, knownKeys, scopeIds, type KeyNode } from './grantLogic';

// 系统管理 › 参数管理 › (新增, 删除); 系统管理 › 用户管理; 权限管理
const TREE: KeyNode[] = [
  {
    key: 'sys',
    children: [
      { key: 'param', children: [{ key: 'param_add' }, { key: 'param_delete' }] },
      { key: 'user', children: [{ key: 'user_add' }] },
    ],
  },
  { key: 'authority' },
];
const index = indexTree(TREE);
const sorted = (keys: string[]) => [...keys].sort();

describe('the menu grant tree', () => {
  it('checking a menu grants its buttons and the menus above it, nothing beside it', () => {
    expect(sorted(cascadeCheck(index, [], 'param', true))).toEqual(sorted(['sys', 'param', 'param_add', 'param_delete']));
    expect(sorted(cascadeCheck(index, [], 'user_add', true))).toEqual(sorted(['sys', 'user', 'user_add']));
  });

  it('unchecking takes away what is under it and leaves the menus above', () => {
    const all = cascadeCheck(index, [], 'sys', true);
    expect(sorted(all)).toEqual(sorted(['sys', 'param', 'param_add', 'param_delete', 'user', 'user_add']));
    expect(sorted(cascadeCheck(index, all, 'param', false))).toEqual(sorted(['sys', 'user', 'user_add']));
    expect(sorted(cascadeCheck(index, all, 'param_add', false))).toEqual(sorted(['sys', 'param', 'param_delete', 'user', 'user_add']));
  });

  it('keeps a menu granted without its buttons as it is (what is shown is what is saved)', () => {
    expect(knownKeys(index, ['param', 'gone', 'sys'])).toEqual(['sys', 'param']);
    expect(allKeys(TREE)).toHaveLength(7);
  });

  it('never sends the scope trees’ menu groups as grants', () => {
    expect(scopeIds(['menu_12', '301', 'menu_13', '302'])).toEqual(['301', '302']);
  });
});
