import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Spin, Tabs, TreeSelect } from 'antd';
import { ROLE_MSG, roleSubmitV2, type RoleDetailV2, type RoleGrantTree } from '@gsl/contract';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { orgRoleKeys, orgAccountKeys, submitOrgRole, useGrantableTree, useOrgRole } from '../../../../api/myorg/orgAccount';
import { usePermissions } from '../../../../api/system/menu';
import { useDeptTree } from '../../../../api/system/user';
import { useSession } from '../../../../utils/useSession';
import { useCan } from '../../../../components/Access';
import { schemaRule } from '../../../../components/crud/schemaRule';
import { LoadError } from '../../../../components/LoadError';
import { GrantTree } from '../../../authority/role/GrantTree';
import { orgChoices } from '../accounts/accountLogic';
import { NoAccess } from '../accounts/NoAccess';
import { ALL_ORG_CATEGORIES, ROLE_PATHS, initialGrants, roleBody, type RoleGrantKeys } from './roleLogic';
import '../../../authority/role/grant.css';
import '../accounts/accounts.css';

const shape = roleSubmitV2.shape;
type Mode = 'add' | 'edit' | 'view';
const TITLES: Record<Mode, string> = { add: '新增角色', edit: '编辑角色', view: '查看角色' };
const BUTTON: Record<Mode, string> = { add: 'myorg_role_add', edit: 'myorg_role_edit', view: 'myorg_role_view' };

/**
 * 新增 / 编辑 / 查看 of 我的组织 › 角色管理: an org role (its org one of the manager's org and those below),
 * its name, alias and order, and its grants in three trees — 菜单权限, 数据权限, 接口权限 — offering exactly
 * what the manager holds himself (menu/grant-tree); the server refuses anything more. Saved in one call
 * (v2/role/submit). 查看 shows the same, read-only.
 */
export function RoleFormPage({ mode }: { mode: Mode }) {
  const can = useCan();
  const permissions = usePermissions();
  const [params] = useSearchParams();
  const id = mode === 'add' ? null : params.get('id');
  const role = useOrgRole(id);
  const tree = useGrantableTree();

  if (permissions.isPending) return <Spin className="org-accounts__state" aria-label="加载中" />;
  if (!can(BUTTON[mode])) return <NoAccess title={TITLES[mode]} />;
  if (mode !== 'add' && !id) return <LoadError message="未指定角色" testId="org-role-form-error" />;
  if ((id && role.isError) || tree.isError)
    return (
      <LoadError
        message="角色数据加载失败"
        onRetry={() => {
          void role.refetch();
          void tree.refetch();
        }}
        testId="org-role-form-error"
      />
    );
  if ((id && (role.isPending || !role.data)) || !tree.data) return <Spin className="org-accounts__state" aria-label="加载中" />;
  return (
    <Card title={TITLES[mode]} className="org-account-form" data-testid="org-role-form">
      <RoleForm key={role.data?.id ?? 'new'} mode={mode} role={role.data} tree={tree.data} />
    </Card>
  );
}

function RoleForm({ mode, role, tree }: { mode: Mode; role?: RoleDetailV2; tree: RoleGrantTree }) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useSession();
  const depts = useDeptTree();
  const orgs = useMemo(() => orgChoices(depts.data ?? [], ALL_ORG_CATEGORIES), [depts.data]);
  const [grants, setGrants] = useState<RoleGrantKeys>(() => initialGrants(tree, role));
  const [saving, setSaving] = useState(false);
  const can = useCan();
  const readOnly = mode === 'view';
  const back = () => navigate(ROLE_PATHS.list);

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      const { msg } = await submitOrgRole(roleBody(values, grants, role));
      toast.success(msg);
      void client.invalidateQueries({ queryKey: orgRoleKeys.all });
      // The account screens' role pickers offer the org's roles.
      void client.invalidateQueries({ queryKey: ['system', 'role'] });
      void client.invalidateQueries({ queryKey: orgAccountKeys.all });
      back();
    } catch (error) {
      tellUnhandled(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      name="org-role"
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: 'auto' }}
      validateTrigger="onBlur"
      disabled={readOnly}
      initialValues={
        role ? { roleName: role.roleName, roleAlias: role.roleAlias, sort: role.sort, deptId: role.deptId ?? undefined } : { sort: 1, deptId: user?.dept_id }
      }
      onFinish={(values) => void save(values)}
    >
      <Form.Item name="deptId" label="所属机构" required rules={[{ required: true, message: ROLE_MSG.orgRoleOnly }]} validateTrigger={['onChange', 'onBlur']}>
        <TreeSelect
          treeData={orgs}
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          loading={depts.isPending}
          placeholder="请选择所属机构"
          popupMatchSelectWidth={false}
          style={{ maxWidth: 420 }}
          data-testid="org-role-dept"
        />
      </Form.Item>
      <Form.Item name="roleName" label="角色名称" required rules={[schemaRule(shape.roleName)]}>
        <Input placeholder="请输入角色名称" maxLength={64} style={{ maxWidth: 420 }} data-testid="org-role-name" />
      </Form.Item>
      <Form.Item name="roleAlias" label="角色别名" required rules={[schemaRule(shape.roleAlias)]} extra="字母、数字和 _ . -，本租户内唯一">
        <Input placeholder="请输入角色别名" maxLength={64} style={{ maxWidth: 420 }} data-testid="org-role-alias" />
      </Form.Item>
      <Form.Item name="sort" label="角色排序" required rules={[schemaRule(shape.sort)]}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="角色权限" extra={readOnly ? undefined : '只能授予您本人拥有的菜单、按钮和权限'}>
        <Tabs
          items={[
            {
              key: 'menu',
              label: '菜单权限',
              children: (
                <GrantTree
                  nodes={tree.menu}
                  checked={grants.menu}
                  onChange={(menu) => setGrants((g) => ({ ...g, menu }))}
                  mode="strict"
                  testId="org-role-menu"
                  disabled={readOnly}
                />
              ),
            },
            {
              key: 'data',
              label: '数据权限',
              children: (
                <GrantTree
                  nodes={tree.dataScope}
                  checked={grants.dataScope}
                  onChange={(dataScope) => setGrants((g) => ({ ...g, dataScope }))}
                  mode="leaves"
                  testId="org-role-data"
                  disabled={readOnly}
                />
              ),
            },
            {
              key: 'api',
              label: '接口权限',
              children: (
                <GrantTree
                  nodes={tree.apiScope}
                  checked={grants.apiScope}
                  onChange={(apiScope) => setGrants((g) => ({ ...g, apiScope }))}
                  mode="leaves"
                  testId="org-role-api"
                  disabled={readOnly}
                />
              ),
            },
          ]}
        />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <div className="org-account-form__actions">
          {!readOnly && (
            <Button type="primary" htmlType="submit" loading={saving} data-testid="org-role-submit">
              保存
            </Button>
          )}
          {readOnly && role && can('myorg_role_edit') && (
            <Button type="primary" disabled={false} onClick={() => navigate(`${ROLE_PATHS.edit}?id=${role.id}`)} data-testid="org-role-view-edit">
              编辑
            </Button>
          )}
          <Button disabled={false} onClick={back}>
            返回
          </Button>
        </div>
      </Form.Item>
    </Form>
  );
}
