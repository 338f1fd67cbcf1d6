// Members at provincial scale, called by bench/run.mjs (`node bench/run.mjs members`,
// and `npm run bench` when the large database exists).
//
// Runs the built product on the PostgreSQL database that `npm run seed:large` filled (LARGE_DATABASE_URL;
// default: the gsl_large database of DATABASE_URL's server, else postgresql://postgres@127.0.0.1:5432/gsl_large),
// API_CRYPTO=1, and prints, with their targets:
//   · a scoped member-enterprise page of 10 filtered by name prefix + status + region, 100 connections
//     (MEMBERS_CONNECTIONS), MEMBERS_SECONDS (15) s, as nj_aoc (a city) and js_aoc (the province): p99 < 50 ms
//   · member-count as nj_aoc and js_aoc: 20 sequential calls each, the slowest < 100 ms
//   · for reference, user-info (the cheapest authenticated call) under the same load: what this machine allows
//   · export of 100,000 rows < 15 s and < 300 MB server RSS, import of 10,000 rows < 20 s — only when the
//     product describes such a call in /api/openapi.json; otherwise the line says the call is missing.
// The database is only read (the bench never writes member rows), so it can be reused run after run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';

import { positiveInt, requireServer } from './util.mjs';

export { positiveInt };
const pg = requireServer('pg');

/**
 * Seconds of the same load, not measured, before each measured page run, the product's and the bare handler's
 * alike: the first seconds after the export and import (a large heap to collect, code not yet optimised) fell on
 * the product's first run only, and gave it a p99 twice its later runs'.
 */
const WARMUP_SECONDS = positiveInt('MEMBERS_WARMUP_SECONDS', 3);
const STEP = 'large-province-v1'; // seed_step row of server/src/db/seed/large.ts
const ENTERPRISE = '/api/aoc-service/memberaocenterprise';
const COUNT = '/api/aoc-service/member/member-count';

/** Where the large data lives. */
export function largeDatabaseUrl() {
  if (process.env.LARGE_DATABASE_URL) return process.env.LARGE_DATABASE_URL;
  const u = new URL(process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres');
  u.pathname = '/gsl_large';
  return u.toString();
}

export const HOW_TO_SEED =
  'create it with:  createdb -h 127.0.0.1 -U postgres gsl_large && DATABASE_URL=postgresql://postgres@127.0.0.1:5432/gsl_large npm run seed:large' +
  '  (about 6 minutes on 2 cores; LARGE_DATABASE_URL names another database)';

/** The province's sizes when seed:large has run on the database, else null (with the reason). */
export async function probeLarge(url = largeDatabaseUrl()) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (err) {
    return { ok: false, why: `cannot connect to ${redact(url)}: ${err.message}` };
  }
  try {
    const step = await client.query('select applied_time from seed_step where name = $1', [STEP]).catch(() => ({ rowCount: 0 }));
    if (!step.rowCount) return { ok: false, why: `${redact(url)} holds no province (seed step ${STEP} missing)` };
    // Planner estimates: exact counts of millions of rows would take seconds for nothing.
    const est = await client.query(
      `select relname, reltuples::bigint as n from pg_class where relname in ('aoc_member_enterprise', 'aoc_member_person', 'aoc_chamber', 'blade_dept') and relkind = 'r'`,
    );
    return { ok: true, url, sizes: Object.fromEntries(est.rows.map((r) => [r.relname, Number(r.n)])) };
  } finally {
    await client.end();
  }
}

const redact = (url) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** Filters of the page run: a region of the account's scope and a name prefix that finds rows in it. */
async function pickFilters(url, account) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const {
      rows: [u],
    } = await client.query(`select d.id_path from blade_user u join blade_dept d on d.id = u.dept_id where u.account = $1 and u.is_deleted = 0`, [account]);
    if (!u) throw new Error(`account ${account} missing on the large database`);
    // The scope's busiest county-level region (a district of the city; for the province, a whole city code is also fine).
    const {
      rows: [r],
    } = await client.query(
      `select m.region_code, count(*)::int as n from aoc_member_enterprise m
        where m.is_deleted = 0 and m.dept_id in (select id from blade_dept where id_path like $1 and is_deleted = 0)
          and m.region_code not like '%00'
        group by 1 order by 2 desc, 1 limit 1`,
      [`${u.id_path}%`],
    );
    if (!r) throw new Error(`no member enterprises in ${account}'s scope`);
    // The commonest three-character name start in that region (a place and the first brand character).
    const {
      rows: [p],
    } = await client.query(
      `select left(name, 3) as prefix, count(*)::int as n from aoc_member_enterprise
        where is_deleted = 0 and region_code = $1 group by 1 order by 2 desc, 1 limit 1`,
      [r.region_code],
    );
    return { regionCode: r.region_code, prefix: p.prefix, regionRows: r.n };
  } finally {
    await client.end();
  }
}

