import { isWireTime } from '../myday/myday.js';
import { z } from 'zod';
import { ID_LIST_RE, idField, idOf } from '../envelope.js';

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
export const PLATFORM_MENUS = [
  'tenant',
  'tenantpackage',
  'datasource',
  'client',
  'menu',
  'data_scope',
  'api_scope',
  'param',
  'dict',
  'versionupdatelog',
  'region',
] as const;

const id = idField;
const datetime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '过期时间格式应为 yyyy-MM-dd HH:mm:ss')
  .refine(isWireTime, '过期时间格式应为 yyyy-MM-dd HH:mm:ss');

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
    menuIds: z.string({ message: TENANT_MSG.packageMenus }).regex(ID_LIST_RE, TENANT_MSG.packageMenus),
    remark: z.string().max(255).nullish(),
  })
  .strict();
export type TenantPackageSubmit = z.infer<typeof tenantPackageSubmit>;

/** tenant list / detail / submit answer. */
export const tenantRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  domainUrl: z.string().nullable(),
  linkman: z.string().nullable(),
  contactNumber: z.string().nullable(),
  address: z.string().nullable(),
  /** -1 = no limit. */
  accountNumber: z.number(),
  /** Live accounts of the tenant. */
  accountUsed: z.number(),
  expireTime: z.string().nullable(),
  expired: z.boolean(),
  packageId: z.string().nullable(),
  packageName: z.string().nullable(),
  /** The tenant's own datasource (数据源), or null: the main database. */
  datasourceId: z.string().nullable(),
  datasourceName: z.string().nullable(),
  status: z.number(),
  version: z.number(),
  createTime: z.string().nullable(),
  /** Only in the answer that created the tenant: its admin account and initial password, shown once. */
  adminAccount: z.string().optional(),
  adminPassword: z.string().optional(),
});
export type TenantView = z.infer<typeof tenantRecord>;
/** tenant/select item. */
export const tenantOption = z.object({ tenantId: z.string(), tenantName: z.string() });

/** tenant/setting body (ids in the query): quota, expiry and, when given, the package ('' = none). */
export interface TenantSetting {
  accountNumber: number;
  expireTime?: string | null;
  packageId?: string | null;
}

/** tenant-package list / detail answer; menuIds comma-separated (submit answers id, packageName and menuIds). */
export const tenantPackageRecord = z.object({
  id: z.string(),
  packageName: z.string(),
  menuIds: z.string(),
  remark: z.string().nullable(),
  version: z.number(),
});
export type TenantPackageView = z.infer<typeof tenantPackageRecord>;

/** Tenant datasources (数据源管理) and the tenant's binding (租户管理 → 数据源). */
export const DATASOURCE_MSG = {
  nameRequired: '请输入数据源名称',
  nameExists: '数据源名称已存在',
  urlRequired: '请输入连接地址',
  urlFormat: '连接地址格式应为 jdbc:postgresql://主机:端口/数据库',
  credentialsInUrl: '用户名和密码请填写在各自的输入框中,不要写在连接地址里',
  hostNotAllowed: '连接地址的主机不在允许范围内,请联系运维人员配置 DATASOURCE_HOSTS',
  usernameRequired: '请输入用户名',
  connectFailed: '数据源连接失败,请检查连接地址、用户名和密码',
  inUse: '该数据源正被租户使用,不能删除',
  inUseChange: '该数据源正被租户使用,不能修改连接地址、用户名和密码',
  usedByOther: '该数据源已被其他租户使用',
  required: '请选择数据源',
  tenantBound: '该租户已绑定数据源,不能更换',
  defaultTenant: '默认租户使用主数据库,不能绑定数据源',
  tenantHasData: '该租户已有业务数据,只能为新开通的租户绑定数据源',
  targetNotEmpty: '目标数据库中已有其他租户的数据,请使用空数据库',
  bound: '数据源绑定成功',
  unavailable: '租户数据源暂时无法连接,请稍后再试或联系管理员',
} as const;

export const datasourceSubmit = z
  .object({
    id: id.optional(),
    version: z.coerce.number().int().min(1).optional(),
    name: z.string({ message: DATASOURCE_MSG.nameRequired }).trim().min(1, DATASOURCE_MSG.nameRequired).max(100, '数据源名称不能超过100个字符'),
    driverClass: z.string().trim().max(100).nullish(),
    url: z.string({ message: DATASOURCE_MSG.urlRequired }).trim().min(1, DATASOURCE_MSG.urlRequired).max(500, '连接地址不能超过500个字符'),
    username: z.string({ message: DATASOURCE_MSG.usernameRequired }).trim().min(1, DATASOURCE_MSG.usernameRequired).max(100, '用户名不能超过100个字符'),
    /** Absent or empty on an edit: the stored password stays. */
    password: z.string().max(200, '密码不能超过200个字符').nullish(),
    remark: z.string().trim().max(255, '备注不能超过255个字符').nullish(),
  })
  .strict();
export type DatasourceSubmit = z.infer<typeof datasourceSubmit>;

/** datasource list / detail / submit answer (never the password). */
export const datasourceRecord = z.object({
  id: z.string(),
  name: z.string(),
  driverClass: z.string(),
  url: z.string(),
  username: z.string(),
  /** Whether a password is stored (it is never answered). */
  hasPassword: z.boolean(),
  remark: z.string().nullable(),
  /** Tenants bound to it ("000002 某商会"). */
  tenants: z.array(z.string()),
  version: z.number(),
  createTime: z.string().nullable(),
});
export type DatasourceView = z.infer<typeof datasourceRecord>;
/** datasource/select item: inUse when a tenant is bound to it. */
export const datasourceOption = z.object({ id: z.string(), name: z.string(), url: z.string(), inUse: z.boolean() });
export type DatasourceOption = z.infer<typeof datasourceOption>;

/** tenant/datasource body: bind the tenant (business id) to a datasource. */
export const tenantDatasourceBind = z
  .object({
    tenantId: z.string({ message: '请选择租户' }).regex(/^\d{6}$/, '租户编号格式不正确'),
    datasourceId: idOf(DATASOURCE_MSG.required, { required: DATASOURCE_MSG.required }),
  })
  .strict();
