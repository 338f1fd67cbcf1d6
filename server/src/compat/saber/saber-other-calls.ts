/**
 * Saber's other screens: users (system/user.js), tenants and packages (system/tenant.js,
 * system/tenantpackage.js), notices (desk/notice.js), attachments (resource/attach.js), regions
 * (base/region.js), logs (logs.js) and the shell's own calls (user.js).
 */
import { excel } from '../../platform/files/excel.js';
import { md5, type SaberClient } from './saber-client.js';
import { call, crud, file, isList, isPage, need, ok, type SaberCall } from './saber-calls.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const firstId = (d: any): string | undefined => (Array.isArray(d) ? d[0]?.id : d?.records?.[0]?.id);

export const shellCalls = (): SaberCall[] => [
  call('user.js getUserInfo', async (s) => ok(await s.request({ url: '/api/blade-auth/oauth/user-info' }))),
  call('user.js getButtons', async (s) =>
    ok(await s.request({ url: '/api/blade-system/menu/buttons' }), (d) => {
      // Saber's permission builder: every leaf's code; a leaf carries no children list at all.
      const leaves: any[] = [];
      const walk = (nodes: any[]) => nodes.forEach((n) => (n.children ? walk(n.children) : leaves.push(n)));
      walk(d);
      return leaves.length && leaves.every((n) => !('children' in n)) ? true : 'leaves carry children';
    }),
  ),
  call('user.js getMenu', async (s) => ok(await s.request({ url: '/api/blade-system/menu/routes' }), isList)),
  call('user.js getTopMenu', async (s) => ok(await s.request({ url: '/api/blade-system/menu/top-menu' }), isList)),
  call('user.js clearCache', async (s) => ok(await s.request({ url: '/api/blade-auth/oauth/clear-cache' }))),
];

