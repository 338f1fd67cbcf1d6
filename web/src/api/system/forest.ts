import type { PageResult } from '@gsl/contract';
import type { ListQuery } from '../crud';

/**
 * Tree lists of the administration screens (roles, menus): the server answers a whole forest
 * (`children`), the screen shows it as a tree table paged by its top-level rows (BladeX's role and
 * menu lists are trees too).
 */
export interface ForestNode {
  id: string;
  parentId: string;
  children?: ForestNode[];
}

/** Every node of a forest, parents before their children. */
export function flattenForest<T extends ForestNode>(nodes: readonly T[] | undefined, out: T[] = []): T[] {
  for (const n of nodes ?? []) {
    out.push(n);
    flattenForest((n.children ?? []) as T[], out);
  }
  return out;
}

/**
 * A forest again from flat nodes (their own order kept): a node whose parent is not among them is a
 * root, as the server builds its trees. Leaves carry no `children` (the table shows no expander).
 */
export function buildForest<T extends ForestNode>(nodes: readonly T[]): T[] {
  const copies = new Map<string, T>();
  for (const n of nodes) {
    const { children: _children, ...rest } = n;
    copies.set(n.id, rest as T);
  }
  const roots: T[] = [];
  for (const node of copies.values()) {
    const parent = copies.get(node.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The rows whose text fields contain the filters' values (case-insensitive), as a forest of the
 * matches (BladeX filters the rows, then builds the tree: a match whose parent did not match is a root).
 * Paging fields (current, size) are not filters.
 */
export function filterForest<T extends ForestNode>(forest: readonly T[], filters: ListQuery, fields: readonly string[]): T[] {
  const active = fields.filter((f) => filters[f] !== undefined && filters[f] !== null && String(filters[f]).trim() !== '');
  const all = flattenForest(forest);
  if (!active.length) return buildForest(all);
  const hits = all.filter((n) =>
    active.every((f) =>
      String((n as unknown as Record<string, unknown>)[f] ?? '')
        .toLowerCase()
        .includes(String(filters[f]).trim().toLowerCase()),
    ),
  );
  return buildForest(hits);
}

/** One page of a forest by its roots (current, size of the query; 10 per page by default). */
export function forestPage<T extends ForestNode>(roots: readonly T[], query: ListQuery): PageResult<T> {
  const size = Math.max(1, Number(query.size ?? 10));
  const total = roots.length;
  const pages = Math.ceil(total / size);
  const current = Math.max(1, Number(query.current ?? 1));
  return { records: roots.slice((current - 1) * size, current * size), total, size, current, pages };
}

/** The ids of a node and all its descendants (a parent select must not offer them when editing it). */
export function subtreeIds<T extends ForestNode>(forest: readonly T[], id: string | undefined): Set<string> {
  const out = new Set<string>();
  if (!id) return out;
  const start = flattenForest(forest).find((n) => n.id === id);
  for (const n of flattenForest(start ? [start] : [])) out.add(n.id);
  return out;
}

/** A forest without the given ids (and what hangs under them). */
export function pruneForest<T extends ForestNode>(forest: readonly T[], drop: ReadonlySet<string>): T[] {
  return forest.filter((n) => !drop.has(n.id)).map((n) => (n.children?.length ? { ...n, children: pruneForest(n.children as T[], drop) } : n));
}
