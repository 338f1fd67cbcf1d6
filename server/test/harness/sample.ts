import { sql } from 'kysely';
import { z, type ZodType } from 'zod';
import type { Db } from '../../src/db/connection.js';
import type { RouteDef } from '../../src/platform/http/route.js';
import type { RouteEntry } from './route-table.js';
import { columnsOf } from './checksum.js';
import { bladexInput } from '../../src/platform/http/bladex-input.js';

/** A JSON Schema node as z.toJSONSchema writes it. */
export type JsonSchema = Record<string, any>;

export function jsonSchemaOf(schema: ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline', cycles: 'ref' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** The parts of one request, as the route's schemas see them (query values are strings). */
export interface RequestParts {
  query: Record<string, unknown>;
  body: unknown;
  params: Record<string, string>;
}

/**
 * Routes whose handler reads its own input instead of declaring a schema: the harness needs to know
 * their fields to build a request. Only the token endpoint (its grants share one parameter set). The
 * account name is replaced by a random one wherever it is used, so no real account is ever locked.
 */
export const HANDLER_PARSED: Record<string, Partial<RequestParts>> = {
  // The password travels in the body only (a password in the query is refused, wire contract §4.5).
  'POST /api/blade-auth/oauth/token': {
    body: { grant_type: 'password', username: 'quality_nobody', password: 'Wrong@2026', tenantId: '000001' },
  },
};

/** Ids and values a valid request may need, read once from the database. */
export interface SampleContext {
  /** One existing id per table (the largest: seed rows such as the administrator and the web client come first), by table name. */
  idOf: Map<string, string>;
  /** The caller's own ids (deptId, userId …) for fields named after them. */
  self: { userId: string; deptId: string; roleId?: string; tenantId: string };
}

export async function sampleContext(db: Db, self: SampleContext['self']): Promise<SampleContext> {
  const tables = (await columnsOf(db)).filter((c) => c.columnName === 'id');
  const idOf = new Map<string, string>();
  for (const { tableName } of tables) {
    const r = await sql<{ id: string | null }>`select max(id)::text as id from ${sql.table(tableName)}`.execute(db).catch(() => null);
    const id = r?.rows[0]?.id;
    if (id && /^\d+$/.test(id)) idOf.set(tableName, id);
  }
  return { idOf, self };
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/-/g, '_');

/** The table a route's path is about: its last segment that names one (…/dict-biz/remove → blade_dict_biz). */
function tableOfPath(url: string, ctx: SampleContext): string | undefined {
  const segs = url
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .reverse();
  for (const s of segs) for (const name of [`blade_${snake(s)}`, snake(s), `sys_${snake(s)}`]) if (ctx.idOf.has(name)) return name;
  return undefined;
}

/** An existing id for a field: the caller's own for deptId/userId/roleId, else the table named by the field or by the path. */
function idFor(field: string, url: string, ctx: SampleContext): string | undefined {
  const f = field.replace(/s$/, '');
  if (/^deptId$/i.test(f)) return ctx.self.deptId;
  if (/^userId$/i.test(f)) return ctx.self.userId;
  if (/^roleId$/i.test(f) && ctx.self.roleId) return ctx.self.roleId;
  const named = /^(.*)Id$/.exec(f)?.[1];
  if (named && named !== 'parent' && ctx.idOf.has(`blade_${snake(named)}`)) return ctx.idOf.get(`blade_${snake(named)}`);
  const t = tableOfPath(url, ctx);
  return t ? ctx.idOf.get(t) : undefined;
}

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'quality@example.cn',
  uuid: '6f1c2f7e-3c1a-4b8e-9a55-2f6a1b2c3d4e',
  guid: '6f1c2f7e-3c1a-4b8e-9a55-2f6a1b2c3d4e',
  uri: 'https://example.cn/gsl/login',
  url: 'https://example.cn/gsl/login',
  date: '2024-01-31',
  'date-time': '2024-01-31T08:00:00Z',
  time: '08:00:00',
  ipv4: '127.0.0.1',
  ipv6: '::1',
};

/** Plain values tried in order for a string field until the route's schema accepts one (refinements are not in JSON Schema). */
const GENERIC_STRINGS = [
  'quality',
  '1',
  '测试',
  'a',
  'A1',
  'quality_1',
  '2024-01-31',
  '2024-01-31 08:00:00',
  '000001',
  'jiangsu',
  'aoc',
  '13800000000',
  'quality@example.cn',
  '/gsl/login',
  'https://example.cn/gsl/login',
  'password',
  'true',
  '0',
  '1,2',
  '1.0.0',
  'QUALITY',
  'quality-1',
  '320000',
  '#1890ff',
  'zh-CN',
  '08:00',
  'A',
];

