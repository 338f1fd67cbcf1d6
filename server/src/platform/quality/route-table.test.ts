/**
 * The route table the quality tests walk: the route() registry cross-checked against
 * Fastify's own list and the OpenAPI document, the one public list kept exact, and a valid request
 * buildable for every route (so every later check exercises the route, not its validation).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { fastifyRoutes, routeTable, isGuarded, publicKind } from '../../../test/harness/route-table.js';
import { sampleContext, validSample } from '../../../test/harness/sample.js';
import { subjectOf } from '../../../test/harness/people.js';
import { PUBLIC_PREFIXES, PUBLIC_ROUTES } from '../access/public-routes.js';

const t = await createTestApp();
afterAll(() => t.close());
const { routes, problems } = routeTable(t.app);

describe('quality: the route table', () => {
  it('every /api and /sso route Fastify serves is in the route() registry, or public-open and on PUBLIC_ROUTES', () => {
    expect(problems).toEqual([]);
    expect(routes.length).toBeGreaterThan(10);
  });

  it('every route declared public is on PUBLIC_ROUTES with the same kind, and every entry of PUBLIC_ROUTES is a served route of that kind', () => {
    const declared = new Map(routes.filter((r) => publicKind(r)).map((r) => [r.key, publicKind(r)]));
    const wrong: string[] = [];
    for (const [key, kind] of declared)
      if (PUBLIC_ROUTES[key] !== kind) wrong.push(`${key}: declared public (${kind}) but PUBLIC_ROUTES says ${PUBLIC_ROUTES[key] ?? 'nothing'}`);
    for (const [key, kind] of Object.entries(PUBLIC_ROUTES)) {
      const r = routes.find((x) => x.key === key);
      if (!r) wrong.push(`${key}: on PUBLIC_ROUTES but no such route is served (stale entry)`);
      else if (publicKind(r) !== kind) wrong.push(`${key}: on PUBLIC_ROUTES as ${kind} but the route declares ${JSON.stringify(r.access)}`);
    }
    for (const r of routes) if (!r.access) wrong.push(`${r.key}: no access declaration`);
    expect(wrong).toEqual([]);
  });

  it('routes outside the table are only the static files under PUBLIC_PREFIXES and the web app', () => {
    const keys = new Set(routes.map((r) => r.key));
    const others = fastifyRoutes(t.app).filter((r) => !keys.has(`${r.method} ${r.url}`));
    for (const r of others) {
      const underPrefix = PUBLIC_PREFIXES.some((p) => r.url.startsWith(p));
      expect(underPrefix || !(r.url.startsWith('/api/') || r.url.startsWith('/sso/')), `${r.method} ${r.url}`).toBe(true);
      if (underPrefix) expect(r.method, `${r.method} ${r.url} under a public prefix must be a static read`).toBe('GET');
    }
  });

  it('the OpenAPI document lists exactly the route() registry', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    const doc = JSON.parse(res.body) as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{([^}]+)\}/g, ':$1')}`)),
    );
    const registered = new Set(t.app.routeDefs.map((d) => `${d.method} ${d.url}`));
    expect([...documented].filter((k) => !registered.has(k))).toEqual([]);
    expect([...registered].filter((k) => !documented.has(k))).toEqual([]);
  });

  it('every route that answers a file declares how the org tree limits it (a record, a list, or why none)', () => {
    const files = routes.filter((r) => r.def?.raw && r.def.produces && !r.def.produces.startsWith('text/html'));
    const undeclared = files.filter((r) => !(r.def!.scope?.record || r.def!.scope?.list || r.def!.scope?.none)).map((r) => r.key);
    expect(undeclared, 'a file route without scope metadata: the data-scope walker could not check it').toEqual([]);
    expect(files.length).toBeGreaterThan(0);
  });

  it('a valid request can be generated for every route from its schemas', async () => {
    const admin = await subjectOf(t.db, 'admin');
    const ctx = await sampleContext(t.db, { userId: admin.id, deptId: admin.deptId, roleId: admin.roleIds[0], tenantId: admin.tenantId });
    const failing = routes
      .map((r) => ({ r, s: validSample(r, ctx) }))
      .filter((x) => 'error' in x.s)
      .map((x) => `${x.r.key}: ${(x.s as { error: string }).error}`);
    expect(failing, 'add .meta({ examples: [...] }) to the field the generator cannot satisfy').toEqual([]);
    const guarded = routes.filter(isGuarded);
    console.log(
      `quality route table: ${routes.length} routes (${guarded.length} guarded, ${routes.length - guarded.length} public), ` +
        `${routes.filter((r) => r.def?.scope).length} with data-scope metadata`,
    );
  });
});
