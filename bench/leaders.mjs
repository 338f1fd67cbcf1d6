// Association leadership, called by bench/run.mjs (`node bench/run.mjs leaders`, and `npm run bench`).
//
// 1. lower-list at provincial scale: the built product on the seed:large database (every org has its team,
//    seed step large-leaders-v1), API_CRYPTO=1, js_aoc (the province: about 10,000 orgs below it). Sequential
//    calls (LEADERS_CALLS, 50) of the first page of 10 and of the whole page size (5,000 rows, §9), p50 / p99;
//    then a bare Fastify + pg handler running the same SQL (bench/bare-leaders.mjs), checked to answer the
//    same first page, measured the same way: the ratio is what the product's platform costs around that SQL.
// 2. multiplexing (沿用上届) of a 60-person team, on a new PGlite database: nj_coc enters a team of 60 through
//    the API, copies it to the next year, then copies it again with replace LEADERS_COPIES (10) times: the
//    first copy, p50 / p99 of the replacing ones, and the copy's exactness (60 rows, same order).
// Only part 2 writes, and only to its own temporary database.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { largeDatabaseUrl } from './members.mjs';
import { percentile, positiveInt, requireServer } from './util.mjs';

const pg = requireServer('pg');

const AC = '/api/aoc-service/associationcommerce';
const STEP = 'large-leaders-v1';
const YEAR = new Date().getFullYear();

const pct = (xs, p) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    p,
  );
const ms = (x) => `${x.toFixed(1)} ms`;

async function hasTeams(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (err) {
    return { ok: false, why: `cannot connect: ${err.message}` };
  }
  try {
    const step = await client.query('select 1 from seed_step where name = $1', [STEP]).catch(() => ({ rowCount: 0 }));
    if (!step.rowCount) return { ok: false, why: `no leadership teams (seed step ${STEP} missing: run npm run seed:large again)` };
    const est = await client.query(`select reltuples::bigint as n from pg_class where relname = 'aoc_association_leader' and relkind = 'r'`);
    return { ok: true, leaders: Number(est.rows[0]?.n ?? 0) };
  } finally {
    await client.end();
  }
}

/** `n` sequential GETs of `path` on `port`: their times (ms); every answer must be a success. */
async function sequential(request, port, path, headers, n, what) {
  const times = [];
  let last;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    last = await request(port, 'GET', path, headers);
    times.push(performance.now() - t0);
    if (last.status !== 200 || last.body?.code !== 200) throw new Error(`${what}: HTTP ${last.status} ${JSON.stringify(last.body)?.slice(0, 300)}`);
  }
  return { times, last: last.body.data };
}

export async function runLeaders(ctx, { required = true } = {}) {
  await lowerListAtScale(ctx, required);
  await multiplexing(ctx);
}

async function lowerListAtScale(ctx, required) {
  const { ROOT, HOST, log, record, problems, startServer, stopServer, freePort, request, passwordGrant } = ctx;
  const url = largeDatabaseUrl();
  const calls = positiveInt('LEADERS_CALLS', 50);
  console.log('\nleadership lower-list at provincial scale (seed:large), API_CRYPTO=1');
  const probe = await hasTeams(url);
  if (!probe.ok) {
    const msg = `leaders: lower-list skipped — ${probe.why}`;
    console.log(msg);
    record('leaders: lower-list at provincial scale', 'skipped: no seed:large database with teams', null, null);
    if (required) problems.push(msg);
    return;
  }
  const port = await freePort();
  const server = await startServer({ databaseUrl: url, port, apiCrypto: true, timeoutMs: 120_000 });
  const results = {};
  try {
    const res = await passwordGrant(port, 'js_aoc');
    if (res.status !== 200) throw new Error(`login js_aoc: HTTP ${res.status}`);
    const headers = { 'blade-auth': `bearer ${res.body.access_token}` };
    for (const size of [10, 5000]) {
      const path = `${AC}/lower-list?current=1&size=${size}&year=${YEAR}`;
      await sequential(request, port, path, headers, 2, 'lower-list warm-up');
      const { times, last } = await sequential(request, port, path, headers, size === 10 ? calls : Math.max(5, Math.round(calls / 5)), 'lower-list');
      results[size] = { times, last };
      const withTeam = last.records.filter((r) => r.leaderCount > 0).length;
      record(
        `leaders: lower-list js_aoc, page of ${size} (${last.total.toLocaleString('en')} orgs below, ${withTeam} of the page with a team), sequential`,
        `p50 ${ms(pct(times, 50))} / p99 ${ms(pct(times, 99))}`,
        null,
        null,
      );
    }
  } finally {
    await stopServer(server);
  }
  // The same SQL through a bare handler.
  const barePort = await freePort();
  const env = { PATH: process.env.PATH, HOST, PORT: String(barePort), DATABASE_URL: url, ACCOUNT: 'js_aoc', YEAR: String(YEAR), TIME_ZONE: 'Asia/Shanghai' };
  const bare = await startServer({ main: join(ROOT, 'bench', 'bare-leaders.mjs'), port: barePort, env, timeoutMs: 30_000 });
  try {
    for (const size of [10, 5000]) {
      const path = `/lower-list?current=1&size=${size}`;
      const { times, last } = await sequential(request, barePort, path, {}, size === 10 ? calls : Math.max(5, Math.round(calls / 5)), 'bare lower-list');
      const mine = results[size].last;
      const ids = (page) => page.records.map((r) => `${r.deptId}:${r.chairmanName ?? r.presidentName ?? ''}:${r.leaderCount}`).join(',');
      if (last.total !== mine.total || ids(last) !== ids(mine)) {
        problems.push(`leaders: the bare handler's page of ${size} differs from the product's (total ${last.total} vs ${mine.total})`);
      }
      const p = results[size].times;
      record(
        `leaders: bare Fastify + pg, same SQL, page of ${size}, sequential`,
        `p50 ${ms(pct(times, 50))} / p99 ${ms(pct(times, 99))} (product/bare p50 ${(pct(p, 50) / pct(times, 50)).toFixed(2)})`,
        null,
        null,
      );
    }
  } finally {
    await stopServer(bare);
  }
  log(`leaders: lower-list done`);
}

