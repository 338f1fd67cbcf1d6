import { Outlet } from 'react-router';
import { AntdProviders } from './AntdProviders';

/** Layout route around every antd screen, so antd loads lazily and /login stays small. */
export default function AntdLayout() {
  return (
    <AntdProviders>
      <Outlet />
    </AntdProviders>
  );
}
