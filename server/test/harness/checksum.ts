import { sql } from 'kysely';
import type { Db } from '../../src/db/connection.js';

/**
 * Tables that legitimately change on any call, whatever its input: tokens, captchas, codes and
 * sign-on sessions (auth_*), the api/error/usual logs (blade_log_*), the login journal and the
 * generated development secrets.
 */
export const VOLATILE_TABLES: RegExp[] = [/^auth_/, /^blade_log_/, /^blade_user_login_log$/, /^sys_secret$/];

/** Columns that change on any sign-on attempt (failure count and lock), excluded; the rest of the table is not. */
export const VOLATILE_COLUMNS: Record<string, string[]> = {
  blade_user: ['login_fail_count', 'locked_until'],
};

const columnCache = new WeakMap<Db, Promise<Array<{ tableName: string; columnName: string }>>>();

/** Every column of every table of the current schema (pg_catalog: information_schema is slow on PGlite), read once per database. */
export function columnsOf(db: Db): Promise<Array<{ tableName: string; columnName: string }>> {
  let hit = columnCache.get(db);
  if (!hit) {
    hit = sql<{ tableName: string; columnName: string }>`
      select c.relname as table_name, a.attname as column_name
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid
       where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
       order by c.relname, a.attnum`
      .execute(db)
      .then((r) => r.rows);
    columnCache.set(db, hit);
  }
  return hit;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface TableSum {
  rows: number;
  sum: string;
}

/**
 * For every table of the current schema (PGlite's public, or the test's own PostgreSQL schema), the
 * md5 of the ordered md5s of its rows' text, without the volatile tables and columns above.
 */
export async function tableChecksums(db: Db, opts: { only?: string[] } = {}): Promise<Map<string, TableSum>> {
  const cols = await columnsOf(db);
  const byTable = new Map<string, string[]>();
  for (const { tableName, columnName } of cols) {
    if (VOLATILE_TABLES.some((re) => re.test(tableName))) continue;
    if (opts.only && !opts.only.includes(tableName)) continue;
    if (VOLATILE_COLUMNS[tableName]?.includes(columnName)) continue;
    (byTable.get(tableName) ?? byTable.set(tableName, []).get(tableName)!).push(columnName);
  }
  if (!byTable.size) return new Map();
  const parts = [...byTable].map(
    ([table, columns]) =>
      `select ${sqlString(table)} as t, count(*)::int as n, md5(coalesce(string_agg(h, ',' order by h), '')) as s
         from (select md5(row(${columns.map((c) => `x.${ident(c)}`).join(', ')})::text) as h from ${ident(table)} x) q`,
  );
  const res = await sql.raw<{ t: string; n: number; s: string }>(parts.join('\nunion all\n')).execute(db);
  return new Map(res.rows.map((r) => [r.t, { rows: Number(r.n), sum: r.s }]));
}

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The tables whose checksum differs between two snapshots, with their row counts before → after. */
export function changedTables(before: Map<string, TableSum>, after: Map<string, TableSum>): string[] {
  const out: string[] = [];
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(name);
    const b = after.get(name);
    if (a?.sum !== b?.sum) out.push(`${name} (${a?.rows ?? 'absent'} → ${b?.rows ?? 'absent'} rows)`);
  }
  return out.sort();
}
