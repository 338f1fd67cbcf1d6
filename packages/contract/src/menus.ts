/**
 * The one registry of menus, buttons and permission codes (wire contract §5).
 * The server seeds these rows into blade_menu, routes declare their permission with these codes,
 * and the web shows a button only when its code is in the user's permission map. A screen is declared
 * here once: the web's routes and section bars read its name and path from here.
 *
 * category 1 = menu (a route), 2 = button (an action). isOpen 2 = open in a new tab ("nojump").
 */
export interface MenuDef {
  code: string;
  name: string;
  path?: string;
  source?: string;
  category: 1 | 2;
  sort: number;
  isOpen?: 1 | 2;
  alias?: string;
  children?: MenuDef[];
}

const crudButtons = (menu: string, extra: Array<[string, string]> = []): MenuDef[] =>
  [[`${menu}_add`, '新增'], [`${menu}_edit`, '修改'], [`${menu}_delete`, '删除'], [`${menu}_view`, '查看'], ...extra].map(([code, name], i) => ({
    code,
    name,
    category: 2 as const,
    sort: i + 1,
  }));

const page = (code: string, name: string, path: string, sort: number, source: string, extra: Array<[string, string]> = []): MenuDef => ({
  code,
  name,
  path,
  source,
  category: 1,
  sort,
  children: crudButtons(code, extra),
});

/** An account screen of 我的组织 with its buttons (the account calls check the same codes, per profile tag). */
const accountScreen = (code: string, name: string, path: string, sort: number): MenuDef => ({
  code,
  name,
  path,
  source: 'user',
  category: 1,
  sort,
  children: (
    [
      ['add', '新增'],
      ['edit', '修改'],
      ['view', '查看'],
      ['enable', '账号启用'],
      ['disable', '账号禁用'],
      ['unlock', '账号解封'],
      ['reset', '密码重置'],
    ] as const
  ).map(([action, label], i) => ({ code: `${code}_${action}`, name: label, category: 2 as const, sort: i + 1 })),
});

