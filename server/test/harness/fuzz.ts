import type { RouteDef } from '../../src/platform/http/route.js';
import type { Rng } from './prng.js';
import type { RouteEntry } from './route-table.js';
import { declaredFields, jsonSchemaOf, recordFields, validates, type JsonSchema, type Sample } from './sample.js';
import { encodeLoose, queryString, type WireRequest } from './wire.js';

/**
 * Seeded generation of malformed requests from a route's valid one: each field with a
 * wrong type, missing, empty, 100,000 characters, unusual Unicode, SQL and script text, negative and
 * huge numbers, bad dates; unknown fields; hostile paging and filters; malformed JSON, wrong content
 * types, oversized bodies; junk in the query string, headers and path. Every case says whether the
 * route's own schemas refuse it (so a write route's accepted cases can be told apart).
 */

export type Auth = 'admin' | 'no-token' | 'anonymous' | 'garbage-token';

export interface FuzzCase {
  route: RouteEntry;
  /** What was done to the valid request (shown on failure). */
  label: string;
  req: WireRequest;
  auth: Auth;
  /** true: the route's schemas (or the body parser) refuse it; false: they accept it; null: cannot tell here. */
  invalid: boolean | null;
  /** The path or method was changed (another route, or none, may answer). */
  offRoute: boolean;
}

/** A piece of JSON text put into a body verbatim (numbers JSON.stringify cannot write, such as 1e309). */
export class RawJson {
  constructor(public readonly text: string) {}
}

const LONG = 'x'.repeat(100_000);
const LONG_CJK = '长'.repeat(100_000);
const LONG_DIGITS = '9'.repeat(100_000);

export const UNICODE = [
  '\u202Eevil\u202C', // right-to-left override
  '\u200F\u200Fرسالة', // RTL marks, Arabic
  'a\u200Bb\u200Cc\u200Dd\u2060e', // zero-width characters
  '\uFEFFbom',
  '👨‍👩‍👧‍👦🀄🇨🇳',
  'e\u0301\u0301\u0301\u0301\u0301\u0301',
  'Ｆｕｌｌ１２３', // full-width letters and digits
  '٣٤٥', // Arabic-Indic digits
  '\uD800', // lone high surrogate (escaped in JSON)
  '\uDFFF', // lone low surrogate
  'a\uD83Db', // broken pair
  '\u2028\u2029',
  '\r\n\t\v\f',
  '\u0085\u00A0\u3000',
  'İıſK', // case-folding oddities
  '𠮷野家', // astral CJK
  '\\u0000',
  'a\u0000b', // NUL, which PostgreSQL text cannot store
  '\u001B[31mred',
  '﷽',
];

export const SQL = [
  "' OR '1'='1",
  '1; DROP TABLE blade_user;--',
  '1 OR 1=1',
  "') OR ('a'='a",
  '%',
  '_',
  "%' --",
  '\\',
  "1' AND pg_sleep(3)--",
  '$$; select 1; $$',
  '1 UNION SELECT password_hash FROM blade_user--',
  '"; select * from blade_user; --',
  '*/ select /*',
  "'||(select current_user)||'",
  'id desc; delete from blade_param',
];

export const SCRIPT = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '<svg/onload=alert(1)>',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '../../../../etc/passwd',
  '{"$gt":""}',
  '__proto__',
];

export const NUMBER_STRINGS = [
  '-1',
  '0',
  '-0',
  '999999999',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '0x10',
  '1.5',
  '9223372036854775808',
  '99999999999999999999',
  '+1',
  ' 1',
  '1 ',
  '１',
  '1,2,,3',
  ',',
  '2147483648',
  '-2147483649',
];

