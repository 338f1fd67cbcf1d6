import { useState } from 'react';
import { Button } from 'antd';
import type { TenantSubmit, TenantView } from '@gsl/contract';
import { tenantApi, usePackageOptions } from '../../../api/system/tenant';
import { useCan } from '../../../components/Access';
import { CrudTable } from '../../../components/crud/CrudTable';
import { crudPermissions } from '../../../components/crud/crudLogic';
import { AdminAccountModal, type IssuedAccount } from './AdminAccountModal';
import { DatasourceModal } from './DatasourceModal';
import { TENANT_COLUMNS, tenantFields } from './fields';
import { SettingModal } from './SettingModal';
import { tenantBody, tenantFormValues } from './tenantLogic';

/**
 * 租户管理 at /system/tenant (menu tenant; specification §6 "Tenant administration exists with package
 * and datasource settings"): the tenants with their account use, expiry and package; search, 新增 /
 * 查看 / 编辑 / 删除 and, per row, 租户授权 (tenant_setting: quota, expiry, package) and 数据源
 * (tenant_datasource: bind a new tenant to its own database). A new tenant is provisioned by the server
 * (root org, admin role, admin account) and its initial password is shown once.
 */
export default function TenantPage() {
  const can = useCan();
  const packages = usePackageOptions();
  const [setting, setSetting] = useState<TenantView | null>(null);
  const [datasource, setDatasource] = useState<TenantView | null>(null);
  const [issued, setIssued] = useState<IssuedAccount | null>(null);
  return (
    <>
      <CrudTable<TenantView, TenantSubmit>
        testId="tenant"
        api={tenantApi}
        columns={TENANT_COLUMNS}
        fields={(mode) => tenantFields(mode, packages.data ?? [], packages.isFetching)}
        search={[
          { name: 'tenantId', label: '租户ID' },
          { name: 'tenantName', label: '租户名称' },
          { name: 'linkman', label: '联系人' },
        ]}
        permissions={crudPermissions('tenant')}
        rowActionLabels={[...(can('tenant_setting') ? ['租户授权'] : []), ...(can('tenant_datasource') ? ['数据源'] : [])]}
        addValues={() => ({ accountNumber: -1 })}
        toFormValues={tenantFormValues}
        fromFormValues={tenantBody}
        onSaved={({ data }, mode) => {
          if (mode === 'add' && data?.adminPassword)
            setIssued({ tenantId: data.tenantId, tenantName: data.tenantName, account: data.adminAccount ?? 'admin', password: data.adminPassword });
        }}
        rowActions={
          can('tenant_setting') || can('tenant_datasource')
            ? (row) => (
                <>
                  {can('tenant_setting') && (
                    <Button type="link" size="small" onClick={() => setSetting(row)} data-testid="tenant-row-setting">
                      租户授权
                    </Button>
                  )}
                  {can('tenant_datasource') && (
                    <Button type="link" size="small" onClick={() => setDatasource(row)} data-testid="tenant-row-datasource">
                      数据源
                    </Button>
                  )}
                </>
              )
            : undefined
        }
      />
      <SettingModal tenant={setting} onClose={() => setSetting(null)} />
      <DatasourceModal tenant={datasource} onClose={() => setDatasource(null)} />
      <AdminAccountModal issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