/** The portal's top menu (specification §2 "Portal shell"). Only 我的一天 is always shown. */
export const PORTAL_MENU: MenuDef = {
  code: 'portal',
  name: '门户',
  path: '/portal',
  source: 'home',
  category: 1,
  sort: 1,
  children: [
    { code: 'portal_myday', name: '我的一天', path: '/portal/myDay', source: 'calendar', category: 1, sort: 1 },
    {
      code: 'portal_myapp',
      name: '业务应用',
      path: '/portal/myApp',
      source: 'appstore',
      category: 1,
      sort: 2,
      children: [
        // The message centre (specification §7 "Message centre"): compose and send notices, SMS and
        // e-mail to a range, follow up on delivery and reading. Receiving (我的一天 › 消息) needs no grant.
        {
          code: 'message',
          name: '消息中心',
          path: '/portal/myApp/message',
          source: 'message',
          category: 1,
          sort: 1,
          children: [
            { code: 'message_notice', name: '发送通知', category: 2, sort: 1 },
            { code: 'message_sms', name: '发送短信', category: 2, sort: 2 },
            { code: 'message_email', name: '发送邮件', category: 2, sort: 3 },
            { code: 'message_urgent', name: '紧急发送', category: 2, sort: 4 },
            { code: 'message_view', name: '查看', category: 2, sort: 5 },
          ],
        },
        // Association leadership by term (specification §1, §7 "Association"): the teams of the own org and
        // below by year, 沿用上届 (multiplexing), the lower-level list and its export; 大事记 and 协会基本信息
        // of the association's resume (ai-resume associationhistory / associationbase).
        page('association_leader', '领导班子', '/portal/myApp/leader', 2, 'team', [
          ['association_leader_multiplex', '沿用上届'],
          ['association_leader_export', '导出'],
        ]),
        page('association_history', '大事记', '/portal/myApp/associationHistory', 3, 'history'),
        page('association_base', '协会基本信息', '/portal/myApp/associationBase', 4, 'solution'),
        // 填报 (specification §1, §7 "Fill-in"): chambers fill in their committee members and representatives
        // and the association supplement (pages opened in a new tab); federations follow who has filled in.
        {
          code: 'fillin_collect',
          name: '委员及代表填报',
          path: '/subapp/fill-in',
          source: 'form',
          category: 1,
          sort: 5,
          isOpen: 2,
          children: crudButtons('fillin_collect', [
            ['fillin_collect_import', '导入'],
            ['fillin_collect_export', '导出'],
            ['fillin_collect_submit', '提交'],
          ]),
        },
        {
          code: 'fillin_supplement',
          name: '商会补充信息',
          path: '/subapp/fill-in-aoc',
          source: 'file-add',
          category: 1,
          sort: 6,
          isOpen: 2,
          children: [{ code: 'fillin_supplement_submit', name: '提交', category: 2, sort: 1 }],
        },
        {
          code: 'fillin_situation',
          name: '填报情况',
          path: '/portal/myApp/fillSituation',
          source: 'audit',
          category: 1,
          sort: 7,
          children: [
            { code: 'fillin_situation_remind', name: '提醒填报', category: 2, sort: 1 },
            { code: 'fillin_situation_return', name: '退回', category: 2, sort: 2 },
            { code: 'fillin_situation_export', name: '导出', category: 2, sort: 3 },
          ],
        },
      ],
    },
    {
      code: 'portal_database',
      name: '数据库查询',
      path: '/portal/database',
      source: 'database',
      category: 1,
      sort: 3,
      // Members: the three member lists, their change history, and the button that shows
      // personal data (phone and certificate numbers) unmasked — every such view is logged.
      children: [
        page('member_enterprise', '企业会员', '/portal/database/enterprise', 1, 'shop', [
          ['member_enterprise_import', '导入'],
          ['member_enterprise_export', '导出'],
        ]),
        page('member_group', '团体会员', '/portal/database/group', 2, 'cluster', [
          ['member_group_import', '导入'],
          ['member_group_export', '导出'],
        ]),
        page('member_person', '个人会员', '/portal/database/person', 3, 'user', [
          ['member_person_import', '导入'],
          ['member_person_export', '导出'],
        ]),
        { code: 'member_log', name: '变更记录', path: '/portal/database/log', source: 'history', category: 1, sort: 4 },
        page('chamber', '商会管理', '/portal/database/chamber', 5, 'bank'),
        { code: 'member_sensitive', name: '查看敏感信息', category: 2, sort: 6 },
        // Profiles: the person base, the enterprise base and the organisation profile with its
        // annual reports and member statistics. Unmasked personal data uses member_sensitive above.
        page('profile_person', '人员库', '/portal/database/personbase', 6, 'idcard'),
        page('profile_enterprise', '企业库', '/portal/database/enterprisebase', 7, 'bank'),
        page('profile_org', '组织档案', '/portal/database/orgprofile', 8, 'profile', [['profile_org_report', '年报提交与退回']]),
        // The honours of the orgs in scope (the org profile's 荣誉) and an org's current team in rank order.
        { code: 'portal_honor', name: '荣誉与领导排名', path: '/portal/database/honor', source: 'gift', category: 1, sort: 9 },
      ],
    },
    {
      code: 'cockpit',
      name: '领导驾驶舱',
      path: '/portal/cockpit',
      source: 'dashboard',
      category: 1,
      sort: 4,
      // The cockpit list (specification §3 cockpitList): the big screens of the scope's aggregates.
      children: [
        { code: 'cockpit_overview', name: '综合驾驶舱', path: '/portal/cockpit/overview', source: 'dashboard', category: 1, sort: 1 },
        { code: 'cockpit_quality', name: '数据质量', path: '/portal/cockpit/dataquality', source: 'audit', category: 1, sort: 2 },
      ],
    },
    {
      code: 'portal_news',
      name: '新闻',
      path: '/portal/real-time-info',
      source: 'read',
      category: 1,
      sort: 5,
      // 舆情监测: staff enter an item by hand (手工录入) and remove one entered or collected by mistake.
      children: [
        { code: 'portal_news_add', name: '手工录入', category: 2, sort: 1 },
        { code: 'portal_news_delete', name: '删除', category: 2, sort: 2 },
      ],
    },
    {
      code: 'portal_myorg',
      name: '我的组织',
      path: '/portal/myOrg',
      source: 'apartment',
      category: 1,
      sort: 6,
      children: [
        // The address books (specification §2 gslAddress, shAddress, addressBook, addressBookDetail): who
        // works in the org and the orgs around it, inside the user data scope. 维护 adds to, removes from
        // and orders a book (the accounts stay); full phone numbers only with 查看完整手机号 (logged).
        {
          code: 'myorg_gsl_address',
          name: '工商联通讯录',
          path: '/portal/myOrg/gslAddress',
          source: 'team',
          category: 1,
          sort: 11,
          children: [
            { code: 'myorg_gsl_address_edit', name: '维护', category: 2, sort: 1 },
            { code: 'myorg_gsl_address_export', name: '导出', category: 2, sort: 2 },
          ],
        },
        {
          code: 'myorg_sh_address',
          name: '商会通讯录',
          path: '/portal/myOrg/shAddress',
          source: 'team',
          category: 1,
          sort: 12,
          children: [
            { code: 'myorg_sh_address_edit', name: '维护', category: 2, sort: 1 },
            { code: 'myorg_sh_address_export', name: '导出', category: 2, sort: 2 },
          ],
        },
        {
          code: 'myorg_address_book',
          name: '通讯录',
          path: '/portal/myOrg/addressBook',
          source: 'book',
          category: 1,
          sort: 13,
          children: [{ code: 'myorg_address_phone', name: '查看完整手机号', category: 2, sort: 1 }],
        },
        { code: 'myorg_address_detail', name: '组织信息', path: '/portal/myOrg/addressBookDetail', source: 'apartment', category: 1, sort: 14 },
        // The org's own screens: the sign-ons of its accounts, and its sender mailbox (the message centre's
        // e-mail of the org goes out through it; 修改 saves and test-sends it, the password is never answered).
        { code: 'myorg_login', name: '登录日志', path: '/portal/myOrg/loginJournal', source: 'login', category: 1, sort: 31 },
        {
          code: 'myorg_mailbox',
          name: '邮箱配置',
          path: '/portal/myOrg/child/emailboxConfigure',
          source: 'mail',
          category: 1,
          sort: 32,
          children: [{ code: 'myorg_mailbox_edit', name: '修改', category: 2, sort: 1 }],
        },
        // Accounts and roles of one's own org and the orgs below (specification §2 child/…): federation accounts
        // (profile tag aoc), chamber accounts (coc), and the org's own roles, granted within the manager's own grants.
        accountScreen('myorg_aoc_account', '工商联账号管理', '/portal/myOrg/child/userAccountManagement', 20),
        accountScreen('myorg_coc_account', '商会账号管理', '/portal/myOrg/child/COCAccountManagement', 21),
        {
          code: 'myorg_role',
          name: '角色管理',
          path: '/portal/myOrg/child/roleManagement',
          source: 'team',
          category: 1,
          sort: 22,
          children: [
            { code: 'myorg_role_add', name: '新增', category: 2, sort: 1 },
            { code: 'myorg_role_edit', name: '编辑', category: 2, sort: 2 },
            { code: 'myorg_role_view', name: '查看', category: 2, sort: 3 },
          ],
        },
      ],
    },
  ],
};

