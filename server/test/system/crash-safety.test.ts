/**
 * Crash safety: the built server is killed with SIGKILL while a user import (5,000 rows
 * in one transaction: accounts and their role rows) is being written. After a restart on the same
 * data, the batch is wholly there or wholly absent, no role row points at a missing account, and
 * the server answers and writes again. On the embedded database (PGlite) this also proves the data
 * directory opens cleanly after the crash (its lock file left behind by the killed process is taken
 * over). On PostgreSQL (when DATABASE_URL is set) the kill is timed by watching the import's INSERT
 * in pg_stat_activity; on PGlite by watching the write-ahead log grow, so the kill lands mid-write.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, requireBuild, sharedSecrets, startServer, type ServerProcess, type TempDatabase } from './server-process.js';

const ROWS = 5000; // the import's own maximum per file
const IMPORT = '/api/blade-user/import-user';
const USERS = '/api/blade-user/page';
const HEADER = ['账号*', '姓名*', '手机号码*', '所属机构*'];

async function workbook(prefix: string, deptId: string): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(HEADER);
  for (let i = 0; i < ROWS; i++) ws.addRow([`${prefix}${i}`, `崩溃测试${i}`, `139${String(i).padStart(8, '0')}`, deptId]);
  return new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]);
}

function form(file: Blob): FormData {
  const f = new FormData();
  f.append('file', file, 'users.xlsx');
  return f;
}

/** Accounts of the batch as the product itself lists them (page of the account filter). */
async function countListed(server: ServerProcess, token: string, prefix: string): Promise<number> {
  const res = await server.call('GET', USERS, { token, query: { account: prefix, current: '1', size: '1' } });
  expect(res.status, res.text).toBe(200);
  return Number(res.body.data.total);
}

async function until(check: () => Promise<boolean> | boolean, ms: number, step = 5): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, step));
  }
  return false;
}

interface Outcome {
  killedMidWrite: boolean;
  answered: number | null;
}

/**
 * Sends the import and kills the server with SIGKILL as soon as `writing()` says the batch is being
 * written. Returns whether that was seen before the answer came back.
 */
async function importAndKill(server: ServerProcess, token: string, file: Blob, writing: () => Promise<boolean> | boolean): Promise<Outcome> {
  let answered: number | null = null;
  const request = server.call('POST', IMPORT, { token, form: form(file) }).then(
    (r) => (answered = r.status),
    () => undefined, // the connection dies with the process
  );
  const seen = await until(async () => answered !== null || (await writing()), 60_000);
  const killedMidWrite = seen && answered === null;
  server.child.kill('SIGKILL');
  await server.exited;
  await request;
  return { killedMidWrite, answered };
}

/** Opens the (stopped) server's embedded database directly and checks the batch is all or nothing. */
async function inspectEmbedded(dataDir: string, prefix: string): Promise<{ users: number; withoutRole: number; orphanRoles: number }> {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    const one = async (q: string) => Number((await db.query<{ n: number }>(q, [`${prefix}%`])).rows[0].n);
    return {
      users: await one('select count(*)::int as n from blade_user where account like $1'),
      withoutRole: await one(
        'select count(*)::int as n from blade_user u where account like $1 and not exists (select 1 from blade_user_role r where r.user_id = u.id)',
      ),
      orphanRoles: await one(
        'select count(*)::int as n from blade_user_role r where $1::text is not null and not exists (select 1 from blade_user u where u.id = r.user_id)',
      ),
    };
  } finally {
    await db.close();
  }
}

