// Load run, called by bench/run.mjs (`npm run bench`, or `node bench/run.mjs load`).
//
// autocannon on 127.0.0.1, LOAD_CONNECTIONS (100) connections for LOAD_SECONDS (60) s, API_CRYPTO=1,
// one mix per connection, in a loop: token refresh → userlogin/list (paged) → user-info → deptInfo/detail.
// Every refresh spends a refresh token nobody has used: tokens come from a pool filled by password
// grants before the run, and each successful refresh puts its successor back (rotation honoured).
// Then, on PostgreSQL, the list alone and the SAME SQL behind a bare Fastify + pg handler
// (bench/bare-server.mjs), measured the same way, printed as ratios product / bare.
// Zero errors (non-2xx, socket errors, timeouts, answers that do not decrypt to success) and zero
// lost writes (every refresh token handed out is a row, every one spent is marked used) — else exit 1.
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

import { parallel, percentile, positiveInt, requireServer, scratchDatabase } from './util.mjs';

const pg = requireServer('pg');

const LIST_PATH = '/api/aoc-service/portal/userlogin/list?current=1&size=10';
const USER_INFO = '/api/blade-auth/oauth/user-info';
const DEPT_INFO = '/api/aoc-service/portal/deptInfo/detail';
const ACCOUNT = 'js_aoc'; // the province federation: its scope is every org below it
const KINDS = ['refresh', 'list', 'user-info', 'deptInfo'];

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

