/**
 * Two processes, one database: two built server processes on one PostgreSQL share
 * every piece of state (tokens, refresh chains, revocations, written rows), and two processes on one
 * embedded DATA_DIR are refused. Runs `node server/dist/main.js`: `npm run build` first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  freePort,
  isHealthy,
  requireBuild,
  sharedSecrets,
  spawnServer,
  startServer,
  type ServerProcess,
  type TempDatabase,
} from './server-process.js';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) {
  console.log(
    '[system] skipped "two processes, one PostgreSQL database": DATABASE_URL is unset (set e.g. DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test to run it)',
  );
}

const TOKEN = '/api/blade-auth/oauth/token';
const USER_INFO = '/api/blade-auth/oauth/user-info';
const LOGOUT = '/api/blade-auth/oauth/logout';
const LOGIN_JOURNAL = '/api/aoc-service/portal/userlogin/list';
const CLIENT_LOG = '/api/msg-center/log/client';

const refresh = (server: ServerProcess, refreshToken: string) =>
  server.call('POST', TOKEN, { query: { grant_type: 'sso_refresh_token', refresh_token: refreshToken, tenantId: '000001' } });

/** Polls until `check` returns a truthy value (writes such as log rows land just after the answer). */
async function eventually<T>(check: () => Promise<T>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let db: TempDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    requireBuild();
    db = await createDatabase(DATABASE_URL!);
    const env = { ...sharedSecrets(), DATABASE_URL: db.url };
    // Started together on an empty database: both migrate and seed at the same moment.
    const [ra, rb] = await Promise.allSettled([startServer('A', env), startServer('B', env)]);
    if (ra.status === 'fulfilled') a = ra.value;
    if (rb.status === 'fulfilled') b = rb.value;
    const failed = [ra, rb].filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    if (failed.length)
      throw new Error(`both processes must come up on one fresh database:\n${failed.map((r) => String(r.reason?.message ?? r.reason)).join('\n')}`);
  }, 300_000);

  afterAll(async () => {
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await db?.drop();
  }, 60_000);

  it('both come up when started together on an empty database: one migration run, one seed', async () => {
    expect(await isHealthy(a)).toBe(true);
    expect(await isHealthy(b)).toBe(true);
    const migrations = await db.query<{ name: string; n: string }>('select name, count(*) as n from schema_migration group by name');
    expect(migrations.rows.length).toBeGreaterThan(0);
    expect(migrations.rows.every((r) => Number(r.n) === 1)).toBe(true);
    const twiceAccounts = await db.query('select account from blade_user group by tenant_id, account having count(*) > 1');
    expect(twiceAccounts.rows).toEqual([]);
    const twiceDepts = await db.query('select union_id from blade_dept where union_id is not null group by union_id having count(*) > 1');
    expect(twiceDepts.rows).toEqual([]);
    const twiceMenus = await db.query('select code from blade_menu where is_deleted = 0 group by code having count(*) > 1');
    expect(twiceMenus.rows).toEqual([]);
    const users = await db.query<{ n: string }>('select count(*) as n from blade_user');
    expect(Number(users.rows[0].n)).toBe(245); // README: 245 demo users
  });

  it('a token issued by A answers user-info on B', async () => {
    const t = await a.login('js_aoc');
    const onB = await b.call('GET', USER_INFO, { token: t.access_token });
    expect(onB.status).toBe(200);
    expect(onB.body.data).toMatchObject({ account: 'js_aoc', userId: t.user_id });
  });

  it('a spent refresh token reused on B revokes the chain on both processes', async () => {
    const first = await a.login('nj_aoc');
    const rotated = await refresh(a, first.refresh_token);
    expect(rotated.status).toBe(200);
    const second = rotated.body;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await b.call('GET', USER_INFO, { token: second.access_token })).status).toBe(200); // the successor works on B

    // The successor is used on A, so the spent token is no longer within the reuse interval (README deviation 7).
    const next = await refresh(a, second.refresh_token);
    expect(next.status).toBe(200);
    const third = next.body;

    const reuse = await refresh(b, first.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error_description).toBe('refreshToken有误或已过期');

    // The newest token issued by A is now refused by A itself, and the chain's access tokens die everywhere.
    expect((await refresh(a, third.refresh_token)).status).toBe(400);
    expect((await b.call('GET', USER_INFO, { token: first.access_token })).status).toBe(401);
    expect((await b.call('GET', USER_INFO, { token: third.access_token })).status).toBe(401);
    expect((await a.call('GET', USER_INFO, { token: third.access_token })).status).toBe(401);
  });

  it("logout on B kills the chain's access token on A and its refresh token", async () => {
    const t = await a.login('nj_coc');
    expect((await a.call('GET', USER_INFO, { token: t.access_token })).status).toBe(200);
    const out = await b.call('GET', LOGOUT, { token: t.access_token });
    expect(out.status).toBe(200);
    expect(out.body.success).toBe(true);
    expect((await a.call('GET', USER_INFO, { token: t.access_token })).status).toBe(401);
    expect((await refresh(a, t.refresh_token)).status).toBe(400);
  });

  it('a client log written through A is a row in the shared database', async () => {
    const t = await a.login('nj_aoc');
    const marker = `system-test-${randomBytes(6).toString('hex')}`;
    const res = await a.call('POST', CLIENT_LOG, { token: t.access_token, body: { logs: [{ url: '/gsl/portal', type: 'error', message: marker }] } });
    expect(res.status).toBe(200);
    const row = await eventually(async () => (await db.query('select log_id, create_by from blade_log_usual where log_data like $1', [`%${marker}%`])).rows[0]);
    expect(row).toMatchObject({ log_id: 'web:error', create_by: 'nj_aoc' });
  });

  it.each([
    ['A', 'B'],
    ['B', 'A'],
  ])('a login made on %s is in the login journal read on %s', async (writer, _reader) => {
    const [w, r] = writer === 'A' ? [a, b] : [b, a];
    const agent = `gsl-system-test/${randomBytes(6).toString('hex')}`;
    await w.login('nj_coc', { 'user-agent': agent });
    const viewer = await r.login('js_aoc');
    const list = await r.call('GET', LOGIN_JOURNAL, { token: viewer.access_token, query: { current: '1', size: '50', account: 'nj_coc' } });
    expect(list.status).toBe(200);
    const mine = list.body.data.records.filter((x: any) => x.userAgent === agent);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ account: 'nj_coc', loginType: 'password', success: 1 });
  });
});

