import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MSG,
  datasourceOption,
  datasourceRecord,
  datasourceSubmit,
  idQuery,
  pageOf,
  pageQuery,
  type DatasourceOption,
  type DatasourceView,
} from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { formatTime } from '../../../platform/http/time.js';
import { datasourceRepo, type DatasourceRow } from './datasource.repo.js';
import { datasourceService } from './datasource.service.js';

/**
 * Tenant datasources (数据源管理, platform administration): PostgreSQL databases a tenant's data may live
 * in. A datasource is saved only once it really connects; its password is stored encrypted and never
 * answered. Binding a tenant to one is `tenant/datasource` (tenant screen, 数据源 button).
 */
export default async function datasourceRoutes(app: FastifyInstance) {
  const { config } = app;
  const main = app.services.tenancy.main;
  const svc = datasourceService({ tenancy: app.services.tenancy, config });
  const tenantsOf = async (ids: string[]) => {
    const out = new Map<string, string[]>();
    if (!ids.length) return out;
    for (const r of await datasourceRepo.tenantsOn(main, ids))
      out.set(String(r.datasourceId), [...(out.get(String(r.datasourceId)) ?? []), `${r.tenantId} ${r.tenantName}`]);
    return out;
  };
  const view = (r: DatasourceRow, tenants: string[]): DatasourceView => ({
    id: String(r.id),
    name: r.name,
    driverClass: r.driverClass,
    url: r.url,
    username: r.username,
    hasPassword: !!r.passwordEnc,
    remark: r.remark,
    tenants,
    version: r.version,
    createTime: formatTime(r.createTime, config.timeZone),
  });
  const detail = async (id: string) => {
    const row = await datasourceRepo.findById(main, id);
    if (!row) throw notFound();
    return view(row, (await tenantsOf([id])).get(id) ?? []);
  };

  route(app, {
    method: 'GET',
    url: '/api/blade-develop/datasource/list',
    summary: 'datasource list: 数据源分页列表 (含绑定的租户; 不含密码)',
    tags: ['system-datasource'],
    access: { permission: ['datasource', 'tenant_datasource'] },
    query: pageQuery.passthrough(),
    response: pageOf(datasourceRecord),
    handler: async ({ query }) => {
      const page = await datasourceRepo.page(main, query, query as Record<string, unknown>);
      const tenants = await tenantsOf(page.records.map((r) => String(r.id)));
      return { ...page, records: page.records.map((r) => view(r, tenants.get(String(r.id)) ?? [])) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-develop/datasource/detail',
    summary: 'datasource detail: 数据源详情 (不含密码)',
    tags: ['system-datasource'],
    access: { permission: 'datasource' },
    query: idQuery,
    response: datasourceRecord,
    handler: async ({ query }) => detail(query.id),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-develop/datasource/select',
    summary: 'datasource select: 数据源下拉选项 (租户绑定数据源时选择; 已被租户使用的注明)',
    tags: ['system-datasource'],
    access: { permission: ['datasource', 'tenant_datasource'] },
    response: z.array(datasourceOption),
    handler: async () => {
      const rows = await datasourceRepo.options(main);
      const tenants = await tenantsOf(rows.map((r) => String(r.id)));
      return rows.map((r): DatasourceOption => ({ id: String(r.id), name: r.name, url: r.url, inUse: tenants.has(String(r.id)) }));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-develop/datasource/submit',
    summary: 'datasource submit: 新增或修改数据源 (保存前实际连接校验; 密码加密保存, 修改时留空则不变)',
    tags: ['system-datasource'],
    access: { permission: 'datasource' },
    body: datasourceSubmit,
    response: datasourceRecord,
    handler: async ({ actor, body }) => {
      const { id, created } = await svc.submit(actor, body);
      return withMsg(await detail(id), created ? MSG.added : MSG.updated);
    },
  });

  removeRoute(app, {
    url: '/api/blade-develop/datasource/remove',
    summary: 'datasource remove: 删除数据源 (ids; 正被租户使用的不能删除)',
    tags: ['system-datasource'],
    permission: 'datasource_delete',
    remove: (ids) => svc.remove(ids),
  });
}
