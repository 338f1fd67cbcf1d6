import type { TreeDataNode } from 'antd';
import type { RegionNode } from '@gsl/contract';

/**
 * The region tree as antd Tree data: loaded children nested under their node; a node without
 * children (a county) is a leaf, one whose children are not loaded yet stays expandable.
 */
export function regionTreeData(roots: readonly RegionNode[], loaded: ReadonlyMap<string, readonly RegionNode[]>): TreeDataNode[] {
  const build = (node: RegionNode): TreeDataNode => {
    const children = loaded.get(node.code);
    return {
      key: node.code,
      title: node.name,
      isLeaf: !node.hasChildren,
      ...(children ? { children: children.map(build) } : {}),
    };
  };
  return roots.map(build);
}