describe('crash safety on the embedded database (PGlite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gsl-crash-'));
  const env = { ...sharedSecrets(), DATA_DIR: dataDir };
  let server: ServerProcess;

  beforeAll(async () => {
    requireBuild();
    server = await startServer('embedded', env);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('killed at points across the write, every batch is wholly absent or wholly there, and the data directory opens cleanly each time', async () => {
    let admin = await server.login('admin');
    const run = Date.now().toString(36);
    // The write window: a real import minus the checks before its transaction (a dry run does only those).
    const timed = async (prefix: string, dryRun: boolean) => {
      const file = await workbook(prefix, admin.dept_id);
      const t0 = performance.now();
      const res = await server.call('POST', IMPORT, { token: admin.access_token, form: form(file), query: dryRun ? { dryRun: 'true' } : {} });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ total: ROWS, imported: dryRun ? 0 : ROWS });
      return performance.now() - t0;
    };
    const checks = await timed(`crash${run}_dry_`, true);
    const full = await timed(`crash${run}_whole_`, false);
    const window = Math.max(full - checks, 20);

    const outcomes: string[] = [];
    for (const [k, fraction] of [0.2, 0.5, 0.8].entries()) {
      const prefix = `crash${run}_${k}_`;
      const file = await workbook(prefix, admin.dept_id);
      const sent = performance.now();
      const outcome = await importAndKill(server, admin.access_token, file, () => performance.now() - sent >= checks + fraction * window);
      // The killed process left its lock file behind; the data directory opens cleanly, and holds all or nothing.
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
      const seen = await inspectEmbedded(dataDir, prefix);
      expect([0, ROWS], `batch ${k} after a kill at ${Math.round(checks + fraction * window)} ms: ${seen.users} of ${ROWS} rows`).toContain(seen.users);
      expect(seen.withoutRole).toBe(0);
      expect(seen.orphanRoles).toBe(0);
      outcomes.push(
        `${Math.round(checks + fraction * window)} ms → ${seen.users === 0 ? 'absent' : 'whole'}${outcome.answered ? ` (answered ${outcome.answered})` : ''}`,
      );

      server = await startServer(`embedded-restart-${k}`, env);
      admin = await server.login('admin');
      expect(await countListed(server, admin.access_token, prefix)).toBe(seen.users);
      expect(await countListed(server, admin.access_token, `crash${run}_whole_`)).toBe(ROWS);
    }
    console.log(`[system] crash safety (pglite): checks ${Math.round(checks)} ms, write ${Math.round(window)} ms; kills: ${outcomes.join('; ')}`);

    // Fully usable after the crashes: a new batch imports whole.
    const after = await timed(`crash${run}_after_`, false);
    expect(after).toBeGreaterThan(0);
  }, 400_000);
});

const DATABASE_URL = process.env.DATABASE_URL;

describe.skipIf(!DATABASE_URL)('crash safety on PostgreSQL', () => {
  let db: TempDatabase;
  let server: ServerProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    requireBuild();
    db = await createDatabase(DATABASE_URL!, 'gsl_crash_');
    env = { ...sharedSecrets(), DATABASE_URL: db.url };
    server = await startServer('pg', env);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  }, 60_000);

  const inserted = async (prefix: string) => Number((await db.query('select count(*) as n from blade_user where account like $1', [`${prefix}%`])).rows[0].n);
  const orphanRoles = async () =>
    Number((await db.query('select count(*) as n from blade_user_role ur where not exists (select 1 from blade_user u where u.id = ur.user_id)')).rows[0].n);

  it('a batch killed while its INSERTs run is wholly absent; the next one is wholly there', async () => {
    const admin = await server.login('admin');
    const prefix = `crash${Date.now().toString(36)}_`;
    const file = await workbook(prefix, admin.dept_id);

    // Kill once the import's transaction has begun inserting (seen by the database itself).
    const outcome = await importAndKill(server, admin.access_token, file, async () => {
      const r = await db.query(
        `select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
           and xact_start is not null and query ilike 'insert into "blade_user"%'`,
      );
      return Number(r.rows[0].n) > 0;
    });
    console.log(
      `[system] crash safety (pg): killed ${outcome.killedMidWrite ? 'while the batch was being written' : `after the answer (HTTP ${outcome.answered})`}`,
    );
    expect(outcome.killedMidWrite, 'the kill must land while the import is writing').toBe(true);

    // The dead connection's transaction is rolled back: nothing of the batch, no orphan role rows.
    expect(
      await until(
        async () =>
          (await db.query("select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'"))
            .rows[0].n === '0',
        10_000,
        50,
      ),
    ).toBe(true);
    expect(await inserted(prefix)).toBe(0);
    expect(await orphanRoles()).toBe(0);

    server = await startServer('pg-restarted', env);
    const again = await server.login('admin');
    expect(await countListed(server, again.access_token, prefix)).toBe(0);
    const res = await server.call('POST', IMPORT, { token: again.access_token, form: form(file) });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ total: ROWS, imported: ROWS, errors: [] });
    expect(await inserted(prefix)).toBe(ROWS);
    expect(await orphanRoles()).toBe(0);
  }, 300_000);
});
