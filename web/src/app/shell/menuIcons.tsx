import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BookOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FilterOutlined,
  GiftOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LockOutlined,
  LoginOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  PaperClipOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';

/** Icons for the menu `source` names the server seeds (contract menus.ts); unknown names get none. */
const ICONS: Record<string, ReactNode> = {
  apartment: <ApartmentOutlined />,
  api: <ApiOutlined />,
  appstore: <AppstoreOutlined />,
  book: <BookOutlined />,
  dashboard: <DashboardOutlined />,
  database: <DatabaseOutlined />,
  environment: <EnvironmentOutlined />,
  'file-search': <FileSearchOutlined />,
  'file-text': <FileTextOutlined />,
  filter: <FilterOutlined />,
  gift: <GiftOutlined />,
  history: <HistoryOutlined />,
  idcard: <IdcardOutlined />,
  lock: <LockOutlined />,
  login: <LoginOutlined />,
  'menu-fold': <MenuFoldOutlined />,
  menu: <MenuOutlined />,
  'paper-clip': <PaperClipOutlined />,
  profile: <ProfileOutlined />,
  safety: <SafetyOutlined />,
  setting: <SettingOutlined />,
  team: <TeamOutlined />,
  tool: <ToolOutlined />,
  user: <UserOutlined />,
};

export const menuIcon = (source?: string | null): ReactNode => (source ? ICONS[source] : undefined);

/** The icon names the side menu knows (menu forms offer them for 菜单图标). */
export const MENU_ICON_NAMES = Object.keys(ICONS);
