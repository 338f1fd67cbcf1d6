import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import type { Db } from '../../db/connection.js';
import { OutboxSmsSender } from '../delivery/sms.js';
import { smsJobHandler, type SmsPayload } from '../delivery/handlers.js';
import { Outbox, PermanentDeliveryError, type DeliveryOutcome, type OutboxHandler, type OutboxJob } from './outbox.js';

let t: TestApp;
beforeAll(async () => {
  // The app's worker polls once a minute: what it delivers sooner, a wake-up brought.
  t = await createTestApp({ outboxPollMs: 60_000 });
});
afterAll(() => t?.close());

const TENANT = '000001';
const sender = new OutboxSmsSender({ signName: '江苏省工商联', templateCode: '' });
let seq = 0;
/** A kind of its own per test, so one test's jobs are never another's. */
const kindOf = (name: string) => `test.${name}.${++seq}`;

const smsJobs = (kind: string, n: number, prefix = '139') =>
  Array.from({ length: n }, (_, i) => ({
    tenantId: TENANT,
    kind,
    payload: { mobile: `${prefix}${String(i).padStart(8, '0')}`, content: `第${i + 1}条通知` } satisfies SmsPayload,
  }));

const enqueue = (outbox: Outbox, jobs: Parameters<Outbox['enqueue']>[1]) => t.db.transaction().execute((tx) => outbox.enqueue(tx, jobs));

const jobsOf = (ids: string[]) => t.db.selectFrom('outboxJob').selectAll().where('id', 'in', ids).orderBy('id').execute();

/** How many sms_outbox rows each job produced. */
async function deliveriesPerJob(ids: string[]): Promise<Map<string, number>> {
  const rows = await sql<{ jobId: string; n: number }>`
    select job_id, count(*)::int as n from sms_outbox where job_id = any(${ids}::bigint[]) group by job_id`.execute(t.db);
  return new Map(rows.rows.map((r) => [String(r.jobId), r.n]));
}

const outboxOf = (opts: Partial<ConstructorParameters<typeof Outbox>[0]> = {}) => new Outbox({ db: t.db, retryBaseMs: 40, leaseMs: 60_000, ...opts });

