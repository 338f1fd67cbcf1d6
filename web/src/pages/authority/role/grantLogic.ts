import { GRANT_GROUP_PREFIX } from '@gsl/contract';

/** The part of a tree node the grant trees use (menu/grant-tree, grant-top-tree). */
export interface KeyNode {
  key: string;
  children?: KeyNode[];
}

export interface TreeIndex {
  parent: Map<string, string | undefined>;
  children: Map<string, string[]>;
}

/** Parent and children of every key of a tree. */
export function indexTree(nodes: readonly KeyNode[] | undefined, index: TreeIndex = { parent: new Map(), children: new Map() }, parent?: string): TreeIndex {
  for (const n of nodes ?? []) {
    index.parent.set(n.key, parent);
    index.children.set(
      n.key,
      (n.children ?? []).map((c) => c.key),
    );
    indexTree(n.children, index, n.key);
  }
  return index;
}

function descendants(index: TreeIndex, key: string, out: string[] = []): string[] {
  for (const c of index.children.get(key) ?? []) {
    out.push(c);
    descendants(index, c, out);
  }
  return out;
}

/**
 * The menu tree's checkboxes hold exactly what is granted (a menu and its buttons are grants of
 * their own), so the tree is "strict" and the cascade is done here, as an administrator expects:
 * checking a node also checks everything under it and the menus above it (a granted page shows under
 * its granted parent in the side menu); unchecking a node unchecks everything under it and leaves the
 * menus above alone.
 */
export function cascadeCheck(index: TreeIndex, checked: readonly string[], key: string, on: boolean): string[] {
  const next = new Set(checked);
  const below = descendants(index, key);
  if (on) {
    next.add(key);
    below.forEach((k) => next.add(k));
    for (let p = index.parent.get(key); p !== undefined; p = index.parent.get(p)) next.add(p);
  } else {
    next.delete(key);
    below.forEach((k) => next.delete(k));
  }
  return [...next];
}

/** Keys the tree knows, in the tree's order (held grants the user may not touch are not shown). */
export function knownKeys(index: TreeIndex, keys: readonly string[]): string[] {
  const wanted = new Set(keys);
  return [...index.parent.keys()].filter((k) => wanted.has(k));
}

/** The scope trees' checked keys as grant ids: the menu groups (`menu_<id>`) are only headings. */
export const scopeIds = (keys: readonly string[]): string[] => keys.filter((k) => !k.startsWith(GRANT_GROUP_PREFIX));

/** Every key of a tree (展开全部 / 全选). */
export const allKeys = (nodes: readonly KeyNode[] | undefined): string[] => [...indexTree(nodes).parent.keys()];
