import { STALE_VERSION_MSG, TENANT_MSG, VERSION_REQUIRED_MSG, type TenantPackageSubmit } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { assertGranted } from '../../../platform/access/grants.js';
import { PLATFORM_CODES } from '../../../platform/access/tenant.js';
import { dbErrorCode } from '../../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { packageRepo } from './package.repo.js';
import { applyPackage } from './tenant.provision.js';

/** Tenant packages: the menus a tenant may use (platform administration, menu 'tenantpackage'). */
export const packageService = {
  /**
   * Inserts without id (tenantpackage_add) or updates at the version read (tenantpackage_edit); the menus
   * are replaced, may not include platform settings, and the package's tenants' roles follow it in the
   * same transaction.
   */
  async submit(db: Db, actor: Actor, input: TenantPackageSubmit): Promise<{ id: string; menuIds: string[] }> {
    await assertGranted(db, actor, input.id ? 'tenantpackage_edit' : 'tenantpackage_add');
    const menuIds = [...new Set(input.menuIds.split(','))];
    const menus = await packageRepo.liveMenus(db, menuIds);
    if (menus.length !== menuIds.length) throw badRequest('包含不存在的菜单');
    if (menus.some((m) => PLATFORM_CODES.has(m.code))) throw badRequest('产品包不能包含平台设置菜单');
    const values = { packageName: input.packageName, remark: input.remark ?? null };
    try {
      const id = await db.transaction().execute(async (tx) => {
        let pid = input.id;
        if (!pid) {
          pid = await packageRepo.insert(tx, { ...values, createUser: actor.userId, createDept: actor.deptId });
        } else {
          if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
          if (!(await packageRepo.updateAtVersion(tx, pid, input.version, values)))
            throw (await packageRepo.exists(tx, pid)) ? badRequest(STALE_VERSION_MSG) : notFound();
        }
        await packageRepo.replaceMenus(tx, pid, menuIds);
        for (const tenantId of await packageRepo.tenantsOn(tx, [pid])) await applyPackage(tx, tenantId, pid);
        return pid;
      });
      return { id: String(id), menuIds };
    } catch (err) {
      if (dbErrorCode(err) === '23505') throw badRequest(TENANT_MSG.packageExists);
      throw err;
    }
  },

  /** Soft-deletes packages no live tenant uses. */
  async remove(db: Db, ids: string[]): Promise<void> {
    if ((await packageRepo.tenantsOn(db, ids)).length) throw badRequest(TENANT_MSG.packageInUse);
    if (!(await packageRepo.softDelete(db, ids))) throw notFound();
  },
};
