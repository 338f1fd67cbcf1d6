import { useState } from 'react';
import { Button, Modal, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { grantTopMenus, topMenuKeys, useTopMenuSetting } from '../../../api/system/topmenu';
import { LoadError } from '../../../components/LoadError';
import { GrantTree } from '../../authority/role/GrantTree';
import { indexTree, knownKeys } from '../../authority/role/grantLogic';
import '../../authority/role/grant.css';

interface Props {
  topMenus: Array<{ id: string; name: string }>;
  onClose: () => void;
}

/**
 * 菜单配置 (BladeX top menu setting): the menus the user holds (menu/grant-top-tree), checked with
 * those configured under the top menus (menu/top-tree-keys); 保存 replaces them (topmenu/grant).
 */
export function TopMenuSettingDialog({ topMenus, onClose }: Props) {
  const ids = topMenus.map((t) => t.id);
  const setting = useTopMenuSetting(ids, true);
  return (
    <Modal
      open
      title={`菜单配置：${topMenus.map((t) => t.name).join('、')}`}
      width={580}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={null}
    >
      <div data-testid="topmenu-setting">
        {setting.isError ? (
          <LoadError variant="banner" message="菜单数据加载失败" onRetry={setting.refetch} />
        ) : !setting.data ? (
          <div style={{ textAlign: 'center', padding: 48 }}>
            <Spin />
          </div>
        ) : (
          <SettingForm topMenuIds={ids} data={setting.data} onClose={onClose} />
        )}
      </div>
    </Modal>
  );
}

function SettingForm({
  topMenuIds,
  data,
  onClose,
}: {
  topMenuIds: string[];
  data: NonNullable<ReturnType<typeof useTopMenuSetting>['data']>;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [checked, setChecked] = useState(() => knownKeys(indexTree(data.tree), data.keys));
  const [saving, setSaving] = useState(false);
  const save = () => {
    setSaving(true);
    grantTopMenus({ topMenuIds, menuIds: checked }).then(
      (msg) => {
        toast.success(msg || '配置成功');
        void client.invalidateQueries({ queryKey: topMenuKeys.all });
        void client.invalidateQueries({ queryKey: ['menu', 'routes'] });
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
      <GrantTree nodes={data.tree} checked={checked} onChange={setChecked} mode="strict" testId="topmenu-setting-tree" />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}>
        <Button onClick={onClose} data-testid="topmenu-setting-cancel">
          取消
        </Button>
        <Button type="primary" loading={saving} onClick={save} data-testid="topmenu-setting-submit">
          保存
        </Button>
      </div>
    </>
  );
}