/** Administration menus (BladeX's 系统管理 / 权限管理 / 日志管理), each with its button codes. */
export const ADMIN_MENUS: MenuDef[] = [
  {
    code: 'system',
    name: '系统管理',
    path: '/system',
    source: 'setting',
    category: 1,
    sort: 90,
    children: [
      page('user', '用户管理', '/system/user', 1, 'user', [
        ['user_role', '角色配置'],
        ['user_reset', '密码重置'],
        ['user_unlock', '账号解封'],
        ['user_enable', '账号启用'],
        ['user_disable', '账号禁用'],
        ['user_import', '导入'],
        ['user_export', '导出'],
      ]),
      page('dept', '机构管理', '/system/dept', 2, 'apartment'),
      page('post', '岗位管理', '/system/post', 3, 'idcard'),
      page('dict', '系统字典', '/system/dict', 4, 'book'),
      page('dictbiz', '业务字典', '/system/dictbiz', 5, 'profile'),
      page('menu', '菜单管理', '/system/menu', 6, 'menu'),
      page('topmenu', '顶部菜单', '/system/topmenu', 7, 'menu-fold', [['topmenu_setting', '菜单配置']]),
      page('param', '参数管理', '/system/param', 8, 'tool'),
      page('tenant', '租户管理', '/system/tenant', 9, 'team', [
        ['tenant_setting', '租户授权'],
        ['tenant_datasource', '数据源'],
      ]),
      page('tenantpackage', '租户产品包', '/system/tenantpackage', 10, 'gift'),
      page('datasource', '数据源管理', '/system/datasource', 14, 'database'),
      page('client', '应用管理', '/system/client', 11, 'api'),
      page('region', '行政区划', '/system/region', 12, 'environment'),
      page('versionupdatelog', '版本更新日志', '/system/versionupdatelog', 13, 'history'),
      // Uploaded files of the orgs in scope: who uploaded what, and removal (upload itself is open to
      // every signed-in user through put-file-attach).
      {
        code: 'attach',
        name: '附件管理',
        path: '/system/attach',
        source: 'paper-clip',
        category: 1,
        sort: 15,
        children: [
          { code: 'attach_view', name: '查看', category: 2, sort: 1 },
          { code: 'attach_delete', name: '删除', category: 2, sort: 2 },
        ],
      },
      // What the built-in delivery providers "sent" when no SMS gateway or SMTP server is configured,
      // and each org's SMS signature, daily quota and quiet hours.
      { code: 'sms_outbox', name: '短信发件箱', path: '/system/smsOutbox', source: 'mobile', category: 1, sort: 16 },
      { code: 'mail_outbox', name: '邮件发件箱', path: '/system/mailOutbox', source: 'mail', category: 1, sort: 17 },
      {
        code: 'sms_source',
        name: '短信签名与额度',
        path: '/system/smsSource',
        source: 'setting',
        category: 1,
        sort: 18,
        children: [{ code: 'sms_source_edit', name: '修改', category: 2, sort: 1 }],
      },
      // 客服中心's content: the common questions every user reads, and the suggestions box (replies reach
      // the sender through the message centre).
      {
        code: 'support_question',
        name: '常见问题管理',
        path: '/system/question',
        source: 'question-circle',
        category: 1,
        sort: 19,
        children: [
          { code: 'support_question_edit', name: '维护', category: 2, sort: 1 },
          { code: 'support_question_delete', name: '删除', category: 2, sort: 2 },
        ],
      },
      {
        code: 'support_suggestion',
        name: '意见建议',
        path: '/system/suggestion',
        source: 'message',
        category: 1,
        sort: 20,
        children: [{ code: 'support_suggestion_reply', name: '回复', category: 2, sort: 1 }],
      },
      // The fill-in's form templates (businesstag): fields, dictionaries and form helpers; a save is a new version.
      {
        code: 'fillin_template',
        name: '表单模板',
        path: '/system/formTemplate',
        source: 'form',
        category: 1,
        sort: 21,
        children: [{ code: 'fillin_template_edit', name: '修改', category: 2, sort: 1 }],
      },
      // 舆情监测's feeds and keywords, and each feed's health (last fetch, last error).
      {
        code: 'news_source',
        name: '舆情来源',
        path: '/system/newsSource',
        source: 'global',
        category: 1,
        sort: 21,
        children: [
          { code: 'news_source_edit', name: '维护', category: 2, sort: 1 },
          { code: 'news_source_delete', name: '删除', category: 2, sort: 2 },
          { code: 'news_source_fetch', name: '立即抓取', category: 2, sort: 3 },
        ],
      },
      // 业务应用's registered applications (portal/appList): name, icon, address, how it opens, order, 启用/停用.
      {
        code: 'portal_app',
        name: '业务应用管理',
        path: '/system/portalApp',
        source: 'appstore',
        category: 1,
        sort: 21,
        children: [
          { code: 'portal_app_edit', name: '维护', category: 2, sort: 1 },
          { code: 'portal_app_delete', name: '删除', category: 2, sort: 2 },
        ],
      },
    ],
  },
  {
    code: 'authority',
    name: '权限管理',
    path: '/authority',
    source: 'safety',
    category: 1,
    sort: 91,
    children: [
      page('role', '角色管理', '/authority/role', 1, 'team', [
        ['role_menu', '权限设置'],
        ['role_enable', '启用'],
        ['role_disable', '禁用'],
      ]),
      page('data_scope', '数据权限', '/authority/datascope', 2, 'filter'),
      page('api_scope', '接口权限', '/authority/apiscope', 3, 'lock'),
    ],
  },
  {
    code: 'monitor',
    name: '日志管理',
    path: '/monitor/log',
    source: 'file-search',
    category: 1,
    sort: 92,
    children: [
      { code: 'log_usual', name: '通用日志', path: '/monitor/log/usual', source: 'file-text', category: 1, sort: 1 },
      { code: 'log_api', name: '接口日志', path: '/monitor/log/api', source: 'file-text', category: 1, sort: 2 },
      { code: 'log_error', name: '错误日志', path: '/monitor/log/error', source: 'file-text', category: 1, sort: 3 },
      { code: 'log_login', name: '登录日志', path: '/monitor/log/login', source: 'login', category: 1, sort: 4 },
    ],
  },
];

