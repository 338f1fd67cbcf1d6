import { useState } from 'react';
import { Alert, App, Button, Descriptions, Modal, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DATASOURCE_MSG, type TenantView } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { bindTenantDatasource, useDatasourceOptions } from '../../../api/system/datasource';
import { tenantApi } from '../../../api/system/tenant';
import { DIALOG_WIDTH } from '../../../components/crud/CrudFormDialog';

/**
 * 数据源 (button tenant_datasource): the tenant's own database. A tenant keeps its data in the main
 * database until it is bound; binding is for a new tenant (no business data yet), is final, and moves
 * its accounts and org there — the server refuses anything else with the reason. A bound tenant shows
 * its datasource, read-only.
 */
export function DatasourceModal({ tenant, onClose }: { tenant: TenantView | null; onClose: () => void }) {
  const client = useQueryClient();
  const { modal } = App.useApp();
  const bound = Boolean(tenant?.datasourceId);
  const options = useDatasourceOptions(Boolean(tenant) && !bound);
  const [chosen, setChosen] = useState<string | undefined>();
  const bind = useMutation({
    mutationFn: () => bindTenantDatasource(tenant!.tenantId, chosen!),
    onSettled: () => {
      client.invalidateQueries({ queryKey: tenantApi.queryKey });
      client.invalidateQueries({ queryKey: ['system', 'datasource'] });
    },
  });
  const close = () => {
    setChosen(undefined);
    onClose();
  };
  const confirm = () =>
    modal.confirm({
      title: '确定绑定该数据源?',
      content: '绑定后该租户的全部数据都保存在所选数据库中,且不能更换。',
      okButtonProps: { 'data-testid': 'tenant-datasource-confirm' } as Record<string, string>,
      onOk: () =>
        bind.mutateAsync().then(({ msg }) => {
          toast.success(msg || DATASOURCE_MSG.bound);
          close();
        }, tellUnhandled),
    });

  return (
    <Modal
      open={Boolean(tenant)}
      title="数据源"
      width={DIALOG_WIDTH}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        bound
          ? [
              <Button key="close" onClick={close}>
                关闭
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                取消
              </Button>,
              <Button key="ok" type="primary" disabled={!chosen} loading={bind.isPending} onClick={confirm} data-testid="tenant-datasource-submit">
                绑定
              </Button>,
            ]
      }
    >
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          { key: 'tenant', label: '租户', children: tenant ? `${tenant.tenantName}（${tenant.tenantId}）` : '' },
          { key: 'ds', label: '当前数据源', children: bound ? tenant!.datasourceName : '主数据库（与平台共用）' },
        ]}
      />
      {bound ? (
        <Alert type="success" showIcon title="该租户的数据保存在其专属数据库中。" />
      ) : (
        <>
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="只能为尚无业务数据的新租户绑定数据源;绑定后不能更换。" />
          <Select
            style={{ width: '100%' }}
            placeholder={DATASOURCE_MSG.required}
            loading={options.isFetching}
            value={chosen}
            onChange={setChosen}
            data-testid="tenant-datasource-select"
            options={(options.data ?? []).map((o) => ({ value: o.id, label: `${o.name}  ${o.url}${o.inUse ? '（已被使用）' : ''}`, disabled: o.inUse }))}
            notFoundContent="暂无数据源,请先在数据源管理中新增"
          />
        </>
      )}
    </Modal>
  );
}
