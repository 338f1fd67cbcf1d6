import { DATASOURCE_MSG } from '@gsl/contract';
import type { AppConfig } from '../config/config.js';
import { AppError } from '../http/errors.js';
import { openDatabase, type Db, type DbHandle } from '../../db/connection.js';
import { routedDb, runOnDb } from '../../db/tenant-context.js';
import { personalDataCipher } from '../audit/personal-data.js';
import { connectionString, parseDatasourceUrl } from './datasource-url.js';

/** How long a tenant's binding is trusted before it is read again (another process may have bound it). */
const BINDING_TTL_MS = 3000;

/**
 * The databases of the tenants: the main database, and per-tenant datasources (blade_datasource,
 * bound by blade_tenant.datasource_id) opened on first use as small pools. `routed` is the handle
 * every module uses; the guard runs each request of a bound tenant on its database.
 */
export class Tenancy {
  readonly routed: Db;
  private readonly pools = new Map<string, Promise<DbHandle>>();
  private readonly bindings = new Map<string, { datasourceId: string | null; at: number }>();

  constructor(
    readonly main: Db,
    private readonly config: Pick<AppConfig, 'datasourceHosts' | 'production' | 'timeZone'>,
  ) {
    this.routed = routedDb(main);
  }

  /** The database of a tenant: its datasource's, or the main one. */
  async dbOf(tenantId: string): Promise<Db> {
    const datasourceId = await this.bindingOf(tenantId);
    return datasourceId ? (await this.open(datasourceId)).db : this.main;
  }

  /** Runs `fn` with the routed handle on the tenant's database. */
  async run<T>(tenantId: string, fn: () => Promise<T>): Promise<T> {
    const db = await this.dbOf(tenantId).catch(() => {
      throw new AppError(503, DATASOURCE_MSG.unavailable);
    });
    return db === this.main ? fn() : runOnDb(db, fn);
  }

  async bindingOf(tenantId: string): Promise<string | null> {
    const hit = this.bindings.get(tenantId);
    if (hit && Date.now() - hit.at < BINDING_TTL_MS) return hit.datasourceId;
    const row = await this.main.selectFrom('bladeTenant').select('datasourceId').where('tenantId', '=', tenantId).where('isDeleted', '=', 0).executeTakeFirst();
    const datasourceId = row?.datasourceId == null ? null : String(row.datasourceId);
    if (this.bindings.size > 10_000) this.bindings.clear(); // tenant ids come from requests: keep the cache bounded
    this.bindings.set(tenantId, { datasourceId, at: Date.now() });
    return datasourceId;
  }

  /** Forgets cached bindings (after a binding changes). */
  forget(tenantId?: string) {
    if (tenantId) this.bindings.delete(tenantId);
    else this.bindings.clear();
  }

  /** The pooled handle of a datasource, opened on first use. */
  open(datasourceId: string): Promise<DbHandle> {
    let p = this.pools.get(datasourceId);
    if (!p) {
      p = this.connect(datasourceId, 5);
      p.catch(() => this.pools.delete(datasourceId));
      this.pools.set(datasourceId, p);
    }
    return p;
  }

  /** Closes a datasource's pool (its connection settings changed or it was removed). */
  async release(datasourceId: string) {
    const p = this.pools.get(datasourceId);
    this.pools.delete(datasourceId);
    if (p) await p.then((h) => h.close()).catch(() => undefined);
  }

  async close() {
    const all = [...this.pools.keys()];
    await Promise.all(all.map((id) => this.release(id)));
  }

  private async connect(datasourceId: string, poolSize: number): Promise<DbHandle> {
    const row = await this.main
      .selectFrom('bladeDatasource')
      .select(['url', 'username', 'passwordEnc'])
      .where('id', '=', datasourceId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw new Error(`datasource ${datasourceId} is gone`);
    const password = row.passwordEnc ? (await personalDataCipher(this.main, { production: this.config.production })).decrypt(row.passwordEnc) : '';
    return connectTo(row.url, row.username, password, this.config, poolSize);
  }
}

/** Opens a datasource (checking its address against the allowed hosts); throws when it cannot connect. */
export async function connectTo(
  url: string,
  username: string,
  password: string,
  config: Pick<AppConfig, 'datasourceHosts' | 'timeZone'>,
  poolSize = 1,
): Promise<DbHandle> {
  const target = parseDatasourceUrl(url, config.datasourceHosts);
  if ('error' in target) throw new Error(target.error);
  return openDatabase({ databaseUrl: connectionString(target, username, password), poolSize, connectTimeoutMs: 5000, timeZone: config.timeZone });
}
