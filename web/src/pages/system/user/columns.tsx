import { Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { USER_STATUS_NAMES, type UserView } from '@gsl/contract';
import { profileTagName } from './userLogic';

const dash = (v: string | null | undefined) => v || '-';

/**
 * 用户管理's columns: account, names, roles, org, phone, tag, status (with 已锁定 while a lockout lasts).
 * Comfortable widths, and how narrow each may become (`minWidth`) before the list scrolls sideways; the
 * org comes before the columns the fixed 操作 may cover while scrolled to the start.
 */
export const USER_COLUMNS: ColumnsType<UserView> = [
  { key: 'account', dataIndex: 'account', title: '登录账号', width: 130, minWidth: 100 },
  { key: 'realName', dataIndex: 'realName', title: '用户姓名', width: 100, minWidth: 80, render: dash },
  { key: 'roleNames', dataIndex: 'roleNames', title: '所属角色', width: 150, minWidth: 100, render: dash },
  { key: 'deptName', dataIndex: 'deptName', title: '所属机构', width: 180, minWidth: 130, render: dash },
  { key: 'phone', dataIndex: 'phone', title: '手机号码', width: 125, minWidth: 110, render: dash },
  { key: 'profileTag', dataIndex: 'profileTag', title: '人员标签', width: 120, minWidth: 90, render: (v: string | null) => profileTagName(v) || '-' },
  {
    key: 'status',
    dataIndex: 'status',
    title: '账号状态',
    width: 130,
    minWidth: 90,
    align: 'center',
    render: (v: number, row) => (
      <Space size={4}>
        <Tag color={v === 1 ? 'success' : 'error'} data-testid="user-status">
          {USER_STATUS_NAMES[v] ?? row.statusName}
        </Tag>
        {row.locked && (
          <Tooltip title={row.lockedUntil ? `锁定至 ${row.lockedUntil}` : undefined}>
            <Tag color="warning" data-testid="user-locked">
              已锁定
            </Tag>
          </Tooltip>
        )}
      </Space>
    ),
  },
  { key: 'createTime', dataIndex: 'createTime', title: '创建时间', width: 165, minWidth: 160, render: dash },
];
