import { DatePicker, Input, InputNumber, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { tenantSubmit, type TenantPackageView, type TenantView } from '@gsl/contract';
import { schemaField } from '../../../components/crud/formFields';
import { schemaRule } from '../../../components/crud/schemaRule';
import type { CrudFormField, DialogMode } from '../../../components/crud/types';
import { quotaText } from './tenantLogic';

const shape = tenantSubmit.shape;

export const TENANT_COLUMNS: ColumnsType<TenantView> = [
  { key: 'tenantId', dataIndex: 'tenantId', title: '租户ID', width: 100, minWidth: 70, align: 'center' },
  { key: 'tenantName', dataIndex: 'tenantName', title: '租户名称', width: 200, minWidth: 120 },
  { key: 'linkman', dataIndex: 'linkman', title: '联系人', width: 100, minWidth: 70 },
  { key: 'contactNumber', dataIndex: 'contactNumber', title: '联系电话', width: 130, minWidth: 110 },
  { key: 'accountNumber', title: '账号额度', width: 110, minWidth: 80, align: 'center', render: (_v, row) => quotaText(row) },
  {
    key: 'expireTime',
    dataIndex: 'expireTime',
    title: '过期时间',
    width: 200,
    minWidth: 175,
    render: (v: string | null, row) =>
      v ? (
        <span>
          {v} {row.expired && <Tag color="error">已过期</Tag>}
        </span>
      ) : (
        '不限'
      ),
  },
  { key: 'packageName', dataIndex: 'packageName', title: '产品包', width: 140, minWidth: 90, render: (v: string | null) => v ?? '不限' },
  { key: 'domainUrl', dataIndex: 'domainUrl', title: '绑定域名', width: 180, minWidth: 100 },
];

export const packageOptions = (packages: readonly TenantPackageView[]) => packages.map((p) => ({ value: p.id, label: p.packageName }));

/** 账号额度, 过期时间, 产品包: in the tenant form and in the 租户授权 dialog. */
export function settingFields(packages: readonly TenantPackageView[], loading: boolean): CrudFormField[] {
  return [
    {
      name: 'accountNumber',
      label: '账号额度',
      rules: [schemaRule(shape.accountNumber)],
      input: <InputNumber min={-1} max={1_000_000} precision={0} placeholder="-1 表示不限" suffix="个（-1 不限）" style={{ width: '100%' }} />,
    },
    {
      name: 'expireTime',
      label: '过期时间',
      validateTrigger: 'onChange',
      input: <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" placeholder="不选择则永不过期" style={{ width: '100%' }} />,
    },
    {
      name: 'packageId',
      label: '产品包',
      validateTrigger: 'onChange',
      input: <Select allowClear loading={loading} placeholder="不选择则可使用全部业务菜单" options={packageOptions(packages)} />,
    },
  ];
}

/** The tenant form: 租户ID shown (the server assigns it), 租户名称 required, contact data, and the authorisation fields. */
export function tenantFields(mode: DialogMode, packages: readonly TenantPackageView[], loading: boolean): CrudFormField[] {
  return [
    ...(mode === 'add' ? [] : [{ name: 'tenantId', label: '租户ID', input: <Input disabled /> }]),
    schemaField('tenantName', '租户名称', shape.tenantName, { required: true, maxLength: 50 }),
    schemaField('linkman', '联系人', shape.linkman, { maxLength: 20 }),
    schemaField('contactNumber', '联系电话', shape.contactNumber, { maxLength: 20 }),
    schemaField('address', '联系地址', shape.address, { maxLength: 255 }),
    schemaField('domainUrl', '绑定域名', shape.domainUrl, { maxLength: 255 }),
    ...settingFields(packages, loading),
  ];
}
