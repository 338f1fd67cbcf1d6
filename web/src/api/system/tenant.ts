import { useQuery } from '@tanstack/react-query';
import type { Envelope, PageResult, TenantPackageSubmit, TenantPackageView, TenantSetting, TenantSubmit, TenantView } from '@gsl/contract';
import { bladeCrudApi, type Saved } from '../crud';
import { get, request } from '../http';

/**
 * 租户管理 (menu tenant; buttons tenant_add / _edit / _delete / _view, tenant_setting 租户授权):
 *   GET  /api/blade-system/tenant/list     current, size, tenantId, tenantName, linkman, contactNumber → TenantView page (accountUsed, expired)
 *   POST /api/blade-system/tenant/submit   TenantSubmit; a new tenant is provisioned (root org, admin role, admin account whose
 *                                          initial password is answered once as adminPassword)
 *   POST /api/blade-system/tenant/setting  ?ids= + { accountNumber, expireTime, packageId? } → 更新成功
 *   POST /api/blade-system/tenant/remove   ?ids= (not the default tenant, not one's own)
 * 租户产品包 (menu tenantpackage):
 *   GET  /api/blade-system/tenant-package/list | detail | menu-tree; POST submit | remove
 */
export const tenantApi = bladeCrudApi<TenantView, TenantSubmit>('/api/blade-system/tenant', ['system', 'tenant']);

export const tenantSetting = async (ids: string[], body: TenantSetting): Promise<Saved<null>> => {
  const envelope = await request<Envelope<null>>('/api/blade-system/tenant/setting', { method: 'POST', params: { ids: ids.join(',') }, body });
  return { data: null, msg: envelope.msg };
};

export const tenantPackageApi = bladeCrudApi<TenantPackageView, TenantPackageSubmit>('/api/blade-system/tenant-package', ['system', 'tenantpackage']);

/** A node of the package menu picker: a menu (category 1) or a button (2). */
export interface PackageMenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  category: number;
  title: string;
  key: string;
  value: string;
  children: PackageMenuNode[];
}

export const getPackageMenuTree = (signal?: AbortSignal) =>
  get<PackageMenuNode[]>('/api/blade-system/tenant-package/menu-tree', undefined, { signal }).then((nodes) => nodes ?? []);

export const packageMenuTreeKey = ['system', 'tenantpackage', 'menu-tree'] as const;

/** Every package (size 500) for the tenant form's and the 租户授权 dialog's 产品包 select. */
export function usePackageOptions(enabled = true) {
  return useQuery({
    queryKey: ['system', 'tenantpackage', 'options'],
    queryFn: ({ signal }) =>
      get<PageResult<TenantPackageView>>('/api/blade-system/tenant-package/list', { current: 1, size: 500 }, { signal }).then((p) => p?.records ?? []),
    enabled,
  });
}
