import { Input, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DATASOURCE_MSG, datasourceSubmit, type DatasourceSubmit, type DatasourceView } from '@gsl/contract';
import { datasourceApi } from '../../../api/system/datasource';
import { CrudTable } from '../../../components/crud/CrudTable';
import { crudPermissions } from '../../../components/crud/crudLogic';
import { textAreaField } from '../../../components/crud/formFields';
import { schemaRule } from '../../../components/crud/schemaRule';
import type { CrudFormField, DialogMode } from '../../../components/crud/types';
import { requiredThen } from '../client/clientLogic';

const shape = datasourceSubmit.shape;

const COLUMNS: ColumnsType<DatasourceView> = [
  { key: 'name', dataIndex: 'name', title: '数据源名称', width: 180, minWidth: 120 },
  { key: 'url', dataIndex: 'url', title: '连接地址', width: 320, minWidth: 180 },
  { key: 'username', dataIndex: 'username', title: '用户名', width: 140, minWidth: 100 },
  {
    key: 'tenants',
    dataIndex: 'tenants',
    title: '使用租户',
    width: 220,
    ellipsis: false, // every tenant's tag shows, on as many lines as it takes
    render: (tenants: string[]) =>
      tenants.length ? (
        <Space size={[4, 4]} wrap>
          {tenants.map((t) => (
            <Tag key={t} color="processing">
              {t}
            </Tag>
          ))}
        </Space>
      ) : (
        <span style={{ color: '#606266' }}>未使用</span>
      ),
  },
  { key: 'remark', dataIndex: 'remark', title: '备注', width: 200, minWidth: 120 },
];

function fields(mode: DialogMode): CrudFormField[] {
  return [
    {
      name: 'name',
      label: '数据源名称',
      required: true,
      rules: [requiredThen(DATASOURCE_MSG.nameRequired, shape.name)],
      input: <Input placeholder="请输入数据源名称" maxLength={100} />,
    },
    {
      name: 'url',
      label: '连接地址',
      required: true,
      rules: [requiredThen(DATASOURCE_MSG.urlRequired, shape.url)],
      input: <Input placeholder="jdbc:postgresql://127.0.0.1:5432/数据库名" maxLength={500} />,
    },
    {
      name: 'username',
      label: '用户名',
      required: true,
      rules: [requiredThen(DATASOURCE_MSG.usernameRequired, shape.username)],
      input: <Input placeholder="请输入用户名" maxLength={100} autoComplete="off" />,
    },
    ...(mode === 'view'
      ? []
      : [
          {
            name: 'password',
            label: '密码',
            rules: [schemaRule(shape.password)],
            input: (
              <Input.Password placeholder={mode === 'add' ? '请输入密码（加密保存）' : '留空则保持原密码不变'} autoComplete="new-password" maxLength={200} />
            ),
          },
        ]),
    textAreaField('remark', '备注', shape.remark, { maxRows: 4 }),
  ];
}

/**
 * 数据源管理 at /system/datasource (platform administration; specification §6 "Tenant administration
 * exists with package and datasource settings"): the PostgreSQL databases a tenant's data may live in.
 * Saving connects first (a wrong address, account or password is refused with the reason); the
 * password is stored encrypted and never shown; a datasource a tenant uses cannot be removed or
 * pointed elsewhere. Tenants are bound on 租户管理 (数据源).
 */
export default function DatasourcePage() {
  return (
    <CrudTable<DatasourceView, DatasourceSubmit>
      testId="datasource"
      api={datasourceApi}
      columns={COLUMNS}
      fields={(mode) => fields(mode)}
      search={[
        { name: 'name', label: '数据源名称' },
        { name: 'url', label: '连接地址' },
      ]}
      permissions={crudPermissions('datasource')}
      labelWidth={100}
      toFormValues={(row) => ({ name: row.name, url: row.url, username: row.username, remark: row.remark ?? undefined })}
      fromFormValues={(values) => ({ ...values, password: values.password || undefined })}
    />
  );
}
