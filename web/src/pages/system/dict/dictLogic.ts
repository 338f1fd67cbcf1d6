import type { DictTreeNode } from '../../../api/system/dict';
import type { TreeChoice } from '../../../components/crud/types';

/**
 * The 上级字典 choices from the code's tree. When an item is edited, the item itself and everything
 * under it cannot be its parent (the server refuses: 上级字典不能是自身或其子项), so they are disabled.
 */
export function parentChoices(forest: readonly DictTreeNode[], selfId?: string): TreeChoice[] {
  const build = (node: DictTreeNode, blocked: boolean): TreeChoice => {
    const off = blocked || node.id === selfId;
    const children = (node.children ?? []).map((c) => build(c, off));
    return { title: node.dictValue, value: node.id, key: node.id, ...(off ? { disabled: true } : {}), ...(children.length ? { children } : {}) };
  };
  return forest.map((n) => build(n, false));
}

/**
 * An item's submit body: the code is always its root's, and an item left without 上级字典 hangs
 * directly under the root (the parent is optional in the form; without one the server would take the
 * row for a second root of the code).
 */
export function itemBody(values: Record<string, unknown>, root: { id: string; code: string }): Record<string, unknown> {
  const parentId = typeof values.parentId === 'string' && values.parentId ? values.parentId : root.id;
  return { ...values, code: root.code, parentId };
}