export const DATES = [
  '2024-02-30',
  'yesterday',
  '2024-13-01',
  '0000-00-00',
  '2024-02-29 24:00:00',
  '2023-02-29',
  '9999-12-31 23:59:59',
  '-infinity',
  'infinity',
  'epoch',
  'now',
  '1970-01-01T00:00:00Z',
  '2024-01-01 00:00:60',
  '20240101',
  '2024/01/01',
  '24-1-1',
  '2024-01-01 00:00:00+99',
  '0001-01-01',
  '10000-01-01',
  '2024-1-1 1:1:1',
];

const NUMBERS: unknown[] = [
  -1,
  0,
  -0.5,
  1.5,
  999_999_999,
  1e21,
  2 ** 53 + 1,
  -2_147_483_649,
  2 ** 63,
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('1E400'),
  new RawJson('-0'),
];
const TYPES: unknown[] = [null, true, false, 0, 1, [], [1, 2], ['a', null], {}, { a: 1 }, [[[]]], ''];
const EMPTY: unknown[] = ['', ' ', '\t\n', '\u3000'];

/** Names of fields a request may add that the route does not declare. */
const EXTRA_KEYS = [
  'isDeleted',
  'tenantId',
  'createUser',
  'deptId',
  'id',
  'version',
  'status',
  'password',
  'roleAlias',
  'admin',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '$where',
  'a.b',
  'a[0]',
  '字段',
  'x'.repeat(1000),
];

const FILTER_SUFFIXES = [
  '',
  '_like',
  '_equal',
  '_notequal',
  '_likeleft',
  '_likeright',
  '_ge',
  '_le',
  '_gt',
  '_lt',
  '_datege',
  '_dategt',
  '_datele',
  '_datelt',
  '_null',
  '_notnull',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'multipart/form-data; boundary=----quality',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/json, text/plain',
  'text/html; charset=utf-8',
  'image/png',
  '',
];

const MALFORMED_JSON = [
  '{',
  '}',
  '[',
  '{"a":',
  '{"a":1,}',
  '{a:1}',
  "{'a':1}",
  'nul',
  'undefined',
  'NaN',
  '{"a":01}',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '"\\ud800"',
  '{"a":1e999999}',
  '{"a" 1}',
  ',',
  ' ',
  '\uFEFF{}',
  '{"a":"b"',
  '[1,2',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":{"__proto__":{"x":1}}}',
  '[]',
  '[{}]',
  'true',
  '123',
  '"text"',
  'null',
];

const HEADER_JUNK: Array<Record<string, string>> = [
  { 'role-id': '1 or 1=1' },
  { 'role-id': '9223372036854775808' },
  { 'dept-id': '-1' },
  { 'dept-id': "1'; drop table blade_dept;--" },
  { 'tenant-id': 'x'.repeat(5000) },
  { 'tenant-id': '000000' },
  { 'captcha-key': '../../etc', 'captcha-code': '<script>' },
  { 'accept-language': 'en' },
  { 'x-forwarded-for': '1.2.3.4, <script>' },
  { accept: 'application/xml' },
  { 'content-encoding': 'gzip' },
  { 'transfer-encoding': 'chunked' },
];

const RAW_QUERY_JUNK = [
  '%',
  '%zz',
  'a=%E0%A4%A',
  '&&&=&=',
  'a&a&a',
  '=1',
  '%00=%00',
  'a=%ED%A0%80',
  '%E4%B8=1',
  'current=1&current=2',
  'size[]=1',
  'size[$gt]=1',
  `${'a=1&'.repeat(3000)}b=2`,
  'Blade-Auth=bearer%20x.y.z',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
];

/** Content types no parser is registered for: the server refuses the body whatever it holds. */
const UNSUPPORTED_TYPES = ['application/xml', 'application/octet-stream', 'application/jsonx', 'text/html; charset=utf-8', 'image/png'];

/**
 * The query as the server will see it: the encoded string parsed back (an empty array sends no key, a
 * one-element array a plain value). null when it holds lone surrogates, which decoders treat differently.
 */
