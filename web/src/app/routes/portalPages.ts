import { menuOf, screensOf } from '@gsl/contract';
import type { PageComponent, PageProps } from '../lazyPage';
import { lazyPage } from '../lazyPage';

/**
 * Every /portal screen of specification §2. Paths are relative to /portal; children extend their
 * parent's path. A screen gets its real page by setting `page`; until then it lazy-loads the shared
 * placeholder, which names the screen and says what it will show. A screen of the contract's menu
 * registry (menus.ts) takes its name and path from there.
 */
export interface PortalPageDef {
  path: string;
  title: string;
  note?: string;
  page?: PageComponent;
  /** Visiting the path itself goes to this child path instead. */
  redirect?: string;
  isTab?: boolean;
  children?: PortalPageDef[];
}

const ComingSoon = lazyPage(() => import('../../pages/placeholder/ComingSoon'));
export const DEFAULT_PAGE: PageComponent = ComingSoon;

/** The registry's screen of `code`: its name, and its path below `under`. */
function screen(code: string, under = '/portal'): Pick<PortalPageDef, 'path' | 'title'> {
  const menu = menuOf(code);
  if (!menu?.path?.startsWith(`${under}/`)) throw new Error(`no screen ${code} under ${under} in the menu registry`);
  return { path: menu.path.slice(under.length + 1), title: menu.name };
}

/** The pages of 数据库查询's screens, by path; which screens there are, and their names, is the registry's. */
const DATABASE_PAGES: Record<string, PageComponent> = {
  '/portal/database': lazyPage(() => import('../../pages/portal/database')),
  '/portal/database/enterprise': lazyPage(() => import('../../pages/portal/database/enterprise')),
  '/portal/database/group': lazyPage(() => import('../../pages/portal/database/group')),
  '/portal/database/person': lazyPage(() => import('../../pages/portal/database/person')),
  '/portal/database/log': lazyPage(() => import('../../pages/portal/database/log')),
  '/portal/database/chamber': lazyPage(() => import('../../pages/portal/database/chamber')),
  '/portal/database/personbase': lazyPage(() => import('../../pages/portal/database/personbase')),
  '/portal/database/enterprisebase': lazyPage(() => import('../../pages/portal/database/enterprisebase')),
  '/portal/database/orgprofile': lazyPage(() => import('../../pages/portal/database/orgprofile')),
  '/portal/database/honor': lazyPage(() => import('../../pages/portal/honor')),
};
const [database, ...databaseScreens] = screensOf(menuOf('portal_database')!);

/** The pages of 业务应用's screens (the message centre, specification §7), by path; the screens are the registry's. */
const MYAPP_PAGES: Record<string, PageComponent> = {
  '/portal/myApp/message': lazyPage(() => import('../../pages/message/center')),
  '/portal/myApp/leader': lazyPage(() => import('../../pages/association/leader')),
  '/portal/myApp/associationHistory': lazyPage(() => import('../../pages/association/history')),
  '/portal/myApp/associationBase': lazyPage(() => import('../../pages/association/base')),
  '/portal/myApp/fillSituation': lazyPage(() => import('../../pages/fillin/SituationPage')),
};
// 业务应用's screens in the shell (the fill-in pages it lists open in a new tab, outside /portal).
const [myApp, ...myAppScreens] = screensOf(menuOf('portal_myapp')!).filter((s, i) => i === 0 || s.path.startsWith('/portal/myApp/'));

/** 我的组织's account and role screens (one chunk each: their pages share most of their code). */
const accountPage = (name: keyof typeof import('../../pages/portal/myOrg/accounts/pages')): PageComponent =>
  lazyPage<PageProps>(async () => ({ default: (await import('../../pages/portal/myOrg/accounts/pages'))[name] }));
const ACCOUNT_PAGES = {
  aocList: accountPage('AocAccountsPage'),
  aocView: accountPage('AocAccountViewPage'),
  aocAdd: accountPage('AocAccountAddPage'),
  aocUpdate: accountPage('AocAccountUpdatePage'),
  cocList: accountPage('CocAccountsPage'),
  cocView: accountPage('CocAccountViewPage'),
  cocAdd: accountPage('CocAccountAddPage'),
  cocUpdate: accountPage('CocAccountUpdatePage'),
};
const rolePage = (name: keyof typeof import('../../pages/portal/myOrg/roles/pages')): PageComponent =>
  lazyPage<PageProps>(async () => ({ default: (await import('../../pages/portal/myOrg/roles/pages'))[name] }));
