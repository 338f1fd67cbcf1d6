import type { Db } from '../../db/connection.js';
import { actualDb } from '../../db/tenant-context.js';
import type { TableWrite } from '../../db/write-watch.js';
import { ChangeCache } from '../db/change-cache.js';

/** Channel of the access tables' change triggers (migration 0057_access_changed). */
export const ACCESS_CHANGED_CHANNEL = 'gsl_access_changed';

/** The tables access is decided from: a write to any of them drops every process's access cache. */
export const ACCESS_TABLES: ReadonlySet<string> = new Set([
  'blade_user',
  'blade_user_role',
  'blade_role',
  'blade_role_menu',
  'blade_menu',
  'blade_role_scope',
  'blade_scope_data',
  'blade_scope_api',
  'blade_tenant',
  'blade_dept',
  'auth_revoked_chain',
]);

/** Columns of blade_user access never reads: an UPDATE that sets only these changes nothing kept (as the trigger's WHEN). */
const USER_COLUMNS_NOT_READ: ReadonlySet<string> = new Set(['login_fail_count', 'locked_until', 'password_hash', 'update_time', 'update_user']);

/** Whether statements of this process that wrote `writes` may have changed what the access cache keeps. */
export function touchesAccess(writes: readonly TableWrite[]): boolean {
  return writes.some(
    (w) =>
      ACCESS_TABLES.has(w.table) &&
      !(w.table === 'blade_user' && w.columns !== null && w.columns.length > 0 && w.columns.every((c) => USER_COLUMNS_NOT_READ.has(c))),
  );
}

const caches = new WeakMap<Db, ChangeCache<unknown>>();

/**
 * The access cache of the main database: the actor of a sign-on chain, its roles' grants, data scopes and
 * api scopes, kept in this process (services.ts creates it). Kept answers are dropped on every change in
 * every process (migration 0057's NOTIFY) and at once in the writing process (write-watch.ts); while the
 * LISTEN connection is down nothing is kept or served (fail closed). A tenant on its own datasource is never
 * cached: its reads go to the database on every request.
 */
export function attachAccessCache(main: Db, cache: ChangeCache<unknown>): void {
  caches.set(main, cache);
}

/** Whether `db` stands for the main database with its access cache (else every read goes to the database). */
export function hasAccessCache(db: Db): boolean {
  return caches.has(actualDb(db));
}

/** `load()`'s answer for `key`, kept while nothing access is read from changes — on the main database only. */
export function cachedAccess<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(actualDb(db));
  return cache ? (cache.get(key, load) as Promise<T>) : load();
}

/** A stable key part for a set of role ids. */
export function rolesKey(roleIds: readonly string[]): string {
  return [...roleIds].sort().join(',');
}