/** The server's resident set (MB) sampled every 50 ms while `fn` runs: the peak. */
async function withRss(pid, fn) {
  const read = () => {
    try {
      const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
      return m ? Number(m[1]) / 1024 : NaN;
    } catch {
      return NaN;
    }
  };
  const startMb = read();
  let peak = startMb;
  const timer = setInterval(() => {
    const v = read();
    if (v > peak) peak = v;
  }, 50);
  try {
    const result = await fn();
    return { result, peakMb: peak, startMb };
  } finally {
    clearInterval(timer);
  }
}

export async function runMembers(ctx, { required = true } = {}) {
  const { HOST, CLIENT, log, record, problems, startServer, stopServer, freePort, request, passwordGrant } = ctx;
  const url = largeDatabaseUrl();
  console.log(`\nmembers at provincial scale: the product on ${redact(url)} (seed:large), API_CRYPTO=1`);
  const probe = await probeLarge(url);
  if (!probe.ok) {
    const msg = `members: skipped — ${probe.why}; ${HOW_TO_SEED}`;
    console.log(msg);
    record('members at provincial scale', 'skipped: no large database (npm run seed:large)', null, null);
    if (required) problems.push(msg);
    return;
  }
  const s = probe.sizes;
  log(
    `members: ${s.aoc_member_enterprise?.toLocaleString('en')} enterprises, ${s.aoc_member_person?.toLocaleString('en')} persons, ${s.blade_dept?.toLocaleString('en')} depts, ${s.aoc_chamber?.toLocaleString('en')} chambers (planner estimates)`,
  );

  const seconds = positiveInt('MEMBERS_SECONDS', 15);
  const connections = positiveInt('MEMBERS_CONNECTIONS', 100);
  const port = await freePort();
  const server = await startServer({ databaseUrl: url, port, apiCrypto: true, timeoutMs: 120_000 });
  try {
    const login = async (account) => {
      const res = await passwordGrant(port, account);
      if (res.status !== 200 || !res.body?.access_token) throw new Error(`password login of ${account} failed: HTTP ${res.status}`);
      return res.body.access_token;
    };
    const accounts = ['nj_aoc', 'js_aoc'];
    const tokens = Object.fromEntries(await Promise.all(accounts.map(async (a) => [a, await login(a)])));
    const get = (account, path) => request(port, 'GET', path, { 'blade-auth': `bearer ${tokens[account]}` });

    // ── member-count ──
    for (const account of accounts) {
      const first = await get(account, COUNT);
      if (first.status !== 200 || !first.body?.success)
        throw new Error(`member-count (${account}): HTTP ${first.status} ${JSON.stringify(first.body)?.slice(0, 300)}`);
      const ms = [];
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        const r = await get(account, COUNT);
        ms.push(performance.now() - t0);
        if (r.status !== 200) throw new Error(`member-count (${account}): HTTP ${r.status}`);
      }
      ms.sort((a, b) => a - b);
      const d = first.body.data;
      record(
        `member-count, ${account} (${d.total.toLocaleString('en')} members), slowest of 20`,
        `${ms[19].toFixed(0)} ms (median ${ms[10].toFixed(0)} ms)`,
        '< 100 ms',
        ms[19] < 100,
      );
    }

    // ── export and import (before the load runs, so the server's RSS is the export's own, not the load's garbage) ──
    const api = await request(port, 'GET', '/api/openapi.json');
    const paths = Object.keys(api.body?.paths ?? {});
    const exportPath = paths.find((p) => p.startsWith(ENTERPRISE) && /export-member/.test(p));
    const importPath = paths.find((p) => p.startsWith(ENTERPRISE) && /import/.test(p));
    if (!exportPath) {
      record('export of 100,000 member enterprises', `missing: no ${ENTERPRISE}/export-member-* call in /api/openapi.json yet`, '< 15 s, < 300 MB RSS', null);
    } else {
      // nj_aoc's whole scope (the city: about 100,000 enterprises at the default sizes).
      const { result, peakMb, startMb } = await withRss(server.child.pid, async () => {
        const t0 = performance.now();
        const bytes = await download(HOST, port, exportPath, { authorization: CLIENT, 'blade-auth': `bearer ${tokens.nj_aoc}` });
        return { ms: performance.now() - t0, bytes };
      });
      record(
        `export ${exportPath.split('/').pop()}, nj_aoc (whole scope)`,
        `${(result.ms / 1000).toFixed(1)} s, ${(result.bytes / 1e6).toFixed(1)} MB, server RSS peak ${peakMb.toFixed(0)} MB (${startMb.toFixed(0)} MB before)`,
        '< 15 s, < 300 MB RSS',
        result.ms < 15_000 && peakMb < 300,
      );
    }
    if (!importPath) {
      record('import of 10,000 member enterprises', `missing: no ${ENTERPRISE} import call in /api/openapi.json yet`, '< 20 s', null);
    } else {
      const headers = { authorization: CLIENT, 'blade-auth': `bearer ${tokens.nj_aoc}` };
      const workbook = await importWorkbook(HOST, port, headers, IMPORT_ROWS);
      const codes = workbook.codes;
      try {
        const { result, peakMb } = await withRss(server.child.pid, async () => {
          const t0 = performance.now();
          const status = await upload(HOST, port, importPath, headers, workbook.buffer);
          return { ms: performance.now() - t0, status };
        });
        const stored = await countCodes(url, codes);
        if (result.status !== 200 || stored !== codes.length) problems.push(`import: HTTP ${result.status}, ${stored} of ${codes.length} rows stored`);
        record(
          `import ${importPath.split('/').pop()}, nj_aoc: ${IMPORT_ROWS.toLocaleString('en')} rows (validated, one transaction, history)`,
          `${(result.ms / 1000).toFixed(1)} s, ${stored.toLocaleString('en')} rows stored, server RSS peak ${peakMb.toFixed(0)} MB`,
          '< 20 s',
          result.status === 200 && stored === codes.length && result.ms < 20_000,
        );
      } finally {
        await removeCodes(url, codes); // the province stays as seed:large built it
      }
    }
    // ── the filtered page, 100 connections ──
    for (const account of accounts) {
      const f = await pickFilters(url, account);
      const qs = new URLSearchParams({ current: '1', size: '10', name_likeright: f.prefix, status: '1', regionCode_equal: f.regionCode });
      const path = `${ENTERPRISE}/page?${qs}`;
      const check = await get(account, path);
      const data = check.body?.data;
      if (check.status !== 200 || !check.body?.success || !Array.isArray(data?.records))
        throw new Error(`member page (${account}): HTTP ${check.status} ${JSON.stringify(check.body)?.slice(0, 300)}`);
      if (!data.records.length) throw new Error(`member page (${account}): no rows for ${qs}`);
      if (data.records.some((r) => !r.name.startsWith(f.prefix) || r.regionCode !== f.regionCode || r.status !== 1))
        throw new Error(`member page (${account}): a row does not match the filters`);
      const label = `enterprise page of 10, ${account}: name ^${f.prefix} + status 1 + region ${f.regionCode} (${data.total.toLocaleString('en')} of ${f.regionRows.toLocaleString('en')} in the region)`;
      log(`${label}: autocannon ${connections} connections, ${WARMUP_SECONDS} s warm-up, then ${seconds} s …`);
      const load = { url: `http://${HOST}:${port}${path}`, headers: { authorization: CLIENT, 'blade-auth': `bearer ${tokens[account]}` }, connections };
      await autocannon({ ...load, duration: WARMUP_SECONDS });
      const r = await autocannon({ ...load, duration: seconds });
      if (r.non2xx + r.errors > 0)
        problems.push(`${label}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts) out of ${r.requests.total} requests`);
      record(`${label} req/s`, r.requests.average.toFixed(0), null, null);
      record(`  ${account} page p50 / p99 (${connections} conn, ${seconds} s)`, `${r.latency.p50} ms / ${r.latency.p99} ms`, 'p99 < 50 ms', r.latency.p99 < 50);
      record(`  ${account} page non-2xx / errors`, `${r.non2xx} / ${r.errors} of ${r.requests.total}`, '0 / 0', r.non2xx + r.errors === 0);
      await compareBare(ctx, { url, account, filters: f, product: check.body.data, productRun: r, connections, seconds });
    }

    // ── the unfiltered page (the list as it opens): the whole scope, newest first ──
    for (const account of accounts) {
      const path = `${ENTERPRISE}/page?current=1&size=10`;
      const ms = [];
      let total = 0;
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        const r = await get(account, path);
        ms.push(performance.now() - t0);
        if (r.status !== 200 || !r.body?.success) throw new Error(`unfiltered page (${account}): HTTP ${r.status}`);
        total = r.body.data.total;
      }
      ms.sort((a, b) => a - b);
      record(
        `unfiltered enterprise page of 10, ${account} (${total.toLocaleString('en')} rows), slowest of 20`,
        `${ms[19].toFixed(0)} ms (median ${ms[10].toFixed(0)} ms)`,
        null,
        null,
      );
    }

    // ── the same load on the cheapest authenticated call: the ceiling of this machine for any page ──
    {
      const r = await autocannon({
        url: `http://${HOST}:${port}/api/blade-auth/oauth/user-info`,
        headers: { authorization: CLIENT, 'blade-auth': `bearer ${tokens.nj_aoc}` },
        connections,
        duration: seconds,
      });
      if (r.non2xx + r.errors > 0) problems.push(`user-info (reference): ${r.non2xx} non-2xx, ${r.errors} errors out of ${r.requests.total} requests`);
      record(
        `reference: user-info, nj_aoc, same load (no database work beyond the token check)`,
        `${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms / p99 ${r.latency.p99} ms`,
        null,
        null,
      );
    }
  } finally {
    await stopServer(server);
  }
}

