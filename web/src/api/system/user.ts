import { useQuery } from '@tanstack/react-query';
import { MSG, type Envelope, type ChangeAccount, type ResetPasswordAnswer, type SetPassword, type UpdatePassword, type UserImportAnswer, type UserView } from '@gsl/contract';
import { config } from '../../config';
import { expireSession } from '../../app/session/signOn';
import { getToken } from '../../app/session/sessionStore';
import { bladeCrudApi, type CrudApi } from '../crud';
import { decryptBody } from '../crypto';
import { toast } from '../feedback';
import { get, HttpError, request, type QueryValue } from '../http';
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

// ---------------------------------------------------------------------------------------------
// Files: export and template downloads (binary, with progress), import upload (multipart, with progress)

/** Bytes so far and the whole size when the server said it (a streamed export does not). */
export interface Progress {
  loaded: number;
  total?: number;
}

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}` };
  const token = getToken();
  if (token) headers['Blade-Auth'] = `bearer ${token}`;
  return headers;
}

/** An enveloped answer (plain or encrypted JSON); null when the text is neither. */
export function readEnvelope(text: string): Envelope<unknown> | null {
  const body = text.trim();
  if (!body) return null;
  try {
    const json = body.startsWith('{') || !config.apiCrypto ? body : decryptBody(body, config.aesKey);
    const parsed = JSON.parse(json) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Envelope<unknown>) : null;
  } catch {
    return null;
  }
}

/** Tells the user why a file call failed, as http.ts would (§8), and rejects. */
function failWith(status: number, envelope: Envelope<unknown> | null): never {
  const fields = (envelope ?? {}) as unknown as Record<string, unknown>;
  const code = Number(fields.code ?? status);
  if (code === 401) {
    toast.error(MSG.unauthorized);
    expireSession();
    throw new HttpError(MSG.unauthorized, 401, envelope, true);
  }
  const message = envelope ? String(fields.msg || fields.error_description || '') || MSG.unknownError : MSG.systemError;
  toast.error(message);
  throw new HttpError(message, code, envelope, true);
}

/** The file name of a download: RFC 5987 filename*, else filename, else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/** Downloads a file call as a Blob (GET, or POST for calls such as export-member-*), reporting the bytes as they arrive. Errors answer JSON (told here). */
export async function fetchFile(
  url: string,
  params: Record<string, QueryValue>,
  fallbackName: string,
  onProgress?: (p: Progress) => void,
  method: 'GET' | 'POST' = 'GET',
): Promise<{ blob: Blob; name: string }> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') query.append(k, String(v));
  const qs = query.toString();
  let response: Response;
  try {
    response = await fetch(qs ? `${url}?${qs}` : url, { method, headers: authHeaders(), credentials: 'same-origin' });
  } catch {
    return failWith(0, null);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !/spreadsheetml|octet-stream/.test(type)) return failWith(response.status, readEnvelope(await response.text().catch(() => '')));
  const total = Number(response.headers.get('content-length')) || undefined;
  const chunks: BlobPart[] = [];
  let loaded = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as BlobPart);
      loaded += value.byteLength;
      onProgress?.({ loaded, total });
    }
  } else {
    const buffer = await response.arrayBuffer();
    chunks.push(buffer);
    loaded = buffer.byteLength;
    onProgress?.({ loaded, total });
  }
  return { blob: new Blob(chunks, { type }), name: fileNameOf(response.headers.get('content-disposition'), fallbackName) };
}

/** export-user under the list's filters (deptId, account, realName …). */
export const exportUsers = (filters: Record<string, QueryValue>, onProgress?: (p: Progress) => void) =>
  fetchFile(`${base}/export-user`, filters, '用户数据.xlsx', onProgress);

export const downloadImportTemplate = (onProgress?: (p: Progress) => void) => fetchFile(`${base}/export-template`, {}, '用户导入模板.xlsx', onProgress);

/** Uploads the workbook (dryRun only checks it); progress of the upload as it goes. */
export const importUsers = (file: Blob & { name?: string }, dryRun: boolean, onProgress?: (p: Progress) => void) =>
  uploadWorkbook<UserImportAnswer>(`${base}/import-user`, file, dryRun, onProgress, 'users.xlsx');

/** Uploads a workbook (multipart field `file`) to an import call; dryRun only checks it. Upload progress as it goes. */
export function uploadWorkbook<T>(url: string, file: Blob & { name?: string }, dryRun: boolean, onProgress?: (p: Progress) => void, fallbackName = 'import.xlsx'): Promise<{ msg: string; data: T }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${url}?dryRun=${dryRun ? 'true' : 'false'}`);
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    xhr.onerror = () => {
      try {
        failWith(0, null);
      } catch (err) {
        reject(err);
      }
    };
    xhr.onload = () => {
      const envelope = readEnvelope(xhr.responseText);
      if (envelope && (envelope.code === 200 || envelope.code === 201)) resolve({ msg: envelope.msg, data: envelope.data as T });
      else
        try {
          failWith(xhr.status, envelope);
        } catch (err) {
          reject(err);
        }
    };
    const form = new FormData();
    form.append('file', file, file.name ?? fallbackName);
    xhr.send(form);
  });
}

/** Hands a downloaded Blob to the browser as a file. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