describe('two server processes on one embedded DATA_DIR', () => {
  let dir: string;
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;

  afterAll(async () => {
    await Promise.allSettled([first?.stop(), second?.stop()]);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('the second refuses to start (exit code 1, names the data directory) and the first is unharmed', async () => {
    requireBuild();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gsl-sys-datadir-'));
    const secrets = sharedSecrets();
    first = await startServer('first', { ...secrets, DATA_DIR: dir });
    const t = await first.login('nj_aoc');

    second = await spawnServer('second', { ...secrets, DATA_DIR: dir, PORT: String(await freePort()) });
    const exit = await Promise.race([second.exited, new Promise<null>((r) => setTimeout(() => r(null), 60_000))]);
    expect(exit, `the second process is still running:\n${second.output()}`).not.toBeNull();
    expect(exit!.code).toBe(1);
    const said = second.output();
    expect(said).toContain(`数据目录 ${path.resolve(dir)} 正被另一个服务进程 (pid ${first.pid}) 使用`);
    expect(said).toContain('Data directory is held by another running server');

    // The refused process left the first one's lock and database alone.
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(first.pid));
    expect(await isHealthy(first)).toBe(true);
    expect((await first.call('GET', USER_INFO, { token: t.access_token })).status).toBe(200);
  }, 300_000);
});