function stringCandidates(js: JsonSchema, field: string, url: string, ctx: SampleContext): string[] {
  const out: string[] = [];
  for (const e of [...(js.examples ?? []), ...(js.example !== undefined ? [js.example] : [])]) out.push(String(e));
  if (js.format && FORMAT_SAMPLES[js.format]) out.push(FORMAT_SAMPLES[js.format]);
  if (/password|secret/i.test(field)) out.push('Quality@2026x');
  const id = idFor(field, url, ctx);
  if (id && (/id(s)?$/i.test(field) || /\\d/.test(js.pattern ?? ''))) out.push(id);
  out.push(...GENERIC_STRINGS);
  const min = js.minLength ?? 0;
  if (min > 1) out.push('q'.repeat(min), 'Quality_'.repeat(Math.ceil(min / 8)).slice(0, Math.max(min, 8)));
  let re: RegExp | null = null;
  try {
    re = js.pattern ? new RegExp(js.pattern, 'u') : null;
  } catch {
    re = null;
  }
  return [...new Set(out)].filter((s) => s.length >= min && s.length <= (js.maxLength ?? Infinity) && (!re || re.test(s)));
}

/** Which alternative each field takes (by its dotted path); a field whose value a schema refuses moves to its next one. */
export type Choices = Map<string, number>;

/**
 * A value satisfying a JSON Schema node. `choices` picks, per field path, among the alternatives
 * (string candidates, enum values, union branches), so fields the schema refuses can be retried
 * one by one; `all` fills optional fields too.
 */
export function sampleOf(js: JsonSchema | undefined, path: string[], url: string, ctx: SampleContext, choices: Choices = new Map(), all = false): unknown {
  const key = path.join('.');
  const pick = <T>(list: T[]) => list[(choices.get(key) ?? 0) % list.length];
  const field = path[path.length - 1] ?? '';
  if (!js || typeof js !== 'object') return 'quality';
  const examples = [...(js.examples ?? []), ...(js.example !== undefined ? [js.example] : [])];
  if (examples.length && js.type !== 'string') return pick(examples);
  if ('const' in js) return js.const;
  if (Array.isArray(js.enum) && js.enum.length) return pick(js.enum);
  const branches = js.anyOf ?? js.oneOf;
  if (Array.isArray(branches) && branches.length) {
    const usable = branches.filter((b: JsonSchema) => b.type !== 'null');
    const list = usable.length ? usable : branches;
    const n = choices.get(key) ?? 0;
    const inner = new Map(choices);
    inner.set(key, Math.floor(n / list.length));
    return sampleOf(list[n % list.length], path, url, ctx, inner, all);
  }
  if (Array.isArray(js.allOf) && js.allOf.length) return sampleOf(Object.assign({}, ...js.allOf), path, url, ctx, choices, all);
  const type = Array.isArray(js.type) ? js.type.find((t: string) => t !== 'null') : js.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(js.required ?? []);
      for (const [name, prop] of Object.entries<JsonSchema>(js.properties ?? {})) {
        if (required.has(name) || all) out[name] = sampleOf(prop, [...path, name], url, ctx, choices, all);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(1, js.minItems ?? 0);
      return Array.from({ length: n }, (_, i) => sampleOf(js.items, [...path, String(i)], url, ctx, choices, all));
    }
    case 'string': {
      const c = stringCandidates(js, field, url, ctx);
      return c.length ? pick(c) : 'quality';
    }
    case 'integer':
    case 'number': {
      let lo = js.minimum ?? (js.exclusiveMinimum !== undefined ? js.exclusiveMinimum + 1 : -Infinity);
      const hi = js.maximum ?? (js.exclusiveMaximum !== undefined ? js.exclusiveMaximum - 1 : Infinity);
      if (lo === -Infinity) lo = Math.min(1, hi);
      const candidates = [Math.min(Math.max(1, lo), hi), lo, hi, Math.min(Math.max(100, lo), hi)].filter((x) => Number.isFinite(x));
      return pick(candidates.length ? candidates : [1]);
    }
    case 'boolean':
      return pick([true, false]);
    case 'null':
      return null;
    default:
      return 'quality';
  }
}