export const userCalls = (): SaberCall[] => [
  call('system/user.js getList', async (s, c) =>
    ok(await s.request({ url: '/api/blade-user/page', params: { current: 1, size: 10, deptId: '' } }), (d) => {
      const u = d?.records?.find((r: any) => r.account !== 'admin');
      c.ids.someUser = u?.id ?? '';
      if (!u) return 'no users';
      return 'roleName' in u && 'roleId' in u && 'deptName' in u && 'tenantName' in u ? true : 'no BladeX labels (roleId, roleName, deptName, tenantName)';
    }),
  ),
  // A dept chosen in the tree beside the list.
  call('system/user.js getList (deptId)', async (s, c) =>
    ok(await s.request({ url: '/api/blade-user/page', params: { current: 1, size: 10, deptId: need(c, 'rootDept') } }), isPage),
  ),
  ...crud({
    module: 'system/user.js',
    base: '/api/blade-user',
    key: 'user',
    list: 'page',
    listCheck: isPage,
    update: 'update',
    form: (c) => ({
      account: `saber${c.tag}`,
      password: 'Saber@2026x',
      password2: 'Saber@2026x',
      realName: '赛博用户',
      name: '赛博',
      deptId: need(c, 'rootDept'),
      roleIds: need(c, 'firstRole'),
      phone: `139${String(c.tag).padStart(8, '0')}`,
      email: '',
      sex: 1,
    }),
    edit: () => ['realName', '赛博用户改'],
  }).filter((x) => !x.name.endsWith('remove')),
  call('system/user.js getUserPlatform', async (s, c) =>
    ok(await s.request({ url: '/api/blade-user/platform-detail', params: { id: need(c, 'user') } }), (d) => {
      c.rows.platform = d;
      return d?.userType != null && typeof d.userExt === 'string' ? true : 'no userType / userExt';
    }),
  ),
  // 平台配置's dialog: the user type it read and the extension typed, in the query; then read back.
  call('system/user.js updatePlatform', async (s, c) => {
    const row = c.rows.platform;
    if (!row) return 'no platform detail read';
    const userExt = JSON.stringify({ employeeNo: `sb${c.tag}` });
    const o = ok(
      await s.request({ url: '/api/blade-user/update-platform', method: 'post', params: { userId: need(c, 'user'), userType: row.userType, userExt } }),
    );
    if (o !== true) return o;
    return ok(await s.request({ url: '/api/blade-user/platform-detail', params: { id: need(c, 'user') } }), (d) =>
      d?.userExt === userExt ? true : 'userExt not saved',
    );
  }),
  call('system/user.js grant', async (s, c) =>
    ok(await s.request({ url: '/api/blade-user/grant', method: 'post', params: { userIds: need(c, 'user'), roleIds: need(c, 'firstRole') } })),
  ),
  // The edit dialog opened again: the role just granted is read back.
  call('system/user.js getUser (after grant)', async (s, c) =>
    ok(await s.request({ url: '/api/blade-user/detail', params: { id: need(c, 'user') } }), (d) =>
      String(d?.roleId ?? '')
        .split(',')
        .includes(c.ids.firstRole)
        ? true
        : 'grant not read back',
    ),
  ),
  call('system/user.js resetPassword', async (s, c) =>
    ok(await s.request({ url: '/api/blade-user/reset-password', method: 'post', params: { userIds: need(c, 'user') } })),
  ),
  call('system/user.js unlock', async (s, c) => ok(await s.request({ url: '/api/blade-user/unlock', method: 'post', params: { userIds: need(c, 'user') } }))),
  call('system/user.js importUser', async (s, c) => {
    const wb = new (await excel()).Workbook();
    const ws = wb.addWorksheet('用户');
    ws.addRow(['账号', '姓名', '手机号码', '所属机构']);
    ws.addRow([`sbi${c.tag}`, '赛博导入', `138${String(c.tag).padStart(8, '0')}`, need(c, 'rootDept')]);
    const o = ok(await s.upload('/api/blade-user/import-user?isCovered=0', 'user.xlsx', Buffer.from(await wb.xlsx.writeBuffer()), XLSX), (d) =>
      d?.imported === 1 ? true : `imported ${JSON.stringify(d).slice(0, 160)}`,
    );
    if (o !== true) return o;
    return ok(await s.request({ url: '/api/blade-user/page', params: { current: 1, size: 10, account: `sbi${c.tag}` } }), (d) =>
      d?.records?.length === 1 ? true : 'not listed',
    );
  }),
  call('system/user.js exportUser', async (s) => file(await s.open('/api/blade-user/export-user', { account: '' }))),
  call('system/user.js exportTemplate', async (s) => file(await s.open('/api/blade-user/export-template'))),
  call('system/user.js remove', async (s, c) => ok(await s.request({ url: '/api/blade-user/remove', method: 'post', params: { ids: need(c, 'user') } }))),
  call('system/user.js getUserInfo', async (s, c) =>
    ok(await s.request({ url: '/api/blade-user/info' }), (d) => {
      c.rows.me = d;
      return d?.id ? true : 'no id';
    }),
  ),
  call('system/user.js updateInfo', async (s, c) => {
    const me = c.rows.me;
    if (!me) return 'no info read';
    const o = ok(await s.request({ url: '/api/blade-user/update-info', method: 'post', data: { ...me, name: '管理员' } }));
    if (o !== true) return o;
    return ok(await s.request({ url: '/api/blade-user/info' }), (d) => (d?.name === '管理员' ? true : 'not saved'));
  }),
  call('system/user.js updatePassword', async (s, c) => {
    const r = await s.request({
      url: '/api/blade-user/update-password',
      method: 'post',
      params: { oldPassword: md5(c.rows.password), newPassword: md5(`${c.rows.password}x`), newPassword1: md5(`${c.rows.password}x`) },
    });
    const o = ok(r);
    if (o === true) c.rows.password = `${c.rows.password}x`;
    return o;
  }),
];

