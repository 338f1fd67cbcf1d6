import { z } from 'zod';
import { idField, idOf } from '../envelope.js';

/** Roles (角色管理, specification §6–§7): form messages and refusals. */
export const ROLE_MSG = {
  nameRequired: '请输入角色名称',
  aliasRequired: '请输入角色别名',
  sortRequired: '请输入角色排序',
  aliasExists: '角色别名已存在',
  aliasReserved: '该角色别名为系统保留,不能使用',
  builtinAlias: '内置角色的别名不能修改',
  parentMissing: '上级角色不存在',
  parentSelf: '上级角色不能是自身或其子角色',
  roleRequired: '请选择角色',
  builtinRemove: '内置角色(超级管理员、管理员)不能删除',
  administratorOnly: '只有超级管理员可以修改超级管理员角色',
  outranked: '不能修改权限高于自己的角色',
  administratorDisable: '超级管理员角色不能禁用',
  notHeld: '不能授予自己未拥有的权限',
  menuMissing: '所选菜单不存在',
  dataScopeMissing: '所选数据权限不存在',
  apiScopeMissing: '所选接口权限不存在',
  orgMissing: '所属机构不存在',
  orgRequired: '请提供机构编号(deptId 或 cocUnionId)',
  orgRoleOnly: '只能管理本机构及下级机构的角色',
} as const;

/** A role that still has users or child roles cannot be removed (the name says which). */
export const roleHasUsers = (name: string) => `角色「${name}」下仍有用户,请先解除用户的该角色后再删除`;
export const roleHasChildren = (name: string) => `角色「${name}」下存在子角色,请先删除子角色`;

/** Built-in roles (BladeX): the platform administrator and the tenant administrator. */
export const ROLE_ADMINISTRATOR = 'administrator';
export const ROLE_ADMIN = 'admin';
/** The one system type (specification §6). */
export const SYSTEM_TYPES = ['aoc'] as const;

const roleId = idField;
/** Optional id that may also come empty or null (no parent / no org). */
const optionalId = (msg: string) => z.union([idOf(msg), z.literal('')]).nullish();
/** A JSON array of ids (BladeX's List<Long>, ids as strings). */
const idList = (max: number) => z.array(idField, { message: '数据编号列表格式不正确' }).max(max, `一次最多选择${max}项`);

const roleFields = {
  id: roleId.optional(),
  /** Optimistic lock: an update carries the version it read. */
  version: z.coerce.number().int().min(1).optional(),
  parentId: optionalId('上级角色编号格式不正确'),
  roleName: z.string({ message: ROLE_MSG.nameRequired }).trim().min(1, ROLE_MSG.nameRequired).max(64, '角色名称不能超过64个字符'),
  roleAlias: z
    .string({ message: ROLE_MSG.aliasRequired })
    .trim()
    .min(1, ROLE_MSG.aliasRequired)
    .max(64, '角色别名不能超过64个字符')
    .regex(/^[A-Za-z0-9_.-]+$/, '角色别名只能包含字母、数字和 _ . -'),
  sort: z.coerce.number({ message: ROLE_MSG.sortRequired }).int('角色排序必须是整数').min(0, '角色排序不能小于0').max(1_000_000, '角色排序过大'),
  systemType: z.enum(SYSTEM_TYPES, { message: '系统类型不正确' }).optional(),
};

/** role/submit: a tenant role (no org); insert without id, update with id at its version. */
export const roleSubmit = z.object(roleFields).strict();
export type RoleSubmit = z.infer<typeof roleSubmit>;

/**
 * v2/role/submit: a role with its menu grants in one call. `deptId` makes it an org role
 * (blade_role.dept_id); on update, absent keeps the org and '' / null makes it a tenant role.
 * `menuIds` absent leaves the grants alone; present (even empty) replaces those the actor may grant.
 */
export const roleSubmitV2 = z
  .object({
    ...roleFields,
    deptId: optionalId('机构编号格式不正确'),
    menuIds: idList(5000).optional(),
    /** The data and API scopes to grant, as role/grant takes them (我的组织 › 角色管理 saves a role and its grants at once). */
    dataScopeIds: idList(5000).optional(),
    apiScopeIds: idList(5000).optional(),
  })
  .strict();
export type RoleSubmitV2 = z.infer<typeof roleSubmitV2>;

/**
 * role/grant (specification §3 "Role grant"): for every role named, the grants of each list given
 * replace those the actor may grant; a list left out is not touched.
 */
export const roleGrant = z
  .object({
    roleIds: idList(200).min(1, ROLE_MSG.roleRequired),
    menuIds: idList(5000).optional(),
    dataScopeIds: idList(5000).optional(),
    apiScopeIds: idList(5000).optional(),
  })
  .strict();
export type RoleGrant = z.infer<typeof roleGrant>;

/** A role as the list, detail and submit calls answer it (hasChildren: it has child roles). */
export const roleRecord = z.object({
  id: z.string(),
  parentId: z.string(),
  parentName: z.string().nullable(),
  roleName: z.string(),
  roleAlias: z.string(),
  systemType: z.string(),
  deptId: z.string().nullable(),
  deptName: z.string().nullable(),
  sort: z.number(),
  status: z.number(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
  hasChildren: z.boolean(),
});
export type RoleView = z.infer<typeof roleRecord>;

/** v2/role/detail: the role with the ids of what it holds. */
export const roleDetailV2 = roleRecord.extend({ menuIds: z.array(z.string()), dataScopeIds: z.array(z.string()), apiScopeIds: z.array(z.string()) });
export type RoleDetailV2 = z.infer<typeof roleDetailV2>;

/** menu/role-tree-keys: what the roles hold. */
export const roleTreeKeys = z.object({ menu: z.array(z.string()), dataScope: z.array(z.string()), apiScope: z.array(z.string()) });
export type RoleTreeKeys = z.infer<typeof roleTreeKeys>;

/** v2/role/user/list and user/page: a user holding the role. */
export const roleUserRecord = z.object({
  id: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  name: z.string().nullable(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  profileTag: z.string().nullable(),
  status: z.number(),
  createTime: z.string().nullable(),
});
export type RoleUserView = z.infer<typeof roleUserRecord>;

/** role/tree, v2/role/tree: roles as tree nodes (wire contract §3 node shape) with their own fields. */
export interface RoleTreeNode extends RoleView {
  title: string;
  key: string;
  value: string;
  /** v2/role/tree: the role carries more than the caller holds, so he cannot give it (grant ceiling). */
  disabled?: boolean;
  children: RoleTreeNode[];
}

/**
 * A node of menu/grant-tree: a menu or button of `menu`, or in `dataScope` / `apiScope` a menu group
 * (kind 'menu', key `menu_<id>`, not grantable itself) with its scope rules as leaves (kind 'scope').
 */
export interface GrantTreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children: GrantTreeNode[];
  kind?: 'menu' | 'scope';
  category?: number;
  code?: string;
  resourceCode?: string;
  scopeType?: number;
  scopePath?: string | null;
}

/** menu/grant-tree: what the signed-in user may grant. */
export interface RoleGrantTree {
  menu: GrantTreeNode[];
  dataScope: GrantTreeNode[];
  apiScope: GrantTreeNode[];
}

/** Prefix of the scope groups' keys in menu/grant-tree (`menu_<menu id>`); never a grantable id. */
export const GRANT_GROUP_PREFIX = 'menu_';
