import type { ZodType } from 'zod';

/**
 * BladeX clients send back what they read (README "Using a BladeX/Saber client"): the audit columns,
 * tree decoration and the labels the server adds beside codes. Those are answers of the server, never
 * input, so a body naming them is taken without them — but only where the route's own schema does not
 * declare the field: any other unknown field is still refused, and a declared one is still checked.
 */
const READ_ONLY = new Set([
  'createTime',
  'updateTime',
  'createUser',
  'updateUser',
  'createDept',
  'isDeleted',
  'hasChildren',
  'children',
  'title',
  'key',
  'value',
  'parentName',
  'tenantId',
  'tenantName',
  '$index',
  '$cellEdit',
]);
/** Fields holding a code or an id, which BladeX clients may send as numbers (`dictKey: 1`, `parentId: 0`). */
const CODE_FIELD = /^(id|code|key)$|(Id|Code|Key)$/;
/** Labels answered beside a code (`deptName`, `roleName`, `statusName`, `sexName`, ...). */
const LABEL = /^[a-z][A-Za-z0-9]*Name$/;

type Def = { type?: string; shape?: Record<string, ZodType>; in?: ZodType; innerType?: ZodType; schema?: ZodType; options?: ZodType[] };
const defOf = (schema: ZodType): Def => (schema as unknown as { _zod?: { def?: Def } })._zod?.def ?? {};

/** The object schema inside pipes, defaults and optional wrappers, if the body is an object at all. */
function objectShape(schema: ZodType, depth = 0): Record<string, ZodType> | null {
  if (depth > 8) return null;
  const def = defOf(schema);
  if (def.type === 'object' && def.shape) return def.shape;
  const inner = def.in ?? def.innerType ?? def.schema;
  return inner ? objectShape(inner, depth + 1) : null;
}

/** The fields an answer schema names (an object, a page's records, a list's items), for the read-only rule. */
function answeredFields(schema: ZodType | undefined, depth = 0): Set<string> {
  const out = new Set<string>();
  if (!schema || depth > 4) return out;
  const shape = objectShape(schema);
  if (shape) {
    for (const k of Object.keys(shape)) out.add(k);
    if (shape.records) for (const k of answeredFields(shape.records, depth + 1)) out.add(k);
    return out;
  }
  const def = defOf(schema) as Def & { element?: ZodType };
  if (def.type === 'array' && def.element) return answeredFields(def.element, depth + 1);
  return out;
}

/**
 * A body as the route's schema expects it from a client that echoes what it read: fields the route's
 * schema does not declare but the server itself answers (the audit columns, tree decoration, labels, and
 * the answer fields the route names read-only) left out, and a number sent for a code or an id (a
 * dictionary key typed as a number, a parent id 0) taken as its text. Anything else is returned as it
 * came, for the schema to judge: an unknown field is still refused.
 */
export function acceptEchoedFields(
  schema: ZodType,
  body: unknown,
  readOnly: ReadonlySet<string> = new Set(),
  /** The answer's fields, of which one echoed empty (null) says nothing and is left out too. */
  answered: ReadonlySet<string> = new Set(),
): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const shape = objectShape(schema);
  if (!shape) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    const field = Object.hasOwn(shape, k) ? shape[k] : undefined;
    if (!field) {
      if (READ_ONLY.has(k) || LABEL.test(k) || readOnly.has(k) || (v === null && answered.has(k))) continue;
      out[k] = v;
      continue;
    }
    out[k] =
      typeof v === 'number' && Number.isFinite(v) && CODE_FIELD.test(k) && !field.safeParse(v).success && field.safeParse(String(v)).success ? String(v) : v;
  }
  return out;
}

/**
 * BladeX clients send some writes' fields as query parameters (Saber's `params` on tenant/setting,
 * tenant/datasource, user/update-password …). A POST that comes without a body takes the query
 * parameters its body schema declares as its body; they are then no longer query parameters. A request
 * with a body is read as it came.
 */
export function bodyFromQuery(schema: ZodType, body: unknown, query: unknown, querySchema?: ZodType): { body: unknown; query: unknown } {
  const empty =
    body === undefined || body === null || body === '' || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body as object).length === 0);
  if (!empty || !query || typeof query !== 'object') return { body, query };
  const shape = objectShape(schema);
  if (!shape) return { body, query };
  // A name the query schema declares itself stays a query parameter.
  const own = querySchema ? (objectShape(querySchema) ?? {}) : {};
  const moved: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) (Object.hasOwn(shape, k) && !Object.hasOwn(own, k) ? moved : rest)[k] = v;
  return Object.keys(moved).length ? { body: moved, query: rest } : { body, query };
}

/**
 * A request's query and body as a route reads them. The two rules hold on BladeX's own services
 * (`/api/blade-…`), the calls a BladeX client makes; the portal's own services read requests as sent.
 */
export function bladexInput(
  def: { url: string; body?: ZodType; query?: ZodType; response?: ZodType; readOnly?: 'answer' | readonly string[] },
  parts: { query: unknown; body: unknown },
): { query: unknown; body: unknown } {
  if (!def.body || !def.url.startsWith('/api/blade-')) return parts;
  const { body, query } = bodyFromQuery(def.body, parts.body, parts.query, def.query);
  if (!def.readOnly) return { query, body: acceptEchoedFields(def.body, body) };
  const answered = answeredFields(def.response);
  return { query, body: acceptEchoedFields(def.body, body, def.readOnly === 'answer' ? answered : new Set(def.readOnly), answered) };
}
