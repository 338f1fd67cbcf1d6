/**
 * The specification's calls (packages/contract/spec/api-paths.tsv, a copy of shared/spec/api-paths.tsv)
 * against the route table: every call of a group that has landed is served at exactly its path and
 * method, with the specification's name in its OpenAPI summary. Groups still to come are counted
 * and printed, so the figure shows how much of the specification the server answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { routeTable } from '../../../test/harness/route-table.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const COPY = path.join(ROOT, 'packages/contract/spec/api-paths.tsv');
const SHARED = path.join(ROOT, '..', 'shared/spec/api-paths.tsv');

/** Groups (third column) whose every call is served; a group joins when its issue lands. */
const LANDED = new Set([
  'auth',
  'resource',
  'log',
  'user',
  'system',
  'system-client',
  'system-dept',
  'system-dict',
  'system-menu',
  'system-role',
  'system-scope',
  'system-tenant',
  'system-topmenu',
  'member',
  'chamber',
  'mycenter',
  'association',
  'ai-resume',
  'myorg-address',
]);

interface SpecCall {
  method: string;
  path: string;
  group: string;
}

function specCalls(text: string): SpecCall[] {
  return text
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t'))
    .map(([method, p, group]) => ({ method, path: p, group }));
}

const t = await createTestApp();
afterAll(() => t.close());
const { routes } = routeTable(t.app);
/** `{id}` in the specification is `:id` in Fastify. */
const served = new Map(routes.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r]));
const calls = specCalls(fs.readFileSync(COPY, 'utf8'));

describe("quality: the specification's calls", () => {
  it.skipIf(!fs.existsSync(SHARED))("the copy in packages/contract/spec is the shared specification's table", () => {
    expect(fs.readFileSync(COPY, 'utf8')).toBe(fs.readFileSync(SHARED, 'utf8'));
  });

  it('every call of a landed group is served at its path and method, named in its summary', () => {
    const missing: string[] = [];
    const unnamed: string[] = [];
    for (const c of calls.filter((x) => LANDED.has(x.group))) {
      const r = served.get(`${c.method} ${c.path}`);
      if (!r) missing.push(`${c.group}: ${c.method} ${c.path}`);
      else if (r.def && !r.def.summary?.trim()) unnamed.push(`${c.method} ${c.path}`);
    }
    expect(missing, 'specification calls of landed groups that the server does not answer').toEqual([]);
    expect(unnamed, 'routes without an OpenAPI summary').toEqual([]);
  });

  it('prints how much of the specification is served', () => {
    const byGroup = new Map<string, { served: number; all: number }>();
    for (const c of calls) {
      const g = byGroup.get(c.group) ?? { served: 0, all: 0 };
      g.all++;
      if (served.has(`${c.method} ${c.path}`)) g.served++;
      byGroup.set(c.group, g);
    }
    const total = calls.filter((c) => served.has(`${c.method} ${c.path}`)).length;
    const open = [...byGroup].filter(([, g]) => g.served < g.all).map(([name, g]) => `${name} ${g.served}/${g.all}`);
    console.log(`quality spec calls: ${total} of ${calls.length} served; groups not yet complete: ${open.join(', ') || 'none'}`);
    expect(total).toBeGreaterThan(0);
  });
});
