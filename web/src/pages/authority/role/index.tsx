import { useCallback, useState } from 'react';
import { App, Button } from 'antd';
import { CheckCircleOutlined, SafetyOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { type RoleSubmit, type RoleTreeNode } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { flattenForest, pruneForest, subtreeIds } from '../../../api/system/forest';
import { roleApi, roleKeys, setRoleStatus, useRoleTree, type RoleRow } from '../../../api/system/role';
import { useCan } from '../../../components/Access';
import { CrudTable } from '../../../components/crud/CrudTable';
import { confirmAction, withSelection } from '../../../components/crud/confirm';
import { crudPermissions } from '../../../components/crud/crudLogic';
import type { DialogMode, TreeChoice } from '../../../components/crud/types';
import { ROLE_COLUMNS } from './columns';
import { roleBody, roleFields, roleFormValues } from './fields';
import { RoleGrantDialog } from './RoleGrantDialog';

const toChoices = (nodes: readonly RoleTreeNode[]): TreeChoice[] =>
  nodes.map((n) => ({ title: n.roleName, value: n.id, key: n.id, children: n.children?.length ? toChoices(n.children) : undefined }));

type Target = Array<{ id: string; roleName: string }>;

/**
 * 角色管理 at /authority/role (specification §6 "Role administration"; menu role): the role tree
 * (search by 角色名称 / 角色别名), 新增 / 查看 / 编辑 / 删除, 权限设置 (菜单权限, 数据权限, 接口权限) for
 * one role or the selected ones, and 启用 / 禁用 after a confirmation — each button behind its code.
 */
export default function RolePage() {
  const can = useCan();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const tree = useRoleTree();
  const [granting, setGranting] = useState<Target | null>(null);

  const fields = useCallback(
    (mode: DialogMode, row: RoleRow | undefined) => {
      const forest = tree.data ?? [];
      const choices = toChoices(mode === 'edit' && row ? pruneForest(forest, subtreeIds(forest, row.id)) : forest);
      return roleFields(choices, tree.isFetching);
    },
    [tree.data, tree.isFetching],
  );

  /** The selected ids as roles (names for the dialog's title), from the whole tree. */
  const rolesOf = (ids: string[]): Target => {
    const byId = new Map(flattenForest(tree.data ?? []).map((n) => [n.id, n.roleName]));
    return ids.map((id) => ({ id, roleName: byId.get(id) ?? id }));
  };

  const openGrant = (roles: Target) => withSelection(roles, setGranting);

  const changeStatus = (selected: string[], enable: boolean) =>
    withSelection(selected, (ids) => {
      const label = enable ? '启用' : '禁用';
      confirmAction(modal, {
        content: enable ? '确定将选择的角色启用?' : '确定将选择的角色禁用? 禁用后拥有该角色的用户立即失去其权限',
        okTestId: 'role-status-confirm',
        onOk: () =>
          setRoleStatus(ids, enable).then(
            (msg) => {
              toast.success(msg || `${label}成功`);
              void client.invalidateQueries({ queryKey: roleKeys.all });
            },
            (error: unknown) => {
              void client.invalidateQueries({ queryKey: roleKeys.all });
              tellUnhandled(error);
            },
          ),
      });
    });

  return (
    <>
      <CrudTable<RoleRow, RoleSubmit>
        testId="role"
        api={roleApi}
        columns={ROLE_COLUMNS}
        fields={fields}
        search={[
          { name: 'roleName', label: '角色名称' },
          { name: 'roleAlias', label: '角色别名' },
        ]}
        permissions={crudPermissions('role')}
        toFormValues={roleFormValues}
        fromFormValues={roleBody}
        addValues={() => ({ sort: 1 })}
        rowActionLabels={[...(can('role_menu') ? ['权限设置'] : []), ...(can('role_enable') || can('role_disable') ? ['启用'] : [])]}
        toolbar={(ids) => (
          <>
            {can('role_menu') && (
              <Button icon={<SafetyOutlined />} onClick={() => openGrant(rolesOf(ids))} data-testid="role-grant-selected">
                权限设置
              </Button>
            )}
            {can('role_enable') && (
              <Button icon={<CheckCircleOutlined />} onClick={() => changeStatus(ids, true)} data-testid="role-enable-selected">
                启用
              </Button>
            )}
            {can('role_disable') && (
              <Button icon={<StopOutlined />} onClick={() => changeStatus(ids, false)} data-testid="role-disable-selected">
                禁用
              </Button>
            )}
          </>
        )}
        rowActions={(row) => (
          <>
            {can('role_menu') && (
              <Button type="link" size="small" onClick={() => openGrant([row])} data-testid="role-row-grant">
                权限设置
              </Button>
            )}
            {row.status === 1
              ? can('role_disable') && (
                  <Button type="link" size="small" danger onClick={() => changeStatus([row.id], false)} data-testid="role-row-disable">
                    禁用
                  </Button>
                )
              : can('role_enable') && (
                  <Button type="link" size="small" onClick={() => changeStatus([row.id], true)} data-testid="role-row-enable">
                    启用
                  </Button>
                )}
          </>
        )}
      />
      {granting && <RoleGrantDialog roles={granting} onClose={() => setGranting(null)} />}
    </>
  );
}
