import type { MenuView } from '@gsl/contract';
import { forest } from '../forest.js';
import type { MenuAdminRow, MenuRow } from './menu.repo.js';

export interface MenuNode extends MenuRow {
  hasChildren: boolean;
  children: MenuNode[];
}

/** A forest from flat rows: a node whose parent is not among the rows becomes a root. */
export function toForest(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const r of rows) nodes.set(r.id, { ...r, id: String(r.id), parentId: String(r.parentId), hasChildren: false, children: [] });
  return forest(nodes.values());
}

/**
 * The buttons forest as BladeX answers it: a leaf has no `children` at all (BladeX leaves the empty list
 * out), which is what Saber's permission builder walks.
 */
export function withoutEmptyChildren<N extends { children?: N[] }>(nodes: N[]): N[] {
  return nodes.map((n) => {
    const { children, ...rest } = n;
    return (children && children.length ? { ...rest, children: withoutEmptyChildren(children) } : rest) as N;
  });
}

export function menuView(row: MenuAdminRow, parentName?: string | null): MenuView {
  return {
    id: String(row.id),
    parentId: String(row.parentId),
    ...(parentName !== undefined ? { parentName } : {}),
    code: row.code,
    name: row.name,
    alias: row.alias,
    path: row.path,
    source: row.source,
    sort: row.sort,
    category: row.category,
    action: row.action,
    isOpen: row.isOpen,
    remark: row.remark ?? null,
    version: row.version,
    hasChildren: !!row.hasChildren,
  };
}

/** A menu as a tree node (wire contract §3): { id, parentId, title, key, value, hasChildren, children } + its own fields. */
export interface MenuTreeNode extends Omit<MenuView, 'hasChildren'> {
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children: MenuTreeNode[];
}

/** Tree nodes from flat rows (administration rows or route rows); orphans become roots. */
export function menuTree(rows: Array<MenuRow & Partial<Pick<MenuAdminRow, 'remark' | 'version'>>>): MenuTreeNode[] {
  const nodes = new Map<string, MenuTreeNode>();
  for (const r of rows) {
    const id = String(r.id);
    nodes.set(id, {
      ...menuView({ ...r, remark: r.remark ?? null, version: r.version ?? 1, hasChildren: false }, null),
      title: r.name,
      key: id,
      value: id,
      hasChildren: false,
      children: [],
    });
  }
  return forest(nodes.values(), (n, parent) => (n.parentName = parent.name));
}
