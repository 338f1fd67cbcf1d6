import { sql } from 'kysely';
import type { Db } from '../../src/db/connection.js';

/**
 * Tables that legitimately change on any call, whatever its input: tokens, captchas, codes and
 * sign-on sessions (auth_*), the api/error/usual logs (blade_log_*), the login journal, the
 * generated development secrets, and the harness's own count of writes (countWrites).
 */
export const VOLATILE_TABLES: RegExp[] = [/^auth_/, /^blade_log_/, /^blade_user_login_log$/, /^sys_secret$/, /^quality_write$/];

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

/** The write counter of a test database: the table and how many row writes it had. */
export interface WriteCounter {
  /** The tables written since counting began or since the last call, as "table (n rows written)"; the count starts again. */
  since(): Promise<string[]>;
}

const COUNT_TABLE = 'quality_write';
const counting = new WeakMap<Db, Promise<void>>();

/**
 * Counts the writes to every table of the current schema, by triggers installed on the test's own database: a row
 * inserted or deleted, a row updated in a column that is not volatile (the checksum's rule: a column's text changes),
 * and a truncate, each counted per table in `quality_write`. Whether one request changed anything is then one small
 * read, where a checksum reads every row of every table (about 0.12 s on PGlite): the walkers that check "and no
 * table changes" after each of hundreds of requests use this (authorisation also compares checksums around whole walks).
 * Stricter than two checksums: a change undone by a later write still counts. A rolled-back write does not.
 */
export async function countWrites(db: Db): Promise<WriteCounter> {
  let installed = counting.get(db);
  if (!installed) {
    installed = installWriteTriggers(db);
    counting.set(db, installed);
  }
  await installed;
  await sql.raw(`delete from ${COUNT_TABLE}`).execute(db);
  return {
    async since() {
      const res = await sql.raw<{ t: string; n: string }>(`delete from ${COUNT_TABLE} returning t, n`).execute(db);
      return res.rows.map((r) => `${r.t} (${r.n} rows written)`).sort();
    },
  };
}

async function installWriteTriggers(db: Db): Promise<void> {
  const cols = await columnsOf(db);
  await sql.raw(`create table if not exists ${COUNT_TABLE} (t text primary key, n bigint not null)`).execute(db);
  await sql
    .raw(
      `create or replace function quality_count_write() returns trigger language plpgsql as $$
       begin
         insert into ${COUNT_TABLE} (t, n) values (tg_table_name, 1) on conflict (t) do update set n = ${COUNT_TABLE}.n + 1;
         return null;
       end $$`,
    )
    .execute(db);
  const byTable = new Map<string, string[]>();
  for (const { tableName, columnName } of cols) {
    if (tableName === COUNT_TABLE || VOLATILE_TABLES.some((re) => re.test(tableName))) continue;
    if (VOLATILE_COLUMNS[tableName]?.includes(columnName)) continue;
    (byTable.get(tableName) ?? byTable.set(tableName, []).get(tableName)!).push(columnName);
  }
  const statements = [...byTable].flatMap(([table, columns]) => {
    const row = (side: string) => `row(${columns.map((c) => `${side}.${ident(c)}`).join(', ')})::text`;
    return [
      `create trigger quality_write_rows after insert or delete on ${ident(table)} for each row execute function quality_count_write()`,
      `create trigger quality_write_update after update on ${ident(table)} for each row when (${row('old')} is distinct from ${row('new')}) execute function quality_count_write()`,
      `create trigger quality_write_truncate after truncate on ${ident(table)} for each statement execute function quality_count_write()`,
    ];
  });
  for (const statement of statements) await sql.raw(statement).execute(db);
}
