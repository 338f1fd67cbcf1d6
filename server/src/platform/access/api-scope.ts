import type { Db } from '../../db/connection.js';
import { actualDb } from '../../db/tenant-context.js';
import type { Actor } from './actor.js';
import { cachedAccess, hasAccessCache, rolesKey } from './access-cache.js';

/**
 * API scope (接口权限, wire contract §5 "the server checks the same grants on the API"), BladeX
 * semantics: an api scope row (blade_scope_api, linked to a menu) names a path pattern. A request
 * whose path matches a configured pattern is allowed only when one of the actor's enabled roles is
 * granted one of the matching scopes (blade_role_scope, scope_category 2); administrators always
 * pass. Paths no pattern matches are not affected at all.
 *
 * Cost: on the main database the configured patterns, and each role set's answer, are kept in the access
 * cache until an api scope, role scope or menu changes in any process (access-cache.ts). On a tenant's
 * own datasource the patterns live in a short-lived in-process cache, refreshed at most every TTL_MS and
 * dropped at once when this process writes an api scope; another process's write is seen within TTL_MS. A request whose path matches no pattern — the common case — costs a
 * few regular-expression tests and no query; only a matching request asks the database.
 */
export const API_SCOPE_TTL_MS = 10_000;

/** Scope category of api scopes in blade_role_scope (1 is data scope). */
export const API_SCOPE_CATEGORY = 2;

export interface ApiScopePattern {
  id: string;
  menuId: string;
  path: string;
  re: RegExp;
}

interface CacheEntry {
  loadedAt: number;
  patterns: ApiScopePattern[] | null;
  loading: Promise<ApiScopePattern[]> | null;
  generation: number;
  /** The global epoch the patterns were loaded in (see invalidateAllApiScopes). */
  epoch: number;
}

const caches = new WeakMap<Db, CacheEntry>();
let epoch = 0;

/**
 * An Ant-style pattern as a regular expression over the whole path: `**` any characters (also `/`),
 * `*` any characters within one segment, `{name}` one non-empty segment; a trailing `/**` also
 * matches the path without it. Null for a pattern that is not an /api path.
 */
export function compileScopePath(pattern: string): RegExp | null {
  let p = pattern.trim().replace(/\/{2,}/g, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.replace(/\/+$/, '');
  if (!p.startsWith('/api/')) return null;
  let body = p;
  let tail = '';
  if (body.endsWith('/**')) {
    body = body.slice(0, -3);
    tail = '(?:/.*)?';
  }
  let out = '';
  for (let i = 0; i < body.length;) {
    if (body.startsWith('**', i)) {
      out += '.*';
      i += 2;
    } else if (body[i] === '*') {
      out += '[^/]*';
      i += 1;
    } else if (body[i] === '{') {
      const end = body.indexOf('}', i);
      if (end < 0) return null;
      out += '[^/]+';
      i = end + 1;
    } else {
      out += body[i].replace(/[.+?^${}()|[\]\\-]/g, '\\$&');
      i += 1;
    }
  }
  return new RegExp(`^${out}${tail}$`);
}

/** A request path as patterns see it: no query, percent-decoded, single slashes, no trailing slash. */
export function normalizePath(raw: string): string {
  let p = raw.split('?')[0].split('#')[0];
  try {
    p = decodeURIComponent(p);
  } catch {
    /* keep it raw: a malformed escape cannot name a route anyway */
  }
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.replace(/\/+$/, '');
  return p;
}

function entryOf(handle: Db): CacheEntry {
  const db = actualDb(handle); // the routed handle of a module and the guard's plain one share an entry
  let e = caches.get(db);
  if (!e) {
    e = { loadedAt: 0, patterns: null, loading: null, generation: 0, epoch };
    caches.set(db, e);
  }
  return e;
}

/**
 * The enabled api scopes of live menus, compiled: on the main database kept until an api scope or menu
 * changes in any process (access-cache.ts); elsewhere cached for API_SCOPE_TTL_MS.
 */
export async function configuredApiScopes(db: Db): Promise<ApiScopePattern[]> {
  if (hasAccessCache(db)) return cachedAccess(db, 'api-patterns', () => readPatterns(db));
  const e = entryOf(db);
  if (e.epoch !== epoch) {
    e.epoch = epoch;
    e.generation++;
    e.patterns = null;
    e.loading = null;
  }
  if (e.patterns && Date.now() - e.loadedAt < API_SCOPE_TTL_MS) return e.patterns;
  if (e.loading) return e.loading;
  const generation = e.generation;
  const loading = (async () => {
    const patterns = await readPatterns(db);
    // An invalidation while this load ran may have missed the write: keep the result only if none happened.
    if (e.generation === generation) {
      e.patterns = patterns;
      e.loadedAt = Date.now();
    }
    return patterns;
  })();
  e.loading = loading;
  try {
    return await loading;
  } finally {
    if (e.loading === loading) e.loading = null;
  }
}

async function readPatterns(db: Db): Promise<ApiScopePattern[]> {
  const rows = await db
    .selectFrom('bladeScopeApi as s')
    .innerJoin('bladeMenu as m', 'm.id', 's.menuId')
    .select(['s.id', 's.menuId', 's.scopePath'])
    .where('s.isDeleted', '=', 0)
    .where('s.status', '=', 1)
    .where('m.isDeleted', '=', 0)
    .where('s.scopePath', 'is not', null)
    .execute();
  const patterns: ApiScopePattern[] = [];
  for (const r of rows) {
    const re = compileScopePath(r.scopePath ?? '');
    if (re) patterns.push({ id: String(r.id), menuId: String(r.menuId), path: r.scopePath!, re });
  }
  return patterns;
}

/** Drops every database's cached patterns (after the platform tables were copied to the tenants' databases). */
export function invalidateAllApiScopes(): void {
  epoch++;
}

/** Drops the cached patterns (call after an api scope is written or removed). */
export function invalidateApiScopes(db: Db): void {
  const e = entryOf(db);
  e.generation++;
  e.patterns = null;
  e.loading = null;
}

/** The paths of a request that patterns are tested against: its route's pattern and its own path. */
export function requestPaths(req: { url: string; routeOptions?: { url?: string } }): string[] {
  const own = normalizePath(req.url);
  const route = req.routeOptions?.url;
  return route && route !== own ? [own, route] : [own];
}

/** Whether the api scopes let the actor make this request (see the module comment). */
export async function apiScopeAllows(db: Db, actor: Actor, paths: string[]): Promise<boolean> {
  if (actor.isAdministrator) return true;
  const patterns = await configuredApiScopes(db);
  if (!patterns.length) return true;
  const matching = patterns.filter((p) => paths.some((path) => p.re.test(path)));
  if (!matching.length) return true;
  if (!actor.roleIds.length) return false;
  const ids = matching.map((m) => m.id);
  return cachedAccess(db, `api|${rolesKey(actor.roleIds)}|${ids.join(',')}`, () => rolesGranted(db, actor.roleIds, ids));
}

async function rolesGranted(db: Db, roleIds: string[], scopeIds: string[]): Promise<boolean> {
  const row = await db
    .selectFrom('bladeRoleScope')
    .select('scopeId')
    .where('scopeCategory', '=', API_SCOPE_CATEGORY)
    .where('roleId', 'in', roleIds)
    .where('scopeId', 'in', scopeIds)
    .executeTakeFirst();
  return !!row;
}
