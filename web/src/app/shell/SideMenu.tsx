import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Layout, Menu, type MenuProps } from 'antd';
import { NOJUMP } from '../../api/portal/menu';
import type { MenuNode } from '../../api/system/menu';
import { adminRoots } from '../routes/adminRoutes';
import { hrefOf, openInNewTab } from './links';
import { menuIcon } from './menuIcons';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[]): Item[] {
  return nodes
    .filter((n) => n.category === 1 && n.path)
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .map((node) => {
      const kids = (node.children ?? []).filter((c) => c.category === 1 && c.path);
      const label = <span data-testid={`side-menu-${node.code}`}>{node.name}</span>;
      return kids.length
        ? { key: node.path, icon: menuIcon(node.source), label, children: toItems(kids) }
        : { key: node.path, icon: menuIcon(node.source), label };
    });
}

function findNode(nodes: MenuNode[], path: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.path === path) return node;
    const hit = findNode(node.children ?? [], path);
    if (hit) return hit;
  }
  return undefined;
}

/** The id of the side menu, which the header's 菜单 button controls on a narrow window. */
export const SIDE_MENU_ID = 'side-menu';

/** The admin side menu, built from the user's menu routes (non-portal roots). `onChoose`: after an entry was chosen. */
export function SideMenu({ menus, onChoose }: { menus: MenuNode[] | undefined; onChoose?: () => void }) {
  const roots = useMemo(() => adminRoots(menus), [menus]);
  const items = useMemo(() => toItems(roots), [roots]);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const openKeys = roots.filter((r) => pathname.startsWith(r.path)).map((r) => r.path);

  return (
    <Layout.Sider width={210} className="side-menu" id={SIDE_MENU_ID} data-testid="side-menu">
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        defaultOpenKeys={openKeys}
        onClick={({ key }) => {
          const node = findNode(roots, key);
          if (node?.isOpen === NOJUMP) openInNewTab(hrefOf(key));
          else navigate(key);
          onChoose?.();
        }}
      />
    </Layout.Sider>
  );
}
