import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Button, Spin, TreeSelect } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { RoleView } from '@gsl/contract';
import { orgRoleApi, type OrgRoleBody } from '../../../../api/myorg/orgAccount';
import { usePermissions } from '../../../../api/system/menu';
import { useDeptTree } from '../../../../api/system/user';
import { useCan } from '../../../../components/Access';
import { CrudTable } from '../../../../components/crud/CrudTable';
import { ROLE_COLUMNS } from '../../../authority/role/columns';
import { orgChoices } from '../accounts/accountLogic';
import { NoAccess } from '../accounts/NoAccess';
import { ROLE_PATHS, ALL_ORG_CATEGORIES } from './roleLogic';

const COLUMNS = [
  ...ROLE_COLUMNS,
  { key: 'createTime', dataIndex: 'createTime', title: '创建时间', width: 165, minWidth: 160 },
] as unknown as ColumnsType<RoleView>;

/**
 * 角色管理 of 我的组织 (specification §2 child/roleManagement): the roles of the manager's org and the orgs
 * below it (org roles, on the v2 role calls), searched by name and org; 新增 / 查看 / 编辑 open their pages,
 * where a role is granted only menus, buttons and scopes the manager holds himself.
 */
export function RoleList() {
  const can = useCan();
  const permissions = usePermissions();
  const navigate = useNavigate();
  const depts = useDeptTree();
  const orgs = useMemo(() => orgChoices(depts.data ?? [], ALL_ORG_CATEGORIES), [depts.data]);

  if (permissions.isPending) return <Spin className="org-accounts__state" aria-label="加载中" />;
  if (!can('myorg_role')) return <NoAccess title="角色管理" />;

  return (
    <div data-testid="org-roles">
      <CrudTable<RoleView, OrgRoleBody>
        testId="org-role"
        api={orgRoleApi}
        columns={COLUMNS}
        permissions={{}}
        selectable={false}
        search={[
          { name: 'roleName', label: '角色名称' },
          {
            name: 'deptId',
            label: '所属机构',
            width: 220,
            input: (
              <TreeSelect
                allowClear
                showSearch
                treeNodeFilterProp="title"
                treeDefaultExpandAll
                treeData={orgs}
                placeholder="请选择所属机构"
                aria-label="所属机构"
                popupMatchSelectWidth={false}
                style={{ width: 220 }}
              />
            ),
          },
        ]}
        toolbar={() =>
          can('myorg_role_add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(ROLE_PATHS.add)} data-testid="org-role-add">
              新增
            </Button>
          )
        }
        rowActionLabels={['查看', '编辑']}
        rowActions={(row) => (
          <>
            {can('myorg_role_view') && (
              <Button type="link" size="small" onClick={() => navigate(`${ROLE_PATHS.view}?id=${row.id}`)} data-testid="org-role-row-view">
                查看
              </Button>
            )}
            {can('myorg_role_edit') && (
              <Button type="link" size="small" onClick={() => navigate(`${ROLE_PATHS.edit}?id=${row.id}`)} data-testid="org-role-row-edit">
                编辑
              </Button>
            )}
          </>
        )}
      />
    </div>
  );
}
