import type { LoginLogView } from '@gsl/contract';
import { bladeCrudApi, type CrudApi } from '../crud';

/**
 * 登录日志 (specification §7 "User login log: list"):
 *   GET /api/blade-user/login-log/list  current, size, account, realName, success, remoteIp, deptName,
 *                                       createTime_dategt / _datelt; newest first, within the data scope
 * Read only. Permission: the menu code log_login.
 */
export const loginLogApi: CrudApi<LoginLogView, never> = bladeCrudApi('/api/blade-user/login-log', ['log', 'login'], { readOnly: '登录日志只读' });
