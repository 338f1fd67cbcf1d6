import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWechatFake } from './wechat-fake';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_MAIN = join(ROOT, 'server', 'dist', 'main.js');
const WEB_INDEX = join(ROOT, 'web', 'dist', 'index.html');
const STARTUP_TIMEOUT_MS = 90_000;

/** A port nobody listens on right now (E2E_PORT wins when set). */
async function freePort(): Promise<number> {
  if (process.env.E2E_PORT) return Number(process.env.E2E_PORT);
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
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

/** Starts the built product with an embedded database of its own; returns the teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const missing = [SERVER_MAIN, WEB_INDEX].filter((f) => !existsSync(f));
  if (missing.length) {
    throw new Error(`e2e: the product is not built (missing ${missing.join(', ')}). Run \`npm run build\` in ${ROOT} first.`);
  }

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gsl-e2e-'));
  // The product sends e-mail over SMTP to the test's own server on loopback, which keeps each message
  // as a file the tests read (E2E_MAIL_DIR): "an e-mail arrives" is checked where mail really arrives.
  const mailDir = mkdtempSync(join(tmpdir(), 'gsl-e2e-mail-'));
  const smtp = await startMailSink(mailDir);
  // WeChat sign-on and 绑定微信 talk to a stand-in for WeChat on loopback (wechat-fake.ts).
  const wechat = await startWechatFake();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // the "threshold shortened by config": a refresh really happens during a test
    REFRESH_THRESHOLD_SECONDS: '6',
    REFRESH_CHECK_SECONDS: '2',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'portal@e2e.test',
    ...wechat.env,
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

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseURL}/api/health`, child, () => log);
  } catch (err) {
    kill();
    rmSync(dataDir, { recursive: true, force: true });
    await smtp.close();
    await wechat.close();
    rmSync(mailDir, { recursive: true, force: true });
    throw err;
  }
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    await smtp.close();
    await wechat.close();
    rmSync(mailDir, { recursive: true, force: true });
  };
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
