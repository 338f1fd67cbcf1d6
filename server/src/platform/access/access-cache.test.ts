/**
 * The access cache (issue 18): the actor of a sign-on chain, its roles' grants and data scopes are kept in
 * each process, so a signed-in request costs no access query while nothing changed — and a change made
 * anywhere is obeyed on the next request: at once in the writing process, through the table triggers'
 * NOTIFY in every other one, and not at all from the cache while the LISTEN connection is down (fail closed).
 * The deviation-7 rule stays: a revoked chain or a disabled account is refused on its next request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MSG, TENANT_MSG } from '@gsl/contract';
import type { Listen } from '../../db/connection.js';
import { writeWatchOf } from '../../db/write-watch.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { ACCESS_CHANGED_CHANNEL } from './access-cache.js';

const onPg = process.env.TEST_DB === 'pg';

/** The access channel's LISTEN of the app under test, which the test can deafen or drop like a lost connection. */
const bus = { deaf: false, lost: undefined as (() => void) | undefined, back: undefined as (() => void) | undefined };
const wrapListen =
  (listen: Listen): Listen =>
  async (channel, onNotify, opts = {}) => {
    if (channel !== ACCESS_CHANGED_CHANNEL) return listen(channel, onNotify, opts);
    const stop = await listen(channel, (payload) => bus.deaf || onNotify(payload), opts);
    bus.lost = opts.onLost;
    bus.back = opts.onReconnect;
    return stop;
  };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { wrapListen });
});
afterAll(() => t?.close());

const LIST = '/api/aoc-service/portal/userlogin/list?current=1&size=10';
/** Statements that read, this app's handle, while `fn` runs (writes such as logs are not counted). */
async function readsDuring(fn: () => Promise<unknown>): Promise<number> {
  const watch = writeWatchOf(t.db)!;
  const before = watch.reads;
  await fn();
  return watch.reads - before;
}
/** The fewest reads of three runs of `fn` (a timer of the app's own may read meanwhile). */
async function fewestReads(fn: () => Promise<unknown>): Promise<number> {
  const runs = [await readsDuring(fn), await readsDuring(fn), await readsDuring(fn)];
  return Math.min(...runs);
}
/** A write the app's own handle does not see: only the table trigger's NOTIFY can tell the cache (as another process's write). */
const elsewhere = () => t.db.withoutPlugins();
const userIdOf = async (account: string) => String((await sql<{ id: string }>`select id from blade_user where account = ${account}`.execute(t.db)).rows[0].id);