export function wireView(query: Record<string, string | string[]>): Record<string, string | string[]> | null {
  const text = queryString(query).slice(1);
  if (/%ED%[AB][0-9A-F]%/i.test(text)) return null;
  const out = new Map<string, string | string[]>();
  for (const [k, v] of new URLSearchParams(text)) {
    const had = out.get(k);
    out.set(k, had === undefined ? v : [...(Array.isArray(had) ? had : [had]), v]);
  }
  return Object.fromEntries(out);
}

/** A part's fields, with nested paths (through arrays, index 0) up to three levels. */
function fieldPaths(js: JsonSchema | undefined, path: string[] = [], depth = 0, out: string[][] = []): string[][] {
  if (!js || depth > 3) return out;
  const props = js.properties ?? js.items?.properties;
  const viaArray = !js.properties && js.items?.properties;
  for (const [name, prop] of Object.entries<JsonSchema>(props ?? {})) {
    const p = viaArray ? [...path, '0', name] : [...path, name];
    out.push(p);
    fieldPaths(prop, p, depth + 1, out);
  }
  return out;
}

const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));

function setPath(root: any, path: string[], value: unknown, remove = false): any {
  const base = root && typeof root === 'object' ? root : {};
  let node = base;
  for (let i = 0; i < path.length - 1; i++) {
    const k = path[i];
    if (node[k] === null || typeof node[k] !== 'object') node[k] = /^\d+$/.test(path[i + 1]) ? [] : {};
    node = node[k];
  }
  const last = path[path.length - 1];
  if (remove) delete node[last];
  else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  return base;
}

/** A bad value of one kind for a field (the kind is part of the label). */
function badValue(rng: Rng, field: string): [string, unknown] {
  const kind = rng.pick(['type', 'empty', 'long', 'unicode', 'sql', 'script', 'number', 'number-string', 'date', 'type', 'sql', 'unicode']);
  switch (kind) {
    case 'type':
      return ['wrong type', rng.pick(TYPES)];
    case 'empty':
      return ['empty', rng.pick(EMPTY)];
    case 'long':
      return ['100,000 characters', rng.pick([LONG, LONG_CJK, LONG_DIGITS])];
    case 'unicode':
      return ['unusual Unicode', rng.pick(UNICODE)];
    case 'sql':
      return ['SQL text', rng.pick(SQL)];
    case 'script':
      return ['script text', rng.pick(SCRIPT)];
    case 'number':
      return ['bad number', rng.pick(NUMBERS)];
    case 'number-string':
      return ['bad number text', rng.pick(NUMBER_STRINGS)];
    default:
      return [`bad date${/time|date/i.test(field) ? '' : ' (any field)'}`, rng.pick(DATES)];
  }
}

