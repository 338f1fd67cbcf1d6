/**
 * Delivery survives a crash (issue "Delivery, for real"): 10,000 SMS jobs wait in the outbox, the
 * built server's worker delivers them through the outbox provider (短信发件箱), and the process is
 * killed with SIGKILL in the middle. After a restart every job is delivered exactly once: one
 * sms_outbox row per job, every job 'sent', none failed, none doubled. The jobs the dead worker had
 * claimed come back when their lease runs out (OUTBOX_LEASE_MS, short here). On PostgreSQL (when
 * DATABASE_URL is set) the restart is two processes sharing the rest of the work.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, requireBuild, sharedSecrets, startServer, type ServerProcess, type TempDatabase } from './server-process.js';

const JOBS = 10_000;
const SMS_OUTBOX = '/api/msg-center/sms-outbox/list';
/** Short leases: a dead worker's claimed jobs are taken over two seconds after the crash. */
const WORKER_ENV = { OUTBOX_WORKER: '1', OUTBOX_LEASE_MS: '2000', OUTBOX_POLL_MS: '200' };

/** The jobs as a module enqueues them: the platform's delivery.sms kind, one SMS each. */
const INSERT_JOBS = `
  insert into outbox_job (tenant_id, kind, payload, max_attempts)
  select '000001', 'delivery.sms', jsonb_build_object('mobile', '139' || lpad(g::text, 8, '0'), 'content', '崩溃测试第' || g || '条'), 5
    from generate_series(1, ${JOBS}) g`;

const CHECK = `
  select (select count(*) from outbox_job where kind = 'delivery.sms')::int as jobs,
         (select count(*) from outbox_job where kind = 'delivery.sms' and status = 'sent')::int as sent,
         (select count(*) from outbox_job where kind = 'delivery.sms' and status = 'failed')::int as failed,
         (select count(*) from sms_outbox)::int as rows,
         (select count(distinct job_id) from sms_outbox)::int as distinct_jobs,
         (select count(*) from outbox_job j where kind = 'delivery.sms' and (select count(*) from sms_outbox s where s.job_id = j.id) <> 1)::int as not_once`;

interface Check {
  jobs: number;
  sent: number;
  failed: number;
  rows: number;
  distinct_jobs: number;
  not_once: number;
}

async function until(check: () => Promise<boolean>, ms: number, step = 20): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, step));
  }
  return false;
}

/** 短信发件箱's total, as the administrator sees it. */
async function keptSms(server: ServerProcess, token: string): Promise<number> {
  const res = await server.call('GET', SMS_OUTBOX, { token, query: { current: '1', size: '1' } });
  return res.status === 200 ? Number(res.body.data.total) : -1;
}

describe('outbox crash safety on the embedded database (PGlite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gsl-outbox-crash-'));
  const env = { ...sharedSecrets(), DATA_DIR: dataDir };
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    requireBuild();
    // Once to migrate and seed, then the jobs are written while no server holds the data directory.
    server = await startServer('outbox-setup', { ...env, OUTBOX_WORKER: '0' });
    await server.stop();
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
    try {
      await db.exec(INSERT_JOBS);
    } finally {
      await db.close();
    }
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('killed in the middle of delivering 10,000 SMS, restarted: every one delivered exactly once', async () => {
    // The worker starts delivering as the server comes up; it is killed once the server answers (it
    // answers while delivering: the worker lets requests in between its batches).
    server = await startServer('outbox-worker', { ...env, ...WORKER_ENV });
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGKILL');
    await server.exited;
    const db0 = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
    let seen: number;
    let claimed: number;
    try {
      seen = (await db0.query<{ n: number }>('select count(*)::int as n from sms_outbox')).rows[0].n;
      claimed = (await db0.query<{ n: number }>("select count(*)::int as n from outbox_job where status = 'sending'")).rows[0].n;
    } finally {
      await db0.close();
    }
    expect(seen, 'killed while delivering').toBeGreaterThan(0);
    expect(seen, 'killed before the end').toBeLessThan(JOBS);

    const started = Date.now();
    server = await startServer('outbox-restarted', { ...env, ...WORKER_ENV });
    const again = await server.login('admin');
    expect(await until(async () => (await keptSms(server!, again.access_token)) >= JOBS, 180_000, 200)).toBe(true);
    const seconds = (Date.now() - started) / 1000;
    await server.stop();

    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
    let result: Check;
    try {
      result = (await db.query<Check>(CHECK)).rows[0];
    } finally {
      await db.close();
    }
    console.log(
      `[system] outbox crash (pglite): killed after ${seen} of ${JOBS} kept (${claimed} claimed by the dead worker); the rest delivered ${seconds.toFixed(1)} s after the restart`,
    );
    expect(result).toEqual({ jobs: JOBS, sent: JOBS, failed: 0, rows: JOBS, distinct_jobs: JOBS, not_once: 0 });
  }, 400_000);
});

const DATABASE_URL = process.env.DATABASE_URL;

describe.skipIf(!DATABASE_URL)('outbox crash safety on PostgreSQL', () => {
  let db: TempDatabase;
  const servers: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    requireBuild();
    db = await createDatabase(DATABASE_URL!, 'gsl_outbox_crash_');
    env = { ...sharedSecrets(), DATABASE_URL: db.url, ...WORKER_ENV };
  }, 240_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await db?.drop();
  }, 60_000);

  const kept = async () => Number((await db.query('select count(*) as n from sms_outbox')).rows[0].n);

  it('a worker killed in the middle of 10,000 SMS; two restarted processes finish: every one delivered exactly once', async () => {
    const first = await startServer('pg-worker', env);
    servers.push(first);
    // Committed in one transaction: its notification wakes the worker at once.
    await db.query(INSERT_JOBS);
    expect(await until(async () => (await kept()) > 0, 120_000)).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    const seen = await kept();
    expect(seen, 'killed before the end').toBeLessThan(JOBS);

    const started = Date.now();
    const [b, c] = await Promise.all([startServer('pg-restarted-b', env), startServer('pg-restarted-c', env)]);
    servers.push(b, c);
    expect(await until(async () => (await kept()) >= JOBS, 180_000, 200)).toBe(true);
    // Settle: nothing more arrives (a double delivery would show up as more rows, or as a failed job).
    await new Promise((r) => setTimeout(r, 3000));
    const seconds = (Date.now() - started) / 1000;
    const result = (await db.query<Check>(CHECK)).rows[0];
    console.log(`[system] outbox crash (pg): killed after ${seen} of ${JOBS}; two processes delivered the rest within ${seconds.toFixed(1)} s`);
    expect(result).toEqual({ jobs: JOBS, sent: JOBS, failed: 0, rows: JOBS, distinct_jobs: JOBS, not_once: 0 });
  }, 400_000);
});
