import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './connection.js';

/**
 * Per-tenant datasources (BladeX's tenant datasource): a request of a tenant bound to its own database
 * runs inside `runOnDb(tenantDb, …)`, and every query made through the routed handle — the `db` every
 * module holds — goes to that database. Outside such a scope the routed handle is the main database.
 */
const current = new AsyncLocalStorage<Db>();
const mains = new WeakMap<object, Db>();

/** A handle that resolves, on every use, to the database of the current request. */
export function routedDb(main: Db): Db {
  const proxy = new Proxy(main, {
    get(target, prop) {
      const db = current.getStore() ?? target;
      const value = Reflect.get(db, prop, db);
      // Kysely keeps its state in private fields: methods must run with the real instance as `this`.
      return typeof value === 'function' ? value.bind(db) : value;
    },
  });
  mains.set(proxy, main);
  return proxy;
}

/** The main database behind a routed handle (platform tables, secrets); a plain handle is returned as is. */
export function mainOf(db: Db): Db {
  return mains.get(db) ?? db;
}

/** Runs `fn` with the routed handles pointing at `db`. */
export function runOnDb<T>(db: Db, fn: () => T): T {
  return current.run(db, fn);
}

/** The database the current scope is routed to, if any (null: the main database). */
export function currentTenantDb(): Db | null {
  return current.getStore() ?? null;
}

/** The database a handle stands for right now: a routed handle's current target, a plain handle itself. */
export function actualDb(db: Db): Db {
  const main = mains.get(db);
  return main ? (current.getStore() ?? main) : db;
}
