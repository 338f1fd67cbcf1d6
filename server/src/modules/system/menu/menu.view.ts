import type { MenuRow } from './menu.repo.js';

export interface MenuNode extends MenuRow {
  hasChildren: boolean;
  children: MenuNode[];
}

/** A forest from flat rows: a node whose parent is not among the rows becomes a root. */
export function toForest(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const r of rows) nodes.set(r.id, { ...r, id: String(r.id), parentId: String(r.parentId), hasChildren: false, children: [] });
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId);
    if (parent) {
      parent.children.push(n);
      parent.hasChildren = true;
    } else roots.push(n);
  }
  return roots;
}
