import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Input, Spin, Tree } from 'antd';
import { CheckCircleOutlined, DownloadOutlined, KeyOutlined, StopOutlined, TeamOutlined, UnlockOutlined, UploadOutlined } from '@ant-design/icons';
import { USER_STATUS_NAMES, type ResetPasswordAnswer, type UserView } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import {
  disableUsers,
  enableUsers,
  exportUsers,
  grantRoles,
  resetPasswords,
  unlockUsers,
  useDeptTree,
  usePostOptions,
  useRoleTree,
  userApi,
  userKeys,
  type UserSubmitBody,
} from '../../../api/system/user';
import { useCan } from '../../../components/Access';
import { CrudTable } from '../../../components/crud/CrudTable';
import { codeOptions, crudPermissions } from '../../../components/crud/crudLogic';
import { LoadError } from '../../../components/LoadError';
import { useExport } from '../../../components/useExport';
import { confirmAction, withSelection } from '../../../components/crud/confirm';
import type { DialogMode } from '../../../components/crud/types';
import { GrantDialog, ResetPasswordsModal } from './AccountDialogs';
import { ChangeAccountDialog, SetPasswordDialog } from './AccountEditDialogs';
import { USER_COLUMNS } from './columns';
import { userFields } from './fields';
import { ImportDialog } from './ImportDialog';
import { CONFIRM, filterTree, parentKeys, splitIds, userBody, userFormValues } from './userLogic';

export { CONFIRM } from './userLogic';
import './user.css';

const PERMISSIONS = crudPermissions('user');

type Operation = 'unlock' | 'enable' | 'disable';
const RUN: Record<Operation, (ids: string[]) => Promise<string>> = { unlock: unlockUsers, enable: enableUsers, disable: disableUsers };

/**
 * 用户管理 (/system/user, menu code user) as in BladeX: the org tree on the left narrows the list to
 * that org and the orgs below it; search by account, name, phone and status; 新增 / 查看 / 编辑 / 删除;
 * on the selected users 角色配置, 密码重置 (new passwords shown once), 账号解封, 账号启用, 账号禁用 (each
 * confirmed); 导入 (template, dry run, errors, import) and 导出 (the filtered list as xlsx). Every button
 * follows its permission code (user_add … user_export); the server checks the same codes.
 */