const ROLE_PAGES = { list: rolePage('OrgRolesPage'), add: rolePage('OrgRoleAddPage'), edit: rolePage('OrgRoleEditPage'), view: rolePage('OrgRoleViewPage') };

export const PORTAL_PAGES: PortalPageDef[] = [
  {
    ...screen('portal_myday'),
    page: lazyPage(() => import('../../pages/portal/myDay')),
    children: [
      { path: 'bigmsg', title: '消息', page: lazyPage(() => import('../../pages/portal/myDay/bigmsg')) },
      { path: 'notepadList', title: '记事本', page: lazyPage(() => import('../../pages/portal/myDay/notepadList')) },
      { path: 'connectInside', title: '内部直通车', page: lazyPage(() => import('../../pages/portal/myDay/directLine/ConnectInside')) },
      { path: 'versionList', title: '版本更新日志', page: lazyPage(() => import('../../pages/portal/myDay/versionList')) },
      { path: 'connectFIC', title: '工商联直通车', page: lazyPage(() => import('../../pages/portal/myDay/directLine/ConnectFIC')) },
      { path: 'connectCOC', title: '商会直通车', page: lazyPage(() => import('../../pages/portal/myDay/directLine/ConnectCOC')) },
      { path: 'connectMem', title: '企业直通车', page: lazyPage(() => import('../../pages/portal/myDay/directLine/ConnectMem')) },
    ],
  },
  {
    path: 'myCenter',
    title: '个人中心',
    redirect: 'basicInformation',
    children: [
      { path: 'basicInformation', title: '基本信息', page: lazyPage(() => import('../../pages/portal/myCenter/basicInformation')) },
      { path: 'changepwd', title: '修改密码', page: lazyPage(() => import('../../pages/portal/myCenter/changepwd')) },
      { path: 'loginInfo', title: '登录信息', page: lazyPage(() => import('../../pages/portal/myCenter/loginInfo')) },
      { path: 'boundPhone', title: '绑定手机', page: lazyPage(() => import('../../pages/portal/myCenter/boundPhone')) },
      { path: 'boundWeixin', title: '绑定微信', page: lazyPage(() => import('../../pages/portal/myCenter/boundWeixin')) },
      { path: 'changingPhone', title: '更换手机号', page: lazyPage(() => import('../../pages/portal/myCenter/changingPhone')) },
    ],
  },
  {
    ...screen(database.code),
    note: '会员、商会与组织数据的查询将在此显示',
    page: DATABASE_PAGES[database.path],
    children: databaseScreens.map((s) => ({ ...screen(s.code, database.path), page: DATABASE_PAGES[s.path] })),
  },
  {
    ...screen(myApp.code),
    note: '您可使用的业务应用将在此显示',
    page: lazyPage(() => import('../../pages/portal/myApp')),
    children: myAppScreens.map((s) => ({ ...screen(s.code, myApp.path), page: MYAPP_PAGES[s.path] })),
  },
  {
    path: 'cases',
    title: '客服中心',
    page: lazyPage(() => import('../../pages/portal/cases')),
    children: [{ path: 'questionsDetail', title: '常见问题', page: lazyPage(() => import('../../pages/portal/cases/questionsDetail')) }],
  },
  { path: 'aiDialogue', title: 'AI对话', page: lazyPage(() => import('../../pages/portal/aiDialogue')) },
  {
    ...screen('portal_myorg'),
    page: lazyPage(() => import('../../pages/portal/myOrg')),
    children: [
      {
        ...screen('myorg_gsl_address', '/portal/myOrg'),
        page: lazyPage(() => import('../../pages/portal/myOrg/address/gslAddress')),
        children: [
          { path: 'addAcount', title: '新增通讯录成员', page: lazyPage(() => import('../../pages/portal/myOrg/address/gslAddress/addAcount')) },
          { path: 'updateAcount', title: '修改通讯录成员', page: lazyPage(() => import('../../pages/portal/myOrg/address/gslAddress/updateAcount')) },
        ],
      },
      {
        ...screen('myorg_sh_address', '/portal/myOrg'),
        page: lazyPage(() => import('../../pages/portal/myOrg/address/shAddress/index2')),
        children: [
          { path: 'addAcount2', title: '新增商会通讯录成员', page: lazyPage(() => import('../../pages/portal/myOrg/address/shAddress/addAcount2')) },
          { path: 'updateAcount2', title: '修改商会通讯录成员', page: lazyPage(() => import('../../pages/portal/myOrg/address/shAddress/updateAcount2')) },
        ],
      },
      {
        ...screen('myorg_address_book', '/portal/myOrg'),
        page: lazyPage(() => import('../../pages/portal/myOrg/address/addressBook')),
        children: [{ path: 'detail', title: '通讯录详情', page: lazyPage(() => import('../../pages/portal/myOrg/address/addressBook/detail')) }],
      },
      { ...screen('myorg_login', '/portal/myOrg'), page: lazyPage(() => import('../../pages/portal/myOrg/loginJournal')) },
      {
        ...screen('myorg_aoc_account', '/portal/myOrg'),
        page: ACCOUNT_PAGES.aocList,
        children: [
          { path: 'view', title: '查看工商联账号', page: ACCOUNT_PAGES.aocView },
          { path: 'addAcount', title: '新增工商联账号', page: ACCOUNT_PAGES.aocAdd },
          { path: 'updateAcount', title: '修改工商联账号', page: ACCOUNT_PAGES.aocUpdate },
        ],
      },
      {
        ...screen('myorg_coc_account', '/portal/myOrg'),
        page: ACCOUNT_PAGES.cocList,
        children: [
          { path: 'view', title: '查看商会账号', page: ACCOUNT_PAGES.cocView },
          { path: 'add', title: '新增商会账号', page: ACCOUNT_PAGES.cocAdd },
          { path: 'update', title: '修改商会账号', page: ACCOUNT_PAGES.cocUpdate },
        ],
      },
      {
        ...screen('myorg_role', '/portal/myOrg'),
        page: ROLE_PAGES.list,
        children: [
          { path: 'add', title: '新增角色', page: ROLE_PAGES.add },
          { path: 'edit', title: '编辑角色', page: ROLE_PAGES.edit },
          { path: 'view', title: '查看角色', page: ROLE_PAGES.view },
        ],
      },
      { ...screen('myorg_mailbox', '/portal/myOrg'), page: lazyPage(() => import('../../pages/portal/myOrg/mailbox')) },
      {
        ...screen('myorg_address_detail', '/portal/myOrg'),
        redirect: 'JAPIOList',
        children: [
          { path: 'JAPIOList', title: '本组织信息', page: lazyPage(() => import('../../pages/portal/myOrg/address/addressBookDetail/JAPIOList')) },
          {
            path: 'subordinateOrganization',
            title: '下级组织',
            page: lazyPage(() => import('../../pages/portal/myOrg/address/addressBookDetail/subordinateOrganization')),
          },
          { path: 'directCoC', title: '直属商会', page: lazyPage(() => import('../../pages/portal/myOrg/address/addressBookDetail/directCoC')) },
        ],
      },
      // The org's own information: the org profile (组织档案) of the own org, guided, edited and read.
      { path: 'guidance', title: '填报指引', page: lazyPage(() => import('../../pages/portal/myOrg/orgInfo/guidance')) },
      { path: 'edit', title: '编辑组织信息', page: lazyPage(() => import('../../pages/portal/myOrg/orgInfo/edit')) },
      { path: 'detail', title: '组织信息详情', page: lazyPage(() => import('../../pages/portal/myOrg/orgInfo/detail')) },
      { path: 'aiHome', title: 'AI主页', page: lazyPage(() => import('../../pages/portal/myOrg/aiHome')) },
    ],
  },
  {
    ...screen('cockpit'),
    page: lazyPage(() => import('../../pages/portal/cockpit')),
    // It only opens the first cockpit of the list: no tab of its own.
    isTab: false,
    // The cockpit list: the big screen and 数据质量 (portal/dataquality/list).
    children: [
      { ...screen('cockpit_overview', '/portal/cockpit'), page: lazyPage(() => import('../../pages/portal/cockpit/OverviewPage')) },
      { ...screen('cockpit_quality', '/portal/cockpit'), page: lazyPage(() => import('../../pages/portal/cockpit/DataQuality')) },
    ],
  },
];

/** The news screens sit inside the /portal/real layout (specification §2). */
export const REAL_PAGES: PortalPageDef[] = [
  { path: 'real-time-info', title: '新闻资讯', page: lazyPage(() => import('../../pages/portal/news')) },
  { path: 'real-time-info2', title: '资讯详情', page: lazyPage(() => import('../../pages/portal/news/detail')) },
];