async function multiplexing(ctx) {
  const { CLIENT, log, record, problems, tempDirs, startServer, stopServer, freePort, request, passwordGrant } = ctx;
  const copies = positiveInt('LEADERS_COPIES', 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'gsl-bench-leaders-'));
  tempDirs.push(dataDir);
  const port = await freePort();
  log(`leaders: multiplexing of a 60-person team on a new PGlite database in ${dataDir}`);
  const server = await startServer({ dataDir, port, apiCrypto: false, timeoutMs: 120_000 });
  try {
    const res = await passwordGrant(port, 'nj_coc');
    if (res.status !== 200) throw new Error(`login nj_coc: HTTP ${res.status}`);
    const headers = { authorization: CLIENT, 'blade-auth': `bearer ${res.body.access_token}`, 'content-type': 'application/json' };
    const call = async (method, path, body) => {
      const r = await request(port, method, path, headers, body === undefined ? undefined : JSON.stringify(body));
      if (r.status !== 200 || r.body?.code !== 200) throw new Error(`${method} ${path}: HTTP ${r.status} ${JSON.stringify(r.body)?.slice(0, 300)}`);
      return r.body.data;
    };
    // A team of 60: 会长, 党支部书记, 12 副会长, 40 理事, 6 秘书处 — new persons with valid identity numbers.
    const seats = [
      ['submit-president', null, 1],
      ['submit-party-secretary', null, 1],
      ['submit-vice-president', null, 12],
      ['submit', 3, 40],
      ['submit', 4, 6],
    ];
    const from = 2090;
    let n = 0;
    const t0 = performance.now();
    for (const [call1, leaderType, count] of seats) {
      for (let i = 0; i < count; i++) {
        n++;
        await call('POST', `${AC}/${call1}`, { year: from, name: `压测成员${n}`, certNo: idCard(n), ...(leaderType ? { leaderType } : {}) });
      }
    }
    const enterMs = performance.now() - t0;
    record(
      `leaders: entering a 60-person team through the API (one call each)`,
      `${(enterMs / 1000).toFixed(1)} s (${(enterMs / 60).toFixed(0)} ms a leader)`,
      null,
      null,
    );
    const t1 = performance.now();
    const first = await call('POST', `${AC}/multiplexing`, { fromYear: from, toYear: from + 1 });
    const firstMs = performance.now() - t1;
    const times = [];
    for (let i = 0; i < copies; i++) {
      const t = performance.now();
      const r = await call('POST', `${AC}/multiplexing`, { fromYear: from, toYear: from + 1, replace: true });
      times.push(performance.now() - t);
      if (r.copied !== 60 || r.replaced !== 60) problems.push(`leaders: a replacing copy copied ${r.copied} and replaced ${r.replaced} (60 / 60 expected)`);
    }
    const a = await call('GET', `/api/aoc-service/associationleader/list?year=${from}`);
    const b = await call('GET', `/api/aoc-service/associationleader/list?year=${from + 1}`);
    const same =
      a.length === 60 && b.length === 60 && a.every((x, i) => x.name === b[i].name && x.leaderType === b[i].leaderType && x.personId === b[i].personId);
    record(`leaders: multiplexing a 60-person team (PGlite), first copy`, `${ms(firstMs)} (${first.copied} copied)`, null, null);
    record(`leaders: multiplexing with replace, ${copies} times`, `p50 ${ms(pct(times, 50))} / p99 ${ms(pct(times, 99))}`, null, null);
    record('leaders: the copied team is the same persons, posts and order', same ? 'yes' : 'NO', 'yes', same);
    if (!same) problems.push('leaders: the copied team differs from its source');
  } finally {
    await stopServer(server);
  }
}

/** A valid resident identity number (GB 11643) for the n-th bench person. */
function idCard(n) {
  const birth = new Date(Date.UTC(1960, 0, 1) + n * 86_400_000 * 97).toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `320106${birth}${String(n % 1000).padStart(3, '0')}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * w[i], 0);
  return first17 + '10X98765432'[sum % 11];
}