function summarise(result) {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export async function runLoad(ctx) {
  const { HOST, CLIENT, log, record, problems, tempDirs, asyncCleanups, startServer, stopServer, freePort, request, decrypt, passwordGrant, ROOT } = ctx;
  const seconds = positiveInt('LOAD_SECONDS', 60);
  const connections = positiveInt('LOAD_CONNECTIONS', 100);
  const adminUrl = process.env.DATABASE_URL || null;

  console.log(
    `\nload: ${connections} connections × ${seconds} s on 127.0.0.1, API_CRYPTO=1, ${adminUrl ? 'PostgreSQL (a new database on DATABASE_URL, dropped afterwards)' : 'PGlite in a temp DATA_DIR'}`,
  );
  if (!adminUrl)
    console.log(
      'load: DATABASE_URL is unset — the bare Fastify + pg comparison is skipped (an embedded PGlite database cannot be shared with a second process); the mix still runs on PGlite',
    );
  const [load1] = loadavg();
  if (load1 > availableParallelism() / 2)
    console.log(`load: load average ${load1.toFixed(2)} on ${availableParallelism()} CPUs — other work shares the machine, figures will be noisy`);

  // ── the product, on a database of its own ──
  const db = adminUrl ? await scratchDatabase(adminUrl, asyncCleanups) : null;
  const dataDir = db ? null : mkdtempSync(join(tmpdir(), 'gsl-load-'));
  if (dataDir) tempDirs.push(dataDir);
  const port = await freePort();
  log(`load: starting the product on ${db ? `database ${db.name}` : dataDir} (new database: migrate + seed)`);
  const server = await startServer({ dataDir, databaseUrl: db?.url, port, apiCrypto: true, timeoutMs: 180_000 });

  // ── the refresh-token pool: one chain per connection, plus spare ──
  const POOL = connections + Math.max(10, Math.ceil(connections / 5));
  log(`load: ${POOL} password grants as ${ACCOUNT} (argon2id) to fill the refresh-token pool`);
  const grants = await parallel(Array.from({ length: POOL }), 4, async () => {
    const res = await passwordGrant(port, ACCOUNT);
    if (res.status !== 200 || !res.body?.refresh_token) throw new Error(`password grant failed: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  });
  const issuedBefore = POOL; // refresh-token rows that exist before the run (fresh database, nothing else issues them)
  const pool = grants.map((g) => ({ refresh: g.refresh_token, access: g.access_token }));
  const fallbackAccess = grants[0].access_token;

  // Every kind answers 200 with success before the run starts.
  for (const path of [LIST_PATH, USER_INFO, DEPT_INFO]) {
    const res = await request(port, 'GET', path, { 'blade-auth': `bearer ${fallbackAccess}` });
    if (res.status !== 200 || !res.body?.success) throw new Error(`load check ${path}: HTTP ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`);
  }
  const firstPage = await request(port, 'GET', LIST_PATH, { 'blade-auth': `bearer ${fallbackAccess}` });
  const journalRows = firstPage.body.data.total;
  if (!firstPage.body.data.records.length) throw new Error(`load check: ${ACCOUNT} sees no login-journal rows`);

  // ── the mix ──
  const stats = Object.fromEntries(KINDS.map((k) => [k, { sent: 0, ok: 0, bad: 0, latencies: [], samples: [] }]));
  const issued = []; // refresh tokens received in 200 answers during the run
  const spent = []; // refresh tokens presented in refreshes that answered 200
  let starved = 0;

  const answer = (kind, status, body, context) => {
    const s = stats[kind];
    s.latencies.push(performance.now() - context.t0);
    let parsed = null;
    try {
      parsed = JSON.parse(decrypt(body));
    } catch {
      /* counted as bad below */
    }
    const good =
      status === 200 &&
      parsed &&
      (kind === 'refresh' ? typeof parsed.refresh_token === 'string' && typeof parsed.access_token === 'string' : parsed.success === true);
    if (good) s.ok++;
    else {
      s.bad++;
      if (s.samples.length < 3) s.samples.push(`HTTP ${status} ${String(parsed ? JSON.stringify(parsed) : body).slice(0, 200)}`);
    }
    return good ? parsed : null;
  };
  const read = (kind, path) => ({
    method: 'GET',
    path,
    setupRequest: (req, context) => {
      stats[kind].sent++;
      context.t0 = performance.now();
      return { ...req, headers: { ...req.headers, 'blade-auth': `bearer ${context.access ?? fallbackAccess}` } };
    },
    onResponse: (status, body, context) => void answer(kind, status, body, context),
  });
  const requests = [
    {
      method: 'POST',
      setupRequest: (req, context) => {
        const entry = pool.pop();
        context.t0 = performance.now();
        stats.refresh.sent++;
        if (!entry) starved++; // answered 400 below and counted as an error
        context.sent = entry?.refresh ?? 'starved';
        context.access = undefined;
        return { ...req, path: `/api/blade-auth/oauth/token?grant_type=sso_refresh_token&refresh_token=${encodeURIComponent(context.sent)}&tenantId=000001` };
      },
      onResponse: (status, body, context) => {
        const t = answer('refresh', status, body, context);
        if (!t) return; // a failed refresh loses its chain: the pool has spare tokens
        issued.push(t.refresh_token);
        spent.push(context.sent);
        pool.push({ refresh: t.refresh_token, access: t.access_token });
        context.access = t.access_token; // the reads of this round use the access token just issued
      },
    },
    read('list', LIST_PATH),
    read('user-info', USER_INFO),
    read('deptInfo', DEPT_INFO),
  ];

  log(`load: mix (refresh → list → user-info → deptInfo per connection), ${connections} connections, ${seconds} s …`);
  const mixResult = await autocannon({ url: `http://${HOST}:${port}`, headers: { authorization: CLIENT }, connections, duration: seconds, requests });
  const mix = summarise(mixResult);
  const badAnswers = KINDS.reduce((n, k) => n + stats[k].bad, 0);
  recordRun(`load mix (${connections} conn, ${seconds} s)`, mix, badAnswers);
  for (const k of KINDS) {
    const s = stats[k];
    const sorted = Float64Array.from(s.latencies).sort();
    const lat = sorted.length ? `; p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms` : '';
    record(`  ${k}`, `${s.ok} ok / ${s.bad} bad of ${s.latencies.length} answered${lat}`, null, null);
    if (s.bad) problems.push(`load mix, ${k}: ${s.bad} answers were not 200 + success, e.g. ${s.samples.join(' | ')}`);
  }
  if (starved) problems.push(`load mix: the refresh-token pool ran dry ${starved} times (refreshes failed and lost their chains)`);

  // ── the list alone through the product (same shape as the bare run below) ──
  let listOnly = null;
  if (db) {
    log(`load: userlogin/list alone through the product, ${connections} connections, ${seconds} s …`);
    const r = await autocannon({
      url: `http://${HOST}:${port}${LIST_PATH}`,
      headers: { authorization: CLIENT, 'blade-auth': `bearer ${fallbackAccess}` },
      connections,
      duration: seconds,
    });
    listOnly = summarise(r);
    recordRun(`load userlogin/list alone, product (${connections} conn, ${seconds} s, ${journalRows} rows)`, listOnly, 0);
  }

  // ── PGlite: userlogin/list alone at 50 connections (issue 18 target), and how long anyone waited for the session ──
  const pgliteList = db ? null : await pgliteListRun({ ...ctx, port, token: fallbackAccess, seconds, journalRows });

  // ── zero lost writes: every refresh answered is a row; every token spent is marked used ──
  log('load: stopping the product, counting refresh-token rows in the database');
  await stopServer(server);
  if (pgliteList) pgliteTurns(ctx, server);
  const counts = await countWrites({ db, dataDir, issued, spent });
  const refreshOk = stats.refresh.ok;
  const createdDuringRun = counts.total - issuedBefore;
  const lostRows = issued.length - counts.issuedFound;
  const lostUses = spent.length - counts.spentUsed;
  const unanswered = createdDuringRun - refreshOk;
  record('load refreshes answered 200 (writes)', `${refreshOk}`, null, null);
  record(
    'load lost writes',
    `${lostRows} tokens handed out but not in auth_refresh_token, ${lostUses} spent but not marked used (rows created during the run ${createdDuringRun}, of which ${Math.max(0, unanswered)} by refreshes still in flight when autocannon stopped)`,
    '0',
    lostRows === 0 && lostUses === 0 && unanswered >= 0,
  );
  record('load refresh chains revoked during the run', `${counts.revoked}`, '0', counts.revoked === 0);
  if (lostRows || lostUses)
    problems.push(`load: lost writes — ${lostRows} refresh tokens handed out are not rows, ${lostUses} spent tokens are not marked used`);
  if (unanswered < 0) problems.push(`load: ${-unanswered} more refresh answers than rows created during the run`);
  if (unanswered > connections)
    problems.push(`load: ${unanswered} refresh rows without an answer, more than the ${connections} requests that can be in flight when the run stops`);
  if (counts.revoked) problems.push(`load: ${counts.revoked} refresh chains were revoked during the run (a refresh token was presented twice)`);

  // ── the same SQL through a bare Fastify + pg handler ──
  if (!db) {
    record('load bare Fastify + pg comparison', 'skipped: DATABASE_URL is unset (PGlite cannot be shared with a second process)', null, null);
    return;
  }
  const barePort = await freePort();
  const bareEnv = { PATH: process.env.PATH, HOST, PORT: String(barePort), DATABASE_URL: db.url, ACCOUNT, TIME_ZONE: 'Asia/Shanghai' };
  const bare = await startServer({ main: join(ROOT, 'bench', 'bare-server.mjs'), port: barePort, env: bareEnv, timeoutMs: 30_000 });
  try {
    // Same SQL, same answer: the bare handler's first page is the product's, row for row.
    const check = await request(barePort, 'GET', '/list?current=1&size=10');
    const ids = (page) => page.records.map((r) => String(r.id)).join(',');
    if (check.status !== 200 || check.body?.data?.total !== journalRows || ids(check.body.data) !== ids(firstPage.body.data)) {
      throw new Error(
        `bare check: the bare handler does not answer what the product answered (HTTP ${check.status}, total ${check.body?.data?.total} vs ${journalRows})`,
      );
    }
    log(`load: bare Fastify + pg, same SQL (${journalRows} rows in scope), ${connections} connections, ${seconds} s …`);
    const r = await autocannon({ url: `http://${HOST}:${barePort}/list?current=1&size=10`, connections, duration: seconds });
    const b = summarise(r);
    recordRun(`load bare Fastify + pg, same SQL (${connections} conn, ${seconds} s)`, b, 0);
    const ratio = (x, y) => (y ? (x / y).toFixed(2) : 'n/a');
    // issue 18's targets: the platform around the same SQL costs at most 40 % of the throughput (the mix, with
    // its refresh writes, 50 %), and its p99 at most 1.8 times the bare one.
    const listRps = b.rps ? listOnly.rps / b.rps : 0;
    const listP99 = b.p99 ? listOnly.p99 / b.p99 : Infinity;
    const mixRps = b.rps ? mix.rps / b.rps : 0;
    record('load ratio product/bare, userlogin/list req/s', ratio(listOnly.rps, b.rps), '≥ 0.6', listRps >= 0.6);
    record('load ratio product/bare, userlogin/list p99', ratio(listOnly.p99, b.p99), '≤ 1.8', listP99 <= 1.8);
    record('load ratio product mix/bare req/s', `${ratio(mix.rps, b.rps)} (p99 ${ratio(mix.p99, b.p99)})`, '≥ 0.5', mixRps >= 0.5);
  } finally {
    await stopServer(bare);
  }

  function recordRun(name, r, bad) {
    record(`${name} req/s`, r.rps.toFixed(0), null, null);
    record(`${name} p50 / p99`, `${r.p50} ms / ${r.p99} ms`, null, null);
    const timeouts = r.timeouts ? ` (${r.timeouts} timeouts)` : '';
    record(`${name} non-2xx / errors`, `${r.non2xx} / ${r.errors}${timeouts} of ${r.total}`, '0 / 0', r.non2xx + r.errors + bad === 0);
    if (r.non2xx + r.errors > 0) problems.push(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} of them timeouts) out of ${r.total} requests`);
  }
}

const PGLITE_LIST_CONNECTIONS = 50;
const PGLITE_LIST_P99_MS = 1000;

/**
 * Issue 18, embedded database: `userlogin/list` alone at 50 connections must keep p99 under 1 s (one PGlite
 * session, turns taken in arrival order — server/src/db/pglite-dialect.ts). Prints the figure with OK/OVER.
 */
async function pgliteListRun({ HOST, CLIENT, log, record, problems, port, token, seconds, journalRows }) {
  const connections = PGLITE_LIST_CONNECTIONS;
  log(`load: PGlite userlogin/list alone, ${connections} connections, ${seconds} s …`);
  const r = summarise(
    await autocannon({
      url: `http://${HOST}:${port}${LIST_PATH}`,
      headers: { authorization: CLIENT, 'blade-auth': `bearer ${token}` },
      connections,
      duration: seconds,
    }),
  );
  record(`PGlite userlogin/list ${connections} conns (${seconds} s, ${journalRows} rows)`, `${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms`, null, null);
  record(
    `PGlite userlogin/list ${connections} conns`,
    `p99 ${r.p99} ms`,
    `< ${PGLITE_LIST_P99_MS} ms`,
    r.p99 < PGLITE_LIST_P99_MS && r.non2xx + r.errors === 0,
  );
  if (r.non2xx + r.errors > 0)
    problems.push(`PGlite userlogin/list alone: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} of them timeouts) out of ${r.total} requests`);
  return r;
}

/** The server prints its PGlite session's turns at a clean stop (main.ts): the longest anyone waited for a turn. */
function pgliteTurns({ record }, server) {
  const m = server
    .output()
    .match(/PGlite since start-up: (\d+) turns, (\d+) statements; longest wait (\d+) ms, longest turn (\d+) ms, longest idle in a turn (\d+) ms/);
  if (!m) {
    record('PGlite session turns (whole run)', 'not reported by the server', null, null);
    return;
  }
  record(
    'PGlite session turns (since start-up)',
    `${m[1]} turns, ${m[2]} statements; longest wait for a turn ${m[3]} ms, longest turn ${m[4]} ms, longest idle inside a turn ${m[5]} ms`,
    null,
    null,
  );
}

/** Counts in the database the product wrote to: PostgreSQL directly; PGlite once the server has stopped. */
async function countWrites({ db, dataDir, issued, spent }) {
  const issuedHashes = issued.map(sha256);
  const spentHashes = spent.map(sha256);
  const queries = {
    total: ['select count(*)::int as n from auth_refresh_token', []],
    issuedFound: ['select count(*)::int as n from auth_refresh_token where token_hash = any($1::varchar[])', [issuedHashes]],
    spentUsed: ['select count(*)::int as n from auth_refresh_token where token_hash = any($1::varchar[]) and used_time is not null', [spentHashes]],
    revoked: ['select count(*)::int as n from auth_revoked_chain', []],
  };
  const out = {};
  if (db) {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      for (const [k, [text, params]] of Object.entries(queries)) out[k] = (await c.query(text, params)).rows[0].n;
    } finally {
      await c.end();
    }
  } else {
    const { PGlite } = requireServer('@electric-sql/pglite');
    const lite = await PGlite.create({ dataDir: join(dataDir, 'pgdata') });
    try {
      for (const [k, [text, params]] of Object.entries(queries)) out[k] = (await lite.query(text, params)).rows[0].n;
    } finally {
      await lite.close();
    }
  }
  return out;
}
