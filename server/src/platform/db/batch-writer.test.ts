import {
  CamelCasePlugin,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/connection.js';
import { BatchWriter } from './batch-writer.js';

/** A database that records each statement and its rows; `fail` decides which statements throw, `gate` holds them. */
function fakeDb() {
  const statements: { sql: string; rows: unknown[][] }[] = [];
  const state = { fail: (_params: readonly unknown[]) => false, gate: null as Promise<void> | null };
  const connection: DatabaseConnection = {
    async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
      if (state.gate) await state.gate;
      if (state.fail(q.parameters)) throw new Error('insert failed');
      const cols = /\(([^)]*)\) values/.exec(q.sql)![1].split(',').length;
      const rows: unknown[][] = [];
      for (let i = 0; i < q.parameters.length; i += cols) rows.push(q.parameters.slice(i, i + cols) as unknown[]);
      statements.push({ sql: q.sql, rows });
      return { rows: [] };
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: async () => undefined,
    commitTransaction: async () => undefined,
    rollbackTransaction: async () => undefined,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  const db = new Kysely<never>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [new CamelCasePlugin()],
  }) as unknown as Db;
  const written = () => statements.flatMap((s) => s.rows.map((r) => r[0]));
  return { db, statements, state, written };
}

const row = (n: number) => ({ logId: `r${n}`, logLevel: 'info' });