export const tenantCalls = (): SaberCall[] => [
  call('system/tenant.js info', async (s) => ok(await s.request({ url: '/api/blade-system/tenant/info', params: { domain: 'http://127.0.0.1' } }))),
  call('system/tenant.js select', async (s) => ok(await s.request({ url: '/api/blade-system/tenant/select' }), isList)),
  call('system/tenantpackage.js select', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/tenant-package/select' }), (d) => {
      c.ids.somePackage = firstId(d) ?? '';
      return isList(d);
    }),
  ),
  ...crud({
    module: 'system/tenantpackage.js',
    base: '/api/blade-system/tenant-package',
    key: 'package',
    listCheck: isPage,
    form: (c) => ({ packageName: `赛博产品包${c.tag}`, menuIds: need(c, 'rootMenu'), remark: '' }),
    edit: () => ['remark', '改'],
  }),
  call('system/tenant.js getList', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/tenant/list', params: { current: 1, size: 10 } }), (d) => {
      c.ids.tenant = d?.records?.[0]?.id ?? '';
      c.ids.tenantCode = d?.records?.[0]?.tenantId ?? '';
      return isPage(d);
    }),
  ),
  call('system/tenant.js getDetail', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/tenant/detail', params: { id: need(c, 'tenant') } }), (d) => {
      c.rows.tenant = d;
      return d?.id ? true : 'no detail';
    }),
  ),
  call('system/tenant.js update', async (s, c) => {
    const row = c.rows.tenant;
    if (!row) return 'no detail';
    const o = ok(await s.request({ url: '/api/blade-system/tenant/submit', method: 'post', data: { ...row, address: '南京市' } }));
    if (o !== true) return o;
    return ok(await s.request({ url: '/api/blade-system/tenant/detail', params: { id: need(c, 'tenant') } }), (d) =>
      d?.address === '南京市' ? true : 'not saved',
    );
  }),
  call('system/tenant.js add', async (s, c) => {
    const r = await s.request({
      url: '/api/blade-system/tenant/submit',
      method: 'post',
      data: {
        tenantName: `赛博租户${c.tag}`,
        domainUrl: '',
        linkman: '赛博',
        contactNumber: '13900000000',
        address: '',
        accountNumber: -1,
        expireTime: '',
        packageId: '',
      },
    });
    const o = ok(r);
    if (o !== true) return o;
    c.ids.newTenant = String(r.data.data?.id ?? '');
    return ok(await s.request({ url: '/api/blade-system/tenant/detail', params: { id: need(c, 'newTenant') } }), (d) =>
      d?.tenantName === `赛博租户${c.tag}` ? true : 'not read back',
    );
  }),
  call('system/tenant.js remove', async (s, c) => {
    const o = ok(await s.request({ url: '/api/blade-system/tenant/remove', method: 'post', params: { ids: need(c, 'newTenant') } }));
    if (o !== true) return o;
    const after = await s.request({ url: '/api/blade-system/tenant/detail', params: { id: need(c, 'newTenant') } });
    return after.status === 404 || (after.status === 200 && after.data?.data == null) ? true : 'still there';
  }),
  call('system/tenant.js setting', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/tenant/setting', method: 'post', params: { ids: need(c, 'tenant'), accountNumber: -1, expireTime: '' } })),
  ),
  call('system/tenant.js packageInfo', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/tenant/package-detail', params: { tenantId: need(c, 'tenant') } })),
  ),
  call('system/tenant.js packageSetting', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/tenant/package-setting', method: 'post', params: { tenantId: need(c, 'tenant'), packageId: '' } })),
  ),
];

