import type { TokenAnswer } from '@gsl/contract';
import { config } from '../config';
import { get, request } from './http';

/** Auth calls (docs/foundation-api.md, wire contract §4). Token answers are flat, not enveloped. */
const TOKEN_URL = '/api/blade-auth/oauth/token';

const token = (params: Record<string, string | undefined>, headers?: Record<string, string>) =>
  request<TokenAnswer>(TOKEN_URL, { method: 'POST', params, headers });

/** loginByUsername with the sign-on code: grant sso_authorization_code. */
export const loginByCode = (code: string, tenantId: string = config.tenantId) =>
  token({ grant_type: 'sso_authorization_code', code, tenantId });

/** Password grant; the lock screen uses it to check the account password. */
export const loginByPassword = (username: string, password: string, tenantId: string = config.tenantId) =>
  token({ grant_type: 'password', username, password, tenantId });

/** refreshToken: grant sso_refresh_token with the tenant, dept and role of the session. */
export function refreshToken(refresh: string, ids: { tenantId?: string; deptId?: string; roleId?: string }) {
  const headers: Record<string, string> = {};
  if (ids.tenantId) headers['Tenant-Id'] = ids.tenantId;
  if (ids.deptId) headers['Dept-Id'] = ids.deptId;
  if (ids.roleId) headers['Role-Id'] = ids.roleId;
  return token({ grant_type: 'sso_refresh_token', refresh_token: refresh, tenantId: ids.tenantId }, headers);
}

export const logout = () => get<unknown>('/api/blade-auth/oauth/logout', undefined, { quiet: true });

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

export const getCaptcha = () => get<{ key: string; image: string }>('/api/blade-auth/oauth/captcha');

export interface ParamDetail {
  id: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
}

export const getParamDetail = (paramKey: string) => get<ParamDetail>('/api/blade-system/param/detail', { paramKey });

export const getAocUnionId = (deptId: string) => get<string>('/api/aoc-service/dept/aoc-union-id', { deptId });
