import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** The channel a committed enqueue notifies, so idle workers in every process wake at once. */
export const OUTBOX_CHANNEL = 'gsl_outbox';

/** A job as the worker claims it. */
export interface ClaimedRow {
  id: string;
  tenantId: string;
  kind: string;
  refId: string | null;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  createdAt: Date;
}

export interface NewJobRow {
  tenant_id: string;
  kind: string;
  ref_id: string | null;
  payload: unknown;
  max_attempts: number;
  /** ISO time, or null for "now". */
  next_attempt_at: string | null;
}

const lease = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * The outbox's SQL. Every state change of a claimed job is conditional on `locked_by = worker and
 * status = 'sending'`: a worker whose lease was taken over changes nothing.
 */
export const outboxRepo = {
  /**
   * One statement for many rows: the rows travel as one JSON parameter (a statement's parameter count
   * is limited, and one parameter is parsed once). The function scan yields the array in order and the
   * insert keeps it, so the ids come back in the jobs' order.
   */
  async insert(tx: Db, rows: NewJobRow[]): Promise<string[]> {
    const r = await sql<{ id: string }>`
      insert into outbox_job (tenant_id, kind, ref_id, payload, max_attempts, next_attempt_at)
      select x.tenant_id, x.kind, x.ref_id, coalesce(x.payload, '{}'::jsonb), x.max_attempts, coalesce(x.next_attempt_at, now())
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(tenant_id text, kind text, ref_id bigint, payload jsonb, max_attempts int, next_attempt_at timestamptz)
      returning id`.execute(tx);
    return r.rows.map((row) => String(row.id));
  },

  /** Delivered to every listening process when the enqueuing transaction commits (and never if it rolls back). */
  async notify(tx: Db): Promise<void> {
    await sql`select pg_notify(${OUTBOX_CHANNEL}, '')`.execute(tx);
  },

  /**
   * Claims up to `limit` due jobs of the given kinds: pending ones whose time has come, and sending ones
   * whose lease has run out (their worker died or stalled). SKIP LOCKED lets any number of workers claim
   * side by side without waiting on, or taking, each other's rows. The lease expiry also becomes the
   * job's next_attempt_at, so one index serves both cases.
   */
  async claim(db: Db, kinds: string[], limit: number, workerId: string, leaseMs: number): Promise<ClaimedRow[]> {
    const r = await sql<ClaimedRow>`
      with due as (
        select id from outbox_job
         where status in ('pending', 'sending') and next_attempt_at <= now() and kind = any(${kinds}::text[])
         order by next_attempt_at, id
         limit ${limit}
         for update skip locked
      )
      update outbox_job j
         set status = 'sending', attempts = j.attempts + 1, locked_by = ${workerId},
             locked_until = ${lease(leaseMs)}, next_attempt_at = ${lease(leaseMs)}
        from due
       where j.id = due.id
      returning j.id, j.tenant_id, j.kind, j.ref_id, j.payload, j.attempts, j.max_attempts, j.created_at`.execute(db);
    return r.rows.map((row) => ({ ...row, id: String(row.id), refId: row.refId == null ? null : String(row.refId) }));
  },

  /**
   * Of `ids`, the jobs this worker still holds, locked until the transaction ends: while it delivers
   * them nobody can take them over (a claim skips locked rows), and one taken over already is not returned.
   */
  async lockOwn(tx: Db, ids: string[], workerId: string): Promise<Set<string>> {
    const r = await sql<{ id: string }>`
      select id from outbox_job where id = any(${ids}::bigint[]) and locked_by = ${workerId} and status = 'sending' for update`.execute(tx);
    return new Set(r.rows.map((row) => String(row.id)));
  },

  /** Of `ids`, the jobs this worker still holds (no lock: a look before a slow external delivery). */
  async own(db: Db, ids: string[], workerId: string): Promise<Set<string>> {
    const r = await sql<{ id: string }>`
      select id from outbox_job where id = any(${ids}::bigint[]) and locked_by = ${workerId} and status = 'sending'`.execute(db);
    return new Set(r.rows.map((row) => String(row.id)));
  },

  /** Pushes the lease of the jobs still held forward (a long batch keeps its jobs). */
  async renew(db: Db, ids: string[], workerId: string, leaseMs: number): Promise<void> {
    await sql`
      update outbox_job set locked_until = ${lease(leaseMs)}, next_attempt_at = ${lease(leaseMs)}
       where id = any(${ids}::bigint[]) and locked_by = ${workerId} and status = 'sending'`.execute(db);
  },

  async markSent(tx: Db, ids: string[], workerId: string): Promise<number> {
    const r = await sql`
      update outbox_job set status = 'sent', sent_at = now(), locked_by = null, locked_until = null, last_error = null
       where id = any(${ids}::bigint[]) and locked_by = ${workerId} and status = 'sending'`.execute(tx);
    return Number(r.numAffectedRows ?? 0);
  },

  async markRetry(tx: Db, id: string, workerId: string, delayMs: number, error: string): Promise<number> {
    const r = await sql`
      update outbox_job set status = 'pending', next_attempt_at = now() + ${delayMs} * interval '1 millisecond',
             locked_by = null, locked_until = null, last_error = ${error}
       where id = ${id}::bigint and locked_by = ${workerId} and status = 'sending'`.execute(tx);
    return Number(r.numAffectedRows ?? 0);
  },

  async markFailed(tx: Db, id: string, workerId: string, error: string): Promise<number> {
    const r = await sql`
      update outbox_job set status = 'failed', locked_by = null, locked_until = null, last_error = ${error}
       where id = ${id}::bigint and locked_by = ${workerId} and status = 'sending'`.execute(tx);
    return Number(r.numAffectedRows ?? 0);
  },
};

/** Tenants bound to a datasource of their own (their jobs live in that database). */
export async function boundTenantIds(main: Db): Promise<string[]> {
  const rows = await main.selectFrom('bladeTenant').select('tenantId').where('datasourceId', 'is not', null).where('isDeleted', '=', 0).execute();
  return rows.map((r) => r.tenantId);
}