/** Query values as they arrive (strings, or repeated keys), from sampled JSON values. */
function asQueryValues(value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((value as Record<string, unknown>) ?? {})) {
    if (v === undefined) continue;
    out[k] = Array.isArray(v) ? v.map(String) : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

/** Whether the parts pass the route's own schemas (what the route() wrapper does before the handler). */
export function validates(def: RouteDef<any, any, any> | undefined, parts: RequestParts): { ok: boolean; issues: Array<{ path: string; message: string }> } {
  const issues: Array<{ path: string; message: string }> = [];
  if (!def) return { ok: true, issues };
  const check = (schema: ZodType | undefined, value: unknown, part: string) => {
    if (!schema) return;
    const r = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
    if (!r.success)
      issues.push(...r.error.issues.map((i) => ({ path: [part, ...i.path.map(String)].join('.'), message: `${[part, ...i.path].join('.')}: ${i.message}` })));
  };
  // The route's own reading of a request: BladeX's query fields and echoed values first (route.ts).
  const input = bladexInput(def, { query: parts.query, body: parts.body });
  check(def.query, input.query, 'query');
  check(def.body, input.body, 'body');
  check(def.params, parts.params, 'params');
  return { ok: issues.length === 0, issues };
}

export interface Sample extends RequestParts {
  /** The path with the params filled in. */
  path: string;
}

export const fillPath = (url: string, params: Record<string, string>) =>
  url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeURIComponent(params[name] ?? '1'));

/**
 * A minimally valid request for a route, built from its zod schemas (required fields only, then all
 * fields, over a few variants) and checked against them. `error` says why none could be built; a
 * field can help with `.meta({ examples: [...] })`.
 */
export function validSample(route: RouteEntry, ctx: SampleContext): Sample | { error: string } {
  const def = route.def;
  const preset = HANDLER_PARSED[route.key];
  if (preset || !def) {
    const parts = { query: { ...(preset?.query ?? {}) }, body: preset?.body, params: { ...(preset?.params ?? {}) } };
    return { ...parts, path: fillPath(route.url, parts.params) };
  }
  const js = { query: jsonSchemaOf(def.query), body: jsonSchemaOf(def.body), params: jsonSchemaOf(def.params) };
  let lastIssues: string[] = [];
  for (const all of [false, true]) {
    const choices: Choices = new Map();
    for (let attempt = 0; attempt < 60; attempt++) {
      const parts: RequestParts = {
        query: def.query ? asQueryValues(sampleOf(js.query, ['query'], route.url, ctx, choices, all)) : {},
        body: def.body ? sampleOf(js.body, ['body'], route.url, ctx, choices, all) : undefined,
        params: def.params ? (asQueryValues(sampleOf(js.params, ['params'], route.url, ctx, choices, all)) as Record<string, string>) : {},
      };
      const v = validates(def, parts);
      if (v.ok) return { ...parts, path: fillPath(route.url, parts.params) };
      lastIssues = v.issues.map((i) => i.message);
      // Move every refused field (or, for an object-level refinement, every field of the part) to its next alternative.
      for (const issue of v.issues) {
        const key = issue.path;
        const fields = key.split('.').length > 1 ? [key] : [...collectPaths(js[key as 'query' | 'body' | 'params'], [key])];
        for (const f of fields) choices.set(f, (choices.get(f) ?? 0) + 1);
      }
    }
  }
  return { error: `no valid request could be generated from the schemas: ${lastIssues.join('; ')}` };
}

/**
 * The valid sample, or — when none could be generated (the route-table test reports that) — the
 * first unvalidated attempt, so authentication, permission and fuzz checks still run for the route.
 */
export function sampleOrFallback(route: RouteEntry, ctx: SampleContext): Sample {
  const s = validSample(route, ctx);
  if (!('error' in s)) return s;
  const def = route.def!;
  const query = def.query ? asQueryValues(sampleOf(jsonSchemaOf(def.query), ['query'], route.url, ctx)) : {};
  const params = def.params ? (asQueryValues(sampleOf(jsonSchemaOf(def.params), ['params'], route.url, ctx)) as Record<string, string>) : {};
  const body = def.body ? sampleOf(jsonSchemaOf(def.body), ['body'], route.url, ctx) : undefined;
  return { query, body, params, path: fillPath(route.url, params) };
}

function* collectPaths(js: JsonSchema | undefined, path: string[]): Generator<string> {
  if (!js) return;
  yield path.join('.');
  for (const [name, prop] of Object.entries<JsonSchema>(js.properties ?? {})) yield* collectPaths(prop, [...path, name]);
}

/** The field names a route's part declares (all of them, required or not), from its JSON Schema. */
export function declaredFields(schema: ZodType | undefined): string[] {
  const js = jsonSchemaOf(schema);
  return Object.keys(js?.properties ?? {});
}

/** Field names of the records a route answers (from its response schema), for BladeX suffix filters. */
export function recordFields(def: RouteDef<any, any, any> | undefined): string[] {
  const js = jsonSchemaOf(def?.response);
  if (!js) return [];
  const records = js.properties?.records?.items ?? (js.type === 'array' ? js.items : js);
  return Object.keys(records?.properties ?? {});
}