export default function UserPage() {
  const can = useCan();
  const client = useQueryClient();
  const { modal } = App.useApp();
  const [deptId, setDeptId] = useState<string | undefined>();
  const depts = useDeptTree();
  const roles = useRoleTree();
  const posts = usePostOptions();
  const [grant, setGrant] = useState<{ open: boolean; ids: string[]; initial: string[] }>({ open: false, ids: [], initial: [] });
  const [granting, setGranting] = useState(false);
  const [passwords, setPasswords] = useState<ResetPasswordAnswer[] | null>(null);
  const [accountOf, setAccountOf] = useState<UserView | null>(null);
  const [passwordOf, setPasswordOf] = useState<UserView | null>(null);
  const [importing, setImporting] = useState(false);
  const { exporting, exportFile } = useExport('用户', 'user-export');

  // The lists only (not the org and role trees of the form).
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: [...userKeys.all, 'list'] }), [client]);
  const rows = (ids: string[]) => {
    const pages = client.getQueriesData<{ records: UserView[] }>({ queryKey: [...userKeys.all, 'list'] });
    const all = pages.flatMap(([, page]) => page?.records ?? []);
    return ids.map((id) => all.find((r) => r.id === id)).filter((r): r is UserView => Boolean(r));
  };

  const fields = useCallback(
    (mode: DialogMode) => userFields(mode, { depts: depts.data ?? [], roles: roles.data ?? [], posts: posts.data ?? [] }),
    [depts.data, roles.data, posts.data],
  );

  /** Confirms, runs, tells the server's message and reloads the list (a refusal was told by http.ts). */
  const confirmThen = (ids: string[], content: string, action: () => Promise<void>) =>
    withSelection(ids, () =>
      confirmAction(modal, {
        content,
        okTestId: 'user-confirm-ok',
        onOk: () =>
          action()
            .catch(tellUnhandled)
            .finally(() => void refresh()),
      }),
    );

  const operate = (op: Operation, ids: string[]) =>
    confirmThen(ids, CONFIRM[op], async () => {
      toast.success(await RUN[op](ids));
    });

  const reset = (ids: string[]) =>
    confirmThen(ids, CONFIRM.reset, async () => {
      const { msg, passwords: answers } = await resetPasswords(ids);
      toast.success(msg);
      setPasswords(answers);
    });

  const openGrant = (selected: string[]) =>
    withSelection(selected, (ids) => {
      const chosen = rows(ids);
      setGrant({ open: true, ids, initial: chosen.length === 1 ? splitIds(chosen[0].roleIds) : [] });
    });

  const submitGrant = async (roleIds: string[]) => {
    setGranting(true);
    try {
      toast.success(await grantRoles(grant.ids, roleIds));
      setGrant((g) => ({ ...g, open: false }));
    } catch (error) {
      tellUnhandled(error);
    } finally {
      setGranting(false);
      void refresh();
    }
  };

  const toolbar = (ids: string[], filters: Record<string, string | number | boolean>) => (
    <>
      {can('user_role') && (
        <Button icon={<TeamOutlined />} onClick={() => openGrant(ids)} data-testid="user-grant">
          角色配置
        </Button>
      )}
      {can('user_reset') && (
        <Button icon={<KeyOutlined />} onClick={() => reset(ids)} data-testid="user-reset">
          密码重置
        </Button>
      )}
      {can('user_unlock') && (
        <Button icon={<UnlockOutlined />} onClick={() => operate('unlock', ids)} data-testid="user-unlock">
          账号解封
        </Button>
      )}
      {can('user_enable') && (
        <Button icon={<CheckCircleOutlined />} onClick={() => operate('enable', ids)} data-testid="user-enable">
          账号启用
        </Button>
      )}
      {can('user_disable') && (
        <Button danger icon={<StopOutlined />} onClick={() => operate('disable', ids)} data-testid="user-disable">
          账号禁用
        </Button>
      )}
      {can('user_import') && (
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="user-import">
          导入
        </Button>
      )}
      {can('user_export') && (
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => void exportFile((onProgress) => exportUsers(filters, onProgress))}
          data-testid="user-export"
        >
          导出
        </Button>
      )}
    </>
  );

  return (
    <div className="user-screen" data-testid="user-screen">
      <DeptPanel depts={depts} selected={deptId} onSelect={setDeptId} />
      <div className="user-screen__list">
        <CrudTable<UserView, UserSubmitBody>
          testId="user"
          api={userApi}
          columns={USER_COLUMNS}
          fields={fields}
          permissions={PERMISSIONS}
          search={[
            { name: 'account', label: '登录账号' },
            { name: 'realName', label: '用户姓名' },
            { name: 'phone', label: '手机号码' },
            { name: 'status', label: '账号状态', options: codeOptions(USER_STATUS_NAMES) },
          ]}
          filters={deptId ? { deptId } : undefined}
          toolbar={toolbar}
          toFormValues={userFormValues}
          addValues={() => ({ deptId, isAddressBook: 0 })}
          fromFormValues={(values, row) => userBody(values, Boolean(row))}
          labelWidth={100}
          rowActionLabels={[...(can('user_edit') ? ['修改账号'] : []), ...(can('user_reset') ? ['设置密码'] : [])]}
          rowActions={(row) => (
            <>
              {can('user_edit') && (
                <Button type="link" size="small" onClick={() => setAccountOf(row)} data-testid="user-row-account">
                  修改账号
                </Button>
              )}
              {can('user_reset') && (
                <Button type="link" size="small" onClick={() => setPasswordOf(row)} data-testid="user-row-password">
                  设置密码
                </Button>
              )}
            </>
          )}
        />
      </div>
      <GrantDialog
        open={grant.open}
        initial={grant.initial}
        saving={granting}
        onCancel={() => setGrant((g) => ({ ...g, open: false }))}
        onOk={(ids) => void submitGrant(ids)}
      />
      <ResetPasswordsModal answers={passwords} onClose={() => setPasswords(null)} />
      <ChangeAccountDialog user={accountOf} onClose={() => setAccountOf(null)} onSaved={() => void refresh()} />
      <SetPasswordDialog user={passwordOf} onClose={() => setPasswordOf(null)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={() => void refresh()} />
    </div>
  );
}

/** The org tree: picking an org shows its users and those of the orgs below it; picking it again shows all. */
function DeptPanel({
  depts,
  selected,
  onSelect,
}: {
  depts: ReturnType<typeof useDeptTree>;
  selected: string | undefined;
  onSelect: (id: string | undefined) => void;
}) {
  const [text, setText] = useState('');
  const tree = useMemo(() => filterTree(depts.data ?? [], text), [depts.data, text]);
  const expanded = useMemo(() => (text.trim() ? parentKeys(tree) : undefined), [tree, text]);
  return (
    <Card
      className="user-screen__tree"
      size="small"
      title="所属机构"
      extra={
        selected ? (
          <Button type="link" size="small" onClick={() => onSelect(undefined)} data-testid="user-dept-all">
            全部
          </Button>
        ) : null
      }
    >
      <Input.Search
        allowClear
        placeholder="输入机构名称过滤"
        value={text}
        onChange={(e) => setText(e.target.value)}
        style={{ marginBottom: 8 }}
        data-testid="user-dept-filter"
      />
      <div className="user-screen__tree-scroll" data-testid="user-dept-tree">
        {depts.isPending ? (
          <Spin />
        ) : depts.isError ? (
          <LoadError message="机构加载失败" onRetry={depts.refetch} />
        ) : !tree.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无机构" />
        ) : (
          <Tree
            key={expanded ? `filter-${text}` : 'all'}
            blockNode
            treeData={tree}
            selectedKeys={selected ? [selected] : []}
            defaultExpandedKeys={expanded ?? tree.map((n) => n.key)}
            onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : undefined)}
            titleRender={(node) => <span data-testid="user-dept-node">{node.title as string}</span>}
          />
        )}
      </div>
    </Card>
  );
}
