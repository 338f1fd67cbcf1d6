import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { MSG, STALE_VERSION_MSG, TENANT_MSG, VERSION_REQUIRED_MSG, idQuery, idsQuery, pageQuery, tenantPackageSubmit } from '@gsl/contract';
import { assertGranted } from '../../../platform/access/grants.js';
import { PLATFORM_CODES } from '../../../platform/access/tenant.js';
import { dbErrorCode } from '../../../platform/http/db-errors.js';
import { withMsg } from '../../../platform/http/envelope.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { filterExpressions, paginate, type FieldWhitelist } from '../../../platform/http/paging.js';
import { route } from '../../../platform/http/route.js';
import { menuRepo } from '../menu/menu.repo.js';
import { menuTree } from '../menu/menu.view.js';
import { applyPackage } from './tenant.provision.js';

const FIELDS: FieldWhitelist = { packageName: { column: 'p.packageName', kind: 'text' } };

/** Tenant packages: the menus a tenant may use (platform administration, menu 'tenantpackage'). */
export default async function tenantPackageRoutes(app: FastifyInstance) {
  const { db } = app;
  const live = () => db.selectFrom('bladeTenantPackage as p').where('p.isDeleted', '=', 0);
  const menuIdsOf = async (ids: string[]) => {
    const rows = ids.length ? await db.selectFrom('bladeTenantPackageMenu').select(['packageId', 'menuId']).where('packageId', 'in', ids).execute() : [];
    return (id: string) => rows.filter((r) => String(r.packageId) === id).map((r) => String(r.menuId)).join(',');
  };

  route(app, {
    method: 'GET',
    url: '/api/blade-system/tenant-package/list',
    summary: 'tenant-package list: 产品包分页列表',
    tags: ['system'],
    access: { permission: ['tenantpackage', 'tenant'] }, // the tenant screen names each tenant's package
    query: pageQuery.passthrough(),
    handler: async ({ query }) => {
      const page = await paginate<any>(live().where((eb) => eb.and(filterExpressions(eb, query as Record<string, unknown>, FIELDS))), (qb) => qb.select(['p.id', 'p.packageName', 'p.remark', 'p.version']), query, FIELDS, [['p.id', 'asc']]);
      const menus = await menuIdsOf(page.records.map((r) => String(r.id)));
      return { ...page, records: page.records.map((r) => ({ ...r, id: String(r.id), menuIds: menus(String(r.id)) })) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/tenant-package/detail',
    summary: 'tenant-package detail: 产品包详情 (含菜单)',
    tags: ['system'],
    access: { permission: 'tenantpackage' },
    query: idQuery,
    handler: async ({ query }) => {
      const row = await live().select(['p.id', 'p.packageName', 'p.remark', 'p.version']).where('p.id', '=', query.id).executeTakeFirst();
      if (!row) throw notFound();
      return { ...row, id: String(row.id), menuIds: (await menuIdsOf([query.id]))(query.id) };
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
    handler: async ({ actor, body }) => {
      await assertGranted(db, actor, body.id ? 'tenantpackage_edit' : 'tenantpackage_add');
      const menuIds = [...new Set(body.menuIds.split(','))];
      const menus = await db.selectFrom('bladeMenu').select(['id', 'code']).where('id', 'in', menuIds).where('isDeleted', '=', 0).execute();
      if (menus.length !== menuIds.length) throw badRequest('包含不存在的菜单');
      if (menus.some((m) => PLATFORM_CODES.has(m.code))) throw badRequest('产品包不能包含平台设置菜单');
      try {
        const id = await db.transaction().execute(async (tx) => {
          let pid = body.id;
          if (!pid) {
            pid = (await tx.insertInto('bladeTenantPackage').values({ packageName: body.packageName, remark: body.remark ?? null, createUser: actor.userId, createDept: actor.deptId }).returning('id').executeTakeFirstOrThrow()).id;
          } else {
            if (body.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
            const r = await tx
              .updateTable('bladeTenantPackage')
              .set({ packageName: body.packageName, remark: body.remark ?? null, version: sql`version + 1`, updateTime: sql`now()` })
              .where('id', '=', pid)
              .where('version', '=', body.version)
              .where('isDeleted', '=', 0)
              .returning('id')
              .executeTakeFirst();
            if (!r) throw (await tx.selectFrom('bladeTenantPackage').select('id').where('id', '=', pid).where('isDeleted', '=', 0).executeTakeFirst()) ? badRequest(STALE_VERSION_MSG) : notFound();
            await tx.deleteFrom('bladeTenantPackageMenu').where('packageId', '=', pid).execute();
          }
          await tx.insertInto('bladeTenantPackageMenu').values(menuIds.map((menuId) => ({ packageId: pid!, menuId }))).execute();
          const tenants = await tx.selectFrom('bladeTenant').select('tenantId').where('packageId', '=', pid).where('isDeleted', '=', 0).execute();
          for (const t of tenants) await applyPackage(tx, t.tenantId, pid);
          return pid;
        });
        return withMsg({ id: String(id), packageName: body.packageName, menuIds: menuIds.join(',') }, body.id ? MSG.updated : MSG.added);
      } catch (err) {
        if (dbErrorCode(err) === '23505') throw badRequest(TENANT_MSG.packageExists);
        throw err;
      }
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/tenant-package/remove',
    summary: 'tenant-package remove: 删除产品包 (仍被租户使用时拒绝)',
    tags: ['system'],
    access: { permission: 'tenantpackage_delete' },
    query: idsQuery,
    handler: async ({ query }) => {
      const ids = query.ids.split(',');
      const used = await db.selectFrom('bladeTenant').select('id').where('packageId', 'in', ids).where('isDeleted', '=', 0).executeTakeFirst();
      if (used) throw badRequest(TENANT_MSG.packageInUse);
      const r = await db.updateTable('bladeTenantPackage').set({ isDeleted: 1, updateTime: sql`now()` }).where('id', 'in', ids).where('isDeleted', '=', 0).executeTakeFirst();
      if (!Number(r.numUpdatedRows)) throw notFound();
      return withMsg(null, MSG.removed);
    },
  });
}
