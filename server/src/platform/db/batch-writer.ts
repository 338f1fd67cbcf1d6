import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';

export interface BatchWriterOptions {
  /** Rows per INSERT: a buffer that reaches it is written at once. */
  maxRows?: number;
  /** How long the first row of a buffer waits for company before the buffer is written. */
  delayMs?: number;
  /**
   * Rows that may wait, per (database, table), behind a full buffer while the previous INSERT of that
   * buffer is still running. Beyond it rows are dropped and reported: the database is not keeping up.
   */
  maxWaiting?: number;
  /** A failed write, or dropped rows: reported, never thrown at the caller. */
  onError?: (err: unknown, what: { table: string; rows: number; dropped?: boolean }) => void;
}

type Row = Record<string, unknown>;

/** PostgreSQL takes at most 65,535 parameters in one statement; stay well below. */
const MAX_PARAMS = 30_000;
/** After a failed batch its rows go one by one (one bad row loses only itself); this many failures in a row mean the database is the problem. */
const MAX_ROW_FAILURES = 3;

class Queue {
  buffer: Row[] = [];
  /** Rows waiting for room in a full buffer, with the promise their callers may await. */
  waiting: { row: Row; admit: () => void }[] = [];
  running: Promise<void> | null = null;
  timer: NodeJS.Timeout | null = null;
  /** Rows taken (buffered or waiting) and rows done with (written or given up): `flush()` waits for the first to reach the second. */
  added = 0;
  settled = 0;
  constructor(
    readonly db: Db,
    readonly table: keyof Database & string,
  ) {}
  get idle() {
    return !this.running && !this.timer && this.buffer.length === 0 && this.waiting.length === 0;
  }
}

/**
 * Rows that need not be written before the answer (log rows), gathered per (database handle, table)
 * and written as one multi-row INSERT when `maxRows` are buffered or `delayMs` after the first one.
 *
 * Memory is bounded: per (database, table) at most `maxRows` rows in the buffer, one INSERT of at most
 * `maxRows` running, and `maxWaiting` rows waiting for room (their `add()` promise resolves when they
 * are buffered, so a caller that awaits it is held back); rows beyond that are dropped and reported.
 * A failed INSERT is retried row by row, so a bad row loses only itself; failures go to `onError`, never
 * to the caller. Each database handle gets its own batches (a tenant on its own datasource keeps its
 * rows there). `flush()` writes everything taken so far and is awaited on a clean stop.
 */
export class BatchWriter {
  readonly maxRows: number;
  readonly delayMs: number;
  readonly maxWaiting: number;
  onError: NonNullable<BatchWriterOptions['onError']>;
  /** What was done: rows written, INSERT statements run, rows lost to a failure or dropped. */
  readonly stats = { rows: 0, statements: 0, failed: 0, dropped: 0 };
  private readonly queues = new Map<Db, Map<string, Queue>>();
  private droppedUnreported = 0;
  private lastDropReport = 0;

  constructor(opts: BatchWriterOptions = {}) {
    this.maxRows = Math.max(1, opts.maxRows ?? 200);
    this.delayMs = Math.max(0, opts.delayMs ?? 50);
    this.maxWaiting = Math.max(0, opts.maxWaiting ?? 10 * this.maxRows);
    this.onError = opts.onError ?? ((err, what) => console.error(`batch write to ${what.table} failed (${what.rows} rows)`, err));
  }

  /**
   * Takes a row for `table` on `db`. Resolves once the row is buffered: at once, unless the buffer is
   * full and its previous INSERT still running. Never rejects.
   */
  add<T extends keyof Database & string>(db: Db, table: T, row: Insertable<Database[T]>): Promise<void> {
    const q = this.queueOf(db, table);
    if (q.waiting.length === 0 && q.buffer.length < this.maxRows) {
      q.added++;
      q.buffer.push(row as Row);
      if (q.buffer.length >= this.maxRows) this.kick(q);
      else q.timer ??= setTimeout(() => this.onTimer(q), this.delayMs).unref();
      return Promise.resolve();
    }
    if (q.waiting.length >= this.maxWaiting) {
      this.drop(table);
      return Promise.resolve();
    }
    q.added++;
    return new Promise((admit) => q.waiting.push({ row: row as Row, admit }));
  }

