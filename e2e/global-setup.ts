import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_COUNT } from './servers';
import { startWechatFake } from './wechat-fake';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_MAIN = join(ROOT, 'server', 'dist', 'main.js');
const WEB_INDEX = join(ROOT, 'web', 'dist', 'index.html');
const STARTUP_TIMEOUT_MS = 90_000;

/** `n` different ports nobody listens on right now (E2E_PORT, when set, is the first). */
async function freePorts(n: number): Promise<number[]> {
  const listeners = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<ReturnType<typeof createServer>>((ok, fail) => {
          const srv = createServer();
          srv.unref();
          srv.on('error', fail);
          srv.listen(0, '127.0.0.1', () => ok(srv));
        }),
    ),
  );
  const ports = listeners.map((srv) => {
    const addr = srv.address();
    return typeof addr === 'object' && addr ? addr.port : 0;
  });
  await Promise.all(listeners.map((srv) => new Promise((ok) => srv.close(ok))));
  if (process.env.E2E_PORT) ports[0] = Number(process.env.E2E_PORT);
  return ports;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`e2e: the server exited with code ${child.exitCode} before it was healthy:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`e2e: ${url} did not answer within ${STARTUP_TIMEOUT_MS / 1000}s:\n${output()}`);
}

/** One running copy of the product: its address and how to stop it. */
interface Server {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * Starts the built product SERVER_COUNT times (servers.ts), each with an embedded database of its own, and
 * exports their addresses as E2E_BASE_URL_1 … (E2E_BASE_URL is the first); returns the teardown. Every copy
 * sends its mail to one sink (E2E_MAIL_DIR) and talks to one WeChat stand-in.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const missing = [SERVER_MAIN, WEB_INDEX].filter((f) => !existsSync(f));
  if (missing.length) {
    throw new Error(`e2e: the product is not built (missing ${missing.join(', ')}). Run \`npm run build\` in ${ROOT} first.`);
  }

  // The product sends e-mail over SMTP to the test's own server on loopback, which keeps each message
  // as a file the tests read (E2E_MAIL_DIR): "an e-mail arrives" is checked where mail really arrives.
  const mailDir = mkdtempSync(join(tmpdir(), 'gsl-e2e-mail-'));
  const smtp = await startMailSink(mailDir);
  // WeChat sign-on and 绑定微信 talk to a stand-in for WeChat on loopback (wechat-fake.ts).
  const wechat = await startWechatFake();
  const closeShared = async () => {
    await smtp.close();
    await wechat.close();
    rmSync(mailDir, { recursive: true, force: true });
  };

  const ports = await freePorts(SERVER_COUNT);
  const started = await Promise.allSettled(ports.map((port) => startServer(port, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...wechat.env })));
  const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    await closeShared();
    throw failed.reason;
  }
  servers.forEach((s, i) => (process.env[`E2E_BASE_URL_${i + 1}`] = s.baseURL));
  process.env.E2E_BASE_URL = servers[0].baseURL;
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await closeShared();
  };
}

/** Starts `node server/dist/main.js` on the port with a fresh PGlite data directory; resolves once it is healthy. */
async function startServer(port: number, shared: NodeJS.ProcessEnv): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gsl-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // the "threshold shortened by config": a refresh really happens during a test
    REFRESH_THRESHOLD_SECONDS: '6',
    REFRESH_CHECK_SECONDS: '2',
    MAIL_FROM: 'portal@e2e.test',
    ...shared,
  };
  delete env.DATABASE_URL; // always the embedded database, exactly as `npm start`
  delete env.NODE_ENV; // development defaults (demo data, generated secrets), as `npm start`
  // PUBLIC_URL / TRUST_PROXY would move the portal's origin away from the address the browser uses.
  for (const k of [
    'BASE_PATH',
    'SSO_URL',
    'SSO_LOGOUT_URL',
    'API_CRYPTO',
    'WEB_DIST',
    'LOGIN_MAX_FAILURES',
    'LOGIN_LOCK_MINUTES',
    'DEMO_DATA',
    'PUBLIC_URL',
    'TRUST_PROXY',
  ])
    delete env[k];

  let log = '';
  const child = spawn(process.execPath, [SERVER_MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk); // warnings and errors of the server stay visible
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.once('exit', kill);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseURL}/api/health`, child, () => log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, stop };
}

/** An SMTP server on 127.0.0.1 that accepts every message and writes it, raw, to `dir` (one .eml each). */
async function startMailSink(dir: string): Promise<{ port: number; close(): Promise<void> }> {
  const { SMTPServer } = await import('smtp-server');
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(join(dir, `${String(++n).padStart(5, '0')}.eml`), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
        callback();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}
