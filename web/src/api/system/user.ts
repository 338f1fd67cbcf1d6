import { useQuery } from '@tanstack/react-query';
import type { Envelope, ChangeAccount, ResetPasswordAnswer, SetPassword, UpdatePassword, UserImportAnswer, UserView } from '@gsl/contract';
import { bladeCrudApi, type CrudApi } from '../crud';
import { downloadFile, uploadFile, type Progress } from '../files';
import { get, request, type QueryValue } from '../http';
import { useDeptTree as useDeptForest } from './dept';
import { usePostOptions as usePostSelect } from './post';
import { useRoleTree as useRoleForest } from './role';

/**
 * 用户管理 and 个人信息 (specification §3 "User", §4 accounts enabled / disabled / unlocked, §7 blade-user):
 *   GET  /api/blade-user/page             current, size, account, realName, phone, status, deptId (that org and below), …
 *   GET  /api/blade-user/detail           id
 *   GET  /api/blade-user/info             the signed-in user
 *   POST /api/blade-user/submit           JSON; without id 新增成功 (with password), with id + version 更新成功
 *   POST /api/blade-user/remove           ?ids=
 *   POST /api/blade-user/grant            ?userIds=&roleIds=  (replaces the roles)
 *   POST /api/blade-user/reset-password   ?userIds= → [{ id, account, realName, password }] shown ONCE
 *   POST /api/blade-user/unlock|enable|disable  ?userIds=
 *   POST /api/blade-user/update-password  { oldPassword, newPassword, newPassword1 }
 *   GET  /api/blade-user/export-user      the list's filters → xlsx (not enveloped)
 *   GET  /api/blade-user/export-template  → xlsx
 *   POST /api/blade-user/import-user      multipart `file`, ?dryRun=true|false → { total, imported, valid, dryRun, errors }
 * Selects of the form: GET /api/blade-system/dept/dept-tree, /api/blade-system/role/tree, /api/blade-system/post/select.
 */
const base = '/api/blade-user';

export const userKeys = {
  all: ['user'] as const,
  info: ['user', 'info'] as const,
};

/** What submit takes (the contract's userSubmit, as the form sends it). */
export interface UserSubmitBody {
  id?: string;
  version?: number;
  account: string;
  password?: string;
  password2?: string;
  realName: string;
  name?: string | null;
  phone: string;
  email?: string | null;
  sex?: number | null;
  birthday?: string | null;
  code?: string | null;
  deptId: string;
  postId?: string | null;
  roleIds?: string;
  profileTag?: 'aoc' | 'coc' | null;
  seq?: number;
  isAddressBook?: number;
}

/** The user list as the CrudTable reads and writes it (the list is `page`, not `list`). */
export const userApi: CrudApi<UserView, UserSubmitBody> = bladeCrudApi(base, userKeys.all, { list: { path: 'page' } });

export const getUserDetail = (id: string) => get<UserView>(`${base}/detail`, { id });

/** An account operation on the selected users; answers the server's message (账号启用成功 …). */
async function onUsers(action: 'unlock' | 'enable' | 'disable', userIds: string[]): Promise<string> {
  const envelope = await request<Envelope<null>>(`${base}/${action}`, { method: 'POST', params: { userIds: userIds.join(',') } });
  return envelope.msg;
}
export const unlockUsers = (ids: string[]) => onUsers('unlock', ids);
export const enableUsers = (ids: string[]) => onUsers('enable', ids);
export const disableUsers = (ids: string[]) => onUsers('disable', ids);

export async function grantRoles(userIds: string[], roleIds: string[]): Promise<string> {
  const envelope = await request<Envelope<null>>(`${base}/grant`, { method: 'POST', params: { userIds: userIds.join(','), roleIds: roleIds.join(',') } });
  return envelope.msg;
}

export async function resetPasswords(userIds: string[]): Promise<{ msg: string; passwords: ResetPasswordAnswer[] }> {
  const envelope = await request<Envelope<ResetPasswordAnswer[]>>(`${base}/reset-password`, { method: 'POST', params: { userIds: userIds.join(',') } });
  return { msg: envelope.msg, passwords: envelope.data ?? [] };
}

/** changeAccount: another login account for the user (unique in the tenant), at the version read. */
export async function changeAccount(body: ChangeAccount): Promise<string> {
  const envelope = await request<Envelope<UserView>>(`${base}/changeAccount`, { method: 'POST', body });
  return envelope.msg;
}

/** set-password: the administrator sets one user's password (at least 8, letters and digits). */
export async function setUserPassword(body: SetPassword): Promise<string> {
  const envelope = await request<Envelope<null>>(`${base}/set-password`, { method: 'POST', body });
  return envelope.msg;
}

export async function updateOwnPassword(body: UpdatePassword): Promise<string> {
  const envelope = await request<Envelope<null>>(`${base}/update-password`, { method: 'POST', body });
  return envelope.msg;
}

export const getUserInfo = (signal?: AbortSignal) => get<UserView>(`${base}/info`, undefined, { signal });

/** The signed-in user's own record (个人信息). */
export const useUserInfo = () => useQuery({ queryKey: userKeys.info, queryFn: ({ signal }) => getUserInfo(signal) });

/** A dept or role as a tree select shows it. */
export interface TreeOption {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children: TreeOption[];
}

/*
 * The form's selects are the entities' own queries (their keys under the entity's root key), so a dept,
 * role or post written on its screen is offered here at once, open tab or not — not a copy cached
 * under a key of its own that those writes never refresh.
 */

/** The orgs the user may see (the tree beside the list, the form's 所属机构). */
export const useDeptTree = () => useDeptForest();

/** The roles the user may grant (higher ones are left out by the server). */
export const useRoleTree = (enabled = true) => useRoleForest(enabled);

/** The posts of the form's 所属岗位. */
export const usePostOptions = () => usePostSelect();

// Files: export and template downloads (with progress), import upload (multipart, with progress)

/** export-user under the list's filters (deptId, account, realName …). */
export const exportUsers = (filters: Record<string, QueryValue>, onProgress?: (p: Progress) => void) =>
  downloadFile(`${base}/export-user`, { params: filters, fallbackName: '用户数据.xlsx', onProgress });

export const downloadImportTemplate = (onProgress?: (p: Progress) => void) =>
  downloadFile(`${base}/export-template`, { fallbackName: '用户导入模板.xlsx', onProgress });

/** Uploads the workbook (dryRun only checks it); progress of the upload as it goes. */
export const importUsers = (file: Blob & { name?: string }, dryRun: boolean, onProgress?: (p: Progress) => void) =>
  uploadFile<UserImportAnswer>(`${base}/import-user`, file, { params: { dryRun }, fallbackName: 'users.xlsx', onProgress });
