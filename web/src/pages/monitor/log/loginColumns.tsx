import { Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { LOGIN_RESULT_NAMES, type LoginLogView } from '@gsl/contract';
import type { CrudSearchField } from '../../../components/crud/types';

/** 登录日志's columns: time, account, name, org, how, result (with the refusal's reason), address, browser. */
export const LOGIN_LOG_COLUMNS: ColumnsType<LoginLogView> = [
  { key: 'createTime', dataIndex: 'createTime', title: '登录时间', width: 175 },
  { key: 'account', dataIndex: 'account', title: '登录账号', width: 130, minWidth: 90 },
  { key: 'realName', dataIndex: 'realName', title: '姓名', width: 110, minWidth: 70, render: (v: string | null) => v || '-' },
  { key: 'deptName', dataIndex: 'deptName', title: '所属机构', width: 180, minWidth: 110, render: (v: string | null) => v || '-' },
  { key: 'loginTypeName', dataIndex: 'loginTypeName', title: '登录方式', width: 130, minWidth: 90 },
  {
    key: 'success',
    dataIndex: 'success',
    title: '登录结果',
    width: 100,
    align: 'center',
    render: (v: number, row) => {
      const tag = (
        <Tag color={v === 1 ? 'success' : 'error'} data-testid="log-login-result">
          {LOGIN_RESULT_NAMES[v] ?? String(v)}
        </Tag>
      );
      return v !== 1 && row.message ? <Tooltip title={row.message}>{tag}</Tooltip> : tag;
    },
  },
  { key: 'message', dataIndex: 'message', title: '提示信息', width: 200, minWidth: 120, render: (v: string | null) => v || '-' },
  { key: 'remoteIp', dataIndex: 'remoteIp', title: '登录IP', width: 130, minWidth: 110 },
  { key: 'userAgent', dataIndex: 'userAgent', title: '浏览器', width: 240, minWidth: 120, render: (v: string | null) => v || '-' },
];

/** Search: account, name, org, address and the result. */
export const LOGIN_LOG_SEARCH: CrudSearchField[] = [
  { name: 'account', label: '登录账号' },
  { name: 'realName', label: '姓名' },
  { name: 'remoteIp', label: '登录IP' },
  {
    name: 'success',
    label: '登录结果',
    options: [
      { value: 1, label: LOGIN_RESULT_NAMES[1] },
      { value: 0, label: LOGIN_RESULT_NAMES[0] },
    ],
  },
];
