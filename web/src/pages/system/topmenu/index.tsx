import { useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { type TopMenuSubmit, type TopMenuView } from '@gsl/contract';
import type { CrudApi } from '../../../api/crud';
import { topMenuApi } from '../../../api/system/topmenu';
import { menuIcon } from '../../../app/shell/menuIcons';
import { useCan } from '../../../components/Access';
import { CrudTable } from '../../../components/crud/CrudTable';
import { withSelection } from '../../../components/crud/confirm';
import { crudPermissions } from '../../../components/crud/crudLogic';
import { TOP_MENU_FIELDS, topMenuBody } from './fields';
import { TopMenuSettingDialog } from './TopMenuSettingDialog';

const COLUMNS: ColumnsType<TopMenuView> = [
  {
    key: 'name',
    dataIndex: 'name',
    title: '菜单名称',
    width: 220,
    ellipsis: true,
    render: (name: string, row) => (
      <Space size={6}>
        {menuIcon(row.source)}
        {name}
      </Space>
    ),
  },
  { key: 'code', dataIndex: 'code', title: '菜单编号', width: 200, ellipsis: true },
  { key: 'path', dataIndex: 'path', title: '路由地址', width: 220, ellipsis: true },
  { key: 'sort', dataIndex: 'sort', title: '菜单排序', width: 100, align: 'center' },
];

type Target = Array<{ id: string; name: string }>;

/**
 * 顶部菜单 at /system/topmenu (menu code topmenu): search by 菜单编号 / 菜单名称, 新增 / 查看 / 编辑 / 删除,
 * and 菜单配置 (topmenu_setting) — which menus show under a top menu — for one or the selected ones.
 */
export default function TopMenuPage() {
  const can = useCan();
  const [setting, setSetting] = useState<Target | null>(null);
  // The page's rows by id (the toolbar names the selected ones in the dialog's title).
  const [seen] = useState(() => new Map<string, string>());
  const api = useMemo<CrudApi<TopMenuView, TopMenuSubmit>>(
    () => ({
      ...topMenuApi,
      list: async (query, signal) => {
        const page = await topMenuApi.list(query, signal);
        page.records.forEach((r) => seen.set(r.id, r.name));
        return page;
      },
    }),
    [seen],
  );
  const open = (targets: Target) => withSelection(targets, setSetting);
  return (
    <>
      <CrudTable<TopMenuView, TopMenuSubmit>
        testId="topmenu"
        api={api}
        columns={COLUMNS}
        fields={TOP_MENU_FIELDS}
        search={[
          { name: 'code', label: '菜单编号' },
          { name: 'name', label: '菜单名称' },
        ]}
        permissions={crudPermissions('topmenu')}
        fromFormValues={topMenuBody}
        addValues={() => ({ sort: 1 })}
        rowActionLabels={can('topmenu_setting') ? ['菜单配置'] : []}
        toolbar={(ids) =>
          can('topmenu_setting') && (
            <Button icon={<SettingOutlined />} onClick={() => open(ids.map((id) => ({ id, name: seen.get(id) ?? id })))} data-testid="topmenu-setting-selected">
              菜单配置
            </Button>
          )
        }
        rowActions={(row) =>
          can('topmenu_setting') && (
            <Button type="link" size="small" onClick={() => open([row])} data-testid="topmenu-row-setting">
              菜单配置
            </Button>
          )
        }
      />
      {setting && <TopMenuSettingDialog topMenus={setting} onClose={() => setSetting(null)} />}
    </>
  );
}
