import fs from 'node:fs';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { CamelCaseResults, SnakeCasePostgresDialect } from './snake-case.js';
import type { Client as PgClient, ClientConfig as PgClientConfig } from 'pg';
import { PGliteDialect, sessionOf, type PgliteStats } from './pglite-dialect.js';
import type { Database } from './schema.js';
import { WriteWatch } from './write-watch.js';

export type Db = Kysely<Database>;

/**
 * Hears NOTIFY on one channel (live events, architecture §1): PostgreSQL through a dedicated
 * connection outside the pool, reconnected with backoff when it drops; PGlite in process. Resolves
 * once LISTEN is in place; the answer stops listening. `onReconnect` runs after a dropped connection
 * is back: notifications sent while it was down are lost, so the caller catches up from its table.
 * `onLost` runs as soon as the connection drops (a cache that relies on the notifications stops
 * trusting itself until `onReconnect`).
 */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  opts?: { onReconnect?: () => void; onLost?: () => void },
) => Promise<() => Promise<void>>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'pg';
  close(): Promise<void>;
  listen: Listen;
  /** PGlite only: how the single session's turns went (waits, holds, idle time in transactions); `reset` starts the figures afresh. */
  turns?: (reset?: boolean) => PgliteStats;
  /** PGlite only: the whole data directory as a tarball (test templates). */
  dump?: () => Promise<Blob>;
}

export interface DbOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** Use an in-memory PGlite loaded from a data-dir dump (tests). */
  pgliteDump?: Blob;
  /** Schema for this connection (tests isolate each file in its own schema on PostgreSQL). */
  schema?: string;
  poolSize?: number;
  /** PostgreSQL only: give up connecting after this long (a tenant datasource being checked). */
  connectTimeoutMs?: number;
  /** Session time zone: date filters without an offset are read in it (wire contract §3). */
  timeZone?: string;
}

const INT8 = 20;
const NUMERIC = 1700;

type Pg = (typeof import('pg'))['default'];
let pgModule: Promise<Pg> | undefined;

/** node-postgres, loaded on first use: a server on the embedded database never needs it (issue 18: cold start). */
function loadPg(): Promise<Pg> {
  return (pgModule ??= import('pg').then(({ default: pg }) => {
    // Ids are strings on the wire (wire contract §3): both drivers return int8 as text.
    pg.types.setTypeParser(INT8, (v) => v);
    pg.types.setTypeParser(NUMERIC, (v) => v);
    return pg;
  }));
}

/** Identifiers are snake-cased by the dialects' compiler (snake-case.ts); rows come back camelCased. */
const plugins = [new CamelCaseResults()];

/** A handle whose writes this process is told of (write-watch.ts). */
function watched(watch: WriteWatch, open: (watch: WriteWatch) => Db): Db {
  const db = open(watch);
  watch.attach(db);
  return db;
}

const ZONE_RE = /^[A-Za-z_]+(\/[A-Za-z_+-]+){0,2}$|^UTC$/;

export async function openDatabase(opts: DbOptions): Promise<DbHandle> {
  const zone = opts.timeZone ?? 'Asia/Shanghai';
  if (!ZONE_RE.test(zone)) throw new Error(`invalid time zone: ${zone}`);
  if (opts.databaseUrl) return openPg(opts, zone);
  return openPglite(opts, zone);
}

async function openPg(opts: DbOptions, zone: string): Promise<DbHandle> {
  const pg = await loadPg();
  const connection: PgClientConfig = {
    connectionString: opts.databaseUrl,
    ...(opts.connectTimeoutMs ? { connectionTimeoutMillis: opts.connectTimeoutMs } : {}),
    options: [`-c TimeZone=${zone}`, opts.schema ? `-c search_path=${opts.schema}` : ''].join(' ').trim(),
  };
  const pool = new pg.Pool({ ...connection, max: opts.poolSize ?? 10 });
  pool.on('error', () => {
    /* an idle client died (server restart); the pool replaces it */
  });
  const db = watched(
    new WriteWatch(),
    (watch) => new Kysely<Database>({ dialect: new SnakeCasePostgresDialect({ pool }), plugins: [...plugins, watch.plugin] }),
  );
  try {
    await sql`select 1`.execute(db);
  } catch (err) {
    await db.destroy().catch(() => undefined);
    throw err;
  }
  return { db, kind: 'pg', close: () => db.destroy(), listen: pgListen(pg, connection) };
}

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * LISTEN needs a session of its own: a pooled connection goes back to the pool (and its LISTEN with
 * it) after every query. One client per listen call, kept alive across drops (a restarted server, a
 * failover, an idle-killing proxy) with doubling delays up to 30 s.
 */