describe('outbox', () => {
  it('accepts 10,000 jobs inside the caller’s transaction and delivers each exactly once', async () => {
    const outbox = outboxOf({ batch: 500 });
    const kind = kindOf('bulk');
    outbox.register(kind, smsJobHandler(sender));

    // How fast is the bench's to say (node bench/run.mjs messages), never a timed unit test.
    const ids = await enqueue(outbox, smsJobs(kind, 10_000));
    expect(ids).toHaveLength(10_000);
    expect(new Set(ids).size).toBe(10_000);

    const handled = await outbox.drainUntilIdle(60_000);
    expect(handled).toBe(10_000);
    const per = await deliveriesPerJob(ids);
    expect(per.size).toBe(10_000);
    expect([...per.values()].every((n) => n === 1)).toBe(true);
    const states = await sql<{ status: string; n: number }>`
      select status, count(*)::int as n from outbox_job where kind = ${kind} group by status`.execute(t.db);
    expect(states.rows).toEqual([{ status: 'sent', n: 10_000 }]);
    // What the outbox provider "sent" reads as the recipient would get it, with its segment count.
    const first = await t.db.selectFrom('smsOutbox').selectAll().where('jobId', '=', ids[0]).executeTakeFirstOrThrow();
    expect(first).toMatchObject({ tenantId: TENANT, mobile: '13900000000', signName: '江苏省工商联', content: '第1条通知', segments: 1 });
  }, 120_000);

  it('a job rolled back with its caller’s transaction never exists', async () => {
    const outbox = outboxOf();
    const kind = kindOf('rollback');
    outbox.register(kind, smsJobHandler(sender));
    await expect(
      t.db.transaction().execute(async (tx) => {
        await outbox.enqueue(tx, smsJobs(kind, 3));
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    expect(await outbox.drainUntilIdle()).toBe(0);
    expect(await t.db.selectFrom('outboxJob').select('id').where('kind', '=', kind).execute()).toHaveLength(0);
  });

  it('retries a failing delivery with growing, jittered delays, then fails it with the reason; settled sees every outcome', async () => {
    const outbox = outboxOf({ retryBaseMs: 400 });
    const kind = kindOf('flaky');
    const outcomes: DeliveryOutcome[] = [];
    let calls = 0;
    outbox.register(kind, {
      async deliver() {
        calls++;
        throw new Error('短信网关暂时不可用');
      },
      async settled(_job, outcome) {
        outcomes.push(outcome);
      },
    });
    const [id] = await enqueue(outbox, [{ tenantId: TENANT, kind, payload: {}, maxAttempts: 3 }]);

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = Date.now();
      // Not due before its backoff has passed: a drain right away finds nothing.
      if (attempt > 1) expect(await outbox.drainOnce()).toBe(0);
      for (let i = 0; i < 300 && (await outbox.drainOnce()) === 0; i++) await new Promise((r) => setTimeout(r, 10));
      const [row] = await jobsOf([id]);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe('短信网关暂时不可用');
      if (attempt < 3) {
        expect(row.status).toBe('pending');
        delays.push(row.nextAttemptAt.getTime() - before);
      } else {
        expect(row.status).toBe('failed');
      }
    }
    expect(calls).toBe(3);
    expect(outcomes.map((o) => o.status)).toEqual(['retry', 'retry', 'failed']);
    expect(outcomes[2].error).toBe('短信网关暂时不可用');
    // Attempt n waits between half and all of base·2^(n-1): 200–400 ms, then 400–800 ms.
    expect(delays[0]).toBeGreaterThanOrEqual(150);
    expect(delays[1]).toBeGreaterThanOrEqual(350);
    for (let i = 0; i < 50; i++) {
      expect(outbox.backoff(1)).toBeGreaterThanOrEqual(200);
      expect(outbox.backoff(1)).toBeLessThanOrEqual(400);
      expect(outbox.backoff(2)).toBeGreaterThanOrEqual(400);
      expect(outbox.backoff(2)).toBeLessThanOrEqual(800);
    }
    expect(outbox.backoff(40)).toBeLessThanOrEqual(3_600_000);
    // A failed job stays failed.
    expect(await outbox.drainOnce()).toBe(0);
  });

  it('a permanent error fails the job at once, without a retry', async () => {
    const outbox = outboxOf();
    const kind = kindOf('refused');
    let calls = 0;
    outbox.register(kind, {
      async deliver() {
        calls++;
        throw new PermanentDeliveryError('手机号码不存在');
      },
    });
    const [id] = await enqueue(outbox, [{ tenantId: TENANT, kind, payload: {} }]);
    await outbox.drainUntilIdle();
    const [row] = await jobsOf([id]);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: '手机号码不存在' });
    expect(calls).toBe(1);
  });

  it('a delivery that writes to the database is rolled back with a failure: a retry does not deliver twice', async () => {
    const outbox = outboxOf({ retryBaseMs: 1 });
    const kind = kindOf('half');
    let calls = 0;
    const inner = smsJobHandler(sender);
    outbox.register<SmsPayload>(kind, {
      async deliver(job, tx) {
        await inner.deliver(job, tx);
        if (++calls === 1) throw new Error('断在写入之后');
      },
    });
    const [id] = await enqueue(outbox, smsJobs(kind, 1));
    for (let i = 0; i < 100 && (await jobsOf([id]))[0].status !== 'sent'; i++) {
      await outbox.drainOnce();
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await jobsOf([id]))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await deliveriesPerJob([id])).get(id)).toBe(1);
  });

  it('waits for a job’s time (quiet hours) before delivering it', async () => {
    const outbox = outboxOf();
    const kind = kindOf('later');
    outbox.register(kind, smsJobHandler(sender));
    const [later] = await enqueue(outbox, [{ ...smsJobs(kind, 1)[0], notBefore: new Date(Date.now() + 3_600_000) }]);
    const [now] = await enqueue(outbox, smsJobs(kind, 1, '137'));
    await outbox.drainUntilIdle();
    const rows = await jobsOf([later, now]);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [later, 'pending'],
      [now, 'sent'],
    ]);
  });

  it('two workers draining 2,000 jobs side by side deliver each exactly once and share the work', async () => {
    const kinds = [kindOf('shared-batch'), kindOf('shared-single')];
    const delivered: Record<string, number> = {};
    const worker = (name: string) => {
      const outbox = outboxOf({ batch: 50, workerId: `worker-${name}-${seq}` });
      const count = (n: number) => void (delivered[name] = (delivered[name] ?? 0) + n);
      const batch = smsJobHandler(sender);
      outbox.register<SmsPayload>(kinds[0], {
        deliver: async (job, tx) => (await batch.deliver(job, tx), count(1)),
        deliverBatch: async (jobs, tx) => (await batch.deliverBatch!(jobs, tx), count(jobs.length)),
      });
      // The same, one job per transaction.
      outbox.register<SmsPayload>(kinds[1], { deliver: async (job, tx) => (await batch.deliver(job, tx), count(1)) });
      return outbox;
    };
    const a = worker('a');
    const b = worker('b');
    const ids = [...(await enqueue(a, smsJobs(kinds[0], 1000, '135'))), ...(await enqueue(a, smsJobs(kinds[1], 1000, '136')))];

    await Promise.all([a.drainUntilIdle(60_000), b.drainUntilIdle(60_000)]);

    const per = await deliveriesPerJob(ids);
    expect(per.size).toBe(2000);
    expect([...per.values()].filter((n) => n !== 1)).toEqual([]);
    expect((await jobsOf(ids)).every((r) => r.status === 'sent')).toBe(true);
    expect(delivered.a + delivered.b).toBe(2000);
    expect(delivered.a).toBeGreaterThan(0);
    expect(delivered.b).toBeGreaterThan(0);
  }, 120_000);

  it('a lease taken over: the first worker’s late finish is refused and the job is delivered once', async () => {
    const a = outboxOf({ leaseMs: 150, workerId: `lease-a-${seq}` });
    const b = outboxOf({ leaseMs: 60_000, workerId: `lease-b-${seq}` });
    const kind = kindOf('lease');
    const settledBy: string[] = [];
    for (const [name, outbox] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const inner = smsJobHandler(sender);
      outbox.register<SmsPayload>(kind, {
        deliver: inner.deliver,
        deliverBatch: inner.deliverBatch,
        settled: async () => void settledBy.push(name),
      });
    }
    const ids = await enqueue(a, smsJobs(kind, 5, '188'));

    const claimedByA = await a.claim();
    expect(claimedByA.map((j) => j.id).sort()).toEqual([...ids].sort());
    // A stalls past its lease; B finds the jobs due again, takes them over and delivers them.
    await new Promise((r) => setTimeout(r, 250));
    expect(await b.drainOnce()).toBe(5);
    const rows = await jobsOf(ids);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 2)).toBe(true);

    // A wakes up and finishes its stale batch: nothing changes.
    await a.process(t.db, claimedByA);
    await a.process(t.db, claimedByA.slice(0, 1)); // and one by one
    const per = await deliveriesPerJob(ids);
    expect([...per.values()]).toEqual([1, 1, 1, 1, 1]);
    expect(settledBy).toEqual(['b', 'b', 'b', 'b', 'b']);
  });

  it('a lease taken over from an external delivery: the late finish does not overwrite the new worker’s outcome', async () => {
    const a = outboxOf({ leaseMs: 100, workerId: `ext-a-${seq}` });
    const b = outboxOf({ workerId: `ext-b-${seq}` });
    const kind = kindOf('external');
    const sent: string[] = [];
    const handler = (name: string): OutboxHandler => ({
      transactional: false,
      deliver: async (job: OutboxJob) => void sent.push(`${name}:${job.id}`),
    });
    a.register(kind, handler('a'));
    b.register(kind, handler('b'));
    const [id] = await enqueue(a, [{ tenantId: TENANT, kind, payload: {} }]);
    const claimed = await a.claim();
    await new Promise((r) => setTimeout(r, 200));
    await b.drainOnce();
    await a.process(t.db, claimed);
    // A sees it lost the job before calling the gateway: only B sent it.
    expect(sent).toEqual([`b:${id}`]);
    expect((await jobsOf([id]))[0]).toMatchObject({ status: 'sent', lockedBy: null });
  });

  it('the app’s worker is woken by a committed enqueue (no poll needed) and stops after its batch', async () => {
    // The app's own outbox, wired as the server wires it (LISTEN on the database), started by hand:
    // test apps leave the worker off.
    const outbox = t.app.services.outbox;
    const kind = kindOf('wake');
    outbox.register(kind, smsJobHandler(sender));
    outbox.start();
    try {
      await outbox.drainUntilIdle();
      await new Promise((r) => setTimeout(r, 100)); // the worker is asleep now, for a minute
      const ids = await enqueue(outbox, smsJobs(kind, 20, '177'));
      const started = Date.now();
      while (Date.now() - started < 5000 && (await deliveriesPerJob(ids)).size < 20) await new Promise((r) => setTimeout(r, 10));
      expect((await deliveriesPerJob(ids)).size).toBe(20);
      expect(Date.now() - started, 'delivered on the wake-up, before the next poll').toBeLessThan(t.config.outboxPollMs);
    } finally {
      await outbox.stop();
    }
    expect(outbox.running).toBe(false);
  });

  it('claims only the kinds it has a handler for', async () => {
    const outbox = outboxOf();
    const known = kindOf('known');
    const unknown = kindOf('unknown');
    outbox.register(known, smsJobHandler(sender));
    const [k] = await enqueue(outbox, smsJobs(known, 1));
    const [u] = await enqueue(outbox, smsJobs(unknown, 1));
    await outbox.drainUntilIdle();
    expect((await jobsOf([k, u])).map((r) => r.status)).toEqual(['sent', 'pending']);
  });

  it('refuses a kind registered twice and a malformed reference', async () => {
    const outbox = outboxOf();
    outbox.register('test.twice', smsJobHandler(sender));
    expect(() => outbox.register('test.twice', smsJobHandler(sender))).toThrow('registered twice');
    await expect(t.db.transaction().execute((tx: Db) => outbox.enqueue(tx, [{ tenantId: TENANT, kind: 'x', refId: '1 or 1=1', payload: {} }]))).rejects.toThrow(
      'refId',
    );
  });
});
