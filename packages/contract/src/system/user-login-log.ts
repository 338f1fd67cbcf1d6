/**
 * 登录日志 (specification §7 "User login log: list"): GET /api/blade-user/login-log/list, paged, filters
 * account, realName, userId, loginType, success, remoteIp, deptName, createTime_dategt / _datelt.
 */
export interface LoginLogView {
  id: string;
  userId: string | null;
  account: string | null;
  realName: string | null;
  deptId: string | null;
  deptName: string | null;
  /** sso, sso_code, password, captcha. */
  loginType: string;
  loginTypeName: string;
  /** 1 signed on, 0 refused. */
  success: number;
  /** Why a sign-on was refused (the message the user saw). */
  message: string | null;
  remoteIp: string | null;
  userAgent: string | null;
  createTime: string | null;
}

/** How a sign-on went, as the list shows it. */
export const LOGIN_RESULT_NAMES: Record<number, string> = { 1: '成功', 0: '失败' };