function pgListen(pg: Pg, connection: PgClientConfig): Listen {
  return async (channel, onNotify, opts = {}) => {
    if (!CHANNEL_RE.test(channel)) throw new Error(`invalid channel name: ${channel}`);
    let current: PgClient | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    let delay = RECONNECT_MIN_MS;

    const connect = async (): Promise<PgClient> => {
      const client = new pg.Client({ ...connection, keepAlive: true });
      const lost = () => {
        if (current !== client) return;
        current = null;
        opts.onLost?.();
        client.end().catch(() => undefined);
        schedule();
      };
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', (n) => {
        if (n.channel === channel) onNotify(n.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`);
      } catch (err) {
        await client.end().catch(() => undefined);
        throw err;
      }
      return client;
    };

    const schedule = () => {
      if (stopped) return;
      retry = setTimeout(async () => {
        try {
          const client = await connect();
          if (stopped) {
            await client.end().catch(() => undefined);
            return;
          }
          current = client;
          delay = RECONNECT_MIN_MS;
          opts.onReconnect?.();
        } catch {
          delay = Math.min(delay * 2, RECONNECT_MAX_MS);
          schedule();
        }
      }, delay);
      retry.unref();
    };

    current = await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    };
  };
}

async function openPglite(opts: DbOptions, zone: string): Promise<DbHandle> {
  const { PGlite, types } = await import('@electric-sql/pglite');
  const parsers = { [types.INT8]: (v: string) => v, [types.NUMERIC]: (v: string) => v };
  let release: (() => void) | undefined;
  let client;
  if (opts.dataDir) {
    const dir = path.resolve(opts.dataDir);
    fs.mkdirSync(dir, { recursive: true });
    release = lockDataDir(dir);
    try {
      client = await PGlite.create({ dataDir: path.join(dir, 'pgdata'), parsers });
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create({ loadDataDir: opts.pgliteDump, parsers });
  }
  await client.exec(`set time zone '${zone}'`);
  // One session: statements, transactions, LISTEN and dumps take turns in arrival order (pglite-dialect.ts).
  const session = sessionOf(client);
  let warned = 0;
  session.onLongIdle = ({ idleMs, waiting, firstStatement }) => {
    if (Date.now() - warned < 10_000) return; // at most one line per 10 s
    warned = Date.now();
    console.warn(`PGlite: a transaction kept the database idle ${idleMs.toFixed(0)} ms between its statements while ${waiting} waited (${firstStatement})`);
  };
  const db = watched(new WriteWatch(), (watch) => new Kysely<Database>({ dialect: new PGliteDialect(client as never), plugins: [...plugins, watch.plugin] }));
  return {
    db,
    kind: 'pglite',
    turns: (reset) => {
      const figures = { ...session.stats };
      if (reset) Object.assign(session.stats, { turns: 0, statements: 0, maxWaitMs: 0, totalWaitMs: 0, maxHoldMs: 0, maxIdleMs: 0 });
      return figures;
    },
    dump: () => session.exclusive(() => client.dumpDataDir('none') as Promise<Blob>),
    // In process: PGlite delivers a notification after the notifying transaction commits, never on rollback.
    async listen(channel, onNotify) {
      if (!CHANNEL_RE.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      const unlisten = await session.exclusive(() => client.listen(channel, onNotify));
      return () => session.exclusive(() => unlisten()).catch(() => undefined);
    },
    async close() {
      await db.destroy();
      release?.();
    },
  };
}

/**
 * PGlite does not lock its directory; two processes writing one data dir corrupt it.
 * A lock file holding our pid refuses a second server while the first is alive; a stale
 * lock (its pid gone, e.g. after kill -9) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const lockFile = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dir, holder);
      }
      fs.unlinkSync(lockFile);
    }
  }
  throw new DataDirLockedError(dir, 0);
}

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(`数据目录 ${dir} 正被另一个服务进程 (pid ${pid}) 使用; 嵌入式数据库只允许一个进程打开。Data directory is held by another running server.`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
