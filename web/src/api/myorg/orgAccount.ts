import { useQuery } from '@tanstack/react-query';
import type {
  Envelope,
  OrgAccountAddAnswer,
  OrgAccountTag,
  PageResult,
  PasswordDelivery,
  RoleDetailV2,
  RoleGrantTree,
  RoleTreeNode,
  RoleView,
  UserView,
} from '@gsl/contract';
import type { CrudApi } from '../crud';
import { emptyPage } from '../crud';
import { get, request } from '../http';
import { SYSTEM_TYPE } from '../system/role';
import { userKeys } from '../system/user';

/**
 * 我的组织 › 工商联账号管理 / 商会账号管理 / 角色管理 (specification §2 child/…, §7 "Users" and role v2):
 *   GET  /api/blade-user/page                   profileTag, deptId (that org and below), account, realName, phone, status
 *   GET  /api/blade-user/userProfile/detail     userId
 *   POST /api/blade-user/userProfile/aoc|coc/add  → { user, delivery, password } (the password only when shown once)
 *   POST /api/blade-user/userProfile/update     id, version and the fields changed
 *   POST /api/blade-user/enable|disable|unlock|reset-password  ?userIds=  (the user module's own calls)
 *   GET  /api/blade-system/v2/role/tree         deptId → the roles an org may use, those beyond the caller's grants disabled
 *   GET  /api/blade-system/v2/role/page         deptId_notnull → the org roles in the caller's scope
 *   GET  /api/blade-system/v2/role/detail/{id}  the role with its menus and scopes
 *   POST /api/blade-system/v2/role/submit       the role and its grants in one call
 *   GET  /api/blade-system/menu/grant-tree      what the caller may grant
 */
const USER = '/api/blade-user';
const ROLE_V2 = '/api/blade-system/v2/role';

export const orgAccountKeys = {
  all: [...userKeys.all, 'myorg'] as const,
  detail: (id: string) => [...userKeys.all, 'myorg', 'detail', id] as const,
  roles: (deptId: string) => ['system', 'role', 'v2-tree', deptId] as const,
};

/** What add and update take (the contract's orgAccountAdd / orgAccountUpdate, as the form sends them). */
export interface OrgAccountBody {
  id?: string;
  version?: number;
  account?: string;
  realName: string;
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  sex?: number | null;
  deptId: string;
  roleIds: string;
  seq?: number;
  isAddressBook?: number;
  passwordDelivery?: PasswordDelivery;
}

/** The accounts of one profile tag in the caller's scope (the user module's page, the tag as a filter). */
export const orgAccountApi = (tag: OrgAccountTag): CrudApi<UserView, OrgAccountBody> => ({
  queryKey: [...orgAccountKeys.all, tag],
  list: async (query, signal) => (await get<PageResult<UserView>>(`${USER}/page`, { ...query, profileTag: tag }, { signal })) ?? emptyPage<UserView>(query),
  submit: () => Promise.reject(new Error('账号在新增/修改页面保存')),
  remove: () => Promise.reject(new Error('账号不能在此删除')),
});

export const getOrgAccount = async (userId: string, signal?: AbortSignal): Promise<UserView | undefined> =>
  get<UserView>(`${USER}/userProfile/detail`, { userId }, { signal });

export function useOrgAccount(userId: string | null) {
  return useQuery({ queryKey: orgAccountKeys.detail(userId ?? ''), queryFn: ({ signal }) => getOrgAccount(userId!, signal), enabled: Boolean(userId) });
}

export async function addOrgAccount(tag: OrgAccountTag, body: OrgAccountBody): Promise<{ msg: string; data: OrgAccountAddAnswer }> {
  const envelope = await request<Envelope<OrgAccountAddAnswer>>(`${USER}/userProfile/${tag}/add`, { method: 'POST', body });
  return { msg: envelope.msg, data: envelope.data };
}

export async function updateOrgAccount(body: OrgAccountBody): Promise<{ msg: string; data: UserView }> {
  const envelope = await request<Envelope<UserView>>(`${USER}/userProfile/update`, { method: 'POST', body });
  return { msg: envelope.msg, data: envelope.data };
}

/** The roles an org's accounts may be given (v2/role/tree), those the caller cannot give disabled. */
export function useOrgRoleTree(deptId: string | undefined) {
  return useQuery({
    queryKey: orgAccountKeys.roles(deptId ?? ''),
    queryFn: async ({ signal }) => (await get<RoleTreeNode[]>(`${ROLE_V2}/tree`, { deptId, systemType: SYSTEM_TYPE }, { signal })) ?? [],
    enabled: Boolean(deptId),
  });
}

// 角色管理 of 我的组织: the org's own roles on the v2 calls.

export const orgRoleKeys = {
  all: ['system', 'role', 'myorg'] as const,
  detail: (id: string) => ['system', 'role', 'myorg', 'detail', id] as const,
  grantTree: ['system', 'role', 'myorg', 'grant-tree'] as const,
};

/** What v2/role/submit takes from this screen: always an org role with its grants. */
export interface OrgRoleBody {
  id?: string;
  version?: number;
  roleName: string;
  roleAlias: string;
  sort: number;
  deptId: string;
  systemType: 'aoc';
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
}

/** The org roles the caller sees (his org and the orgs below it): tenant-wide roles are administration's. */
export const orgRoleApi: CrudApi<RoleView, OrgRoleBody> = {
  queryKey: orgRoleKeys.all,
  list: async (query, signal) =>
    (await get<PageResult<RoleView>>(`${ROLE_V2}/page`, { ...query, deptId_notnull: 1 }, { signal })) ?? emptyPage<RoleView>(query),
  submit: () => Promise.reject(new Error('角色在新增/编辑页面保存')),
  remove: () => Promise.reject(new Error('角色不能在此删除')),
};

export function useOrgRole(id: string | null) {
  return useQuery({
    queryKey: orgRoleKeys.detail(id ?? ''),
    queryFn: ({ signal }) => get<RoleDetailV2>(`${ROLE_V2}/detail/${id}`, undefined, { signal }),
    enabled: Boolean(id),
    gcTime: 0,
  });
}

/** What the caller may grant (menus and buttons, data scopes, API scopes). */
export function useGrantableTree() {
  return useQuery({
    queryKey: orgRoleKeys.grantTree,
    queryFn: async ({ signal }) =>
      (await get<RoleGrantTree>('/api/blade-system/menu/grant-tree', { systemType: SYSTEM_TYPE }, { signal })) ?? { menu: [], dataScope: [], apiScope: [] },
  });
}

export async function submitOrgRole(body: OrgRoleBody): Promise<{ msg: string; data: RoleView }> {
  const envelope = await request<Envelope<RoleView>>(`${ROLE_V2}/submit`, { method: 'POST', body });
  return { msg: envelope.msg, data: envelope.data };
}