/** How a value travels in a query string: strings, or repeated keys; other JSON becomes text. */
function toQueryValue(v: unknown): string | string[] | undefined {
  if (v === undefined) return undefined;
  if (v instanceof RawJson) return v.text;
  if (Array.isArray(v)) return v.map((x) => (x === null ? '' : typeof x === 'object' ? JSON.stringify(x) : String(x)));
  if (v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** JSON text of a body, with RawJson pieces written verbatim. */
export function bodyText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0000RAW${raws.length - 1}\u0000`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"\\u0000RAW(\d+)\\u0000"/g, (_, i: string) => raws[Number(i)]);
}

/** What the server's JSON parser makes of a body text: the value, or 'refused' (syntax, prototype keys). */
function parsedBody(text: string): { value: unknown } | 'refused' {
  try {
    // Fastify's parser drops a leading byte order mark.
    const value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    // secure-json-parse (Fastify's) refuses __proto__ keys and constructor.prototype.
    if (/"__proto__"\s*:/.test(text) || /"constructor"\s*:\s*\{[^}]*"prototype"\s*:/.test(text)) return 'refused';
    return { value };
  } catch {
    return 'refused';
  }
}

interface Parts {
  query: Record<string, string | string[]>;
  body: unknown;
  params: Record<string, string>;
}

export interface FuzzOptions {
  bodyLimit: number;
  /** A body just over the limit, built once. */
  oversized: Buffer;
}

/** `count` cases for one route, from its valid sample, reproducible from the generator's seed. */
export function fuzzCases(route: RouteEntry, sample: Sample, rng: Rng, count: number, opts: FuzzOptions): FuzzCase[] {
  const def = route.def as RouteDef<any, any, any> | undefined;
  const js = { query: jsonSchemaOf(def?.query), body: jsonSchemaOf(def?.body), params: jsonSchemaOf(def?.params) };
  const fields = {
    query: def?.query ? fieldPaths(js.query) : Object.keys(sample.query).map((k) => [k]),
    body: def?.body ? fieldPaths(js.body) : sample.body && typeof sample.body === 'object' ? Object.keys(sample.body).map((k) => [k]) : [],
    params: def?.params ? fieldPaths(js.params) : Object.keys(sample.params).map((k) => [k]),
  };
  const filters = recordFields(def);
  const paged = def?.query ? declaredFields(def.query).includes('size') : false;
  const hasBody = sample.body !== undefined || route.method !== 'GET';
  const out: FuzzCase[] = [];

  for (let i = 0; i < count; i++) {
    const parts: Parts = {
      query: clone(sample.query) as Record<string, string | string[]>,
      body: clone(sample.body),
      params: { ...sample.params },
    };
    const labels: string[] = [];
    let method = route.method;
    let path: string | null = null;
    /** A body sent as is; `judge`: its parsed form is what the route's schema sees. */
    let raw: { payload: string | Buffer; contentType?: string; refused: boolean; parsed?: unknown; judge?: boolean } | null = null;
    let rawQuery: string | undefined;
    let headers: Record<string, string> = {};
    let offRoute = false;
    let unknown = false;

    const mutateField = () => {
      const parts3 = (['query', 'body', 'params'] as const).filter((p) => fields[p].length || (p === 'body' && hasBody) || p === 'query');
      const part = rng.pick(parts3);
      const known = fields[part];
      const f = known.length && rng.chance(0.9) ? rng.pick(known) : [rng.pick(filters.length ? filters : ['name', 'id', 'deptId', 'createTime'])];
      const [what, value] = badValue(rng, f[f.length - 1]);
      labels.push(`${part}.${f.join('.')}: ${what}`);
      if (part === 'query') {
        const q = toQueryValue(value);
        if (f.length === 1 && q !== undefined) parts.query[f[0]] = q;
        else parts.query[f.join('.')] = q ?? '';
      } else if (part === 'params') {
        const q = toQueryValue(value);
        parts.params[f[0]] = Array.isArray(q) ? q.join(',') : (q ?? '');
      } else {
        parts.body = setPath(parts.body, f, value);
      }
    };

    const kind = rng.next();
    if (kind < 0.5) {
      mutateField();
    } else if (kind < 0.58) {
      const n = 2 + rng.int(3);
      for (let k = 0; k < n; k++) mutateField();
    } else if (kind < 0.63) {
      // A declared field missing (required ones make the request invalid).
      const withFields = (['query', 'body', 'params'] as const).filter((p) => fields[p].length);
      const part = withFields.length ? rng.pick(withFields) : 'query';
      const f = fields[part].length ? rng.pick(fields[part]) : ['id'];
      labels.push(`${part}.${f.join('.')}: missing`);
      if (part === 'query') delete parts.query[f[0]];
      else if (part === 'params') parts.params[f[0]] = '';
      else parts.body = setPath(parts.body, f, undefined, true);
    } else if (kind < 0.69) {
      // Unknown fields.
      const key = rng.pick(EXTRA_KEYS);
      const [what, value] = rng.chance(0.5) ? ['plain', rng.pick(['1', 'quality', '0'])] : badValue(rng, key);
      if (hasBody && (route.method !== 'GET' || rng.chance(0.3)) && rng.chance(0.7)) {
        labels.push(`extra body field ${JSON.stringify(key.slice(0, 20))} (${what})`);
        parts.body = setPath(parts.body ?? {}, [key], value);
      } else {
        labels.push(`extra query field ${JSON.stringify(key.slice(0, 20))} (${what})`);
        parts.query[key] = toQueryValue(value) ?? '';
      }
    } else if (kind < 0.73) {
      // Paging: negative, zero, huge, non-numbers, repeated; sorting by unknown or hostile names.
      const which = rng.pick(['current', 'size', 'ascs', 'descs']);
      const value =
        which === 'current' || which === 'size'
          ? rng.pick(['-1', '0', '999999999', '1e309', '2147483648', 'abc', '1.5', '', ' ', '5001', ['1', '2']])
          : rng.pick([
              'id;drop table blade_user',
              'createTime,xx',
              'password_hash',
              ','.repeat(1000),
              'x'.repeat(600),
              '"id"',
              'create_time desc',
              '1',
              'id,id,id',
              '',
            ]);
      labels.push(`paging ${which}=${JSON.stringify(value).slice(0, 40)}${paged ? '' : ' (route is not paged)'}`);
      parts.query[which] = value as string | string[];
    } else if (kind < 0.77) {
      // BladeX suffix filters on the route's record fields, with bad values.
      const field = filters.length ? rng.pick(filters) : rng.pick(['createTime', 'name', 'id', 'status']);
      const suffix = rng.pick(FILTER_SUFFIXES);
      const [what, value] = rng.chance(0.4) ? ['bad date', rng.pick(DATES)] : badValue(rng, field);
      labels.push(`filter ${field}${suffix}: ${what}`);
      parts.query[`${field}${suffix}`] = toQueryValue(value) ?? '';
    } else if (kind < 0.83) {
      const text = rng.pick(MALFORMED_JSON);
      labels.push(`malformed JSON body ${JSON.stringify(text).slice(0, 40)}`);
      const p = parsedBody(text);
      raw = { payload: text, contentType: 'application/json', refused: p === 'refused', parsed: p === 'refused' ? undefined : p.value };
    } else if (kind < 0.87) {
      const ct = rng.pick(CONTENT_TYPES);
      const source = parts.body && typeof parts.body === 'object' ? (parts.body as Record<string, unknown>) : { a: '1' };
      const payload = ct.includes('urlencoded')
        ? Object.entries(source)
            .map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
            .join('&')
        : bodyText(parts.body ?? { a: 1 });
      labels.push(`content type ${JSON.stringify(ct)}`);
      if (/^application\/json;/.test(ct)) {
        // JSON with parameters is still JSON to the parser.
        const p = parsedBody(payload);
        raw = { payload, contentType: ct, refused: p === 'refused', parsed: p === 'refused' ? undefined : p.value, judge: true };
      } else if (ct === 'text/plain') {
        raw = { payload, contentType: ct, refused: false, parsed: payload, judge: true };
      } else if (UNSUPPORTED_TYPES.includes(ct)) {
        raw = { payload, contentType: ct, refused: true };
      } else {
        // Forms, multipart, a list of types, no type at all: what the server makes of them is not decided here.
        raw = { payload, contentType: ct || undefined, refused: false };
        unknown = true;
      }
    } else if (kind < 0.875) {
      labels.push(`body over BODY_LIMIT (${opts.oversized.length} bytes)`);
      raw = { payload: opts.oversized, contentType: 'application/json', refused: true };
    } else if (kind < 0.88) {
      const depth = rng.pick([1000, 10_000, 100_000]);
      labels.push(`JSON nested ${depth} deep`);
      raw = {
        payload: rng.chance(0.5) ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
        contentType: 'application/json',
        refused: true,
      };
      unknown = true;
    } else if (kind < 0.9) {
      // The whole body of the wrong shape.
      const value = rng.pick<unknown>([null, [], [sample.body], 'text', 0, true, {}, new RawJson('1e309')]);
      labels.push(`body is ${value instanceof RawJson ? value.text : JSON.stringify(value)}`);
      parts.body = value;
    } else if (kind < 0.93) {
      rawQuery = rng.pick(RAW_QUERY_JUNK);
      labels.push(`raw query ${JSON.stringify(rawQuery.slice(0, 40))}`);
      unknown = true;
    } else if (kind < 0.96) {
      headers = { ...rng.pick(HEADER_JUNK) };
      labels.push(`headers ${JSON.stringify(headers).slice(0, 60)}`);
      if (headers['content-encoding'] || headers['transfer-encoding']) unknown = true;
    } else {
      // The path or method: another method, odd spellings of the path, junk params.
      const which = rng.pick(['method', 'trailing', 'double', 'case', 'suffix', 'encoded', 'param']);
      offRoute = which !== 'trailing';
      const base = sample.path;
      if (which === 'method') method = rng.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'].filter((m) => m !== route.method));
      if (which === 'trailing') path = `${base}/`;
      if (which === 'double') path = base.replace('/api/', '/api//');
      if (which === 'case') path = base.toUpperCase();
      if (which === 'suffix') path = `${base}${rng.pick(['%00', '/..%2f..%2f', '.json', '/x', ';jsessionid=1', '%2e%2e', '%'])}`;
      if (which === 'encoded') path = base.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
      if (which === 'param') {
        if (Object.keys(parts.params).length) {
          const k = rng.pick(Object.keys(parts.params));
          parts.params[k] = rng.pick(['', '-1', 'x'.repeat(300), "1' or '1'='1", '%00', '9'.repeat(30), '１', '..']);
          offRoute = false;
        } else path = `${base}/${rng.pick(['1', '..', '%2e', 'x'.repeat(300)])}`;
      }
      labels.push(`path ${which}: ${method} ${(path ?? base).slice(0, 80)}`);
    }

    const req: WireRequest = {
      method,
      path: path ?? route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, n: string) => encodeLoose(parts.params[n] ?? '')),
      query: parts.query,
      rawQuery,
      headers,
    };
    let bodyForCheck: unknown = method === 'GET' ? undefined : parts.body;
    let invalid: boolean | null;
    const query = wireView(parts.query);
    if (query === null) unknown = true;
    if (raw) {
      req.payload = raw.payload;
      if (raw.contentType) req.headers = { ...req.headers, 'content-type': raw.contentType };
      bodyForCheck = raw.parsed;
      if (method === 'GET') invalid = null;
      else if (raw.refused) invalid = true;
      else if (raw.judge) invalid = !validates(def, { query: query ?? {}, body: bodyForCheck, params: parts.params }).ok;
      else invalid = null;
    } else {
      if (parts.body !== undefined && (method !== 'GET' || rng.chance(0.2))) {
        const text = bodyText(parts.body);
        req.payload = text;
        req.headers = { ...req.headers, 'content-type': 'application/json' };
        const p = parsedBody(text);
        bodyForCheck = p === 'refused' ? undefined : p.value;
        invalid = p === 'refused' ? true : !validates(def, { query: query ?? {}, body: bodyForCheck, params: parts.params }).ok;
      } else {
        invalid = !validates(def, { query: query ?? {}, body: bodyForCheck, params: parts.params }).ok;
      }
    }
    if (unknown || offRoute || !def) invalid = invalid === true && !unknown ? true : null;

    const a = rng.next();
    const auth: Auth = a < 0.82 ? 'admin' : a < 0.92 ? 'no-token' : a < 0.96 ? 'anonymous' : 'garbage-token';
    out.push({ route, label: labels.join(' + '), req, auth, invalid, offRoute });
  }
  return out;
}

const PAGING_KEYS = new Set(['current', 'size', 'ascs', 'descs']);
const SWEEP_HOSTILE = [
  '2024-01-01 00:00:00+99',
  '2024-02-30',
  'yesterday',
  "1' or '1'='1",
  '-1',
  '99999999999999999999',
  'x'.repeat(600),
  '\u0000',
  '１',
  '%_\\',
];
const PROTO_NAMES = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf', 'prototype'];

/** A value that passes the suffix's own format check, so the filter reaches SQL. */
const plausible = (suffix: string) => (suffix.startsWith('_date') ? '2024-01-31 08:00:00' : suffix.startsWith('_like') || !suffix ? 'quality' : '1');

/**
 * Deterministic cases for a GET route that filters (BladeX suffixes, wire contract §3): each of its
 * fields (record fields and declared query fields) plain, with _notequal and with a date suffix and
 * values that pass the format checks (so type mismatches reach SQL); every suffix once with a hostile
 * value; names such as "constructor" as filter and sort keys.
 */
export function filterSweep(route: RouteEntry, sample: Sample): FuzzCase[] {
  const def = route.def;
  if (route.method !== 'GET' || !def?.query) return [];
  const fields = [...new Set([...recordFields(def), ...declaredFields(def.query)])].filter((f) => !PAGING_KEYS.has(f));
  if (!fields.length) return [];
  const queries: Array<Record<string, string>> = [];
  for (const f of fields) for (const suffix of ['', '_notequal', '_dategt']) queries.push({ [`${f}${suffix}`]: plausible(suffix) });
  FILTER_SUFFIXES.forEach((suffix, i) => queries.push({ [`${fields[i % fields.length]}${suffix}`]: SWEEP_HOSTILE[i % SWEEP_HOSTILE.length] }));
  PROTO_NAMES.forEach((name, i) =>
    queries.push([{ [name]: '1' }, { [`${name}_equal`]: '1' }, { [`${name}_datege`]: '2024-01-01' }, { ascs: name }, { descs: `${fields[0]},${name}` }][i % 5]),
  );
  queries.push({ ascs: fields.join(',') }, { descs: fields.join(',') });
  return queries.map((q) => ({
    route,
    label: `filter sweep ${JSON.stringify(q).slice(0, 60)}`,
    req: { method: 'GET', path: sample.path, query: { ...(sample.query as Record<string, string>), ...q } },
    auth: 'admin' as const,
    invalid: null,
    offRoute: false,
  }));
}

/**
 * Deterministic cases for every route: each declared field (query and body, top level) set to
 * "__proto__" and to "constructor" — values that, used as a key into a plain object, find
 * Object.prototype instead of nothing.
 */
export function prototypeSweep(route: RouteEntry, sample: Sample): FuzzCase[] {
  const def = route.def;
  if (!def) return [];
  const out: FuzzCase[] = [];
  for (const part of ['query', 'body'] as const) {
    const schema = part === 'query' ? def.query : def.body;
    for (const field of declaredFields(schema)) {
      for (const value of ['__proto__', 'constructor']) {
        const query = { ...(sample.query as Record<string, string>) };
        let body = sample.body === undefined ? undefined : structuredClone(sample.body);
        if (part === 'query') query[field] = value;
        else body = { ...(body && typeof body === 'object' ? body : {}), [field]: value };
        const req: WireRequest = { method: route.method, path: sample.path, query };
        if (body !== undefined && route.method !== 'GET') {
          req.payload = JSON.stringify(body);
          req.headers = { 'content-type': 'application/json' };
        }
        const view = wireView(query);
        const invalid = view === null ? null : !validates(def, { query: view, body: route.method === 'GET' ? undefined : body, params: sample.params }).ok;
        out.push({ route, label: `prototype sweep ${part}.${field}=${value}`, req, auth: 'admin', invalid, offRoute: false });
      }
    }
  }
  return out;
}
