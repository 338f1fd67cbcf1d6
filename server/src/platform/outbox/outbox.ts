import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { ID_RE } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { OUTBOX_CHANNEL, outboxRepo, type ClaimedRow, type NewJobRow } from './outbox.repo.js';

/**
 * The durable outbox (architecture §2; issue "Delivery, for real"): a domain writes its rows and one job
 * per delivery in the same transaction and answers at once; workers deliver the jobs, retry failures
 * with backoff, and record a final failure with its reason. Nothing is lost when a process dies (the
 * job stays in the database and its lease runs out), and a job whose delivery writes to the same
 * database (the outbox providers, a notice row) is delivered exactly once: the delivery and the job's
 * "sent" commit together, and only while the job is still this worker's.
 */

export interface OutboxJob<P = unknown> {
  id: string;
  tenantId: string;
  kind: string;
  /** The domain row this job delivers (a recipient row), if any. */
  refId: string | null;
  payload: P;
  /** This attempt's number (1 on the first). */
  attempts: number;
  maxAttempts: number;
  createdAt: Date;
}

export interface NewOutboxJob {
  tenantId: string;
  kind: string;
  refId?: string;
  payload: unknown;
  /** Not before this time (quiet hours); default now. */
  notBefore?: Date;
  maxAttempts?: number;
}

export type DeliveryOutcome = { status: 'sent'; error?: undefined } | { status: 'retry' | 'failed'; error: string; nextAttemptAt?: Date };

export interface OutboxHandler<P = unknown> {
  /** Delivers one job; throws to fail it (PermanentDeliveryError: no retry). */
  deliver(job: OutboxJob<P>, tx: Db): Promise<void>;
  /**
   * Delivers a whole claimed batch in one transaction (an adapter writing to the database). When it
   * throws, the batch's jobs are delivered one by one instead, so one bad job fails alone.
   */
  deliverBatch?(jobs: OutboxJob<P>[], tx: Db): Promise<void>;
  /**
   * Runs in the transaction that records the job's outcome, so a module updates its own row (待发送 /
   * 已发送 / 失败 and the reason) atomically with the job. 'retry' means another attempt is scheduled.
   */
  settled?(job: OutboxJob<P>, outcome: DeliveryOutcome, tx: Db): Promise<void>;
  /**
   * true (default): `deliver` runs inside the transaction that marks the job sent — right for deliveries
   * that write to this database, which then happen exactly once. false: for an external gateway (SMTP, an
   * SMS API), which must not hold a transaction open (on PGlite that would stall every request);
   * `deliver` gets the plain handle, the outcome is recorded right after, and a crash between the two
   * means the gateway may see the job again — the job id travels as Message-ID / OutId so it can tell.
   * The senders say which they are: `transactional: app.services.sms.local`.
   */
  transactional?: boolean;
  /** External deliveries of one batch in flight at once (default 1). */
  concurrency?: number;
}

/** Thrown by a handler or adapter for a failure no retry can fix (an invalid number, a refused template). */
export class PermanentDeliveryError extends Error {
  readonly permanent = true;
}

const isPermanent = (err: unknown) => err instanceof PermanentDeliveryError || (err as { permanent?: unknown } | null)?.permanent === true;

export interface OutboxOptions {
  /** The main database: where jobs are claimed. */
  db: Db;
  /** Further databases to drain (the bound tenants' datasources): jobs live where their domain rows do. */
  databases?: () => Promise<Db[]>;
  batch?: number;
  pollMs?: number;
  leaseMs?: number;
  /** First retry delay; each further one doubles, with jitter, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  defaultMaxAttempts?: number;
  /**
   * The database's LISTEN (DbHandle.listen): an enqueue committed by any process wakes the idle workers
   * of every process at once. Without it a worker finds new jobs at its next poll.
   */
  listen?: ListenFn;
  workerId?: string;
  log?: OutboxLog;
}

