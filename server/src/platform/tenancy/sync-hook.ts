import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.js';
import { invalidateAllApiScopes } from '../access/api-scope.js';
import { PLATFORM_CODES } from '../access/tenant.js';
import { permissionCodes } from '../http/route.js';
import { syncAllTenants } from './bind.js';
import type { Tenancy } from './tenancy.js';

/**
 * What a module runs on a bound tenant's database once the platform tables are copied there, in the
 * same transaction (the tenant module: the tenant's roles follow its package).
 */
export type AfterTenantSync = (db: Db, tenantId: string) => Promise<void>;

/**
 * The after-sync steps of the running app. Modules register them when they load, so the platform never
 * imports a module; they run in registration order.
 */
export class TenantSyncSteps {
  private readonly steps: AfterTenantSync[] = [];

  register(step: AfterTenantSync): void {
    this.steps.push(step);
  }

  async run(db: Db, tenantId: string): Promise<void> {
    for (const step of this.steps) await step(db, tenantId);
  }
}

/**
 * After a successful platform write (menus, dictionaries, parameters, scopes, regions, packages,
 * tenants), the bound tenants' databases receive the platform tables again and the registered steps
 * run there, before the answer leaves: the next request of any tenant sees the change.
 */
export function installTenantSync(app: FastifyInstance, tenancy: Tenancy, steps: TenantSyncSteps) {
  const sync = (opts: { migrate?: boolean } = {}) => syncAllTenants(tenancy, (db, tenantId) => steps.run(db, tenantId), opts);
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
