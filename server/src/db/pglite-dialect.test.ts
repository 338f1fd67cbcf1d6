import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FairQueue, PGliteDialect, sessionOf, type PgliteSession } from './pglite-dialect.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('FairQueue', () => {
  it('serves turns in the order they were asked for, and a late caller cannot slip ahead of waiters', async () => {
    const q = new FairQueue();
    const served: number[] = [];
    await q.acquire(); // held
    const waits = Array.from({ length: 50 }, (_, i) => q.acquire().then(() => served.push(i)));
    expect(q.waiting).toBe(50);
    q.release(); // hands the turn to waiter 0 without ever freeing it
    const late = q.acquire().then(() => served.push(99)); // arrives while 0 holds the turn
    for (let i = 0; i < 51; i++) {
      await Promise.resolve();
      await Promise.resolve();
      q.release();
    }
    await Promise.all([...waits, late]);
    expect(served).toEqual([...Array.from({ length: 50 }, (_, i) => i), 99]);
    q.release();
    expect(q.held).toBe(false);
  });
});

describe('PGlite dialect: one session, fair turns', () => {
  let client: PGlite;
  let db: Kysely<Record<string, never>>;
  let session: PgliteSession;
  const idle: { idleMs: number; waiting: number; firstStatement: string }[] = [];

  beforeAll(async () => {
    client = await PGlite.create();
    session = sessionOf(client);
    session.onLongIdle = (info) => idle.push(info);
    session.longIdleMs = 50;
    db = new Kysely({ dialect: new PGliteDialect(client) });
    await sql`create table t (n int)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('runs 50 queries and a slow transaction strictly in arrival order: nothing starves, nothing overtakes', async () => {
    const done: string[] = [];
    const query = (i: number) =>
      sql<{ n: number }>`select ${i}::int as n`.execute(db).then((r) => {
        expect(r.rows[0].n).toBe(i);
        done.push(`q${i}`);
      });
    const before = Array.from({ length: 25 }, (_, i) => query(i));
    let txStarted = 0;
    const tx = db.transaction().execute(async (trx) => {
      txStarted = done.length;
      await sql`insert into t values (1)`.execute(trx);
      await sleep(120); // JS work between statements: the session is held (nobody can use it meanwhile)
      await sql`insert into t values (2)`.execute(trx);
      done.push('tx');
    });
    const after = Array.from({ length: 25 }, (_, i) => query(25 + i));
    await Promise.all([...before, tx, ...after]);

    // Every query answered; the 25 asked before the transaction ran before it, the 25 after it after its commit, each group in order.
    expect(txStarted).toBe(25);
    expect(done).toEqual([...Array.from({ length: 25 }, (_, i) => `q${i}`), 'tx', ...Array.from({ length: 25 }, (_, i) => `q${25 + i}`)]);
    const rows = await sql<{ n: number }>`select n from t order by n`.execute(db);
    expect(rows.rows.map((r) => r.n)).toEqual([1, 2]);

    // The idle transaction is visible: in the figures, and reported with the 25 it kept waiting.
    expect(session.stats.maxIdleMs).toBeGreaterThanOrEqual(100);
    expect(idle).toHaveLength(1);
    expect(idle[0].waiting).toBe(25);
    expect(idle[0].firstStatement).toMatch(/^(begin|start transaction)/);
  });

  it('a failing transaction rolls back and hands the session on', async () => {
    const failed = db.transaction().execute(async (trx) => {
      await sql`insert into t values (3)`.execute(trx);
      throw new Error('boom');
    });
    const next = sql<{ n: number }>`select count(*)::int as n from t`.execute(db);
    await expect(failed).rejects.toThrow('boom');
    expect((await next).rows[0].n).toBe(2);
  });

  it('LISTEN waits for an open transaction instead of joining it (a rollback cannot undo it)', async () => {
    const heard: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t values (4)`.execute(trx);
        await held;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await sleep(10);
    let listening = false;
    const listen = session
      .exclusive(() => client.listen('fair_test', (p) => heard.push(p)))
      .then((un) => {
        listening = true;
        return un;
      });
    await sleep(20);
    expect(listening).toBe(false); // waits for the transaction's turn to end
    release();
    await tx;
    const unlisten = await listen;
    await sql`select pg_notify('fair_test', 'hello')`.execute(db);
    await sleep(10);
    expect(heard).toEqual(['hello']);
    await session.exclusive(() => unlisten());
  });

  it('a statement outside a transaction waits for the transaction even when asked for from inside its callback', async () => {
    // Asked for on `db` (not the transaction) while the transaction holds the session: it runs after the commit.
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction().execute(async (trx) => {
      outside = sql`select 1`.execute(db).then(() => order.push('outside'));
      await sql`select 2`.execute(trx);
      order.push('inside');
    });
    await outside;
    expect(order).toEqual(['inside', 'outside']);
  });
});