export type ListenFn = (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;

export interface OutboxLog {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Rows per insert statement: 10,000 jobs go in two statements. */
const ENQUEUE_CHUNK = 5000;
const MAX_ERROR = 1000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR) || '未知错误';

export class Outbox {
  readonly workerId: string;
  private readonly handlers = new Map<string, OutboxHandler<any>>();
  private readonly batch: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly defaultMaxAttempts: number;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wakeSleeper: (() => void) | null = null;
  private wokenEarly = false;
  private unlisten: (() => Promise<void>) | null = null;
  private log: OutboxLog | undefined;

  constructor(private readonly opts: OutboxOptions) {
    this.workerId = opts.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.batch = opts.batch ?? 200;
    this.pollMs = opts.pollMs ?? 1000;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.retryBaseMs = opts.retryBaseMs ?? 5000;
    this.retryMaxMs = opts.retryMaxMs ?? 3_600_000;
    this.defaultMaxAttempts = opts.defaultMaxAttempts ?? 5;
    this.log = opts.log;
  }

  register<P>(kind: string, handler: OutboxHandler<P>): void {
    if (this.handlers.has(kind)) throw new Error(`outbox kind ${kind} registered twice`);
    this.handlers.set(kind, handler as OutboxHandler<any>);
  }

  get kinds(): string[] {
    return [...this.handlers.keys()];
  }

  /**
   * Adds jobs inside the caller's transaction (they exist exactly when the caller's rows do) and wakes
   * the workers once it commits. Returns the job ids in the order of `jobs`.
   */
  async enqueue(tx: Db, jobs: NewOutboxJob[]): Promise<string[]> {
    if (!jobs.length) return [];
    const rows: NewJobRow[] = jobs.map((j) => {
      if (j.refId !== undefined && j.refId !== null && !ID_RE.test(j.refId)) throw new Error(`outbox refId must be a record id, got ${j.refId}`);
      return {
        tenant_id: j.tenantId,
        kind: j.kind,
        ref_id: j.refId ?? null,
        payload: j.payload ?? {},
        max_attempts: Math.max(1, j.maxAttempts ?? this.defaultMaxAttempts),
        next_attempt_at: j.notBefore ? j.notBefore.toISOString() : null,
      };
    });
    const ids: string[] = [];
    for (let i = 0; i < rows.length; i += ENQUEUE_CHUNK) ids.push(...(await outboxRepo.insert(tx, rows.slice(i, i + ENQUEUE_CHUNK))));
    // Delivered to every listening worker when the caller's transaction commits, never if it rolls back.
    await outboxRepo.notify(tx);
    return ids;
  }

  /** Starts the worker: it drains due jobs, then sleeps until woken or pollMs has passed. */
  start(log?: OutboxLog): void {
    if (log) this.log = log;
    if (this.loop) return;
    this.stopping = false;
    this.loop = (async () => {
      if (this.opts.listen) {
        try {
          this.unlisten = await this.opts.listen(OUTBOX_CHANNEL, () => this.wake());
        } catch (err) {
          this.log?.warn({ err }, 'outbox worker: cannot listen for enqueues; polling only');
        }
      }
      while (!this.stopping) {
        let full = false;
        try {
          full = (await this.drainOnce()) >= this.batch;
        } catch (err) {
          this.log?.error({ err }, 'outbox worker: a drain failed');
        }
        if (!full && !this.stopping) await this.sleep(this.pollMs);
        else await yieldToEventLoop();
      }
    })();
  }

  /** Stops the worker after the batch it is delivering. */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopping = true;
    this.wake();
    await this.loop;
    this.loop = null;
    await this.unlisten?.();
    this.unlisten = null;
  }

  get running(): boolean {
    return this.loop !== null && !this.stopping;
  }

  /** Wakes an idle worker (an enqueue, a notification). */
  wake(): void {
    if (this.wakeSleeper) this.wakeSleeper();
    else this.wokenEarly = true;
  }

  /** One claim-and-deliver round on every database; returns how many jobs it handled. */
  async drainOnce(): Promise<number> {
    if (!this.handlers.size) return 0;
    let handled = 0;
    for (const db of await this.allDatabases()) {
      try {
        const jobs = await this.claim(db);
        if (jobs.length) await this.process(db, jobs);
        handled += jobs.length;
      } catch (err) {
        // The main database's trouble is the caller's; a tenant's unreachable datasource must not hold the others back.
        if (db === this.opts.db) throw err;
        this.log?.warn({ err }, 'outbox: a tenant database could not be drained');
      }
    }
    return handled;
  }

  /** Drains until a round finds nothing due (tests, benchmarks); throws if that takes longer than timeoutMs. */
  async drainUntilIdle(timeoutMs = 30_000): Promise<number> {
    const until = Date.now() + timeoutMs;
    let total = 0;
    for (;;) {
      const n = await this.drainOnce();
      total += n;
      if (n === 0) return total;
      if (Date.now() > until) throw new Error(`outbox not idle after ${timeoutMs} ms (${total} jobs handled)`);
    }
  }

  /** The worker's first step: claims a batch of due jobs on `db`, leased to this worker. */
  async claim(db: Db = this.opts.db, limit = this.batch): Promise<OutboxJob[]> {
    const kinds = this.kinds;
    if (!kinds.length) return [];
    return (await outboxRepo.claim(db, kinds, limit, this.workerId, this.leaseMs)).map(toJob);
  }

  /** The worker's second step: delivers claimed jobs and records each outcome. */
  async process(db: Db, jobs: OutboxJob[]): Promise<void> {
    let leasedAt = Date.now();
    const byKind = new Map<string, OutboxJob[]>();
    for (const job of jobs) {
      const group = byKind.get(job.kind);
      if (group) group.push(job);
      else byKind.set(job.kind, [job]);
    }
    let left = jobs.map((j) => j.id);
    const keepLease = async () => {
      // A long batch (a slow gateway) renews its jobs before half the lease is gone, so nobody takes them over.
      if (Date.now() - leasedAt < this.leaseMs / 2 || !left.length) return;
      leasedAt = Date.now();
      await outboxRepo.renew(db, left, this.workerId, this.leaseMs);
    };
    for (const [kind, group] of byKind) {
      const handler = this.handlers.get(kind);
      if (!handler) continue; // claimed only for registered kinds; cannot happen
      const transactional = handler.transactional !== false;
      if (transactional && handler.deliverBatch && group.length > 1 && (await this.deliverBatch(db, handler, group))) {
        left = left.filter((id) => !group.some((j) => j.id === id));
        continue;
      }
      const queue = [...group];
      const lanes = transactional ? 1 : Math.max(1, handler.concurrency ?? 1);
      await Promise.all(
        Array.from({ length: Math.min(lanes, queue.length) }, async () => {
          for (let job = queue.shift(); job; job = queue.shift()) {
            await yieldToEventLoop();
            await keepLease();
            await (transactional ? this.deliverInTransaction(db, handler, job) : this.deliverOutside(db, handler, job));
            left = left.filter((id) => id !== job!.id);
          }
        }),
      );
    }
  }

  /** The whole batch in one transaction; false when it failed (each job is then tried alone). */
  private async deliverBatch(db: Db, handler: OutboxHandler, jobs: OutboxJob[]): Promise<boolean> {
    try {
      await db.transaction().execute(async (tx) => {
        const own = await outboxRepo.lockOwn(
          tx,
          jobs.map((j) => j.id),
          this.workerId,
        );
        const mine = jobs.filter((j) => own.has(j.id));
        if (!mine.length) return;
        await handler.deliverBatch!(mine, tx);
        const marked = await outboxRepo.markSent(
          tx,
          mine.map((j) => j.id),
          this.workerId,
        );
        if (marked !== mine.length) throw new LostLease();
        for (const job of mine) await handler.settled?.(job, { status: 'sent' }, tx);
      });
      return true;
    } catch (err) {
      if (!(err instanceof LostLease)) this.log?.warn({ err, kind: jobs[0].kind }, 'outbox: a batch delivery failed; its jobs are delivered one by one');
      return false;
    }
  }

  private async deliverInTransaction(db: Db, handler: OutboxHandler, job: OutboxJob): Promise<void> {
    try {
      await db.transaction().execute(async (tx) => {
        if (!(await outboxRepo.lockOwn(tx, [job.id], this.workerId)).size) return; // taken over: its new worker delivers it
        await handler.deliver(job, tx);
        // Still ours (the row is locked since lockOwn); if not, the delivery is rolled back with it.
        if ((await outboxRepo.markSent(tx, [job.id], this.workerId)) !== 1) throw new LostLease();
        await handler.settled?.(job, { status: 'sent' }, tx);
      });
    } catch (err) {
      if (err instanceof LostLease) return;
      await this.recordFailure(db, handler, job, err);
    }
  }

  private async deliverOutside(db: Db, handler: OutboxHandler, job: OutboxJob): Promise<void> {
    if (!(await outboxRepo.own(db, [job.id], this.workerId)).size) return;
    try {
      await handler.deliver(job, db);
    } catch (err) {
      await this.recordFailure(db, handler, job, err);
      return;
    }
    try {
      await db.transaction().execute(async (tx) => {
        if (!(await outboxRepo.lockOwn(tx, [job.id], this.workerId)).size) throw new LostLease();
        await outboxRepo.markSent(tx, [job.id], this.workerId);
        await handler.settled?.(job, { status: 'sent' }, tx);
      });
    } catch (err) {
      // Delivered, but the job was taken over meanwhile (or recording failed): it will be delivered again.
      this.log?.warn({ err, jobId: job.id, kind: job.kind }, 'outbox: an external delivery could not be recorded; it may be repeated');
    }
  }

  private async recordFailure(db: Db, handler: OutboxHandler, job: OutboxJob, err: unknown): Promise<void> {
    const error = errorText(err);
    const final = isPermanent(err) || job.attempts >= job.maxAttempts;
    const delay = this.backoff(job.attempts);
    try {
      await db.transaction().execute(async (tx) => {
        if (!(await outboxRepo.lockOwn(tx, [job.id], this.workerId)).size) return;
        if (final) {
          await outboxRepo.markFailed(tx, job.id, this.workerId, error);
          await handler.settled?.(job, { status: 'failed', error }, tx);
        } else {
          await outboxRepo.markRetry(tx, job.id, this.workerId, delay, error);
          await handler.settled?.(job, { status: 'retry', error, nextAttemptAt: new Date(Date.now() + delay) }, tx);
        }
      });
    } catch (recordErr) {
      // The job stays leased; when the lease runs out it is tried again.
      this.log?.error({ err: recordErr, jobId: job.id }, 'outbox: a failure could not be recorded');
    }
  }

  /** Exponential backoff with jitter: attempt n waits base·2^(n-1), between half and all of it, at most retryMaxMs. */
  backoff(attempt: number): number {
    const full = Math.min(this.retryMaxMs, this.retryBaseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
    return Math.round(full / 2 + Math.random() * (full / 2));
  }

  private async allDatabases(): Promise<Db[]> {
    if (!this.opts.databases) return [this.opts.db];
    try {
      const extra = await this.opts.databases();
      return [this.opts.db, ...extra.filter((d) => d !== this.opts.db)];
    } catch (err) {
      this.log?.warn({ err }, 'outbox: the tenant databases could not be listed');
      return [this.opts.db];
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.wokenEarly) {
      this.wokenEarly = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleeper = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wakeSleeper = done;
    });
  }
}

/**
 * Lets pending I/O (requests) run. PGlite answers queries on the main thread without touching the event
 * loop, so a worker awaiting one query after another would hold every request back until it is done.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The job is no longer this worker's (its lease ran out and another worker took it). */
class LostLease extends Error {}

const toJob = (row: ClaimedRow): OutboxJob => ({
  id: row.id,
  tenantId: row.tenantId,
  kind: row.kind,
  refId: row.refId,
  payload: row.payload,
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  createdAt: row.createdAt,
});
