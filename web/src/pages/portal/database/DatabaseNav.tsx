import { useLocation, useNavigate } from 'react-router';
import { Button } from 'antd';
import { menuOf, screensOf } from '@gsl/contract';
import { useCan } from '../../../components/Access';

/** The screens of 数据库查询 (the contract's portal_database and the menus under it), each shown when granted. */
export const DATABASE_SCREENS = screensOf(menuOf('portal_database')!);

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
