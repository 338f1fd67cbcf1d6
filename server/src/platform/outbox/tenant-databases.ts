import type { Db } from '../../db/connection.js';
import type { Tenancy } from '../tenancy/tenancy.js';
import { boundTenantIds } from './outbox.repo.js';

/**
 * The tenants' own datasources, for the worker to drain besides the main database: a module enqueues
 * in its request's transaction, which for a bound tenant is on that tenant's database. Read again every
 * `refreshMs`, so a newly bound tenant is picked up without a restart; one that cannot be opened is
 * left out until it can.
 */
export function tenantDatabases(tenancy: Tenancy, refreshMs = 10_000): () => Promise<Db[]> {
  let cached: { at: number; dbs: Db[] } | null = null;
  return async () => {
    if (cached && Date.now() - cached.at < refreshMs) return cached.dbs;
    const ids = await boundTenantIds(tenancy.main);
    const dbs = await Promise.all(ids.map((id) => tenancy.dbOf(id).catch(() => null)));
    cached = { at: Date.now(), dbs: [...new Set(dbs.filter((d): d is Db => d !== null && d !== tenancy.main))] };
    return cached.dbs;
  };
}
