import { useLocation, useNavigate } from 'react-router';
import { Button } from 'antd';
import { useCan } from '../../../components/Access';

/** The screens of 数据库查询 (menus.ts portal_database), each shown when granted. */
export const DATABASE_SCREENS = [
  { code: 'portal_database', name: '数据库查询', path: '/portal/database' },
  { code: 'member_enterprise', name: '企业会员', path: '/portal/database/enterprise' },
  { code: 'member_group', name: '团体会员', path: '/portal/database/group' },
  { code: 'member_person', name: '个人会员', path: '/portal/database/person' },
  { code: 'member_log', name: '变更记录', path: '/portal/database/log' },
  { code: 'chamber', name: '商会管理', path: '/portal/database/chamber' },
  { code: 'profile_person', name: '人员库', path: '/portal/database/personbase' },
  { code: 'profile_enterprise', name: '企业库', path: '/portal/database/enterprisebase' },
  { code: 'profile_org', name: '组织档案', path: '/portal/database/orgprofile' },
] as const;

/** The portal has no side menu: 数据库查询's screens are reached from this bar on each of them. */
export function DatabaseNav() {
  const can = useCan();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <nav className="member-db__nav" aria-label="数据库查询">
      {DATABASE_SCREENS.filter((s) => s.code === 'portal_database' || can(s.code)).map((s) => (
        <Button key={s.code} type={pathname === s.path ? 'primary' : 'default'} onClick={() => navigate(s.path)} data-testid={`db-nav-${s.code}`}>
          {s.name}
        </Button>
      ))}
    </nav>
  );
}
