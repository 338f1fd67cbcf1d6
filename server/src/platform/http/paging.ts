import { sql, type SelectQueryBuilder, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import { ID_RE, type PageQuery, type PageResult } from '@gsl/contract';
import { badRequest } from './errors.js';
import { pageResult } from './envelope.js';

/** One filterable / sortable field of an entity: API name → qualified column, with its kind. */
export interface FieldSpec {
  column: string;
  kind: 'text' | 'int' | 'smallint' | 'date' | 'id';
  sortable?: boolean;
}
export type FieldWhitelist = Record<string, FieldSpec>;

const SUFFIXES = [
  'notequal',
  'equal',
  'likeleft',
  'likeright',
  'like',
  'notnull',
  'null',
  'datege',
  'dategt',
  'datele',
  'datelt',
  'ge',
  'le',
  'gt',
  'lt',
] as const;
type Suffix = (typeof SUFFIXES)[number];

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function parseDate(field: string, raw: string): string {
  const m = DATE_RE.exec(raw.trim());
  if (!m) throw badRequest(`${field} 日期格式不正确,应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss`);
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const date = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s));
  if (date.getUTCFullYear() !== +y || date.getUTCMonth() !== +mo - 1 || date.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59) {
    throw badRequest(`${field} 日期不存在`);
  }
  // Read in the database session's zone, which is the display zone (TIME_ZONE, wire contract §3).
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function split(key: string): { field: string; suffix: Suffix | null } {
  const i = key.lastIndexOf('_');
  if (i > 0) {
    const suffix = key.slice(i + 1) as Suffix;
    if ((SUFFIXES as readonly string[]).includes(suffix)) return { field: key.slice(0, i), suffix };
  }
  return { field: key, suffix: null };
}

function valueOf(spec: FieldSpec, field: string, raw: string): string | number {
  if (spec.kind === 'int' || spec.kind === 'smallint') {
    const n = Number(raw);
    const max = spec.kind === 'smallint' ? 32767 : 2147483647;
    if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(n)) throw badRequest(`${field} 必须是整数`);
    if (Math.abs(n) > max) throw badRequest(`${field} 超出范围`);
    return n;
  }
  if (spec.kind === 'id') {
    if (!ID_RE.test(raw)) throw badRequest(`${field} 编号格式不正确`);
    return raw;
  }
  if (raw.length > 500) throw badRequest(`${field} 查询条件过长`);
  return raw;
}

/**
 * BladeX's suffix filters (wire contract §3), against a whitelist: unknown names are ignored,
 * empty values are ignored, values are always bound parameters.
 */
export function filterExpressions(eb: ExpressionBuilder<any, any>, query: Record<string, unknown>, whitelist: FieldWhitelist): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  for (const [key, rawValue] of Object.entries(query)) {
    if (rawValue === undefined || rawValue === null || rawValue === '') continue;
    const { field, suffix } = split(key);
    // Own keys only: "constructor", "toString" … are not fields (they would reach SQL as a function).
    const spec = Object.hasOwn(whitelist, field) ? whitelist[field] : undefined;
    if (!spec) continue;
    if (typeof rawValue !== 'string' && typeof rawValue !== 'number') throw badRequest(`${field} 查询条件格式不正确`);
    const raw = String(rawValue);
    const col = sql.ref(spec.column);
    const isDateSuffix = suffix?.startsWith('date');
    const op = suffix ?? (spec.kind === 'text' ? 'like' : 'equal');
    if (op === 'null') {
      out.push(eb(col, 'is', null));
      continue;
    }
    if (op === 'notnull') {
      out.push(eb(col, 'is not', null));
      continue;
    }
    // A date suffix on a field that is not a date would compare text with a timestamptz in SQL.
    if (isDateSuffix && spec.kind !== 'date') throw badRequest(`${field} 不是日期字段,不能按日期比较`);
    // Every comparison with a date field goes through parseDate (notequal too): raw text never reaches a timestamptz.
    if (isDateSuffix || (spec.kind === 'date' && ['ge', 'le', 'gt', 'lt', 'equal', 'notequal'].includes(op))) {
      const v = sql`${parseDate(field, raw)}::timestamptz`;
      const cmp = (
        { datege: '>=', dategt: '>', datele: '<=', datelt: '<', ge: '>=', gt: '>', le: '<=', lt: '<', equal: '=', notequal: '<>' } as Record<string, string>
      )[op] as '>=';
      if (!cmp) continue;
      out.push(eb(col, cmp, v));
      continue;
    }
    if (op.startsWith('like')) {
      if (raw.length > 500) throw badRequest(`${field} 查询条件过长`);
      const e = escapeLike(raw);
      const pattern = op === 'likeleft' ? `%${e}` : op === 'likeright' ? `${e}%` : `%${e}%`;
      out.push(eb(sql`${col}::text`, 'like', pattern));
      continue;
    }
    const v = valueOf(spec, field, raw);
    const cmp = { equal: '=', notequal: '<>', ge: '>=', le: '<=', gt: '>', lt: '<' }[op as 'equal'] as '=';
    if (cmp) out.push(eb(col, cmp, v));
  }
  return out;
}

/** ORDER BY from ascs/descs (field names from the whitelist only), else the default. */
export function applySort<QB extends SelectQueryBuilder<any, any, any>>(
  qb: QB,
  page: Pick<PageQuery, 'ascs' | 'descs'>,
  whitelist: FieldWhitelist,
  fallback: Array<[string, 'asc' | 'desc']>,
): QB {
  const orders = sortOrders(page, whitelist);
  // The default order stays as the tie-breaker, so equal values page in a stable order.
  const all = orders.length ? [...orders, ...fallback.filter(([col]) => !orders.some(([c]) => c === col))] : fallback;
  let out = qb;
  for (const [col, dir] of all) out = out.orderBy(sql.ref(col), dir) as QB;
  return out;
}

/**
 * The columns ascs/descs ask to sort by; a field outside the whitelist is refused (400). An export calls it
 * before its first byte is sent, so a bad sort is a JSON answer, not a broken download.
 */
export function sortOrders(page: Pick<PageQuery, 'ascs' | 'descs'>, whitelist: FieldWhitelist): Array<[string, 'asc' | 'desc']> {
  const orders: Array<[string, 'asc' | 'desc']> = [];
  for (const [list, dir] of [
    [page.ascs, 'asc'],
    [page.descs, 'desc'],
  ] as const) {
    for (const name of (list ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const camel = name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      const spec = Object.hasOwn(whitelist, camel) ? whitelist[camel] : undefined;
      if (!spec || spec.sortable === false) throw badRequest(`不支持按 ${name.slice(0, 50)} 排序`);
      orders.push([spec.column, dir]);
    }
  }
  return orders;
}

/** Runs the count and the page of one filtered query. */
export async function paginate<Row>(
  base: SelectQueryBuilder<any, any, any>,
  select: (qb: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, Row>,
  page: PageQuery,
  whitelist: FieldWhitelist,
  fallback: Array<[string, 'asc' | 'desc']>,
  /** The number of rows when the caller knows it cheaper than counting them (a maintained count). */
  knownTotal?: () => Promise<number>,
): Promise<PageResult<Row>> {
  const count = knownTotal
    ? await knownTotal()
    : Number(((await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()) as { total: string }).total);
  const rows =
    count === 0
      ? []
      : await applySort(select(base), page, whitelist, fallback)
          .limit(page.size)
          .offset((page.current - 1) * page.size)
          .execute();
  return pageResult(rows as Row[], count, page.current, page.size);
}