/**
 * Issue 18: the same SQL behind a bare Fastify + pg handler (bench/bare-members.mjs), whose first page must be the
 * product's row for row; measured the same way right after the product, printed as ratios product / bare with the
 * targets req/s ≥ 0.6 and p99 ≤ 1.8.
 */
async function compareBare(ctx, { url, account, filters, product, productRun, connections, seconds }) {
  const { ROOT, HOST, log, record, problems, startServer, stopServer, freePort, request } = ctx;
  const port = await freePort();
  const env = { PATH: process.env.PATH, HOST, PORT: String(port), DATABASE_URL: url, ACCOUNT: account, TIME_ZONE: 'Asia/Shanghai' };
  const bare = await startServer({ main: join(ROOT, 'bench', 'bare-members.mjs'), port, env, timeoutMs: 30_000 });
  try {
    const path = `/page?${new URLSearchParams({ current: '1', size: '10', prefix: filters.prefix, status: '1', region: filters.regionCode })}`;
    const check = await request(port, 'GET', path);
    const ids = (rows) => (rows ?? []).map((r) => String(r.id)).join(',');
    const same = check.status === 200 && check.body?.data?.total === product.total && ids(check.body.data.records) === ids(product.records);
    const names = (rows) => (rows ?? []).map((r) => r.name).join(',');
    if (!same || names(check.body.data.records) !== names(product.records)) {
      problems.push(
        `bare members (${account}): its first page is not the product's (HTTP ${check.status}, total ${check.body?.data?.total} vs ${product.total})`,
      );
      return;
    }
    log(`members: bare Fastify + pg, same SQL as ${account}'s page, ${connections} connections, ${seconds} s …`);
    await autocannon({ url: `http://${HOST}:${port}${path}`, connections, duration: WARMUP_SECONDS });
    const b = await autocannon({ url: `http://${HOST}:${port}${path}`, connections, duration: seconds });
    if (b.non2xx + b.errors > 0) problems.push(`bare members (${account}): ${b.non2xx} non-2xx, ${b.errors} errors`);
    record(
      `  bare Fastify + pg, same SQL, ${account}: req/s, p50 / p99`,
      `${b.requests.average.toFixed(0)}, ${b.latency.p50} ms / ${b.latency.p99} ms`,
      null,
      null,
    );
    const rps = productRun.requests.average / b.requests.average;
    const p99 = productRun.latency.p99 / b.latency.p99;
    record(`  ratio product/bare, ${account} page req/s`, rps.toFixed(2), '≥ 0.6', rps >= 0.6);
    record(`  ratio product/bare, ${account} page p99`, p99.toFixed(2), '≤ 1.8', p99 <= 1.8);
  } finally {
    await stopServer(bare);
  }
}

