import { MSG } from '@gsl/contract';
import type { Dayjs } from 'dayjs';
import type { QueryValue } from '../../api/http';
import type { CrudPermissions } from './types';

/** Filters as they go to the list call: only non-empty values. */
export type Filters = Record<string, string | number | boolean>;

export type DateRangeValue = readonly [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined;

const WIRE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** The buttons of a screen whose menu code is `menu`: `${menu}_add`, `_edit`, `_delete` and `_view` (wire contract §5). */
export const crudPermissions = (menu: string): CrudPermissions => ({
  add: `${menu}_add`,
  edit: `${menu}_edit`,
  delete: `${menu}_delete`,
  view: `${menu}_view`,
});

/** A code table (code → name, e.g. the contract's POST_CATEGORY_NAMES) as select or radio options with numeric values. */
export const codeOptions = (names: Record<number, string>) => Object.entries(names).map(([value, label]) => ({ value: Number(value), label }));

/**
 * A date range as the BladeX filters `${name}_dategt` / `${name}_datelt` (specification §5). The range
 * is of whole days: after the start day's 00:00:00 and before the day after the end day, so rows of
 * the end day are included.
 */
export function dateRangeFilters(name: string, range: DateRangeValue): Filters {
  const out: Filters = {};
  const [from, to] = range ?? [];
  if (from) out[`${name}_dategt`] = from.startOf('day').format(WIRE_TIME);
  if (to) out[`${name}_datelt`] = to.add(1, 'day').startOf('day').format(WIRE_TIME);
  return out;
}

/**
 * The search form's values as filters (specification §5 "search clears empty fields"): text is
 * trimmed and dropped when blank; null, undefined, empty lists and objects are dropped; the date
 * range field becomes its _dategt / _datelt pair.
 */
export function toSearchFilters(values: Record<string, unknown>, dateRangeName?: string): Filters {
  const out: Filters = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === dateRangeName) continue;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text) out[key] = text;
    } else if (typeof value === 'number' ? Number.isFinite(value) : typeof value === 'boolean') {
      out[key] = value as number | boolean;
    }
  }
  if (dateRangeName) Object.assign(out, dateRangeFilters(dateRangeName, values[dateRangeName] as DateRangeValue));
  return out;
}

/** Whether two filter sets ask for the same rows. */
export function sameFilters(a: Filters, b: Filters): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

/** The list call's query: the filters and the page (current, size). */
export function listQuery(filters: Filters, page: { current: number; size: number }): Record<string, QueryValue> {
  return { ...filters, current: page.current, size: page.size };
}

/** A column header's sort: the row field and the direction. */
export interface SortState {
  field: string;
  order: 'ascend' | 'descend';
}

/** antd's sorter argument (one column or several) as the one sort the list keeps; null when cleared. */
export function sortOf(sorter: unknown): SortState | null {
  const s = (Array.isArray(sorter) ? sorter[0] : sorter) as { order?: string | null; columnKey?: unknown; field?: unknown } | undefined;
  if (!s?.order || (s.order !== 'ascend' && s.order !== 'descend')) return null;
  const field = String(s.columnKey ?? (Array.isArray(s.field) ? s.field.join('.') : (s.field ?? '')));
  return field ? { field, order: s.order } : null;
}

/** The sort as the wire contract's ascs / descs (snake_case field names, as BladeX sends them). */
export function sortQuery(sort: SortState | null): Record<string, string> {
  if (!sort) return {};
  const column = sort.field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return sort.order === 'ascend' ? { ascs: column } : { descs: column };
}

/** The 序号 of the i-th row of a page: it continues across pages (page 2 of 10 starts at 11). */
export const rowIndex = (current: number, size: number, i: number) => (current - 1) * size + i + 1;

/**
 * The page to show once a page came back empty although there are rows (its last rows were just
 * deleted): the last page that has rows; undefined when the current page is fine.
 */
export function clampPage(current: number, size: number, total: number, rowsOnPage: number): number | undefined {
  if (rowsOnPage > 0 || current <= 1 || total <= 0) return undefined;
  const last = Math.max(1, Math.ceil(total / size));
  return last < current ? last : undefined;
}

/** Bulk delete needs at least one selected row (specification §5); the message, or null when fine. */
export const selectionGuard = (ids: readonly unknown[]): string | null => (ids.length ? null : MSG.selectAtLeastOne);

/**
 * The body of submit: the form's values, plus for an update the record's id and the version it was
 * read at (the concurrency rule: a stale version is refused, never silently overwritten).
 */
export function submitBody<Row extends object>(values: Record<string, unknown>, row: Row | undefined, rowKey: string): Record<string, unknown> {
  if (!row) return { ...values };
  const record = row as Record<string, unknown>;
  const body: Record<string, unknown> = { ...values, [rowKey]: record[rowKey] };
  if (record.version !== undefined && record.version !== null) body.version = record.version;
  return body;
}

/** The dialog's starting values: each field's value from the row. */
export function pickFields<Row extends object>(row: Row, names: readonly string[]): Record<string, unknown> {
  const record = row as Record<string, unknown>;
  return Object.fromEntries(names.map((name) => [name, record[name] ?? undefined]));
}

/**
 * The keys of a page's rows and of the rows nested in them (tree data: `children`), so that a
 * selection may hold nested rows too.
 */
export function rowKeysDeep<Row extends object>(records: readonly Row[], idOf: (row: Row) => string, out: Set<string> = new Set()): Set<string> {
  for (const row of records) {
    out.add(idOf(row));
    const children = (row as { children?: unknown }).children;
    if (Array.isArray(children)) rowKeysDeep(children as Row[], idOf, out);
  }
  return out;
}