describe(`access kept in process (${onPg ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('once kept, a signed-in request reads nothing for its access: only the page it asked for', async () => {
    const token = (await t.login('js_aoc')).access_token;
    await expect.poll(() => t.app.services.access.trusted).toBe(true);
    t.app.services.access.drop();
    const cold = await readsDuring(async () => expect((await t.call({ url: LIST, token })).status).toBe(200));
    const warm = await fewestReads(async () => expect((await t.call({ url: LIST, token })).status).toBe(200));
    // cold: the actor, the grants, the data scope, then the count and the page; warm: the count and the page
    expect(cold - warm).toBeGreaterThanOrEqual(3);
    expect(warm).toBe(2);
  });

  it('the member page reads its count and page only: the sensitive-data grant comes from the kept grants', async () => {
    const token = (await t.login('nj_aoc')).access_token;
    await expect.poll(() => t.app.services.access.trusted).toBe(true);
    const page = '/api/aoc-service/memberaocenterprise/page?current=1&size=10&status=1';
    const warm = await fewestReads(async () => {
      const res = await t.call({ url: page, token });
      expect(res.status).toBe(200);
      expect(res.body.data.records.length).toBeGreaterThan(0);
    });
    expect(warm).toBe(2);
  });

  it('the writing process obeys its own change on the very next request, before any notification', async () => {
    const token = (await t.login('nj_coc')).access_token;
    expect((await t.call({ url: LIST, token })).status).not.toBe(401);
    bus.deaf = true; // no notification reaches the cache: only this process's own write watch can drop it
    try {
      const id = await userIdOf('nj_coc');
      await t.db.updateTable('bladeUser').set({ status: 0 }).where('id', '=', id).execute();
      const refused = await t.call({ url: LIST, token });
      expect(refused.status).toBe(401);
      expect(refused.body.msg ?? refused.body.error_description).toBe(AUTH_MSG.disabled);
      await t.db.updateTable('bladeUser').set({ status: 1 }).where('id', '=', id).execute();
      expect((await t.call({ url: LIST, token })).status).not.toBe(401);
      // a login's failure counter changes nothing access reads: what is kept stays
      const drop = vi.spyOn(t.app.services.access, 'drop');
      try {
        await t.db.updateTable('bladeUser').set({ loginFailCount: 0 }).where('id', '=', id).execute();
        expect(drop).not.toHaveBeenCalled();
        await t.db
          .updateTable('bladeUser')
          .set({ realName: sql<string>`real_name` })
          .where('id', '=', id)
          .execute();
        expect(drop, 'a column access reads').toHaveBeenCalled();
      } finally {
        drop.mockRestore();
      }
    } finally {
      bus.deaf = false;
    }
  });

  it("another process's write reaches the cache through the table trigger's notification", async () => {
    const token = (await t.login('nj_coc')).access_token;
    expect((await t.call({ url: LIST, token })).status).not.toBe(401);
    const id = await userIdOf('nj_coc');
    await sql`update blade_user set status = 0 where id = ${id}`.execute(elsewhere());
    try {
      await expect.poll(async () => (await t.call({ url: LIST, token })).status, { timeout: 3000, interval: 20 }).toBe(401);
    } finally {
      await sql`update blade_user set status = 1 where id = ${id}`.execute(elsewhere());
    }
    await expect.poll(async () => (await t.call({ url: LIST, token })).status, { timeout: 3000, interval: 20 }).not.toBe(401);
  });

  it('fails closed: while the LISTEN connection is down nothing is served from the cache, and a change nobody announced is obeyed', async () => {
    const token = (await t.login('nj_coc')).access_token;
    expect((await t.call({ url: LIST, token })).status).not.toBe(401);
    const id = await userIdOf('nj_coc');
    bus.deaf = true;
    bus.lost!();
    try {
      expect(t.app.services.access.trusted).toBe(false);
      await sql`update blade_user set status = 0 where id = ${id}`.execute(elsewhere()); // its notification is lost
      const refused = await t.call({ url: LIST, token });
      expect(refused.status).toBe(401);
      expect(refused.body.msg ?? refused.body.error_description).toBe(AUTH_MSG.disabled);
      await sql`update blade_user set status = 1 where id = ${id}`.execute(elsewhere());
      expect((await t.call({ url: LIST, token })).status).not.toBe(401);
    } finally {
      bus.deaf = false;
      bus.back!();
    }
    expect(t.app.services.access.trusted).toBe(true);
    await t.call({ url: LIST, token });
    expect(await fewestReads(() => t.call({ url: LIST, token }))).toBe(2); // kept again once it is back
  });

  it('a kept tenant is refused once its expiry time passes, with no write in between', async () => {
    const token = (await t.login('js_aoc')).access_token;
    await sql`update blade_tenant set expire_time = now() + interval '1500 milliseconds' where tenant_id = '000001'`.execute(t.db);
    try {
      expect((await t.call({ url: LIST, token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1600));
      const refused = await t.call({ url: LIST, token });
      expect(refused.status).toBe(401);
      expect(refused.body.msg ?? refused.body.error_description).toBe(TENANT_MSG.expired);
    } finally {
      await sql`update blade_tenant set expire_time = null where tenant_id = '000001'`.execute(t.db);
    }
  });

  it('a role granted a menu, or taken away, is obeyed on the next request', async () => {
    const token = (await t.login('nj_coc')).access_token;
    const url = '/api/blade-system/param/list?current=1&size=5';
    expect((await t.call({ url, token })).status).toBe(403);
    const roles = (
      await sql<{ roleId: string }>`select ur.role_id from blade_user_role ur join blade_user u on u.id = ur.user_id where u.account = 'nj_coc'`.execute(t.db)
    ).rows;
    const menu = (await sql<{ id: string }>`select id from blade_menu where code = 'param' and is_deleted = 0 limit 1`.execute(t.db)).rows[0];
    expect(menu, 'the param menu').toBeTruthy();
    await sql`insert into blade_role_menu (role_id, menu_id) values (${roles[0].roleId}, ${menu.id})`.execute(t.db);
    expect((await t.call({ url, token })).status).toBe(200);
    await sql`delete from blade_role_menu where role_id = ${roles[0].roleId} and menu_id = ${menu.id}`.execute(t.db);
    expect((await t.call({ url, token })).status).toBe(403);
  });
});

// ───────────── a second server process (PostgreSQL: the only database two processes can share) ─────────────

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe.runIf(onPg)('two server processes on one PostgreSQL database', () => {
  let child: ChildProcess | undefined;
  let port = 0;
  let outDir = '';
  let output = '';

  beforeAll(async () => {
    // The server as `npm start` runs it, bundled from this source (not a stale dist).
    // Inside server/node_modules, so that the bundle resolves the server's own packages.
    const cacheDir = path.join(import.meta.dirname, '../../../node_modules/.cache');
    fs.mkdirSync(cacheDir, { recursive: true });
    outDir = fs.mkdtempSync(path.join(cacheDir, 'access-cache-test-'));
    await build({
      entryPoints: { main: path.join(import.meta.dirname, '../../main.ts') },
      outdir: outDir,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      // as server/build.mjs: npm packages stay external, the contract's TypeScript is bundled
      external: Object.keys(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../package.json'), 'utf8')).dependencies).filter(
        (d) => !d.startsWith('@gsl/'),
      ),
      loader: { '.sql': 'text' },
      logLevel: 'error',
    });
    port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATA_DIR;
    delete env.NODE_ENV;
    child = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      env: {
        ...env,
        DATABASE_URL: t.databaseUrl,
        HOST: '127.0.0.1',
        PORT: String(port),
        JWT_SECRET: t.config.jwtSecret,
        API_AES_KEY: t.config.aesKey,
        API_CRYPTO: '0',
        OUTBOX_WORKER: 'off',
        LOG_LEVEL: 'warn',
        WEB_DIST: outDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c) => (output = (output + c).slice(-4000)));
    child.stderr!.on('data', (c) => (output = (output + c).slice(-4000)));
    const t0 = Date.now();
    while ((await get('/api/health').catch(() => ({ status: 0 }))).status !== 200) {
      if (child.exitCode !== null || Date.now() - t0 > 60_000) throw new Error(`the second server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const gone = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    }
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  });

  function get(url: string, token?: string): Promise<{ status: number; body: any }> {
    const basic = Buffer.from(`${t.config.clientId}:${t.config.clientSecret}`).toString('base64');
    return new Promise((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: url,
          agent: false,
          headers: { authorization: `Basic ${basic}`, ...(token ? { 'blade-auth': `bearer ${token}` } : {}) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (text += c));
          res.on('end', () => {
            let body: any = text;
            try {
              body = JSON.parse(text);
            } catch {
              /* not json */
            }
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on('error', reject);
    });
  }

  /** Ms from now until the other process answers `status` (polled every 5 ms, at most 3 s). */
  async function msUntil(url: string, token: string, status: number): Promise<number> {
    const t0 = performance.now();
    for (;;) {
      if ((await get(url, token)).status === status) return performance.now() - t0;
      if (performance.now() - t0 > 3000) throw new Error(`the other process did not answer ${status} within 3 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  it('a chain revoked in one process (logout) is refused by the other, which had it kept', async () => {
    const token = (await t.login('js_aoc')).access_token;
    expect((await get(LIST, token)).status).toBe(200);
    expect((await get(LIST, token)).status).toBe(200); // kept there now
    const out = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/logout', token });
    expect(out.status).toBe(200);
    const ms = await msUntil(LIST, token, 401);
    console.log(`access cache: a logout in one process refused by the other after ${ms.toFixed(1)} ms`);
  });

  it('a user disabled in one process is refused by the other; enabled again, let in again', async () => {
    const token = (await t.login('nj_coc')).access_token;
    expect((await get(LIST, token)).status).not.toBe(401);
    const id = await userIdOf('nj_coc');
    await t.db.updateTable('bladeUser').set({ status: 0 }).where('id', '=', id).execute();
    try {
      await msUntil(LIST, token, 401);
      expect((await get(LIST, token)).body.msg).toBe(AUTH_MSG.disabled);
    } finally {
      await t.db.updateTable('bladeUser').set({ status: 1 }).where('id', '=', id).execute();
    }
    await expect.poll(async () => (await get(LIST, token)).status, { timeout: 3000, interval: 10 }).not.toBe(401);
  });
});
