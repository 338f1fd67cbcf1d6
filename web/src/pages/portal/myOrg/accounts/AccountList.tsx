import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Spin, Tag, TreeSelect } from 'antd';
import { CheckCircleOutlined, KeyOutlined, PlusOutlined, StopOutlined, UnlockOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { USER_STATUS_NAMES, type OrgAccountTag, type ResetPasswordAnswer, type UserView } from '@gsl/contract';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { orgAccountApi, orgAccountKeys, type OrgAccountBody } from '../../../../api/myorg/orgAccount';
import { usePermissions } from '../../../../api/system/menu';
import { disableUsers, enableUsers, resetPasswords, unlockUsers, useDeptTree } from '../../../../api/system/user';
import { useCan } from '../../../../components/Access';
import { CrudTable } from '../../../../components/crud/CrudTable';
import { codeOptions } from '../../../../components/crud/crudLogic';
import { confirmAction, withSelection } from '../../../../components/crud/confirm';
import { ResetPasswordsModal } from '../../../system/user/AccountDialogs';
import { USER_COLUMNS } from '../../../system/user/columns';
import { CONFIRM } from '../../../system/user/userLogic';
import { ACCOUNT_SCREENS, orgChoices } from './accountLogic';
import { NoAccess } from './NoAccess';
import './accounts.css';

type Operation = 'unlock' | 'enable' | 'disable';
const RUN: Record<Operation, (ids: string[]) => Promise<string>> = { unlock: unlockUsers, enable: enableUsers, disable: disableUsers };
const OPERATIONS: Array<{ op: Operation; label: string; icon: ReactNode; danger?: boolean }> = [
  { op: 'enable', label: '账号启用', icon: <CheckCircleOutlined /> },
  { op: 'disable', label: '账号禁用', icon: <StopOutlined />, danger: true },
  { op: 'unlock', label: '账号解封', icon: <UnlockOutlined /> },
];

/** 用户管理's columns without the tag (the screen is one tag), and whether the first sign-on is still to come. */
const COLUMNS: ColumnsType<UserView> = [
  ...USER_COLUMNS.filter((c) => c.key !== 'profileTag' && c.key !== 'status'),
  {
    key: 'status',
    dataIndex: 'status',
    title: '账号状态',
    width: 190,
    minWidth: 120,
    align: 'center',
    render: (v: number, row) => (
      <span className="org-accounts__tags">
        <Tag color={v === 1 ? 'success' : 'error'} data-testid="org-account-status">
          {USER_STATUS_NAMES[v] ?? row.statusName}
        </Tag>
        {row.locked && <Tag color="warning">已锁定</Tag>}
        {row.passwordResetRequired === 1 && <Tag color="processing">待修改初始密码</Tag>}
      </span>
    ),
  },
];

/**
 * 工商联账号管理 / 商会账号管理 (specification §2 child/userAccountManagement, child/COCAccountManagement): the
 * accounts of one profile tag in the manager's org and the orgs below it (the server's data scope), searched
 * by org, account, name, phone and status; 新增 / 查看 / 修改 open their pages; on the selected accounts
 * 账号启用, 账号禁用, 账号解封 and 密码重置 (each confirmed; new passwords shown once). Every button follows the
 * screen's permission codes, which the server checks again per account.
 */
export function AccountList({ tag }: { tag: OrgAccountTag }) {
  const screen = ACCOUNT_SCREENS[tag];
  const can = useCan();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { modal } = App.useApp();
  const api = useMemo(() => orgAccountApi(tag), [tag]);
  const depts = useDeptTree();
  const orgs = useMemo(() => orgChoices(depts.data ?? [], screen.categories), [depts.data, screen.categories]);
  const [passwords, setPasswords] = useState<ResetPasswordAnswer[] | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: orgAccountKeys.all }), [client]);
  const permissions = usePermissions();
  const code = (action: string) => `${screen.menu}_${action}`;

  if (permissions.isPending) return <Spin className="org-accounts__state" aria-label="加载中" />;
  if (!can(screen.menu)) return <NoAccess title={screen.title} />;

  const confirmThen = (ids: string[], content: string, action: () => Promise<void>) =>
    withSelection(ids, () =>
      confirmAction(modal, {
        content,
        okTestId: 'org-account-confirm-ok',
        onOk: () =>
          action()
            .catch(tellUnhandled)
            .finally(() => void refresh()),
      }),
    );

  const toolbar = (ids: string[]) => (
    <>
      {can(code('add')) && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(screen.add)} data-testid="org-account-add">
          新增
        </Button>
      )}
      {OPERATIONS.filter((o) => can(code(o.op))).map((o) => (
        <Button
          key={o.op}
          icon={o.icon}
          danger={o.danger}
          onClick={() => confirmThen(ids, CONFIRM[o.op], async () => toast.success(await RUN[o.op](ids)))}
          data-testid={`org-account-${o.op}`}
        >
          {o.label}
        </Button>
      ))}
      {can(code('reset')) && (
        <Button
          icon={<KeyOutlined />}
          onClick={() =>
            confirmThen(ids, CONFIRM.reset, async () => {
              const { msg, passwords: answers } = await resetPasswords(ids);
              toast.success(msg);
              setPasswords(answers);
            })
          }
          data-testid="org-account-reset"
        >
          密码重置
        </Button>
      )}
    </>
  );

  return (
    <div className="org-accounts" data-testid={`org-accounts-${tag}`}>
      <CrudTable<UserView, OrgAccountBody>
        testId="org-account"
        api={api}
        columns={COLUMNS}
        permissions={{}}
        search={[
          {
            name: 'deptId',
            label: '所属机构',
            width: 220,
            input: (
              <TreeSelect
                allowClear
                showSearch
                treeNodeFilterProp="title"
                popupMatchSelectWidth={false}
                treeDefaultExpandAll
                treeData={orgs}
                placeholder="请选择所属机构"
                aria-label="所属机构"
                loading={depts.isPending}
                style={{ width: 220 }}
                data-testid="org-account-search-dept"
              />
            ),
          },
          { name: 'account', label: '登录账号' },
          { name: 'realName', label: '用户姓名' },
          { name: 'phone', label: '手机号码' },
          { name: 'status', label: '账号状态', options: codeOptions(USER_STATUS_NAMES) },
        ]}
        toolbar={toolbar}
        rowActionLabels={['查看', '修改']}
        rowActions={(row) => (
          <>
            {can(code('view')) && (
              <Button type="link" size="small" onClick={() => navigate(`${screen.view}?id=${row.id}`)} data-testid="org-account-row-view">
                查看
              </Button>
            )}
            {can(code('edit')) && (
              <Button type="link" size="small" onClick={() => navigate(`${screen.update}?id=${row.id}`)} data-testid="org-account-row-edit">
                修改
              </Button>
            )}
          </>
        )}
      />
      <ResetPasswordsModal answers={passwords} onClose={() => setPasswords(null)} />
    </div>
  );
}
