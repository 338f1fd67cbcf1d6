import type { FastifyInstance } from 'fastify';
import type { Access, RouteDef } from '../../src/platform/http/route.js';
import { GUARDED_PREFIXES, PUBLIC_PREFIXES, PUBLIC_ROUTES } from '../../src/platform/access/public-routes.js';

/** One route the server answers: its definition when it was registered through route(). */
export interface RouteEntry {
  method: string;
  url: string;
  key: string;
  def?: RouteDef<any, any, any>;
  /** Declared access (route() registry), or what PUBLIC_ROUTES says for a route registered without route(). */
  access?: Access;
}

/**
 * Fastify's own route list (every method and path, whoever registered it), parsed from
 * printRoutes({ commonPrefix: false }): one node per line, children indented by four columns.
 */
export function fastifyRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const text = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const out: Array<{ method: string; url: string }> = [];
  for (const line of text.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = [...m[1]].length / 4;
    const full = (depth > 0 ? stack[depth - 1] : '') + m[2];
    stack[depth] = full;
    stack.length = depth + 1;
    if (!m[3]) continue;
    for (const method of m[3].split(',').map((s) => s.trim())) if (method && method !== 'HEAD') out.push({ method, url: full });
  }
  return out;
}

const isGuardedPath = (url: string) => GUARDED_PREFIXES.some((p) => url.startsWith(p)) && !PUBLIC_PREFIXES.some((p) => url.startsWith(p));

/**
 * The route table the quality tests walk: every route() definition, plus every Fastify route under
 * /api or /sso that was registered some other way (such a route must be public-open and on
 * PUBLIC_ROUTES, like /api/openapi.json). Routes under PUBLIC_PREFIXES (the docs page) are static files.
 */
export function routeTable(app: FastifyInstance): { routes: RouteEntry[]; problems: string[] } {
  const problems: string[] = [];
  const byKey = new Map<string, RouteEntry>();
  for (const def of app.routeDefs) {
    const key = `${def.method} ${def.url}`;
    if (byKey.has(key)) problems.push(`${key}: defined twice in the route() registry`);
    byKey.set(key, { method: def.method, url: def.url, key, def, access: def.access });
  }
  const served = fastifyRoutes(app);
  const servedKeys = new Set(served.map((r) => `${r.method} ${r.url}`));
  for (const key of byKey.keys()) if (!servedKeys.has(key)) problems.push(`${key}: in the route() registry but not served by Fastify`);
  for (const r of served) {
    const key = `${r.method} ${r.url}`;
    if (byKey.has(key) || !isGuardedPath(r.url)) continue;
    const listed = PUBLIC_ROUTES[key];
    if (listed !== 'open') problems.push(`${key}: registered without route() and not public-open on PUBLIC_ROUTES (${listed ?? 'not listed'})`);
    byKey.set(key, { method: r.method, url: r.url, key, access: listed ? { public: listed } : undefined });
  }
  const routes = [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
  return { routes, problems };
}

export const isGuarded = (r: RouteEntry): boolean => !!r.access && 'permission' in r.access;
/** The route's permission: 'authenticated', one code, or several codes (any one grants) joined by '|'. */
export const permissionOf = (r: RouteEntry): string | undefined => {
  if (!r.access || !('permission' in r.access)) return undefined;
  const p = r.access.permission;
  return typeof p === 'string' ? p : p.join('|');
};
/** The codes of a permissionOf() value. */
export const codesOf = (permission: string): string[] => permission.split('|');
export const publicKind = (r: RouteEntry): 'open' | 'client' | undefined => (r.access && 'public' in r.access ? r.access.public : undefined);
