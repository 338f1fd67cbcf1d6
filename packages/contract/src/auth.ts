/** Sign-on and token texts and shapes (wire contract §4). */

export const GRANT_TYPES = ['sso_authorization_code', 'sso_refresh_token', 'password', 'captcha', 'social'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

export const AUTH_MSG = {
  badCredentials: '用户名或密码不正确',
  tooManyFailures: '登录错误次数过多,请稍后再试',
  locked: (minutes: number) => `账号已被锁定,请${minutes}分钟后再试`,
  disabled: '该账号已被禁用,请联系管理员',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码不正确',
  codeInvalid: '授权码无效或已过期',
  refreshInvalid: 'refreshToken有误或已过期',
  badGrant: '不支持的授权类型',
  badClient: '客户端认证失败',
  badRedirect: '回调地址未在应用中登记',
  accountRequired: '请输入账号',
  passwordRequired: '请输入密码',
  socialUnsupported: '未绑定第三方账号',
  tenantInvalid: '租户信息错误',
} as const;

/**
 * The second front end's entry (specification §2 "Embedded AI pages": the `token` parameter). The portal
 * asks for a one-time code of the signed-in session and opens /model/#/<route>?…&token=<code>; the page
 * exchanges it at once (grant sso_authorization_code) and removes it from the address.
 */
export const MODEL_CODE_PATH = '/api/blade-auth/oauth/model-code';
export interface ModelCode {
  code: string;
  /** Seconds the code stays valid (it works once). */
  expiresIn: number;
}

/** The flat token answer (not enveloped, snake_case, as BladeX). */
export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  role_id: string;
  post_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  avatar: string;
  detail: { type: string; deptName: string; orgName: string; profileTag: string; unionId: string | null };
}

export interface TokenError {
  error_code: number;
  error_description: string;
}

/** The fixed system flag the web passes to the sign-on portal. */
export const SYS_FLAG = 'aoc';
export const DEFAULT_ENTRY_CODE = 'jiangsu';
export const DEFAULT_TENANT_ID = '000001';
export const POST_DEFAULT_TENANT_ID = '000000';