describe('BatchWriter: log rows as multi-row INSERTs', () => {
  it('writes many rows in few statements, in order: full buffers at once, the rest after the delay', async () => {
    const f = fakeDb();
    const w = new BatchWriter({ maxRows: 200, delayMs: 200 });
    const start = Date.now();
    for (let i = 0; i < 450; i++) void w.add(f.db, 'bladeLogUsual', row(i));
    await vi.waitFor(() => expect(f.statements.length).toBe(2), { interval: 2 });
    expect(f.statements[0].sql).toMatch(/^insert into "blade_log_usual" \("log_id", "log_level"\) values \(\$1, \$2\), \(\$3, \$4\)/);
    await new Promise((r) => setTimeout(r, 20));
    expect(f.statements.length).toBe(2); // 50 rows wait for company
    await vi.waitFor(() => expect(f.statements.length).toBe(3), { timeout: 1000, interval: 5 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(190);
    expect(f.statements.map((s) => s.rows.length)).toEqual([200, 200, 50]);
    expect(f.written()).toEqual(Array.from({ length: 450 }, (_, i) => `r${i}`));
    expect(w.stats).toMatchObject({ rows: 450, statements: 3, failed: 0, dropped: 0 });
  });

  it('keeps batches per database handle and table', async () => {
    const a = fakeDb();
    const b = fakeDb();
    const w = new BatchWriter({ delayMs: 10_000 });
    void w.add(a.db, 'bladeLogUsual', row(1));
    void w.add(b.db, 'bladeLogUsual', row(2));
    void w.add(a.db, 'bladeLogApi', { requestUri: '/x' });
    void w.add(a.db, 'bladeLogUsual', row(3));
    await w.flush();
    expect(a.statements.map((s) => [s.sql.split(' (')[0], s.rows.length])).toEqual([
      ['insert into "blade_log_usual"', 2],
      ['insert into "blade_log_api"', 1],
    ]);
    expect(b.written()).toEqual(['r2']);
  });

  it('flush() writes everything taken, without waiting for the delay (a clean stop, a log screen about to read)', async () => {
    const f = fakeDb();
    const w = new BatchWriter({ delayMs: 60_000 });
    for (let i = 0; i < 3; i++) void w.add(f.db, 'bladeLogUsual', row(i));
    expect(f.statements).toHaveLength(0);
    await w.flush();
    expect(f.written()).toEqual(['r0', 'r1', 'r2']);
    await w.flush(); // nothing left: resolves at once
    expect(f.statements).toHaveLength(1);
  });

  it('is bounded: a full buffer behind a running INSERT makes callers wait, and beyond maxWaiting rows are dropped and reported', async () => {
    const f = fakeDb();
    const onError = vi.fn();
    const w = new BatchWriter({ maxRows: 10, maxWaiting: 5, delayMs: 10_000, onError });
    let open!: () => void;
    f.state.gate = new Promise((r) => (open = r));
    const taken = vi.fn();
    for (let i = 0; i < 10; i++) void w.add(f.db, 'bladeLogUsual', row(i)).then(taken); // full: its INSERT starts (and hangs)
    for (let i = 10; i < 20; i++) void w.add(f.db, 'bladeLogUsual', row(i)).then(taken); // the next buffer fills
    const waiting = Array.from({ length: 7 }, (_, i) => w.add(f.db, 'bladeLogUsual', row(20 + i)));
    await Promise.resolve();
    expect(taken).toHaveBeenCalledTimes(20);
    let admitted = 0;
    for (const p of waiting) void p.then(() => admitted++);
    await new Promise((r) => setTimeout(r, 10));
    expect(admitted).toBe(2); // the two over maxWaiting were dropped (resolved at once); five wait for room
    expect(w.stats.dropped).toBe(2);
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { table: 'bladeLogUsual', rows: 1, dropped: true });
    open();
    f.state.gate = null;
    await Promise.all(waiting);
    await w.flush();
    expect(f.written()).toEqual(Array.from({ length: 25 }, (_, i) => `r${i}`));
    expect(f.statements.map((s) => s.rows.length)).toEqual([10, 10, 5]);
  });

  it('a failed INSERT never reaches the caller: the batch goes row by row, only the bad row is lost, later rows land', async () => {
    const f = fakeDb();
    const onError = vi.fn();
    const w = new BatchWriter({ delayMs: 5, onError });
    f.state.fail = (params) => params.includes('r2');
    for (let i = 0; i < 5; i++) await expect(w.add(f.db, 'bladeLogUsual', row(i))).resolves.toBeUndefined();
    await w.flush();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0][1]).toEqual({ table: 'bladeLogUsual', rows: 1 });
    expect(f.written()).toEqual(['r0', 'r1', 'r3', 'r4']);
    void w.add(f.db, 'bladeLogUsual', row(5));
    await w.flush();
    expect(f.written()).toContain('r5');
    expect(w.stats).toMatchObject({ rows: 5, failed: 1 });
  });

  it('a database that fails everything is given up on after a few rows, and reported', async () => {
    const f = fakeDb();
    const onError = vi.fn();
    const w = new BatchWriter({ onError });
    f.state.fail = () => true;
    for (let i = 0; i < 100; i++) void w.add(f.db, 'bladeLogUsual', row(i));
    await expect(w.flush()).resolves.toBeUndefined();
    expect(w.stats.statements).toBe(1 + 3); // the batch, then three rows alone
    expect(onError.mock.calls.map((c) => c[1].rows)).toEqual([1, 1, 98]);
    expect(w.stats.failed).toBe(100);
    f.state.fail = () => false;
    void w.add(f.db, 'bladeLogUsual', row(100));
    await w.flush();
    expect(f.written()).toEqual(['r100']);
  });

  it('a failing reporter does not fail the writer', async () => {
    const f = fakeDb();
    const w = new BatchWriter({
      onError: () => {
        throw new Error('reporter broke');
      },
    });
    f.state.fail = () => true;
    void w.add(f.db, 'bladeLogUsual', row(1));
    await expect(w.flush()).resolves.toBeUndefined();
  });

  it('splits a batch that would pass too many parameters for one statement', async () => {
    const f = fakeDb();
    const w = new BatchWriter({ maxRows: 1000, delayMs: 10_000 });
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`c${i}`, i]));
    for (let i = 0; i < 1000; i++) void w.add(f.db, 'bladeLogUsual', { logId: `r${i}`, ...wide } as never);
    await w.flush();
    expect(f.statements.map((s) => s.rows.length)).toEqual([731, 269]); // 30,000 parameters / 41 columns
    expect(f.written()).toEqual(Array.from({ length: 1000 }, (_, i) => `r${i}`));
  });
});
