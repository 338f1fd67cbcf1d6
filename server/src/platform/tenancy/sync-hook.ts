import type { FastifyInstance } from 'fastify';
import { invalidateAllApiScopes } from '../access/api-scope.js';
import { PLATFORM_CODES } from '../access/tenant.js';
import { permissionCodes } from '../http/route.js';
import { applyPackage } from '../../modules/system/tenant/tenant.provision.js';
import { syncAllTenants } from './bind.js';
import type { Tenancy } from './tenancy.js';

/**
 * After a successful platform write (menus, dictionaries, parameters, scopes, regions, packages,
 * tenants), the bound tenants' databases receive the platform tables again and their roles follow
 * their package, before the answer leaves: the next request of any tenant sees the change.
 */
export function installTenantSync(app: FastifyInstance, tenancy: Tenancy) {
  const sync = (opts: { migrate?: boolean } = {}) =>
    syncAllTenants(
      tenancy,
      async (db, tenantId) => {
        const t = await tenancy.main.selectFrom('bladeTenant').select('packageId').where('tenantId', '=', tenantId).executeTakeFirst();
        await applyPackage(db, tenantId, t?.packageId == null ? null : String(t.packageId));
      },
      opts,
    );
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'POST' || reply.statusCode !== 200) return payload;
    const access = req.routeOptions.config?.access;
    if (!access || 'public' in access || access.permission === 'authenticated') return payload;
    if (!permissionCodes(access.permission).some((c) => PLATFORM_CODES.has(c))) return payload;
    // The write has happened: a tenant database that cannot be reached now catches up at the next write or start.
    await sync().catch((err) => req.log.error({ err }, 'tenant datasource sync failed'));
    invalidateAllApiScopes(); // the tenants' copies of the api scopes may have changed
    return payload;
  });
  // At start the tenants' databases get the migrations added since (the schema every module expects),
  // and writes made while this process was down (or by another process) reach them.
  app.addHook('onReady', async () => {
    await sync({ migrate: true }).catch((err) => app.log.error({ err }, 'tenant datasource sync failed'));
  });
}
