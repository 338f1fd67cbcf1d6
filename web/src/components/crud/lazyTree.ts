import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { TableProps } from 'antd';

/**
 * A tree table loaded level by level (BladeX's lazy tree, e.g. 机构管理): without search conditions
 * the list answers the top level and a row's children load when it is first expanded; a search
 * answers the matching rows as a whole forest, shown unfolded. There is no paging.
 */
export interface LazyTree<Row> {
  /** The query key of a row's children: under the api's queryKey, so that every write refreshes them. */
  childrenKey: (id: string) => readonly unknown[];
  loadChildren: (id: string, signal: AbortSignal) => Promise<Row[]>;
  /** The table's rows: the top level with the children loaded so far nested in it. */
  nest: (roots: Row[], childrenOf: ReadonlyMap<string, Row[]>) => Row[];
  /** The field of a submitted body naming the parent: after 新增 the parent unfolds to show the new row. */
  parentField: string;
}

export interface LazyTreeView<Row> {
  rows: Row[];
  /** Children still loading. */
  loading: boolean;
  expandable?: TableProps<Row>['expandable'];
  /**
   * The table's key: a searched forest gets a fresh table once its rows are in, because antd unfolds
   * every row only as a table mounts.
   */
  tableKey?: string;
  removed: (ids: string[]) => void;
  added: (body: Record<string, unknown>) => void;
}

const nothing = () => undefined;

/**
 * The rows and expansion of a lazy tree table. `search` names the searched rows (query and whether
 * they have arrived) and is undefined without search conditions.
 */
export function useLazyTree<Row extends object>(
  tree: LazyTree<Row> | undefined,
  records: Row[],
  search: string | undefined,
  idOf: (row: Row) => string,
): LazyTreeView<Row> {
  const lazy = tree && search === undefined ? tree : undefined;
  const [expanded, setExpanded] = useState<string[]>([]);
  const children = useQueries({
    queries: (lazy ? expanded : []).map((id) => ({
      queryKey: lazy!.childrenKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => lazy!.loadChildren(id, signal),
    })),
  });
  if (!tree) return { rows: records, loading: false, removed: nothing, added: nothing };
  const removed = (ids: string[]) => setExpanded((keys) => keys.filter((k) => !ids.includes(k)));
  if (!lazy) return { rows: records, loading: false, expandable: { defaultExpandAllRows: true }, tableKey: `search:${search}`, removed, added: nothing };

  const childrenOf = new Map<string, Row[]>();
  expanded.forEach((id, i) => {
    const data = children[i]?.data;
    if (data) childrenOf.set(id, data);
  });
  return {
    rows: lazy.nest(records, childrenOf),
    loading: children.some((c) => c.isFetching),
    expandable: {
      expandedRowKeys: expanded,
      onExpand: (open, row) => {
        const id = idOf(row);
        setExpanded((keys) => (open ? [...keys.filter((k) => k !== id), id] : keys.filter((k) => k !== id)));
      },
    },
    tableKey: 'lazy',
    removed,
    added: (body) => {
      // Show where the new row went: its parent unfolds.
      const parent = body[lazy.parentField];
      if (typeof parent === 'string' && parent) setExpanded((keys) => (keys.includes(parent) ? keys : [...keys, parent]));
    },
  };
}
