import { Button, Empty, Skeleton } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { usePortalMenu } from '../../../api/portal/menu';
import type { MenuNode } from '../../../api/system/menu';

/** The cockpit list (specification §3 cockpitList): the `cockpit` menu's children the user is granted, from portal/menu. */
export function useCockpitList(): { list: MenuNode[]; pending: boolean } {
  const menu = usePortalMenu();
  const cockpit = menu.data?.find((m) => m.code === 'cockpit');
  const list = (cockpit?.children ?? []).filter((c) => c.category === 1 && c.path).sort((a, b) => a.sort - b.sort);
  return { list, pending: menu.isPending };
}

/** The bar above each cockpit screen: every cockpit of the list, the current one marked. */
export function CockpitNav() {
  const { list } = useCockpitList();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (list.length < 2) return null;
  return (
    <nav className="cockpit-tabs" aria-label="驾驶舱列表">
      {list.map((c) => (
        <Button
          key={c.code}
          type={pathname === c.path ? 'primary' : 'default'}
          aria-current={pathname === c.path ? 'page' : undefined}
          onClick={() => navigate(c.path)}
          data-testid={`cockpit-nav-${c.code}`}
          style={{ marginInlineEnd: 8 }}
        >
          {c.name}
        </Button>
      ))}
    </nav>
  );
}

/** /portal/cockpit: opens the first cockpit of the list. */
export default function CockpitHome() {
  const { list, pending } = useCockpitList();
  if (pending) return <Skeleton active style={{ padding: 16 }} />;
  if (!list.length) return <Empty style={{ padding: 48 }} description="您没有可查看的驾驶舱" />;
  return <Navigate to={list[0].path} replace />;
}