const IMPORT_ROWS = positiveInt('MEMBERS_IMPORT_ROWS', 10_000);
const ExcelJS = requireServer('exceljs');

// GB 32100: the check character of a unified social credit code (the product checks it; the rows must pass).
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const creditCode = (first17) => first17 + CREDIT_CHARS[(31 - ([...first17].reduce((s, c, i) => s + CREDIT_CHARS.indexOf(c) * CREDIT_WEIGHTS[i], 0) % 31)) % 31];

/**
 * A workbook of `rows` (≤ 100,000) new enterprises filled into the product's own template (export-template):
 * name, credit code (valid and unused: seed:large's codes carry a digit where these carry 'BM'), legal person,
 * contact.
 */
async function importWorkbook(host, port, headers, rows) {
  const template = await fetch(`http://${host}:${port}${ENTERPRISE}/export-template`, { headers });
  if (!template.ok) throw new Error(`export-template: HTTP ${template.status}`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await template.arrayBuffer()));
  const sheet = wb.worksheets[0];
  const header = sheet.getRow(1).values.map((v) =>
    String(v ?? '')
      .replace(/\*$/, '')
      .trim(),
  ); // required columns are starred
  const col = (label) => {
    const i = header.indexOf(label);
    if (i < 1) throw new Error(`export-template: no column ${label} (has ${header.filter(Boolean).join(', ')})`);
    return i;
  };
  const [name, credit, legal, contact] = ['企业名称', '统一社会信用代码', '法定代表人', '联系人'].map(col);
  sheet.spliceRows(2, Math.max(0, sheet.rowCount - 1)); // the example row goes
  // Two characters of the run (the rows are removed afterwards; a leftover of a killed run never collides) and the row number.
  const run = [0, 1].map(() => CREDIT_CHARS[10 + Math.floor(Math.random() * 21)]).join('');
  const codes = [];
  for (let i = 0; i < rows; i++) {
    const code = creditCode(`91320100BM${run}${String(i).padStart(5, '0')}`);
    codes.push(code);
    const r = sheet.getRow(i + 2);
    r.getCell(name).value = `压测导入企业${run}${String(i).padStart(5, '0')}有限公司`;
    r.getCell(credit).value = code;
    r.getCell(legal).value = '张三';
    r.getCell(contact).value = '李四';
  }
  return { buffer: Buffer.from(await wb.xlsx.writeBuffer()), codes };
}

