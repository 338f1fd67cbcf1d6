import { sql } from 'kysely';
import type { Db } from './connection.js';
import { MIGRATIONS } from './migrations/index.js';
import { splitSql } from './split-sql.js';

/**
 * Applies the ordered SQL migrations that have not run yet, each in its own transaction.
 * An advisory lock keeps two processes starting on one PostgreSQL from migrating at once.
 */
export async function migrate(db: Db): Promise<string[]> {
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(727001)`.execute(conn);
    try {
      await sql`create table if not exists schema_migration (name varchar(200) primary key, applied_time timestamptz not null default now())`.execute(conn);
      const done = new Set((await sql<{ name: string }>`select name from schema_migration`.execute(conn)).rows.map((r) => r.name));
      // Name order, whatever order the list was written in (modules add their files independently).
      for (const m of [...MIGRATIONS].sort((a, b) => a.name.localeCompare(b.name))) {
        if (done.has(m.name)) continue;
        await conn.transaction().execute(async (tx) => {
          for (const stmt of splitSql(m.sql)) await sql.raw(stmt).execute(tx);
          await sql`insert into schema_migration (name) values (${m.name})`.execute(tx);
        });
        applied.push(m.name);
      }
    } finally {
      await sql`select pg_advisory_unlock(727001)`.execute(conn);
    }
  });
  return applied;
}
