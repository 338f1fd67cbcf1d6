import { STALE_VERSION_MSG, TENANT_MSG, VERSION_REQUIRED_MSG, type TenantSubmit } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { assertGranted } from '../../../platform/access/grants.js';
import { hashPassword } from '../../../platform/auth/password.js';
import { dbErrorCode } from '../../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { applyPackage, nextTenantId, provisionTenant, randomPassword } from './tenant.provision.js';
import { namedFields } from '../../../platform/http/update-fields.js';
import type { Tenancy } from '../../../platform/tenancy/tenancy.js';
import { packageRepo } from './package.repo.js';
import { tenantRepo } from './tenant.repo.js';

/** A package a tenant is put on must be live (null: none). */
async function assertPackage(db: Db, packageId: string | null | undefined): Promise<void> {
  if (packageId && !(await packageRepo.exists(db, packageId))) throw badRequest('产品包不存在');
}

export const tenantService = {
  /** Creates (and provisions) or updates a tenant. A new tenant's admin password is answered once. */
  async submit(db: Db, actor: Actor, input: TenantSubmit, defaultTenantId: string) {
    await assertGranted(db, actor, input.id ? 'tenant_edit' : 'tenant_add');
    const packageId = input.packageId || null;
    const values = {
      tenantName: input.tenantName,
      domainUrl: input.domainUrl ?? null,
      linkman: input.linkman ?? null,
      contactNumber: input.contactNumber ?? null,
      address: input.address ?? null,
      accountNumber: input.accountNumber,
      expireTime: input.expireTime || null,
      packageId,
      updateUser: actor.userId,
    };
    await assertPackage(db, packageId);
    const password = input.id ? null : randomPassword();
    const passwordHash = password ? await hashPassword(password) : '';
    try {
      const id = await db.transaction().execute(async (tx) => {
        if (!input.id) {
          await tenantRepo.lockNewTenantIds(tx); // one new tenant id at a time
          const tenantId = await nextTenantId(tx);
          const id = await tenantRepo.insert(tx, { ...values, tenantId, createUser: actor.userId, createDept: actor.deptId });
          await provisionTenant(tx, { tenantId, tenantName: input.tenantName, packageId, passwordHash, defaultTenantId });
          return id;
        }
        if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
        const before = await tenantRepo.findRefs(tx, input.id);
        if (!before) throw notFound();
        const id = await tenantRepo.updateAtVersion(tx, input.id, input.version, { ...namedFields(values, input), updateUser: actor.userId });
        if (!id) throw badRequest(STALE_VERSION_MSG);
        if (String(before.packageId ?? '') !== String(packageId ?? '')) await applyPackage(tx, before.tenantId, packageId);
        return id;
      });
      return { id, adminPassword: password };
    } catch (err) {
      if (dbErrorCode(err) === '23505') throw badRequest(TENANT_MSG.nameExists);
      throw err;
    }
  },

  /**
   * Authorisation settings of several tenants at once (BladeX tenant/setting): account quota and expiry,
   * and — when packageId is given (null: none) — the package, whose menus the tenants' roles then follow.
   */
  async setting(db: Db, ids: string[], accountNumber: number, expireTime: string | null, packageId?: string | null) {
    await assertPackage(db, packageId);
    await db.transaction().execute(async (tx) => {
      const before = await tenantRepo.lockRefs(tx, ids);
      if (!before.length) throw notFound();
      await tenantRepo.setAuthorisation(tx, ids, { accountNumber, expireTime, ...(packageId !== undefined ? { packageId } : {}) });
      if (packageId === undefined) return;
      for (const t of before) if (String(t.packageId ?? '') !== String(packageId ?? '')) await applyPackage(tx, t.tenantId, packageId);
    });
  },

  /** package-setting (BladeX): one tenant's package alone; its roles follow as with setting. */
  async setPackage(db: Db, id: string, packageId: string | null) {
    await assertPackage(db, packageId);
    await db.transaction().execute(async (tx) => {
      const [before] = await tenantRepo.lockRefs(tx, [id]);
      if (!before) throw notFound();
      await tenantRepo.setPackage(tx, [id], packageId);
      if (String(before.packageId ?? '') !== String(packageId ?? '')) await applyPackage(tx, before.tenantId, packageId);
    });
  },

  async remove(db: Db, actor: Actor, ids: string[], defaultTenantId: string) {
    const rows = await tenantRepo.liveByIds(db, ids);
    if (!rows.length) throw notFound();
    if (rows.some((r) => r.tenantId === actor.tenantId)) throw badRequest(TENANT_MSG.removeOwn);
    if (rows.some((r) => r.tenantId === defaultTenantId)) throw badRequest(TENANT_MSG.removeDefault);
    await tenantRepo.softDelete(
      db,
      rows.map((r) => r.id),
    );
  },

  /** Live accounts per tenant, counted where each tenant's users live (its datasource or the main database). */
  async accountsUsed(db: Db, tenancy: Tenancy, rows: Array<{ tenantId: string; datasourceId: unknown }>): Promise<Map<string, number>> {
    const onMain = rows.filter((r) => r.datasourceId == null).map((r) => r.tenantId);
    const out = onMain.length ? await tenantRepo.accountCounts(db, onMain) : [];
    for (const r of rows.filter((x) => x.datasourceId != null)) {
      try {
        out.push(...(await tenantRepo.accountCounts(await tenancy.dbOf(r.tenantId), [r.tenantId])));
      } catch {
        /* datasource unreachable: shown as 0 */
      }
    }
    return new Map(out.map((u) => [u.tenantId, Number(u.n)]));
  },

  /**
   * After the platform tables reach a bound tenant's database (platform/tenancy/sync-hook.ts): its roles
   * follow its package, which is read on the main database.
   */
  async followPackage(main: Db, tx: Db, tenantId: string): Promise<void> {
    await applyPackage(tx, tenantId, await tenantRepo.packageIdOf(main, tenantId));
  },
};

/**
 * Account quota (account_number, -1 = none): creating users beyond it is refused. Call it inside the
 * transaction that inserts them: the tenant row is locked, so parallel creates cannot overshoot.
 */
export async function assertAccountQuota(db: Db, tenantId: string, adding = 1): Promise<void> {
  const quota = await tenantRepo.lockAccountQuota(db, tenantId);
  if (quota === undefined || quota < 0) return;
  if ((await tenantRepo.accountCount(db, tenantId)) + adding > quota) throw badRequest(TENANT_MSG.quotaReached);
}
