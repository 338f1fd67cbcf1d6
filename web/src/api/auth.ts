import { MODEL_CODE_PATH, type ModelCode, type ParamDetail, type TokenAnswer } from '@gsl/contract';
import { config } from '../config';
import { get, post, request } from './http';

/** Auth calls (docs/foundation-api.md, wire contract §4). Token answers are flat, not enveloped. */
const TOKEN_URL = '/api/blade-auth/oauth/token';

const token = (params: Record<string, string | undefined>, headers?: Record<string, string>, quiet?: boolean) =>
  request<TokenAnswer>(TOKEN_URL, { method: 'POST', params, headers, quiet });

/** loginByUsername with the sign-on code: grant sso_authorization_code. `quiet`: the caller tells the failure itself. */
export const loginByCode = (code: string, tenantId: string = config.tenantId, { quiet = false }: { quiet?: boolean } = {}) =>
  token({ grant_type: 'sso_authorization_code', code, tenantId }, undefined, quiet);

/** A one-time code of this session for a page of the second front end (its `token` parameter). */
export const modelCode = () => post<ModelCode>(MODEL_CODE_PATH, undefined, { quiet: true });

export interface CaptchaAnswer {
  key: string;
  code: string;
}

/**
 * Password grant; the lock screen uses it to check the account password. The password travels in
 * the form body, never in the URL (the server refuses it there). After a failure the server asks for
 * a captcha (请输入验证码): its key and answer go in the Captcha-Key / Captcha-Code headers.
 */
export function loginByPassword(username: string, password: string, tenantId: string = config.tenantId, captcha?: CaptchaAnswer) {
  const body = new URLSearchParams({ grant_type: 'password', username, password, tenantId });
  const headers = captcha ? { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.code } : undefined;
  return request<TokenAnswer>(TOKEN_URL, { method: 'POST', body, headers });
}

/** refreshToken: grant sso_refresh_token with the tenant, dept and role of the session. */
export function refreshToken(refresh: string, ids: { tenantId?: string; deptId?: string; roleId?: string }) {
  const headers: Record<string, string> = {};
  if (ids.tenantId) headers['Tenant-Id'] = ids.tenantId;
  if (ids.deptId) headers['Dept-Id'] = ids.deptId;
  if (ids.roleId) headers['Role-Id'] = ids.roleId;
  return token({ grant_type: 'sso_refresh_token', refresh_token: refresh, tenantId: ids.tenantId }, headers);
}

/**
 * Revokes the session's refresh chain. Quiet: the logout goes on whatever it answers. `token` is the
 * one read before the logout cleared storage.
 */
export const logout = (token?: string) =>
  get<unknown>('/api/blade-auth/oauth/logout', undefined, { quiet: true, headers: token ? { 'Blade-Auth': `bearer ${token}` } : undefined });

export interface UserInfo {
  userId: string;
  account: string;
  realName: string;
  nickName: string;
  avatar: string;
  tenantId: string;
  deptId: string;
  deptName: string;
  orgName: string;
  roleIds: string;
  roleNames: string;
  roles: string[];
  profileTag: string;
  unionId: string | null;
  phone: string;
  email: string;
}

export const getUserInfo = () => get<UserInfo>('/api/blade-auth/oauth/user-info');

/** A one-time captcha, answered flat (not enveloped): `{ key, image }` with a data-URL image (wire contract §4). */
export const getCaptcha = () => request<{ key: string; image: string } | undefined>('/api/blade-auth/oauth/captcha');

export type { ParamDetail };

export const getParamDetail = (paramKey: string) => get<ParamDetail>('/api/blade-system/param/detail', { paramKey });

export const getAocUnionId = (deptId: string) => get<string>('/api/aoc-service/dept/aoc-union-id', { deptId });
