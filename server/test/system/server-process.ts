/**
 * System tests run the BUILT server (`node server/dist/main.js`) as real processes on 127.0.0.1,
 * the way it is deployed: nothing is imported from server/src, so what is tested is what ships.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_MAIN = path.join(ROOT, 'server', 'dist', 'main.js');
export const HOST = '127.0.0.1';
export const DEMO_PASSWORD = 'Demo@2026';
export const TENANT = '000001';
const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

let checkedStale = false;

/** Fails with a clear message when the server has not been built (system tests never build it). */
export function requireBuild(): void {
  if (!fs.existsSync(SERVER_MAIN)) {
    throw new Error(
      `${path.relative(ROOT, SERVER_MAIN)} is missing — the system tests run the built server: run \`npm run build\` first (\`npm test\` does it for you)`,
    );
  }
  if (checkedStale) return;
  checkedStale = true;
  const newest = newestMtime(path.join(ROOT, 'server', 'src'));
  if (newest > fs.statSync(SERVER_MAIN).mtimeMs) {
    console.warn(`[system] ${path.relative(ROOT, SERVER_MAIN)} is older than server/src — these tests run the last build (\`npm run build\` refreshes it)`);
  }
}

function newestMtime(dir: string): number {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) t = Math.max(t, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return t;
}

/** The secrets every process of one deployment shares (README "Scaling out"). */
export function sharedSecrets(): { API_AES_KEY: string; JWT_SECRET: string } {
  return { API_AES_KEY: randomBytes(16).toString('hex'), JWT_SECRET: randomBytes(32).toString('hex') };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface CallOptions {
  token?: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A multipart form (sent as is, with its own content type) instead of a JSON body. */
  form?: FormData;
}

export interface CallResult {
  status: number;
  body: any;
  text: string;
}

export interface ServerProcess {
  name: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** stdout + stderr so far (the last 20 000 characters). */
  output(): string;
  /** One API call as the web client makes it (Basic client, optional bearer); decrypts the answer. */
  call(method: string, url: string, opts?: CallOptions): Promise<CallResult>;
  /** Password grant; returns the decrypted token answer. */
  login(account: string, headers?: Record<string, string>): Promise<Record<string, any>>;
  /** SIGTERM (a clean stop), SIGKILL after 15 s. */
  stop(): Promise<void>;
}

/**
 * Spawns `node server/dist/main.js` on 127.0.0.1 and a free port. The environment is ours alone:
 * nothing of the test runner's DATABASE_URL / DATA_DIR / NODE_ENV leaks in unless passed in `env`.
 */
export async function spawnServer(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const base: Record<string, string | undefined> = { ...process.env };
  for (const k of [
    'DATABASE_URL',
    'DATA_DIR',
    'NODE_ENV',
    'PORT',
    'HOST',
    'API_AES_KEY',
    'JWT_SECRET',
    'TEST_DB',
    'API_CRYPTO',
    'DEMO_DATA',
    'PUBLIC_URL',
    'TRUST_PROXY',
  ])
    delete base[k];
  const childEnv: Record<string, string | undefined> = { ...base, HOST, PORT: String(port), LOG_LEVEL: 'warn', TOKEN_RATE_LIMIT: '100000', ...env };
  const child = spawn(process.execPath, [SERVER_MAIN], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const aesKey = childEnv.API_AES_KEY;

  const call = async (method: string, url: string, opts: CallOptions = {}): Promise<CallResult> => {
    const qs = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
    const headers: Record<string, string> = { authorization: CLIENT, ...(opts.headers ?? {}) };
    if (opts.token) headers['blade-auth'] = `bearer ${opts.token}`;
    let payload: string | FormData | undefined;
    if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    } else if (opts.form) payload = opts.form;
    const res = await fetch(`http://${HOST}:${port}${url}${qs}`, { method, headers, body: payload });
    let text = await res.text();
    if (aesKey && url.startsWith('/api/') && (res.headers.get('content-type') ?? '').startsWith('text/plain') && text) text = decrypt(text, aesKey);
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, text };
  };

  const proc: ServerProcess = {
    name,
    port,
    pid: child.pid!,
    child,
    exited,
    output: () => out,
    call,
    async login(account, headers = {}) {
      const res = await call('POST', '/api/blade-auth/oauth/token', {
        body: { grant_type: 'password', username: account, password: DEMO_PASSWORD, tenantId: TENANT },
        headers,
      });
      if (res.status !== 200 || !res.body?.access_token)
        throw new Error(`${name}: password login of ${account} failed: HTTP ${res.status} ${res.text.slice(0, 300)}`);
      return res.body;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  return proc;
}

async function healthy(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://${HOST}:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Spawns the server and resolves once GET /api/health answers 200; throws with its output if it exits or hangs. */
export async function startServer(name: string, env: Record<string, string>, timeoutMs = 180_000): Promise<ServerProcess> {
  const proc = await spawnServer(name, env);
  let gone: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  void proc.exited.then((e) => (gone = e));
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (gone) break;
    if (await healthy(proc.port)) return proc;
    await new Promise((r) => setTimeout(r, 100));
  }
  const why = gone ? `exited (code ${(gone as { code: number | null }).code})` : `no healthy answer within ${timeoutMs / 1000} s`;
  await proc.stop();
  throw new Error(`server ${name} did not start: ${why}\n--- its output ---\n${proc.output().trim()}`);
}

/** Health of a running process (for "the first one is unharmed"). */
export const isHealthy = (proc: ServerProcess) => healthy(proc.port);

export function decrypt(text: string, key: string): string {
  const k = Buffer.from(key, 'utf8');
  const d = createDecipheriv('aes-256-cbc', k, k.subarray(0, 16));
  return Buffer.concat([d.update(Buffer.from(text, 'base64')), d.final()]).toString('utf8');
}

export interface TempDatabase {
  name: string;
  /** DATABASE_URL of the new database. */
  url: string;
  query<R extends pg.QueryResultRow = any>(text: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
  /** Closes our connection and drops the database (with (force): also ends any server still connected). */
  drop(): Promise<void>;
}

/**
 * A new, empty database `gsl_sys_<random>` on the PostgreSQL server of `adminUrl`, for one test file.
 * The server processes use its default schema, as in production.
 */
export async function createDatabase(adminUrl: string, prefix = 'gsl_sys_'): Promise<TempDatabase> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {
    /* dropped underneath us at the end */
  });
  return {
    name,
    url,
    query: (text, params) => pool.query(text, params as unknown[]),
    async drop() {
      await pool.end().catch(() => undefined);
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      try {
        await a.query(`drop database if exists ${name} with (force)`);
      } finally {
        await a.end();
      }
    },
  };
}
