/**
 * Saber's 系统管理 and 权限管理 screens (src/api/system/*.js): dept, post, param, dict, dict-biz, menu,
 * top menu, role, data and api scopes, client, tenant and tenant package.
 */
import { call, crud, isList, isPage, need, ok, type Ctx, type SaberCall } from './saber-calls.js';

const firstId = (d: any): string | undefined => (Array.isArray(d) ? d[0]?.id : d?.records?.[0]?.id);

const rootsOf = (c: Ctx) => c.ids;

export const systemCalls = (): SaberCall[] => [
  // ---- 机构管理 (system/dept.js)
  call('system/dept.js getLazyList', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/dept/lazy-list', params: { parentId: 0 } }), (d) => {
      rootsOf(c).rootDept = firstId(d) ?? '';
      return isList(d);
    }),
  ),
  call('system/dept.js getList', async (s) => ok(await s.request({ url: '/api/blade-system/dept/list', params: { current: 1, size: 10 } }))),
  call('system/dept.js getDeptTree', async (s) => ok(await s.request({ url: '/api/blade-system/dept/tree', params: { tenantId: s.tenantId } }), isList)),
  call('system/dept.js getDeptLazyTree', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/dept/lazy-tree', params: { parentId: 0 } }), (d) => {
      c.ids.rootDept ||= firstId(d) ?? '';
      return isList(d);
    }),
  ),
  ...crud({
    module: 'system/dept.js',
    base: '/api/blade-system/dept',
    key: 'dept',
    list: 'lazy-list',
    listParams: { parentId: 0 },
    form: (c) => ({
      parentId: need(c, 'rootDept'),
      deptName: `赛博测试机构${c.tag}`,
      fullName: `赛博测试机构${c.tag}全称`,
      deptCategory: 4,
      sort: 99,
      remark: '',
    }),
    edit: () => ['sort', 98],
  }),
  call('system/dept.js getLazyList (expand)', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/dept/lazy-list', params: { parentId: need(c, 'rootDept') } }), isList),
  ),
  // 新增子项: the row's id as the parent, the rest of the form as 新增.
  call('system/dept.js add (child)', async (s, c) => {
    const r = await s.request({
      url: '/api/blade-system/dept/submit',
      method: 'post',
      data: { parentId: need(c, 'rootDept'), deptName: `赛博子机构${c.tag}`, fullName: `赛博子机构${c.tag}全称`, deptCategory: 4, sort: 97, remark: '' },
    });
    const o = ok(r);
    if (o !== true) return o;
    c.ids.childDept = String(r.data.data?.id ?? '');
    return ok(await s.request({ url: '/api/blade-system/dept/detail', params: { id: need(c, 'childDept') } }), (d) =>
      String(d?.parentId) === c.ids.rootDept ? true : 'not under its parent',
    );
  }),
  call('system/dept.js remove (child)', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/dept/remove', method: 'post', params: { ids: need(c, 'childDept') } })),
  ),

  // ---- 岗位管理 (system/post.js)
  call('system/post.js getPostList', async (s) => ok(await s.request({ url: '/api/blade-system/post/select', params: { tenantId: s.tenantId } }), isList)),
  ...crud({
    module: 'system/post.js',
    base: '/api/blade-system/post',
    key: 'post',
    listCheck: isPage,
    form: (c) => ({ category: 1, postCode: `sb${c.tag}`, postName: `赛博岗位${c.tag}`, sort: 9, remark: '' }),
    edit: (row) => ['postName', `${row.postName}改`],
  }),

  // ---- 参数管理 (system/param.js)
  ...crud({
    module: 'system/param.js',
    base: '/api/blade-system/param',
    key: 'param',
    listCheck: isPage,
    form: (c) => ({ paramName: `赛博参数${c.tag}`, paramKey: `saber.test.${c.tag}`, paramValue: '1', remark: '' }),
    edit: () => ['paramValue', '2'],
  }),

  // ---- 系统字典 / 业务字典 (system/dict.js, system/dictbiz.js)
  ...dictCalls('system/dict.js', '/api/blade-system/dict', 'dict'),
  ...dictCalls('system/dictbiz.js', '/api/blade-system/dict-biz', 'dictBiz'),

  // ---- 菜单管理 (system/menu.js)
  call('system/menu.js getLazyList', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/menu/lazy-list', params: { parentId: 0 } }), (d) => {
      c.ids.rootMenu = firstId(d) ?? '';
      return isList(d);
    }),
  ),
  call('system/menu.js getList', async (s) => ok(await s.request({ url: '/api/blade-system/menu/list', params: { current: 1, size: 10 } }), isList)),
  call('system/menu.js getMenuTree', async (s) => ok(await s.request({ url: '/api/blade-system/menu/tree', params: { tenantId: s.tenantId } }), isList)),
  call('system/menu.js getLazyMenuList', async (s) => ok(await s.request({ url: '/api/blade-system/menu/lazy-menu-list', params: { parentId: 0 } }), isList)),
  call('system/menu.js getMenuList', async (s) => ok(await s.request({ url: '/api/blade-system/menu/menu-list', params: { current: 1, size: 10 } }), isList)),
  call('system/menu.js getTopMenu', async (s) => ok(await s.request({ url: '/api/blade-system/menu/top-menu' }), isList)),
  call('system/menu.js getRoutes', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/menu/routes', params: { topMenuId: c.ids.topMenu ?? '' } }), isList),
  ),
  ...crud({
    module: 'system/menu.js',
    base: '/api/blade-system/menu',
    key: 'menu',
    list: 'lazy-list',
    listParams: { parentId: 0 },
    form: (c) => ({
      parentId: need(c, 'rootMenu'),
      code: `saber_${c.tag}`,
      name: `赛博菜单${c.tag}`,
      alias: 'menu',
      path: `/saber/${c.tag}`,
      source: 'iconfont',
      sort: 90,
      category: 1,
      action: 0,
      isOpen: 1,
      remark: '',
    }),
    edit: () => ['sort', 91],
  }),
  call('system/menu.js getLazyList (expand)', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/menu/lazy-list', params: { parentId: need(c, 'rootMenu') } }), isList),
  ),
  // 新增子项: a button under a menu.
  call('system/menu.js add (child button)', async (s, c) => {
    const r = await s.request({
      url: '/api/blade-system/menu/submit',
      method: 'post',
      data: {
        parentId: need(c, 'rootMenu'),
        code: `saber_btn_${c.tag}`,
        name: `赛博按钮${c.tag}`,
        alias: 'add',
        path: '',
        source: '',
        sort: 1,
        category: 2,
        action: 1,
        isOpen: 1,
        remark: '',
      },
    });
    const o = ok(r);
    if (o !== true) return o;
    c.ids.childMenu = String(r.data.data?.id ?? '');
    return ok(await s.request({ url: '/api/blade-system/menu/detail', params: { id: need(c, 'childMenu') } }), (d) =>
      String(d?.parentId) === c.ids.rootMenu && Number(d?.category) === 2 ? true : 'not a button under its menu',
    );
  }),
  call('system/menu.js remove (child button)', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/menu/remove', method: 'post', params: { ids: need(c, 'childMenu') } })),
  ),

  // ---- 顶部菜单 (system/topmenu.js)
  ...crud({
    module: 'system/topmenu.js',
    base: '/api/blade-system/topmenu',
    key: 'topMenu',
    listCheck: isPage,
    form: (c) => ({ code: `saber${c.tag}`, name: `赛博顶部${c.tag}`, source: 'iconfont', path: '', sort: 9 }),
    edit: () => ['sort', 8],
  }).filter((x) => !x.name.endsWith('remove')),
  call('system/topmenu.js grantTree', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/menu/grant-top-tree' }), (d) => {
      c.ids.topMenuTreeMenu = d?.menu?.[0]?.id ?? '';
      return Array.isArray(d?.menu) ? true : 'not { menu }';
    }),
  ),
  call('system/topmenu.js grant', async (s, c) =>
    ok(
      await s.request({
        url: '/api/blade-system/topmenu/grant',
        method: 'post',
        data: { topMenuIds: [need(c, 'topMenu')], menuIds: [need(c, 'topMenuTreeMenu')] },
      }),
    ),
  ),
  call('system/topmenu.js getTopTree', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/menu/top-tree-keys', params: { topMenuIds: need(c, 'topMenu') } }), (d) =>
      Array.isArray(d?.menu) && d.menu.map(String).includes(c.ids.topMenuTreeMenu) ? true : 'grant not read back as { menu }',
    ),
  ),
  call('system/topmenu.js remove', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/topmenu/remove', method: 'post', params: { ids: need(c, 'topMenu') } })),
  ),

  // ---- 角色管理 (system/role.js)
  call('system/role.js getList', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/role/list', params: { current: 1, size: 10 } }), (d) => {
      c.ids.firstRole = firstId(d) ?? '';
      return isList(d);
    }),
  ),
  call('system/role.js getRoleTree', async (s) => ok(await s.request({ url: '/api/blade-system/role/tree', params: { tenantId: s.tenantId } }), isList)),
  call('system/role.js getRoleTreeById', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/role/tree-by-id', params: { roleId: need(c, 'firstRole') } }), isList),
  ),
  ...crud({
    module: 'system/role.js',
    base: '/api/blade-system/role',
    key: 'role',
    form: (c) => ({ roleName: `赛博角色${c.tag}`, roleAlias: `saber${c.tag}`, sort: 9, parentId: 0 }),
    edit: () => ['sort', 8],
  }).filter((x) => !x.name.endsWith('remove')),
  call('system/role.js grantTree', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/menu/grant-tree' }), (d) => {
      c.ids.grantMenu = d?.menu?.[0]?.id ?? '';
      // A scope tree's leaves are the scopes (its inner nodes the menus they belong to).
      const leaf = (nodes: any[] | undefined): string => {
        for (const n of nodes ?? []) {
          const found = n.children?.length ? leaf(n.children) : String(n.id ?? '');
          if (found) return found;
        }
        return '';
      };
      c.ids.grantData = leaf(d?.dataScope);
      c.ids.grantApi = leaf(d?.apiScope);
      return Array.isArray(d?.menu) ? true : 'not { menu, dataScope, apiScope }';
    }),
  ),
  call('system/role.js grant', async (s, c) =>
    ok(
      await s.request({
        url: '/api/blade-system/role/grant',
        method: 'post',
        data: { roleIds: [need(c, 'role')], menuIds: [need(c, 'grantMenu')], dataScopeIds: [], apiScopeIds: [] },
      }),
    ),
  ),
  call('system/role.js getRole', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/menu/role-tree-keys', params: { roleIds: need(c, 'role') } }), (d) =>
      JSON.stringify(d).includes(c.ids.grantMenu) ? true : 'grant not read back',
    ),
  ),
  // 权限设置 with 数据权限 (and 接口权限, when there are any) ticked too: all read back.
  call('system/role.js grant (data and api scopes)', async (s, c) => {
    const apiScopeIds = c.ids.grantApi ? [c.ids.grantApi] : [];
    const o = ok(
      await s.request({
        url: '/api/blade-system/role/grant',
        method: 'post',
        data: { roleIds: [need(c, 'role')], menuIds: [need(c, 'grantMenu')], dataScopeIds: [need(c, 'grantData')], apiScopeIds },
      }),
    );
    if (o !== true) return o;
    return ok(await s.request({ url: '/api/blade-system/menu/role-tree-keys', params: { roleIds: need(c, 'role') } }), (d) =>
      [c.ids.grantMenu, c.ids.grantData, ...apiScopeIds].every((id) => JSON.stringify(d).includes(`"${id}"`)) ? true : 'scopes not read back',
    );
  }),
  call('system/role.js remove', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/role/remove', method: 'post', params: { ids: need(c, 'role') } })),
  ),

  // ---- 数据权限 / 接口权限 (system/scope.js)
  ...crud({
    module: 'system/scope.js dataScope',
    base: '/api/blade-system/data-scope',
    key: 'dataScope',
    listParams: { menuId: 0 },
    form: (c) => ({
      menuId: need(c, 'rootMenu'),
      resourceCode: 'dept',
      scopeName: `赛博数据权限${c.tag}`,
      scopeField: 'dept_id',
      scopeClass: '',
      scopeColumn: 'dept_id',
      scopeType: 3,
      scopeValue: '',
      remark: '',
    }),
    edit: (row) => ['scopeName', `${row.scopeName}改`],
  }),
  ...crud({
    module: 'system/scope.js apiScope',
    base: '/api/blade-system/api-scope',
    key: 'apiScope',
    listParams: { menuId: 0 },
    form: (c) => ({
      menuId: need(c, 'rootMenu'),
      resourceCode: 'saber',
      scopeName: `赛博接口权限${c.tag}`,
      scopePath: `/api/blade-system/saber-${c.tag}/**`,
      scopeType: 1,
      remark: '',
    }),
    edit: (row) => ['scopeName', `${row.scopeName}改`],
  }),

  // The 权限 drawer of one menu.
  call('system/scope.js getListDataScope (menuId)', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/data-scope/list', params: { current: 1, size: 10, menuId: need(c, 'rootMenu') } })),
  ),
  call('system/scope.js getListApiScope (menuId)', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/api-scope/list', params: { current: 1, size: 10, menuId: need(c, 'rootMenu') } })),
  ),

  // ---- 应用管理 (system/client.js)
  ...crud({
    module: 'system/client.js',
    base: '/api/blade-system/client',
    key: 'client',
    listCheck: isPage,
    form: (c) => ({
      clientId: `saber${c.tag}`,
      clientSecret: `saber-secret-${c.tag}-0123456789abcdef`,
      scope: 'all',
      authorizedGrantTypes: 'refresh_token,password,captcha',
      webServerRedirectUri: '',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    }),
    edit: () => ['accessTokenValidity', 1800],
  }),
];