export const MENU_TREE: MenuDef[] = [PORTAL_MENU, ...ADMIN_MENUS];

function collectCodes(nodes: MenuDef[], out: string[] = []): string[] {
  for (const n of nodes) {
    out.push(n.code);
    if (n.children) collectCodes(n.children, out);
  }
  return out;
}

/** The menu or button of a code, or undefined when the registry has none. */
export function menuOf(code: string, nodes: MenuDef[] = MENU_TREE): MenuDef | undefined {
  for (const n of nodes) {
    const found = n.code === code ? n : n.children && menuOf(code, n.children);
    if (found) return found;
  }
  return undefined;
}

/** A menu that is a screen: it has a path. */
export type ScreenDef = MenuDef & { path: string };
const isScreen = (m: MenuDef): m is ScreenDef => m.category === 1 && Boolean(m.path);

/** A menu and the screens below it (its children that are menus), in the registry's order. */
export const screensOf = (menu: MenuDef): ScreenDef[] => [menu, ...(menu.children ?? [])].filter(isScreen);

/** Every menu and button code; a route's `permission` must be one of these. */
export const PERMISSION_CODES = collectCodes(MENU_TREE);
export type PermissionCode = string & { readonly __permission?: unique symbol };

const codeSet = new Set(PERMISSION_CODES);
/** Returns the code typed as a permission, or throws at start-up when it is not in the registry. */
export function perm(code: string): PermissionCode {
  if (!codeSet.has(code)) throw new Error(`unknown permission code: ${code}`);
  return code as PermissionCode;
}
export const isPermissionCode = (code: string): code is PermissionCode => codeSet.has(code);
