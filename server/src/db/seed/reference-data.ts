/** Reference rows every installation has: dictionaries, parameters, roles. */

export const ROLES = [
  { alias: 'administrator', name: '超级管理员', sort: 1 },
  { alias: 'admin', name: '管理员', sort: 2 },
  { alias: 'aoc', name: '工商联工作人员', sort: 3 },
  { alias: 'coc', name: '商会工作人员', sort: 4 },
] as const;
export type RoleAlias = (typeof ROLES)[number]['alias'];

/** Menu codes each role holds on a new installation (administrators hold every menu anyway). */
export const DEFAULT_GRANTS: Record<Exclude<RoleAlias, 'administrator'>, { include: string[]; exclude?: string[] }> = {
  admin: { include: ['portal', 'system', 'authority', 'monitor'], exclude: ['tenant', 'tenantpackage', 'datasource', 'client'] },
  // Unmasked personal data of members (member_sensitive) and address-book phones (myorg_address_phone)
  // only for tenant admins by default; a chamber keeps no federation address book.
  // Chambers fill in (fillin_collect, fillin_supplement) and federations follow who has (fillin_situation); a
  // federation holds the fill-in grants too, or the grant ceiling would keep it from giving a chamber its role
  // (only chambers and associations may actually fill in: the server refuses other orgs).
  aoc: { include: ['portal'], exclude: ['member_sensitive', 'myorg_address_phone'] },
  // A chamber manages its own chamber accounts and roles, never federation accounts (myorg_aoc_account).
  coc: {
    include: ['portal'],
    exclude: ['cockpit', 'member_sensitive', 'message_urgent', 'myorg_address_phone', 'myorg_gsl_address', 'myorg_aoc_account', 'fillin_situation'],
  },
};

/**
 * Default data scope rules (BladeX scope types, wire contract §5) and the roles that hold them.
 * Federation staff see their federation and everything below it; chamber staff their own org.
 */
export const DEFAULT_SCOPES: Array<{ menu: string; resource: string; name: string; type: 1 | 2 | 3 | 4 | 5; roles: RoleAlias[] }> = [
  { menu: 'portal_myorg', resource: 'userlogin', name: '登录日志: 所在机构及子级可见', type: 4, roles: ['aoc', 'admin'] },
  { menu: 'portal_myorg', resource: 'userlogin', name: '登录日志: 所在机构可见', type: 3, roles: ['coc'] },
  { menu: 'portal_myorg', resource: 'userlogin', name: '登录日志: 本人可见', type: 2, roles: [] },
];

/** The log screens: tenant admins see the logs of users in their dept and below. */
export const LOG_SCOPES: typeof DEFAULT_SCOPES = [{ menu: 'monitor', resource: 'log', name: '日志: 所在机构及子级可见', type: 4, roles: ['admin'] }];

/** The product's own release notes, seeded once (administrators add later ones on the 版本更新日志 screen). */
export const VERSION_LOGS = [
  {
    versionNo: '0.1.0',
    title: '门户基础版本上线',
    updateType: 1,
    content:
      '统一身份认证登录(验证码、登录失败锁定);门户框架:我的一天、业务应用、数据库查询、领导驾驶舱、新闻、我的组织;多标签页与锁屏;系统参数、字典、业务字典、应用、日志管理。',
  },
];

type DictDef = { code: string; name: string; items: Array<[string, string]> };

/** System dictionaries (blade_dict): one root row per code, items as its children. */
export const DICTS: DictDef[] = [
  {
    code: 'sex',
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
      ['3', '未知'],
    ],
  },
  {
    code: 'yes_no',
    name: '是否',
    items: [
      ['0', '否'],
      ['1', '是'],
    ],
  },
  {
    code: 'status',
    name: '状态',
    items: [
      ['1', '启用'],
      ['0', '停用'],
    ],
  },
  {
    code: 'is_sealed',
    name: '是否封存',
    items: [
      ['0', '否'],
      ['1', '是'],
    ],
  },
  {
    code: 'menu_category',
    name: '菜单类型',
    items: [
      ['1', '菜单'],
      ['2', '按钮'],
    ],
  },
  {
    code: 'open_mode',
    name: '打开方式',
    items: [
      ['1', '当前页'],
      ['2', '新窗口(nojump)'],
    ],
  },
  {
    code: 'data_scope_type',
    name: '数据权限类型',
    items: [
      ['1', '全部可见'],
      ['2', '本人可见'],
      ['3', '所在机构可见'],
      ['4', '所在机构及子级可见'],
      ['5', '自定义'],
    ],
  },
  {
    code: 'api_scope_type',
    name: '接口权限类型',
    items: [
      ['1', '请求'],
      ['2', '授权'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    items: [
      ['1', '工商联'],
      ['2', '商会'],
      ['3', '协会'],
      ['4', '办事机构'],
    ],
  },
  {
    code: 'region_level',
    name: '行政级别',
    items: [
      ['1', '省级'],
      ['2', '市级'],
      ['3', '县级'],
    ],
  },
  {
    code: 'profile_tag',
    name: '人员标签',
    items: [
      ['aoc', '工商联工作人员'],
      ['coc', '商会工作人员'],
    ],
  },
  { code: 'system_type', name: '系统类型', items: [['aoc', '工商联']] },
];

/** Business dictionaries (blade_dict_biz). SHLX is the chamber category (specification §9: SHLX-05). */
export const DICT_BIZ: DictDef[] = [
  {
    code: 'SHLX',
    name: '商会类型',
    items: [
      ['SHLX-01', '行业商会'],
      ['SHLX-02', '地区商会'],
      ['SHLX-03', '乡镇(街道)商会'],
      ['SHLX-04', '江苏在外地商会'],
      ['SHLX-05', '异地商会'],
    ],
  },
  {
    code: 'chamber_type',
    name: '商会分类',
    items: [
      ['1', '行业商会'],
      ['2', '地区商会'],
      ['3', '异地商会(在苏)'],
      ['4', '江苏在外地商会'],
    ],
  },
  { code: 'term', name: '届别', items: Array.from({ length: 30 }, (_, i) => [String(i + 1), `第${toChineseOrdinal(i + 1)}届`] as [string, string]) },
];

export const PARAMS: Array<{ key: string; name: string; value: string; remark: string }> = [
  { key: 'portal.entry.default', name: '默认门户入口', value: 'jiangsu', remark: '未指定 entryCode 时使用' },
  { key: 'portal.banner.interval', name: '横幅切换间隔(毫秒)', value: '5000', remark: '门户页头横幅轮播间隔' },
  { key: 'portal.table.pageSize', name: '表格默认每页条数', value: '10', remark: '可选 10/30/50/100/200' },
  { key: 'account.lock.maxFailures', name: '登录失败锁定次数', value: '5', remark: '由 LOGIN_MAX_FAILURES 配置生效' },
  { key: 'account.lock.minutes', name: '登录锁定时长(分钟)', value: '30', remark: '由 LOGIN_LOCK_MINUTES 配置生效' },
];

function toChineseOrdinal(n: number): string {
  const d = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
  if (n < 10) return d[n];
  if (n === 10) return '十';
  if (n < 20) return `十${d[n - 10]}`;
  return `${d[Math.floor(n / 10)]}十${d[n % 10]}`;
}
