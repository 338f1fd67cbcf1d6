/**
 * The database handle's LISTEN, which live events rest on (architecture §1): a NOTIFY sent inside a
 * transaction is heard only once it commits, never after a rollback — in process on PGlite, and
 * through the dedicated listening connection on PostgreSQL.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.js';

const onPg = process.env.TEST_DB === 'pg';
// No tables are needed: an empty in-memory PGlite, or the server's own database on PostgreSQL.
const handle = await openDatabase(onPg ? { databaseUrl: process.env.DATABASE_URL!, poolSize: 2 } : {});
afterAll(() => handle.close());

const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

describe(`LISTEN on ${handle.kind}`, () => {
  it('hears a NOTIFY from a transaction only after it commits, and never one that rolls back', async () => {
    const heard: string[] = [];
    const unlisten = await handle.listen('gsl_listen_test', (payload) => heard.push(payload));
    try {
      await handle.db.transaction().execute(async (tx) => {
        await sql`select pg_notify('gsl_listen_test', 'committed')`.execute(tx);
        await settle();
        expect(heard, 'nothing is heard before the commit').toEqual([]);
      });
      await expect(
        handle.db.transaction().execute(async (tx) => {
          await sql`select pg_notify('gsl_listen_test', 'rolled back')`.execute(tx);
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      await sql`select pg_notify('gsl_listen_test', 'autocommit')`.execute(handle.db);
      await settle();
      expect(heard).toEqual(['committed', 'autocommit']);
    } finally {
      await unlisten();
    }
    await sql`select pg_notify('gsl_listen_test', 'after unlisten')`.execute(handle.db);
    await settle();
    expect(heard).not.toContain('after unlisten');
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(handle.listen('bad; drop table x', () => undefined)).rejects.toThrow(/invalid channel/);
  });
});
