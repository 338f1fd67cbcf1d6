import { z } from 'zod';

/**
 * 登录日志 (specification §7 "User login log: list"): GET /api/blade-user/login-log/list, paged, filters
 * account, realName, userId, loginType, success, remoteIp, deptName, createTime_dategt / _datelt.
 */
export const loginLogRecord = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  account: z.string().nullable(),
  realName: z.string().nullable(),
  deptId: z.string().nullable(),
  deptName: z.string().nullable(),
  /** sso, sso_code, password, captcha, wechat, social. */
  loginType: z.string(),
  loginTypeName: z.string(),
  /** 1 signed on, 0 refused. */
  success: z.number(),
  /** Why a sign-on was refused (the message the user saw). */
  message: z.string().nullable(),
  remoteIp: z.string().nullable(),
  userAgent: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type LoginLogView = z.infer<typeof loginLogRecord>;
/** portal/userlogin/list: the same entries without the user's and the org's ids. */
export const portalLoginRecord = loginLogRecord.omit({ userId: true, deptId: true });
export type PortalLoginView = z.infer<typeof portalLoginRecord>;

/** How one signed on (loginType), as the logs name it. */
export const LOGIN_TYPE_NAMES: Record<string, string> = {
  sso: '统一身份认证',
  sso_code: '授权码换取令牌',
  password: '账号密码',
  captcha: '验证码登录',
  wechat: '微信扫码登录',
  social: '第三方账号登录(微信)',
};

/** How a sign-on went, as the list shows it. */
export const LOGIN_RESULT_NAMES: Record<number, string> = { 1: '成功', 0: '失败' };