function dictCalls(module: string, base: string, key: string): SaberCall[] {
  return [
    call(`${module} getParentList`, async (s, c) =>
      ok(await s.request({ url: `${base}/parent-list`, params: { current: 1, size: 10 } }), (d) => {
        c.ids[`${key}Root`] = firstId(d) ?? '';
        return isPage(d);
      }),
    ),
    call(`${module} getChildList`, async (s, c) =>
      ok(await s.request({ url: `${base}/child-list`, params: { current: 1, size: 10, parentId: need(c, `${key}Root`) } }), isList),
    ),
    call(`${module} getList`, async (s) => ok(await s.request({ url: `${base}/list`, params: { current: 1, size: 10 } }))),
    call(`${module} getDictTree`, async (s) => ok(await s.request({ url: `${base}/tree` }), isList)),
    call(`${module} getDictionary`, async (s) => ok(await s.request({ url: `${base}/dictionary`, params: { code: 'sex' } }), isList)),
    ...crud({
      module,
      base,
      key,
      list: 'parent-list',
      listCheck: isPage,
      form: (c) => ({ parentId: 0, code: `saber_${key}_${c.tag}`, dictKey: -1, dictValue: `赛博字典${c.tag}`, sort: 1, isSealed: 0, remark: '' }),
      edit: () => ['sort', 2],
    }).filter((x) => !x.name.endsWith('remove')),
    // Saber's item form sends the key as the number it typed.
    call(`${module} add (item)`, async (s, c) => {
      const r = await s.request({
        url: `${base}/submit`,
        method: 'post',
        data: { parentId: need(c, key), code: `saber_${key}_${c.tag}`, dictKey: 1, dictValue: '赛博一', sort: 1, isSealed: 0, remark: '' },
      });
      const o = ok(r);
      if (o !== true) return o;
      c.ids[`${key}Item`] = String(r.data.data?.id ?? '');
      return c.ids[`${key}Item`] ? true : 'no id';
    }),
    call(`${module} getDict (item)`, async (s, c) =>
      ok(await s.request({ url: `${base}/detail`, params: { id: need(c, `${key}Item`) } }), (d) => {
        c.rows[`${key}Item`] = d;
        return String(d?.id) === c.ids[`${key}Item`] ? true : 'another item';
      }),
    ),
    // 字典配置's 修改: the item it read (parentName, dictKey …) with its value edited.
    call(`${module} update (item)`, async (s, c) => {
      const row = c.rows[`${key}Item`];
      if (!row) return 'no item read';
      const o = ok(await s.request({ url: `${base}/submit`, method: 'post', data: { ...row, dictValue: '赛博一改' } }));
      if (o !== true) return o;
      return ok(await s.request({ url: `${base}/detail`, params: { id: need(c, `${key}Item`) } }), (d) => (d?.dictValue === '赛博一改' ? true : 'not saved'));
    }),
    call(`${module} remove`, async (s, c) =>
      ok(await s.request({ url: `${base}/remove`, method: 'post', params: { ids: [need(c, `${key}Item`), need(c, key)].join(',') } })),
    ),
  ];
}
