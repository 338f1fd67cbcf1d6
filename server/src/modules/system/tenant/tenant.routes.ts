import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DATASOURCE_MSG,
  MSG,
  idField,
  idQuery,
  idsQuery,
  pageOf,
  pageQuery,
  tenantDatasourceBind,
  tenantOption,
  tenantRecord,
  tenantSubmit,
  type TenantView,
} from '@gsl/contract';
import { bindTenant } from '../../../platform/tenancy/bind.js';
import { withMsg } from '../../../platform/http/envelope.js';
import { notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { formatTime } from '../../../platform/http/time.js';
import { tenantRepo, type TenantRow } from './tenant.repo.js';
import { tenantService } from './tenant.service.js';
import { packageRepo } from './package.repo.js';

/** Tenants (platform administration, menu 'tenant'). */
export default async function tenantRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const { tenancy } = app.services;
  const tz = config.timeZone;
  // Every copy of the platform tables to a bound tenant's database may carry a package change: its roles follow.
  app.services.tenantSync.register((tx, tenantId) => tenantService.followPackage(tenancy.main, tx, tenantId));
  const view = (r: TenantRow, used: number): TenantView => ({
    ...r,
    id: String(r.id),
    packageId: r.packageId == null ? null : String(r.packageId),
    datasourceId: r.datasourceId == null ? null : String(r.datasourceId),
    datasourceName: r.datasourceName ?? null,
    accountUsed: used,
    expired: !!r.expireTime && new Date(r.expireTime).getTime() < Date.now(),
    expireTime: formatTime(r.expireTime, tz),
    createTime: formatTime(r.createTime, tz),
  });
  const withAccounts = async (row: TenantRow) => view(row, (await tenantService.accountsUsed(db, tenancy, [row])).get(row.tenantId) ?? 0);

  route(app, {
    method: 'GET',
    url: '/api/blade-system/tenant/list',
    summary: 'tenant list: 租户分页列表 (含账号用量、产品包、是否过期)',
    tags: ['system-tenant'],
    access: { permission: 'tenant' },
    query: pageQuery.passthrough(),
    response: pageOf(tenantRecord),
    handler: async ({ query }) => {
      const page = await tenantRepo.page(db, query, query as Record<string, unknown>);
      const used = await tenantService.accountsUsed(db, tenancy, page.records);
      return { ...page, records: page.records.map((r) => view(r, used.get(r.tenantId) ?? 0)) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/tenant/detail',
    summary: 'tenant detail: 租户详情',
    tags: ['system-tenant'],
    access: { permission: 'tenant' },
    query: idQuery,
    response: tenantRecord,
    handler: async ({ query }) => {
      const row = await tenantRepo.findById(db, query.id);
      if (!row) throw notFound();
      return withAccounts(row);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/tenant/select',
    summary: 'tenant select: 租户下拉选项',
    tags: ['system-tenant'],
    access: { permission: 'tenant' },
    response: z.array(tenantOption),
    handler: async () => (await tenantRepo.options(db)).map((r) => ({ tenantId: r.tenantId, tenantName: r.tenantName })),
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/tenant/submit',
    summary: 'tenant submit: 新增租户 (开通根机构、管理员角色与 admin 账号, 初始密码仅返回一次) 或修改租户',
    tags: ['system-tenant'],
    access: { permission: 'tenant' },
    body: tenantSubmit,
    response: tenantRecord,
    readOnly: 'answer', // BladeX's 租户管理 sends back the tenant it read (status, accountUsed, expired …)
    handler: async ({ actor, body }) => {
      const { id, adminPassword } = await tenantService.submit(db, actor, body, config.defaultTenantId);
      const row = await tenantRepo.findById(db, id);
      if (!row) throw notFound();
      return withMsg({ ...(await withAccounts(row)), ...(adminPassword ? { adminAccount: 'admin', adminPassword } : {}) }, body.id ? MSG.updated : MSG.added);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/tenant/setting',
    summary: 'tenant setting: 租户授权配置 (账号额度、过期时间; 给出 packageId 时同时更换产品包, 空串为不限产品包)',
    tags: ['system-tenant'],
    access: { permission: 'tenant_setting' },
    query: idsQuery,
    body: z
      .object({
        accountNumber: z.coerce.number().int().min(-1, '账号额度不能小于-1').max(1_000_000),
        expireTime: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '过期时间格式应为 yyyy-MM-dd HH:mm:ss')
          .nullish()
          .or(z.literal('')),
        /** Absent: the package stays; '' or null: no package (every non-platform menu); an id: that package. */
        packageId: idField.nullish().or(z.literal('')),
      })
      .strict(),
    handler: async ({ query, body }) => {
      await tenantService.setting(
        db,
        query.ids.split(','),
        body.accountNumber,
        body.expireTime || null,
        body.packageId === undefined ? undefined : body.packageId || null,
      );
      return withMsg(null, MSG.updated);
    },
  });

  removeRoute(app, {
    url: '/api/blade-system/tenant/remove',
    summary: 'tenant remove: 删除租户 (其用户随即无法登录; 默认租户与当前租户不可删)',
    tags: ['system-tenant'],
    permission: 'tenant_delete',
    remove: (ids, actor) => tenantService.remove(db, actor, ids, config.defaultTenantId),
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/tenant/datasource',
    summary: 'tenant datasource: 租户绑定数据源 (仅限尚无业务数据的租户; 目标库迁移并写入平台数据与租户账号, 此后该租户的请求都在其数据源上执行)',
    tags: ['system-tenant'],
    access: { permission: 'tenant_datasource' },
    body: tenantDatasourceBind,
    handler: async ({ body }) => {
      await bindTenant(tenancy, { tenantId: body.tenantId, datasourceId: body.datasourceId, defaultTenantId: config.defaultTenantId });
      return withMsg(null, DATASOURCE_MSG.bound);
    },
  });

  // BladeX Saber's calls of the tenant screens and its sign-on page (README "Using a BladeX/Saber client").
  route(app, {
    method: 'GET',
    url: '/api/blade-system/tenant/info',
    summary: 'tenant info: 登录页按域名取租户 (domain; 未绑定域名的答 null, Saber 则显示租户编号输入框)',
    tags: ['system-tenant'],
    access: { public: 'client' },
    query: z.object({ domain: z.string().trim().max(255).optional() }).passthrough(),
    handler: async ({ query }) => {
      const found = query.domain ? await tenantRepo.byDomain(db, query.domain) : undefined;
      return found ? { tenantId: found.tenantId, tenantName: found.tenantName, domain: found.domainUrl } : null;
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/tenant/package-detail',
    summary: 'tenant package-detail: 租户的产品包 (tenantId 为租户的数据编号; 未设产品包答 null)',
    tags: ['system-tenant'],
    access: { permission: 'tenant' },
    query: z.object({ tenantId: idField }),
    handler: async ({ query }) => {
      const row = await tenantRepo.findById(db, query.tenantId);
      if (!row) throw notFound();
      if (row.packageId == null) return null;
      const pkg = await packageRepo.findById(db, String(row.packageId));
      return pkg ? { ...pkg, id: String(pkg.id), menuIds: (await packageRepo.menuIdsOf(db, [String(pkg.id)]))(String(pkg.id)) } : null;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/tenant/package-setting',
    summary: 'tenant package-setting: 更换租户的产品包 (tenantId 为租户的数据编号, packageId 空为不限产品包; 其角色随之调整)',
    tags: ['system-tenant'],
    access: { permission: 'tenant_setting' },
    body: z.object({ tenantId: idField, packageId: idField.nullish().or(z.literal('')) }).strict(),
    handler: async ({ body }) => {
      await tenantService.setPackage(db, body.tenantId, body.packageId || null);
      return withMsg(null, MSG.updated);
    },
  });
}
