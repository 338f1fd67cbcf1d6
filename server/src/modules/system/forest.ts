/**
 * Links tree nodes (wire contract §3, already in display order) into a forest: a node whose parent is
 * not among them is a root (a filtered list, or a scope that starts below the top). A node with
 * children gets hasChildren; `adopt` sees each child with its parent (a parent's name shown on the child).
 */
export function forest<N extends { id: string; parentId: string; hasChildren: boolean; children: N[] }>(
  nodes: Iterable<N>,
  adopt?: (child: N, parent: N) => void,
): N[] {
  const all = [...nodes];
  const byId = new Map<string, N>();
  for (const n of all) byId.set(n.id, n);
  const roots: N[] = [];
  for (const n of all) {
    const parent = byId.get(n.parentId);
    if (parent && parent !== n) {
      parent.children.push(n);
      parent.hasChildren = true;
      adopt?.(n, parent);
    } else roots.push(n);
  }
  return roots;
}
