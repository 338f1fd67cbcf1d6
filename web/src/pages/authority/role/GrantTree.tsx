import { useMemo } from 'react';
import { Empty, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { cascadeCheck, indexTree, type KeyNode } from './grantLogic';

export interface TitledNode extends KeyNode {
  title: string;
  children?: TitledNode[];
}

interface GrantTreeProps {
  nodes: readonly TitledNode[];
  checked: string[];
  onChange: (keys: string[]) => void;
  /**
   * 'strict': every node is a grant of its own (menus and buttons; the cascade of cascadeCheck);
   * 'leaves': the top nodes only group the leaves (scope rules under their menu), antd's own cascade.
   */
  mode: 'strict' | 'leaves';
  testId: string;
  disabled?: boolean;
}

const toData = (nodes: readonly TitledNode[] | undefined, testId: string): DataNode[] =>
  (nodes ?? []).map((n) => ({
    key: n.key,
    title: (
      <span data-testid={`${testId}-node`} data-key={n.key}>
        {n.title}
      </span>
    ),
    children: n.children?.length ? toData(n.children, testId) : undefined,
  }));

/** A checkbox tree of the grant dialogs (角色 权限设置, 顶部菜单 菜单配置), all expanded. */
export function GrantTree({ nodes, checked, onChange, mode, testId, disabled }: GrantTreeProps) {
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const data = useMemo(() => toData(nodes, testId), [nodes, testId]);
  if (!nodes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可授权的数据" data-testid={`${testId}-empty`} />;
  return (
    <div data-testid={testId} className="grant-tree">
      <Tree
        checkable
        selectable={false}
        disabled={disabled}
        defaultExpandAll
        treeData={data}
        checkStrictly={mode === 'strict'}
        checkedKeys={checked}
        onCheck={(value, info) => {
          if (mode === 'strict') onChange(cascadeCheck(index, checked, String(info.node.key), info.checked));
          else onChange((Array.isArray(value) ? value : value.checked).map(String));
        }}
      />
    </div>
  );
}
