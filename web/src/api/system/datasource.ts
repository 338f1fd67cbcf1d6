import { useQuery } from '@tanstack/react-query';
import type { DatasourceOption, DatasourceSubmit, DatasourceView, Envelope } from '@gsl/contract';
import { bladeCrudApi, type Saved } from '../crud';
import { get, request } from '../http';

/**
 * 数据源管理 (menu datasource; buttons datasource_add / _edit / _delete / _view) and the tenant's
 * 数据源 button (tenant_datasource):
 *   GET  /api/blade-develop/datasource/list     current, size, name, url, username → DatasourceView page (tenants bound; no password)
 *   GET  /api/blade-develop/datasource/select   [{ id, name, url, inUse }]
 *   POST /api/blade-develop/datasource/submit   DatasourceSubmit (saved only once it connects; empty password on edit keeps the stored one)
 *   POST /api/blade-develop/datasource/remove   ?ids= (not while a tenant uses it)
 *   POST /api/blade-system/tenant/datasource    { tenantId, datasourceId } → 数据源绑定成功
 */
export const datasourceApi = bladeCrudApi<DatasourceView, DatasourceSubmit>('/api/blade-develop/datasource', ['system', 'datasource']);

export type { DatasourceOption };

export function useDatasourceOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['system', 'datasource', 'options'],
    queryFn: ({ signal }) => get<DatasourceOption[]>('/api/blade-develop/datasource/select', undefined, { signal }).then((r) => r ?? []),
    enabled,
  });
}

export const bindTenantDatasource = async (tenantId: string, datasourceId: string): Promise<Saved<null>> => {
  const envelope = await request<Envelope<null>>('/api/blade-system/tenant/datasource', { method: 'POST', body: { tenantId, datasourceId } });
  return { data: null, msg: envelope.msg };
};