  /** Writes every row taken before the call (on every database) and resolves when they are done with. */
  async flush(): Promise<void> {
    const targets = [...this.queues.values()].flatMap((m) => [...m.values()]).map((q) => [q, q.added] as const);
    await Promise.all(
      targets.map(async ([q, target]) => {
        while (q.settled < target) {
          this.kick(q);
          if (!q.running) break; // nothing left to write
          await q.running;
        }
      }),
    );
  }

  private queueOf(db: Db, table: keyof Database & string): Queue {
    let byTable = this.queues.get(db);
    if (!byTable) this.queues.set(db, (byTable = new Map()));
    let q = byTable.get(table);
    if (!q) byTable.set(table, (q = new Queue(db, table)));
    return q;
  }

  private onTimer(q: Queue) {
    q.timer = null;
    this.kick(q);
  }

  /** Starts the INSERT of the buffer, unless one is running (it starts the next when done). */
  private kick(q: Queue) {
    if (q.running || q.buffer.length === 0) return;
    if (q.timer) clearTimeout(q.timer);
    q.timer = null;
    const rows = q.buffer;
    q.buffer = [];
    for (const w of q.waiting.splice(0, this.maxRows)) {
      q.buffer.push(w.row);
      w.admit();
    }
    if (q.buffer.length) q.timer = setTimeout(() => this.onTimer(q), this.delayMs).unref();
    q.running = this.write(q, rows)
      .catch((err: unknown) => this.lost(q, err, rows.length)) // not expected: write reports its own failures
      .finally(() => {
        q.running = null;
        q.settled += rows.length;
        // A full buffer goes now; a partial one when its timer fires (or now, if it fired meanwhile).
        if (q.buffer.length >= this.maxRows || (q.buffer.length && !q.timer)) this.kick(q);
        if (q.idle) this.forget(q);
      });
  }

  private forget(q: Queue) {
    const byTable = this.queues.get(q.db);
    if (byTable?.get(q.table) !== q) return;
    byTable.delete(q.table);
    if (byTable.size === 0) this.queues.delete(q.db);
  }

  private async write(q: Queue, rows: Row[]): Promise<void> {
    const columns = Math.max(1, ...rows.map((r) => Object.keys(r).length));
    const per = Math.max(1, Math.min(this.maxRows, Math.floor(MAX_PARAMS / columns)));
    for (let i = 0; i < rows.length; i += per) {
      const chunk = rows.slice(i, i + per);
      try {
        this.stats.statements++;
        await this.insert(q, chunk);
        this.stats.rows += chunk.length;
      } catch (err) {
        if (chunk.length === 1) this.lost(q, err, 1);
        else await this.oneByOne(q, chunk);
      }
    }
  }

  /** A batch failed: its rows one by one, so only the bad ones are lost; a database that fails several in a row is given up on. */
  private async oneByOne(q: Queue, rows: Row[]) {
    let failures = 0;
    for (let i = 0; i < rows.length; i++) {
      try {
        this.stats.statements++;
        await this.insert(q, [rows[i]]);
        this.stats.rows++;
        failures = 0;
      } catch (err) {
        if (++failures >= MAX_ROW_FAILURES) {
          this.lost(q, err, rows.length - i); // this row and the rest
          return;
        }
        this.lost(q, err, 1);
      }
    }
  }

  private insert(q: Queue, rows: Row[]) {
    return q.db
      .insertInto(q.table)
      .values(rows as never)
      .execute();
  }

  private lost(q: Queue, err: unknown, rows: number) {
    this.stats.failed += rows;
    this.report(err, { table: q.table, rows });
  }

  private drop(table: string) {
    this.stats.dropped++;
    this.droppedUnreported++;
    const now = Date.now();
    if (now - this.lastDropReport < 1000) return;
    this.lastDropReport = now;
    const rows = this.droppedUnreported;
    this.droppedUnreported = 0;
    this.report(new Error(`${rows} rows dropped: the database is not keeping up with the writes`), { table, rows, dropped: true });
  }

  private report(err: unknown, what: { table: string; rows: number; dropped?: boolean }) {
    try {
      this.onError(err, what);
    } catch {
      // a failing reporter must not fail the writer either
    }
  }
}
