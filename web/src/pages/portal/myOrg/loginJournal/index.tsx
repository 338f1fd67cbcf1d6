import type { ColumnsType } from 'antd/es/table';
import { LOGIN_RESULT_NAMES, type PortalLoginView } from '@gsl/contract';
import { orgLoginApi } from '../../../../api/myorg/org';
import { CrudTable } from '../../../../components/crud/CrudTable';
import type { CrudSearchField } from '../../../../components/crud/types';
import { LOGIN_LOG_COLUMNS } from '../../../monitor/log/loginColumns';
import { MyOrgScreen } from '../home/MyOrgScreen';

/** The admin 登录日志's columns (the portal's records are the same without the ids). */
export const JOURNAL_COLUMNS = LOGIN_LOG_COLUMNS as unknown as ColumnsType<PortalLoginView>;

/** §2 loginJournal's filters: the account, the org (a federation sees the orgs below it), the result; the time range beside them. */
export const JOURNAL_SEARCH: CrudSearchField[] = [
  { name: 'account', label: '登录账号' },
  { name: 'deptName', label: '所属机构' },
  {
    name: 'success',
    label: '登录结果',
    options: [
      { value: 1, label: LOGIN_RESULT_NAMES[1] },
      { value: 0, label: LOGIN_RESULT_NAMES[0] },
    ],
  },
];

/**
 * 登录日志 (specification §2 /portal/myOrg/loginJournal; §7 portal/userlogin/list): the sign-ons of the org's
 * accounts — and, for a federation, of the orgs below it (the data scope) — newest first, by account, org,
 * result and time range (createTime_dategt / _datelt, §5). Read only; refused sign-ons say why.
 */
export default function LoginJournalPage() {
  return (
    <MyOrgScreen title="登录日志" testId="myorg-login-journal">
      <CrudTable<PortalLoginView, never>
        testId="myorg-logins"
        api={orgLoginApi}
        columns={JOURNAL_COLUMNS}
        search={JOURNAL_SEARCH}
        dateRange={{ name: 'createTime', label: '登录时间' }}
        permissions={{}}
        selectable={false}
      />
    </MyOrgScreen>
  );
}
