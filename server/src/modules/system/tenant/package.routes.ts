import type { FastifyInstance } from 'fastify';
import { MSG, idQuery, pageOf, pageQuery, tenantPackageRecord, tenantPackageSubmit, type TenantPackageView } from '@gsl/contract';
import { PLATFORM_CODES } from '../../../platform/access/tenant.js';
import { withMsg } from '../../../platform/http/envelope.js';
import { notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { menuRepo } from '../menu/menu.repo.js';
import { menuTree } from '../menu/menu.view.js';
import { packageRepo } from './package.repo.js';
import { packageService } from './package.service.js';

/** Tenant packages: the menus a tenant may use (platform administration, menu 'tenantpackage'). */
export default async function tenantPackageRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, {
    method: 'GET',
    url: '/api/blade-system/tenant-package/list',
    summary: 'tenant-package list: 产品包分页列表',
    tags: ['system'],
    access: { permission: ['tenantpackage', 'tenant'] }, // the tenant screen names each tenant's package
    query: pageQuery.passthrough(),
    response: pageOf(tenantPackageRecord),
    handler: async ({ query }) => {
      const page = await packageRepo.page(db, query, query as Record<string, unknown>);
      const menus = await packageRepo.menuIdsOf(
        db,
        page.records.map((r) => String(r.id)),
      );
      return { ...page, records: page.records.map((r): TenantPackageView => ({ ...r, id: String(r.id), menuIds: menus(String(r.id)) })) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/tenant-package/select',
    summary: 'tenant-package select: 产品包下拉选项 (BladeX Saber 租户页)',
    tags: ['system'],
    access: { permission: ['tenantpackage', 'tenant'] },
    handler: async () => (await packageRepo.options(db)).map((r) => ({ id: String(r.id), packageName: r.packageName })),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/tenant-package/detail',
    summary: 'tenant-package detail: 产品包详情 (含菜单)',
    tags: ['system'],
    access: { permission: 'tenantpackage' },
    query: idQuery,
    response: tenantPackageRecord,
    handler: async ({ query }) => {
      const row = await packageRepo.findById(db, query.id);
      if (!row) throw notFound();
      return { ...row, id: String(row.id), menuIds: (await packageRepo.menuIdsOf(db, [query.id]))(query.id) } satisfies TenantPackageView;
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/tenant-package/menu-tree',
    summary: 'tenant-package menu-tree: 产品包可选的菜单与按钮树 (不含平台设置菜单, 与 submit 的规则一致)',
    tags: ['system'],
    access: { permission: 'tenantpackage' },
    handler: async () => menuTree((await menuRepo.all(db, {})).filter((m) => !PLATFORM_CODES.has(m.code))),
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/tenant-package/submit',
    summary: 'tenant-package submit: 新增或修改产品包 (菜单不可含平台设置; 修改后同步使用它的租户)',
    tags: ['system'],
    access: { permission: 'tenantpackage' },
    body: tenantPackageSubmit,
    response: tenantPackageRecord.pick({ id: true, packageName: true, menuIds: true }),
    handler: async ({ actor, body }) => {
      const { id, menuIds } = await packageService.submit(db, actor, body);
      return withMsg({ id, packageName: body.packageName, menuIds: menuIds.join(',') }, body.id ? MSG.updated : MSG.added);
    },
  });

  removeRoute(app, {
    url: '/api/blade-system/tenant-package/remove',
    summary: 'tenant-package remove: 删除产品包 (仍被租户使用时拒绝)',
    tags: ['system'],
    permission: 'tenantpackage_delete',
    remove: (ids) => packageService.remove(db, ids),
  });
}
