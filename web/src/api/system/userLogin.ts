import type { LoginLogView, PageResult } from '@gsl/contract';
import type { CrudApi } from '../crud';
import { get } from '../http';

/**
 * 登录日志 (specification §7 "User login log: list"):
 *   GET /api/blade-user/login-log/list  current, size, account, realName, success, remoteIp, deptName,
 *                                       createTime_dategt / _datelt; newest first, within the data scope
 * Read only. Permission: the menu code log_login.
 */
export const loginLogApi: CrudApi<LoginLogView, never> = {
  queryKey: ['log', 'login'],
  list: async (query, signal) =>
    (await get<PageResult<LoginLogView>>('/api/blade-user/login-log/list', query, { signal })) ?? {
      records: [],
      total: 0,
      size: Number(query.size ?? 0),
      current: Number(query.current ?? 1),
      pages: 0,
    },
  submit: () => Promise.reject(new Error('登录日志只读')),
  remove: () => Promise.reject(new Error('登录日志只读')),
};
