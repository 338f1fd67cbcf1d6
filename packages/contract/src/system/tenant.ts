import { z } from 'zod';

export const TENANT_MSG = {
  nameRequired: '请输入租户名称',
  nameExists: '租户名称已存在',
  expired: '租户授权已过期,请联系管理员',
  unavailable: '租户不存在或已停用',
  quotaReached: '租户账号额度已用完,请联系管理员扩容',
  removeOwn: '不能删除当前登录所在的租户',
  removeDefault: '默认租户不能删除',
  packageRequired: '请输入产品包名称',
  packageExists: '产品包名称已存在',
  packageInUse: '该产品包仍被租户使用,不能删除',
  packageMenus: '请选择产品包包含的菜单',
} as const;

/**
 * Menus that are platform settings: in tenant mode only the platform administrator holds them, and a
 * tenant's package can never include them (SpringBlade issues #41/#42: a tenant admin reaching them).
 */
export const PLATFORM_MENUS = ['tenant', 'tenantpackage', 'client', 'menu', 'data_scope', 'api_scope', 'param', 'dict', 'versionupdatelog', 'region'] as const;

const id = z.string().regex(/^\d{1,19}$/, '数据编号格式不正确');
const datetime = z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '过期时间格式应为 yyyy-MM-dd HH:mm:ss');

export const tenantSubmit = z
  .object({
    id: id.optional(),
    version: z.coerce.number().int().min(1).optional(),
    tenantName: z.string({ message: TENANT_MSG.nameRequired }).trim().min(1, TENANT_MSG.nameRequired).max(50, '租户名称不能超过50个字符'),
    domainUrl: z.string().trim().max(255).nullish(),
    linkman: z.string().trim().max(20, '联系人不能超过20个字符').nullish(),
    contactNumber: z.string().trim().max(20, '联系电话不能超过20个字符').nullish(),
    address: z.string().trim().max(255).nullish(),
    /** -1 = no limit. */
    accountNumber: z.coerce.number().int().min(-1, '账号额度不能小于-1').max(1_000_000).default(-1),
    expireTime: datetime.nullish().or(z.literal('')),
    packageId: id.nullish().or(z.literal('')),
  })
  .strict();
export type TenantSubmit = z.infer<typeof tenantSubmit>;

export const tenantPackageSubmit = z
  .object({
    id: id.optional(),
    version: z.coerce.number().int().min(1).optional(),
    packageName: z.string({ message: TENANT_MSG.packageRequired }).trim().min(1, TENANT_MSG.packageRequired).max(50, '产品包名称不能超过50个字符'),
    menuIds: z.string({ message: TENANT_MSG.packageMenus }).regex(/^\d{1,19}(,\d{1,19})*$/, TENANT_MSG.packageMenus),
    remark: z.string().max(255).nullish(),
  })
  .strict();
export type TenantPackageSubmit = z.infer<typeof tenantPackageSubmit>;

/** tenant list / detail / submit answer. */
export interface TenantView {
  id: string;
  tenantId: string;
  tenantName: string;
  domainUrl: string | null;
  linkman: string | null;
  contactNumber: string | null;
  address: string | null;
  /** -1 = no limit. */
  accountNumber: number;
  /** Live accounts of the tenant. */
  accountUsed: number;
  expireTime: string | null;
  expired: boolean;
  packageId: string | null;
  packageName: string | null;
  status: number;
  version: number;
  createTime: string | null;
  /** Only in the answer that created the tenant: its admin account and initial password, shown once. */
  adminAccount?: string;
  adminPassword?: string;
}

/** tenant/setting body (ids in the query): quota, expiry and, when given, the package ('' = none). */
export interface TenantSetting {
  accountNumber: number;
  expireTime?: string | null;
  packageId?: string | null;
}

/** tenant-package list / detail answer; menuIds comma-separated. */
export interface TenantPackageView {
  id: string;
  packageName: string;
  menuIds: string;
  remark: string | null;
  version: number;
}
