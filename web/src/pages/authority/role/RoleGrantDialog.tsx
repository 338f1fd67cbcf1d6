import { useState } from 'react';
import { Button, Modal, Spin, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { grantRoles, roleKeys, useRoleGrant } from '../../../api/system/role';
import { menuKeys } from '../../../api/system/menu';
import { LoadError } from '../../../components/LoadError';
import { GrantTree } from './GrantTree';
import { indexTree, knownKeys, scopeIds } from './grantLogic';
import './grant.css';

interface RoleGrantDialogProps {
  roles: Array<{ id: string; roleName: string }>;
  onClose: () => void;
}

/**
 * 权限设置 (BladeX role grant): three tabs — 菜单权限 (menus and buttons), 数据权限 and 接口权限 (rules
 * grouped under their menus) — filled with what the user may grant (menu/grant-tree) and checked with
 * what the roles hold (menu/role-tree-keys); 保存 replaces the roles' grants in one call (role/grant).
 * The new menus reach a user at his next sign-on.
 */
export function RoleGrantDialog({ roles, onClose }: RoleGrantDialogProps) {
  const ids = roles.map((r) => r.id);
  const grant = useRoleGrant(ids, true);
  return (
    <Modal
      open
      title={`权限设置：${roles.map((r) => r.roleName).join('、')}`}
      width={680}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={null}
    >
      <div data-testid="role-grant">
        {grant.isError ? (
          <LoadError variant="banner" message="权限数据加载失败" onRetry={grant.refetch} testId="role-grant-error" />
        ) : !grant.data ? (
          <div style={{ textAlign: 'center', padding: 48 }}>
            <Spin data-testid="role-grant-loading" />
          </div>
        ) : (
          <GrantForm key={ids.join(',')} roleIds={ids} data={grant.data} onClose={onClose} />
        )}
      </div>
    </Modal>
  );
}

type GrantData = NonNullable<ReturnType<typeof useRoleGrant>['data']>;

function GrantForm({ roleIds, data, onClose }: { roleIds: string[]; data: GrantData; onClose: () => void }) {
  const client = useQueryClient();
  const { tree, keys } = data;
  const [menu, setMenu] = useState(() => knownKeys(indexTree(tree.menu), keys.menu));
  const [dataScope, setDataScope] = useState(() => knownKeys(indexTree(tree.dataScope), keys.dataScope));
  const [apiScope, setApiScope] = useState(() => knownKeys(indexTree(tree.apiScope), keys.apiScope));
  const [saving, setSaving] = useState(false);

  const save = () => {
    setSaving(true);
    grantRoles({ roleIds, menuIds: menu, dataScopeIds: scopeIds(dataScope), apiScopeIds: scopeIds(apiScope) }).then(
      (msg) => {
        toast.success(msg || '授权成功');
        void client.invalidateQueries({ queryKey: roleKeys.all });
        // The signed-in user's own menus and buttons may have changed with his roles.
        void client.invalidateQueries({ queryKey: ['menu'] });
        void client.invalidateQueries({ queryKey: menuKeys.buttons });
        onClose();
      },
      (error: unknown) => {
        setSaving(false);
        tellUnhandled(error);
      },
    );
  };

  return (
    <>
      <Tabs
        items={[
          {
            key: 'menu',
            label: '菜单权限',
            children: <GrantTree nodes={tree.menu} checked={menu} onChange={setMenu} mode="strict" testId="role-grant-menu" />,
          },
          {
            key: 'data',
            label: '数据权限',
            children: <GrantTree nodes={tree.dataScope} checked={dataScope} onChange={setDataScope} mode="leaves" testId="role-grant-data" />,
          },
          {
            key: 'api',
            label: '接口权限',
            children: <GrantTree nodes={tree.apiScope} checked={apiScope} onChange={setApiScope} mode="leaves" testId="role-grant-api" />,
          },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}>
        <Button onClick={onClose} data-testid="role-grant-cancel">
          取消
        </Button>
        <Button type="primary" loading={saving} onClick={save} data-testid="role-grant-submit">
          保存
        </Button>
      </div>
    </>
  );
}
