/** A node of the package menu tree (menus and their buttons). */
export interface MenuPickNode {
  id: string;
  children?: MenuPickNode[];
}

/** The comma-separated menuIds of a package as a list (no blanks, no repeats). */
export const splitIds = (value: unknown): string[] =>
  typeof value === 'string'
    ? [
        ...new Set(
          value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ]
    : [];

/** Parent of every node, and the descendants of every node. */
function index(forest: readonly MenuPickNode[]) {
  const parent = new Map<string, string>();
  const descendants = new Map<string, string[]>();
  const walk = (node: MenuPickNode): string[] => {
    const below: string[] = [];
    for (const c of node.children ?? []) {
      parent.set(c.id, node.id);
      below.push(c.id, ...walk(c));
    }
    descendants.set(node.id, below);
    return below;
  };
  forest.forEach(walk);
  return { parent, descendants };
}

/**
 * Ticks or unticks one menu of the picker, keeping the package coherent: ticking a menu also ticks
 * its buttons and sub-menus and the menus above it (a menu is reachable only through its parents);
 * unticking it unticks everything below it. The ids are exactly what the package stores.
 */
export function toggleMenu(forest: readonly MenuPickNode[], current: readonly string[], id: string, checked: boolean): string[] {
  const { parent, descendants } = index(forest);
  const out = new Set(current);
  const below = descendants.get(id) ?? [];
  if (checked) {
    out.add(id);
    below.forEach((d) => out.add(d));
    for (let p = parent.get(id); p; p = parent.get(p)) out.add(p);
  } else {
    out.delete(id);
    below.forEach((d) => out.delete(d));
  }
  return [...out];
}

/** Every id of the forest (全选). */
export function everyId(forest: readonly MenuPickNode[], out: string[] = []): string[] {
  for (const n of forest) {
    out.push(n.id);
    everyId(n.children ?? [], out);
  }
  return out;
}
