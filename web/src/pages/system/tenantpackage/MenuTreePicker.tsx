import { Button, Empty, Space, Spin, Tag, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getPackageMenuTree, packageMenuTreeKey, type PackageMenuNode } from '../../../api/system/tenant';
import { everyId, splitIds, toggleMenu } from './packageLogic';

interface MenuTreePickerProps {
  /** The package's menuIds, comma-separated (as submit takes them). */
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

const toTreeData = (nodes: readonly PackageMenuNode[]): TreeDataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: (
      <span>
        {n.name}
        {n.category === 2 && (
          <Tag style={{ marginLeft: 6 }} color="blue" variant="outlined">
            按钮
          </Tag>
        )}
      </span>
    ),
    children: n.children?.length ? toTreeData(n.children) : undefined,
  }));

/**
 * The package's menus: a checkbox tree of the menus and buttons a tenant may be given (the server
 * leaves out the platform settings). Ticking a menu takes its buttons and the menus above it along.
 */
export function MenuTreePicker({ value, onChange, disabled }: MenuTreePickerProps) {
  const tree = useQuery({ queryKey: packageMenuTreeKey, queryFn: ({ signal }) => getPackageMenuTree(signal), staleTime: 60_000 });
  const checked = splitIds(value);
  const forest = tree.data ?? [];
  const set = (ids: string[]) => onChange?.(ids.join(','));

  if (tree.isLoading) return <Spin />;
  if (!forest.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tree.isError ? '菜单加载失败' : '暂无菜单'} />;
  return (
    <div data-testid="tenantpackage-menus">
      {!disabled && (
        <Space size={4} style={{ marginBottom: 4 }}>
          <Button size="small" onClick={() => set(everyId(forest))} data-testid="tenantpackage-menus-all">
            全选
          </Button>
          <Button size="small" onClick={() => set([])} data-testid="tenantpackage-menus-none">
            清空
          </Button>
          <span style={{ color: 'rgba(0,0,0,0.45)' }}>已选 {checked.length} 项</span>
        </Space>
      )}
      <Tree
        checkable
        checkStrictly
        selectable={false}
        disabled={disabled}
        height={360}
        defaultExpandedKeys={forest.map((n) => n.id)}
        treeData={toTreeData(forest)}
        checkedKeys={{ checked, halfChecked: [] }}
        onCheck={(_keys, info) => set(toggleMenu(forest, checked, String(info.node.key), info.checked))}
        style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 4 }}
      />
    </div>
  );
}
