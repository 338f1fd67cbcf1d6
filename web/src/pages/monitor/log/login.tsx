import { loginLogApi } from '../../../api/system/userLogin';
import { CrudTable } from '../../../components/crud/CrudTable';
import type { LoginLogView } from '@gsl/contract';
import { LOGIN_LOG_COLUMNS, LOGIN_LOG_SEARCH } from './loginColumns';

/**
 * 登录日志 at /monitor/log/login (menu code log_login): every sign-on attempt of the accounts in the
 * user's data scope, newest first, searchable by account, name, address, result and time. Read only.
 */
export default function LoginLogPage() {
  return (
    <CrudTable<LoginLogView, never>
      testId="log-login"
      api={loginLogApi}
      columns={LOGIN_LOG_COLUMNS}
      search={LOGIN_LOG_SEARCH}
      dateRange={{ name: 'createTime', label: '登录时间' }}
      permissions={{}}
      selectable={false}
    />
  );
}
