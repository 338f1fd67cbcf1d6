import { useLocation, useNavigate } from 'react-router';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, FontSizeOutlined, IdcardOutlined, LockOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import type { MenuNode } from '../../api/system/menu';
import { INFO_PATH } from '../../pages/info/route';
import { setLargeText, useLargeText } from '../largeText';
import { lockScreen } from '../lock/lockState';
import { adminRoots, firstLeaf } from '../routes/adminRoutes';
import { useConfirmLogout } from '../session/useLogout';
import { useSession } from '../../utils/useSession';

/**
 * The header's user dropdown: 系统管理 (when the user has admin menus), 个人中心, 个人信息, 大字模式 / 标准字号
 * (适老化: the larger text, kept per user in this browser), 锁屏, 退出登录.
 */
export function UserMenu({ menus }: { menus: MenuNode[] | undefined }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const confirmLogout = useConfirmLogout();
  const admin = adminRoots(menus)[0];
  const large = useLargeText(user?.user_id);

  const items: MenuProps['items'] = [
    ...(admin ? [{ key: 'admin', icon: <SettingOutlined />, label: <span data-testid="menu-admin">系统管理</span> }] : []),
    { key: 'center', icon: <UserOutlined />, label: <span data-testid="menu-center">个人中心</span> },
    { key: 'info', icon: <IdcardOutlined />, label: <span data-testid="menu-info">个人信息</span> },
    {
      key: 'largeText',
      icon: <FontSizeOutlined />,
      label: <span data-testid="menu-large-text">{large ? '标准字号' : '大字模式'}</span>,
    },
    { key: 'lock', icon: <LockOutlined />, label: <span data-testid="menu-lock">锁屏</span> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">退出登录</span> },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'admin' && admin) navigate(firstLeaf(admin).path);
    if (key === 'center') navigate('/portal/myCenter');
    if (key === 'info') navigate(INFO_PATH);
    if (key === 'largeText') setLargeText(user?.user_id, !large);
    if (key === 'lock') {
      lockScreen(`${location.pathname}${location.search}`);
      navigate('/lock');
    }
    if (key === 'logout') confirmLogout();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click', 'hover']} placement="bottomRight">
      <button type="button" className="user-menu" data-testid="user-dropdown">
        <Avatar size={28} src={user?.avatar || undefined} icon={<UserOutlined />} />
        <span className="user-menu__name">{user?.real_name || user?.account}</span>
        <DownOutlined />
      </button>
    </Dropdown>
  );
}