async function upload(host, port, path, headers, buffer) {
  const form = new FormData();
  form.append('file', new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'import.xlsx');
  const res = await fetch(`http://${host}:${port}${path}`, { method: 'POST', headers, body: form });
  await res.arrayBuffer();
  return res.status;
}

async function countCodes(url, codes) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query('select count(*) as n from aoc_member_enterprise where credit_code = any($1) and is_deleted = 0', [codes])).rows[0].n);
  } finally {
    await client.end();
  }
}

/** Removes the imported rows and their history (the member counts follow by trigger). */
async function removeCodes(url, codes) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query('select id from aoc_member_enterprise where credit_code = any($1)', [codes]);
    const ids = rows.map((r) => r.id);
    await client.query(`delete from aoc_log_field where log_id in (select id from aoc_log where tag = 'enterprise' and record_id = any($1::bigint[]))`, [ids]);
    await client.query(`delete from aoc_log where tag = 'enterprise' and record_id = any($1::bigint[])`, [ids]);
    await client.query('delete from aoc_member_enterprise where id = any($1::bigint[])', [ids]);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    await client.end();
  }
}

/** POST (the export calls are POST, specification §7) that streams the answer away: the byte count. */
async function download(host, port, path, headers) {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = http.request({ host, port, method: 'POST', path, headers }, (res) => {
      let n = 0;
      res.on('data', (c) => {
        n += c.length;
      });
      res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`export ${path}: HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}
