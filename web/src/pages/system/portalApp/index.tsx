import { Input, InputNumber, Select, Tag } from 'antd';
import { APP_NAME_MAX, APP_OPEN_NAMES, APP_STATUS_NAMES, APP_TYPE_NAMES, APP_URL_MAX, appSubmit } from '@gsl/contract';
import { appAdminApi, type AppSubmit, type AppView } from '../../../api/portal/apps';
import { CrudTable } from '../../../components/crud/CrudTable';
import { schemaField } from '../../../components/crud/formFields';
import type { CrudFormField } from '../../../components/crud/types';
import { MENU_ICON_NAMES, menuIcon } from '../../../app/shell/menuIcons';

const shape = appSubmit.shape;
const optionsOf = (names: Record<number, string>) => Object.entries(names).map(([value, label]) => ({ value: Number(value), label }));

const FIELDS: CrudFormField[] = [
  schemaField('appName', '应用名称', shape.appName, { required: true, maxLength: APP_NAME_MAX }),
  schemaField('appType', '应用类型', shape.appType, { required: true, input: <Select options={optionsOf(APP_TYPE_NAMES)} placeholder="请选择应用类型" /> }),
  schemaField('url', '应用地址', shape.url, {
    required: true,
    maxLength: APP_URL_MAX,
    placeholder: '如 https://www.example.cn/ 或本系统路径 /portal/database/enterprise',
  }),
  schemaField('isOpen', '打开方式', shape.isOpen, { required: true, input: <Select options={optionsOf(APP_OPEN_NAMES)} placeholder="请选择打开方式" /> }),
  schemaField('icon', '图标', shape.icon, {
    input: (
      <Select
        allowClear
        showSearch
        placeholder="请选择图标"
        options={MENU_ICON_NAMES.map((name) => ({
          value: name,
          label: (
            <span>
              {menuIcon(name)} {name}
            </span>
          ),
        }))}
      />
    ),
  }),
  schemaField('sort', '排序', shape.sort, { input: <InputNumber min={0} max={9999} precision={0} placeholder="越小越靠前" style={{ width: '100%' }} /> }),
  schemaField('status', '状态', shape.status, { required: true, input: <Select options={optionsOf(APP_STATUS_NAMES)} placeholder="请选择状态" /> }),
  schemaField('remark', '备注', shape.remark, { input: <Input.TextArea placeholder="请输入备注" autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} /> }),
];

/**
 * 业务应用管理 at /system/portalApp: the applications 业务应用 lists for every user (portal/appList), how they
 * open (in place: a path of this product; new tab: any address) and whether they are listed (启用/停用).
 */
export default function PortalAppAdminPage() {
  return (
    <CrudTable<AppView, AppSubmit>
      testId="portal-app"
      api={appAdminApi}
      columns={[
        {
          key: 'appName',
          dataIndex: 'appName',
          title: '应用名称',
          width: 200,
          render: (_: unknown, r: AppView) => (
            <span>
              {menuIcon(r.icon)} {r.appName}
            </span>
          ),
        },
        { key: 'appTypeName', dataIndex: 'appTypeName', title: '应用类型', width: 110 },
        { key: 'url', dataIndex: 'url', title: '应用地址', width: 300, minWidth: 180 },
        { key: 'isOpen', dataIndex: 'isOpen', title: '打开方式', width: 120, render: (v: number) => APP_OPEN_NAMES[v] },
        { key: 'sort', dataIndex: 'sort', title: '排序', width: 80, align: 'center' },
        {
          key: 'status',
          dataIndex: 'status',
          title: '状态',
          width: 90,
          render: (v: number) => <Tag color={v === 1 ? 'success' : 'default'}>{APP_STATUS_NAMES[v]}</Tag>,
        },
        { key: 'updateTime', dataIndex: 'updateTime', title: '更新时间', width: 170 },
      ]}
      fields={FIELDS}
      search={[
        { name: 'appName', label: '应用名称' },
        { name: 'appType', label: '应用类型', options: optionsOf(APP_TYPE_NAMES) },
        { name: 'status', label: '状态', options: optionsOf(APP_STATUS_NAMES) },
      ]}
      permissions={{ add: 'portal_app_edit', edit: 'portal_app_edit', delete: 'portal_app_delete', view: 'portal_app' }}
      addValues={() => ({ appType: 1, isOpen: 2, sort: 0, status: 1 })}
      fromFormValues={(v, row) => ({ ...v, icon: v.icon || null, remark: v.remark || null, ...(row ? { id: row.id, version: row.version } : {}) })}
    />
  );
}