export const deskCalls = (): SaberCall[] => [
  ...crud({
    module: 'desk/notice.js',
    base: '/api/blade-desk/notice',
    key: 'notice',
    listCheck: isPage,
    form: (c) => ({ title: `赛博通知${c.tag}`, category: 1, releaseTime: '2026-01-01 00:00:00', content: '<p>通知内容</p>' }),
    edit: () => ['content', '<p>改</p>'],
  }),
  // 附件管理: avue's upload, then the list, a detail and remove.
  call('resource/attach.js upload (put-file-attach)', async (s, c) =>
    ok(await s.upload('/api/blade-resource/oss/endpoint/put-file-attach', `saber-${c.tag}.txt`, Buffer.from('赛博附件')), (d) =>
      d?.originalName || d?.name || d?.link ? true : 'no file answer',
    ),
  ),
  call('resource/attach.js getList', async (s, c) =>
    ok(await s.request({ url: '/api/blade-resource/attach/list', params: { current: 1, size: 10 } }), (d) => {
      const row = d?.records?.find((r: any) => String(r.originalName ?? r.name ?? '').includes(c.tag));
      c.ids.attach = row?.id ?? '';
      c.ids.attachLink = row?.link ?? '';
      return isPage(d);
    }),
  ),
  // 下载: window.open(row.link).
  call('resource/attach.js download (link)', async (s, c) => {
    const r = await s.open(need(c, 'attachLink'));
    return r.status === 200 && Buffer.from(r.data).toString('utf8') === '赛博附件' ? true : `${r.status}`;
  }),
  call('resource/attach.js getDetail', async (s, c) => ok(await s.request({ url: '/api/blade-resource/attach/detail', params: { id: need(c, 'attach') } }))),
  call('resource/attach.js remove', async (s, c) =>
    ok(await s.request({ url: '/api/blade-resource/attach/remove', method: 'post', params: { ids: need(c, 'attach') } })),
  ),
  call('base/region.js getLazyTree', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/region/lazy-tree', params: { parentCode: '00' } }), (d) => {
      c.ids.province = d?.[0]?.id ?? d?.[0]?.code ?? '';
      return isList(d);
    }),
  ),
  call('base/region.js getLazyTree (expand)', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/region/lazy-tree', params: { parentCode: need(c, 'province') } }), (d) =>
      Array.isArray(d) && d.length && d.every((n: any) => String(n.code ?? n.id).startsWith(c.ids.province)) ? true : 'not the province’s cities',
    ),
  ),
  call('base/region.js getLazyList', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/region/lazy-list', params: { parentCode: need(c, 'province') } }), isList),
  ),
  call('base/region.js getDetail', async (s, c) => ok(await s.request({ url: '/api/blade-system/region/detail', params: { code: need(c, 'province') } }))),
  call('base/region.js getRegion (select)', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/region/select', params: { code: need(c, 'province') } }), isList),
  ),
  call('base/region.js getList', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/region/list', params: { current: 1, size: 10, parentCode: need(c, 'province') } }), isPage),
  ),
  // 新增下级: the parent's code and the new division's own part (subCode), as the region form sends them.
  call('base/region.js submit (add)', async (s, c) => {
    const o = ok(
      await s.request({
        url: '/api/blade-system/region/submit',
        method: 'post',
        data: { parentCode: need(c, 'province'), subCode: '99', name: `赛博区${c.tag}`, regionLevel: 2, sort: 99, remark: '' },
      }),
    );
    if (o !== true) return o;
    c.ids.region = `${need(c, 'province')}99`;
    return ok(await s.request({ url: '/api/blade-system/region/detail', params: { code: c.ids.region } }), (d) =>
      d?.name === `赛博区${c.tag}` ? true : 'not read back',
    );
  }),
  call('base/region.js getDetail (local)', async (s, c) =>
    ok(await s.request({ url: '/api/blade-system/region/detail', params: { code: need(c, 'region') } }), (d) => {
      c.rows.region = d;
      return d?.code === c.ids.region ? true : 'another division';
    }),
  ),
  call('base/region.js submit (update)', async (s, c) => {
    const row = c.rows.region;
    if (!row) return 'no detail read';
    const o = ok(await s.request({ url: '/api/blade-system/region/submit', method: 'post', data: { ...row, name: `${row.name}改` } }));
    if (o !== true) return o;
    return ok(await s.request({ url: '/api/blade-system/region/detail', params: { code: need(c, 'region') } }), (d) =>
      d?.name === `${row.name}改` ? true : 'name not saved',
    );
  }),
  call('base/region.js remove', async (s, c) => {
    const o = ok(await s.request({ url: '/api/blade-system/region/remove', method: 'post', params: { id: need(c, 'region') } }));
    if (o !== true) return o;
    const after = await s.request({ url: '/api/blade-system/region/detail', params: { code: need(c, 'region') } });
    return after.status === 404 ? true : 'still there';
  }),
  call('base/region.js importRegion (isCovered)', async (s, c) => {
    const wb = new (await excel()).Workbook();
    const ws = wb.addWorksheet('行政区划');
    ws.addRow(['区划编号', '上级区划编号', '区划名称', '排序', '备注']);
    ws.addRow([`${need(c, 'province')}98`, need(c, 'province'), `赛博导入区${c.tag}`, 98, '']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const o = ok(await s.upload('/api/blade-system/region/import-region?isCovered=1', 'region.xlsx', file, XLSX), (d) =>
      d?.imported === 1 ? true : `imported ${JSON.stringify(d).slice(0, 120)}`,
    );
    if (o !== true) return o;
    return ok(await s.request({ url: '/api/blade-system/region/detail', params: { code: `${need(c, 'province')}98` } }), (d) =>
      d?.name === `赛博导入区${c.tag}` ? true : 'not imported',
    );
  }),
  call('base/region.js exportTemplate', async (s) => file(await s.open('/api/blade-system/region/export-template'))),
  call('base/region.js exportRegion', async (s) => file(await s.open('/api/blade-system/region/export-region'))),
  ...logCalls(),
];

function logCalls(): SaberCall[] {
  return (['usual', 'api', 'error'] as const).flatMap((kind) => [
    call(`logs.js get${kind}List`, async (s: SaberClient, c) =>
      ok(await s.request({ url: `/api/blade-log/${kind}/list`, params: { current: 1, size: 10 } }), (d) => {
        c.ids[`log_${kind}`] = d?.records?.[0]?.id ?? '';
        return isPage(d);
      }),
    ),
    call(`logs.js get${kind}Logs (detail)`, async (s: SaberClient, c) =>
      c.ids[`log_${kind}`] ? ok(await s.request({ url: `/api/blade-log/${kind}/detail`, params: { id: c.ids[`log_${kind}`] } })) : true,
    ),
  ]);
}
