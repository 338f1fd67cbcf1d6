import { useNavigate } from 'react-router';
import { Layout } from 'antd';
import { CustomerServiceOutlined, MenuOutlined, RobotOutlined } from '@ant-design/icons';
import { useDeptInfo } from '../../api/portal/deptInfo';
import type { MenuNode } from '../../api/system/menu';
import { useSession } from '../../utils/useSession';
import { Banner } from './Banner';
import { ChatBell } from './ChatBell';
import { MessageBell } from './MessageBell';
import { useMenuHidden } from './menuVisibility';
import { SIDE_MENU_ID } from './SideMenu';
import { TopMenu } from './TopMenu';
import { UserMenu } from './UserMenu';

function Emblem() {
  return (
    <svg viewBox="0 0 40 40" className="app-header__emblem" aria-hidden="true">
      <circle cx="20" cy="20" r="18" fill="#409EFF" />
      <path d="M11 25h18M13 25v-7M20 25v-9M27 25v-7M10 16l10-6 10 6" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The shell header (specification §2): organisation, chamber, banner, top menu, 客服, user. The
 * `menu` query parameter hides the top menu (specification §2 "A query parameter menu hides the menu").
 * `sideMenu`: on a narrow window the folded side menu's 菜单 button leads the header (issue 21).
 */
export function AppHeader({ menus, sideMenu }: { menus: MenuNode[] | undefined; sideMenu?: { open: boolean; toggle: () => void } }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const dept = useDeptInfo();
  const orgName = dept.data?.orgName || user?.detail?.orgName || '';
  const chamberName = dept.data?.chamberName || '';
  const menuHidden = useMenuHidden();

  return (
    <Layout.Header className="app-header">
      {sideMenu && (
        <button
          type="button"
          className="app-header__service app-header__menu-toggle"
          aria-expanded={sideMenu.open}
          aria-controls={sideMenu.open ? SIDE_MENU_ID : undefined}
          data-testid="side-menu-toggle"
          onClick={sideMenu.toggle}
        >
          <MenuOutlined /> 菜单
        </button>
      )}
      <div className="app-header__brand">
        <Emblem />
        <div className="app-header__names">
          <div className="app-header__org" data-testid="header-org" title={orgName}>
            {orgName || '工商联工作平台'}
          </div>
          {chamberName && (
            <div className="app-header__chamber" data-testid="header-chamber" title={chamberName}>
              {chamberName}
            </div>
          )}
        </div>
      </div>
      {!menuHidden && <TopMenu />}
      <div className="app-header__tools">
        <Banner />
        <MessageBell />
        <ChatBell />
        <button type="button" className="app-header__service" data-testid="header-cases" title="客服" onClick={() => navigate('/portal/cases')}>
          <CustomerServiceOutlined /> <span className="app-header__label">客服</span>
        </button>
        <button type="button" className="app-header__service" data-testid="header-ai" title="AI助手" onClick={() => navigate('/portal/aiDialogue')}>
          <RobotOutlined /> <span className="app-header__label">AI助手</span>
        </button>
        <UserMenu menus={menus} />
      </div>
    </Layout.Header>
  );
}
