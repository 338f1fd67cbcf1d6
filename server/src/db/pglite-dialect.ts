import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { SnakeCaseCompiler } from './snake-case.js';

/** The part of a PGlite instance the dialect uses. */
export interface PgliteClient {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  close(): Promise<void>;
}

/**
 * First come, first served turns on one resource (issue 18: no request starved). `acquire()` resolves in
 * call order, whoever calls; a turn is handed straight to the next waiter on `release()`, so a caller
 * arriving meanwhile cannot slip ahead of those already waiting.
 */
export class FairQueue {
  private busy = false;
  private waiters: (() => void)[] = [];
  private head = 0;

  /** Callers waiting for a turn (the one holding it not counted). */
  get waiting(): number {
    return this.waiters.length - this.head;
  }

  get held(): boolean {
    return this.busy;
  }

  acquire(): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    if (this.head < this.waiters.length) {
      const next = this.waiters[this.head];
      this.waiters[this.head++] = undefined as never;
      if (this.head > 1024 && this.head * 2 > this.waiters.length) {
        this.waiters = this.waiters.slice(this.head);
        this.head = 0;
      }
      next(); // the turn passes on without ever being free
      return;
    }
    this.busy = false;
  }

  /** Runs `fn` in a turn of its own. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await fn();
    } finally {
      this.release();
    }
  }
}

/** What the connection's turns cost, for the bench and for diagnosis (all times in ms). */
export interface PgliteStats {
  /** Turns taken: a statement outside a transaction, a whole transaction, a `db.connection()` scope. */
  turns: number;
  statements: number;
  /** Longest wait for a turn, and the sum of all waits. */
  maxWaitMs: number;
  totalWaitMs: number;
  /** Longest turn, and the longest time a turn held the connection with no statement running (JS between statements). */
  maxHoldMs: number;
  maxIdleMs: number;
}

/**
 * The turns of one PGlite session, shared by everything that uses that client (every Kysely built on it,
 * LISTEN, dumps): the queue belongs to the session, not to a Kysely instance.
 */
export class PgliteSession {
  readonly queue = new FairQueue();
  readonly stats: PgliteStats = { turns: 0, statements: 0, maxWaitMs: 0, totalWaitMs: 0, maxHoldMs: 0, maxIdleMs: 0 };
  /**
   * Called after a turn that kept the connection idle (JS work between its statements) for longer than
   * `longIdleMs` while others waited: the first statement of the turn says whose it was.
   */
  onLongIdle: ((info: { idleMs: number; holdMs: number; waiting: number; firstStatement: string }) => void) | null = null;
  longIdleMs = 250;
  closed = false;

  constructor(readonly client: PgliteClient) {}

  /** Runs `fn` with the session to itself, after every turn asked for before it. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.queue.run(fn);
  }
}

const sessions = new WeakMap<object, PgliteSession>();

/** The session (queue and figures) of a PGlite client. */
export function sessionOf(client: PgliteClient): PgliteSession {
  let s = sessions.get(client);
  if (!s) sessions.set(client, (s = new PgliteSession(client)));
  return s;
}

/**
 * Kysely on one embedded PGlite (one session, so one statement at a time). Every statement outside a
 * transaction is a turn of its own; a transaction (or `db.connection()`) is one turn from `begin` to
 * `commit`, since the session cannot interleave others' statements into it. Turns are served strictly in
 * arrival order (FairQueue). Work that touches the session outside Kysely (LISTEN, a dump) takes a turn
 * through `sessionOf(client).exclusive()`, so it never lands inside someone's open transaction.
 */
export class PGliteDialect implements Dialect {
  readonly session: PgliteSession;

  constructor(client: PgliteClient) {
    this.session = sessionOf(client);
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PgliteDriver(this.session);
  }

  createQueryCompiler(): QueryCompiler {
    return new SnakeCaseCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

/** One turn on the session. It refuses statements once its turn is over (a leaked reference). */
class PgliteTurn implements DatabaseConnection {
  active = true;
  readonly began = performance.now();
  /** When the last statement ended (or the turn began): the idle time before the next statement counts from here. */
  private lastEnd = this.began;
  idleMs = 0;
  firstStatement = '';

  constructor(private readonly session: PgliteSession) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.active) throw new Error('PGlite: a statement on a connection whose turn has ended');
    const start = performance.now();
    this.idleMs += start - this.lastEnd;
    if (!this.firstStatement) this.firstStatement = compiled.sql.slice(0, 200);
    this.session.stats.statements++;
    try {
      const result = await this.session.client.query<R>(compiled.sql, compiled.parameters as unknown[]);
      return result.affectedRows ? { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) } : { rows: result.rows };
    } finally {
      this.lastEnd = performance.now();
    }
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const size = chunkSize ?? 100;
    if (!Number.isInteger(size) || size <= 0) throw new Error('chunkSize must be a positive integer');
    const { rows } = await this.executeQuery<R>(compiled);
    for (let i = 0; i < rows.length; i += size) yield { rows: rows.slice(i, i + size) };
  }

  /** Ends the turn; the time since the last statement was idle too. */
  end(): { holdMs: number; idleMs: number } {
    this.active = false;
    const now = performance.now();
    this.idleMs += now - this.lastEnd;
    return { holdMs: now - this.began, idleMs: this.idleMs };
  }
}

class PgliteDriver implements Driver {
  constructor(private readonly session: PgliteSession) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.session.closed) throw new Error('PGlite: the database is closed');
    const asked = performance.now();
    await this.session.queue.acquire();
    if (this.session.closed) {
      this.session.queue.release();
      throw new Error('PGlite: the database is closed');
    }
    const stats = this.session.stats;
    const waited = performance.now() - asked;
    stats.turns++;
    stats.totalWaitMs += waited;
    if (waited > stats.maxWaitMs) stats.maxWaitMs = waited;
    return new PgliteTurn(this.session);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const turn = connection as PgliteTurn;
    if (!turn.active) return;
    const { holdMs, idleMs } = turn.end();
    const stats = this.session.stats;
    if (holdMs > stats.maxHoldMs) stats.maxHoldMs = holdMs;
    if (idleMs > stats.maxIdleMs) stats.maxIdleMs = idleMs;
    const waiting = this.session.queue.waiting;
    const { onLongIdle, longIdleMs } = this.session;
    this.session.queue.release();
    if (onLongIdle && waiting > 0 && idleMs > longIdleMs) onLongIdle({ idleMs, holdMs, waiting, firstStatement: turn.firstStatement });
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const parts = ['start transaction'];
    if (settings.isolationLevel) parts.push(`isolation level ${settings.isolationLevel}`);
    if (settings.accessMode) parts.push(settings.accessMode);
    await connection.executeQuery(CompiledQuery.raw(parts.length > 1 ? parts.join(' ') : 'begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${ident(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${ident(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${ident(name)}`));
  }

  /** Waits for the turns already asked for, then closes the session. */
  async destroy(): Promise<void> {
    if (this.session.closed) return;
    await this.session.queue.acquire();
    this.session.closed = true;
    try {
      await this.session.client.close();
    } finally {
      this.session.queue.release();
    }
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
