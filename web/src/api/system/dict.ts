import { useQuery } from '@tanstack/react-query';
import type { DictOption, DictSubmit, DictView, PageResult } from '@gsl/contract';
import { bladeCrudApi, emptyPage, type CrudApi } from '../crud';
import { get } from '../http';

/**
 * System dictionaries (blade_dict) and business dictionaries (blade_dict_biz), specification §3, §5,
 * §7 "dictionaries (dict and dict-biz: list, parent-list, child-list, remove, submit, detail, tree,
 * dictionary)". Both tables answer the same calls under their own base path:
 *   GET  {base}/parent-list  current, size, code, dictValue          → a page of roots (dictKey -1)
 *   GET  {base}/child-list   current, size, parentId                  → a page of a node's children
 *   GET  {base}/tree         code                                     → the forest of one code (root first)
 *   GET  {base}/dictionary   code                                     → the unsealed items of a code
 *   POST {base}/submit       DictSubmit; with id + version updates    → 新增成功 / 更新成功
 *   POST {base}/remove       ?ids=1,2 (refused for a node with children: 该字典下存在子项,请先删除子项)
 * Permission: the menu code (dict / dictbiz) and its buttons `${menu}_add` … .
 */
export type DictKind = 'dict' | 'dictbiz';

export interface DictKindInfo {
  /** Menu code; button codes are `${menu}_add`, `_edit`, `_delete`, `_view`. */
  menu: DictKind;
  base: string;
  title: string;
}

export const DICT_KINDS: Record<DictKind, DictKindInfo> = {
  dict: { menu: 'dict', base: '/api/blade-system/dict', title: '系统字典' },
  dictbiz: { menu: 'dictbiz', base: '/api/blade-system/dict-biz', title: '业务字典' },
};

/** A dictionary row as the lists answer it; items with nested items carry them as `children` (see attachChildren). */
export interface DictRow extends DictView {
  hasChildren?: boolean;
  children?: DictRow[];
}

/** A node of the tree call: the row plus title / key / value for tree selects. */
export interface DictTreeNode extends Omit<DictRow, 'children'> {
  title: string;
  key: string;
  value: string;
  children: DictTreeNode[];
}

/** An option of the dictionary call (selects of other screens). */
export type { DictOption };

export const dictKeys = {
  /** Everything of one table: root writes (which may rename the items' code) refresh all of it. */
  all: (kind: DictKind) => ['system', kind] as const,
  items: (kind: DictKind, rootId: string) => ['system', kind, 'items', rootId] as const,
  tree: (kind: DictKind, rootId: string, code: string) => ['system', kind, 'items', rootId, 'tree', code] as const,
  dictionary: (kind: DictKind, code: string) => ['system', kind, 'dictionary', code] as const,
};

export const getDictTree = (kind: DictKind, code: string, signal?: AbortSignal) =>
  get<DictTreeNode[]>(`${DICT_KINDS[kind].base}/tree`, { code }, { signal }).then((forest) => forest ?? []);

export const getDictionary = (kind: DictKind, code: string, signal?: AbortSignal) =>
  get<DictOption[]>(`${DICT_KINDS[kind].base}/dictionary`, { code }, { signal }).then((items) => items ?? []);

/** The roots (one per 字典编号), paged, searchable by code and dictValue. */
export function dictRootApi(kind: DictKind): CrudApi<DictRow, DictSubmit> {
  return bladeCrudApi<DictRow, DictSubmit>(DICT_KINDS[kind].base, dictKeys.all(kind), { list: { path: 'parent-list' } });
}

/**
 * The items of one root (字典配置), paged by child-list. Items may nest (an item's 上级字典 may be
 * another item); child-list only answers one level, so when a page holds items with children the
 * code's tree is read once and their descendants are attached as `children` (a tree table).
 */
export function dictItemApi(kind: DictKind, root: { id: string; code: string }): CrudApi<DictRow, DictSubmit> {
  const { base } = DICT_KINDS[kind];
  return {
    ...bladeCrudApi<DictRow, DictSubmit>(base, dictKeys.items(kind, root.id)),
    list: async (query, signal) => {
      const page = await get<PageResult<DictRow>>(`${base}/child-list`, { ...query, parentId: root.id }, { signal });
      if (!page) return emptyPage<DictRow>(query);
      if (!page.records.some((r) => r.hasChildren)) return page;
      return { ...page, records: attachChildren(page.records, await getDictTree(kind, root.code, signal)) };
    },
  };
}

/** Tree node → table row: without the tree-select fields, and without an empty `children` (no expand icon). */
function nodeToRow(node: DictTreeNode): DictRow {
  const { children, title: _title, key: _key, value: _value, ...row } = node;
  return children.length ? { ...row, children: children.map(nodeToRow) } : row;
}

/** Gives each row that has children its descendants from the tree (rows the tree does not know stay as they are). */
export function attachChildren(records: DictRow[], forest: DictTreeNode[]): DictRow[] {
  const byId = new Map<string, DictTreeNode>();
  const walk = (nodes: DictTreeNode[]) =>
    nodes.forEach((n) => {
      byId.set(n.id, n);
      walk(n.children ?? []);
    });
  walk(forest);
  return records.map((row) => {
    const node = row.hasChildren ? byId.get(row.id) : undefined;
    return node?.children.length ? { ...row, children: node.children.map(nodeToRow) } : row;
  });
}

/** The code's tree, for the 上级字典 select of the item form; refreshed by every item write. */
export function useDictTree(kind: DictKind, root: { id: string; code: string } | undefined) {
  return useQuery({
    queryKey: dictKeys.tree(kind, root?.id ?? '', root?.code ?? ''),
    queryFn: ({ signal }) => getDictTree(kind, root!.code, signal),
    enabled: Boolean(root),
  });
}

/** The unsealed items of a code, for selects elsewhere. */
export function useDictionary(code: string, kind: DictKind = 'dict') {
  return useQuery({
    queryKey: dictKeys.dictionary(kind, code),
    queryFn: ({ signal }) => getDictionary(kind, code, signal),
    staleTime: 5 * 60_000,
  });
}
