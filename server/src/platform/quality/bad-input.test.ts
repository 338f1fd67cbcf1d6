/**
 * Quality §4 — bad input, for every route in the table: at least 10,000 generated malformed
 * requests per run (seeded: QUALITY_SEED=<seed> repeats a run; the seed is in the test name, the
 * summary and every failure). Every answer: never a 5xx; the envelope (decrypted) with a Chinese
 * message on every error; a guarded route never answers a request without a valid token; a write
 * route never accepts what its own schema refuses. After the run every table's checksum is what it
 * was (only the tables and columns every call may touch are left out: harness/checksum.ts).
 *
 * The run starts with a deterministic sweep (every BladeX filter suffix on every list field with values
 * that pass the format checks and with hostile ones, prototype names as fields and sort keys, and
 * "__proto__"/"constructor" as the value of every declared field of every route), then
 * seeded cases for every route make up the rest; the router's own refusals are checked separately.
 *
 * Write-route cases that the route's schema ACCEPTS (an unknown field a non-strict schema strips, a
 * SQL-looking but valid name …) would legitimately write, so they are sent to a second, scratch
 * server instead, still checked for 5xx and the envelope, and listed as contract questions.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { changedTables, tableChecksums } from '../../../test/harness/checksum.js';
import { filterSweep, fuzzCases, prototypeSweep, type FuzzCase } from '../../../test/harness/fuzz.js';
import { subjectOf } from '../../../test/harness/people.js';
import { qualitySeed, Rng } from '../../../test/harness/prng.js';
import { isGuarded, routeTable } from '../../../test/harness/route-table.js';
import { sampleContext, sampleOrFallback } from '../../../test/harness/sample.js';
import { answerProblem, mintToken, send, type TokenSubject, type WireResult } from '../../../test/harness/wire.js';
import { frameworkErrorHandler } from '../http/error-handler.js';

const SEED = qualitySeed();
/** At least this many requests per run, and at least PER_ROUTE seeded cases for every route (a fifth for file downloads). */
const MIN_REQUESTS = 10_000;
const PER_ROUTE = 20; // with the deterministic sweep (≈25 per route) every route gets ≥45 malformed requests
const CONCURRENCY = 8;
/** Routes that sign in: fuzzed with random account names only, so no real account is ever locked. */
const SIGN_IN = new Set(['POST /api/blade-auth/oauth/token', 'POST /sso/login']);

const main = await createTestApp();
const scratch = await createTestApp();
afterAll(async () => {
  await main.close();
  await scratch.close();
});

const { routes } = routeTable(main.app);
const subjects = new Map<TestApp, TokenSubject>([
  [main, await subjectOf(main.db, 'admin')],
  [scratch, await subjectOf(scratch.db, 'admin')],
]);
const admin = subjects.get(main)!;
const ctx = await sampleContext(main.db, { userId: admin.id, deptId: admin.deptId, roleId: admin.roleIds[0], tenantId: admin.tenantId });
const accounts = new Set((await sql<{ account: string }>`select lower(account) as account from blade_user`.execute(main.db)).rows.map((r) => r.account.trim()));

const repeat =
  main.kind === 'pg'
    ? `QUALITY_SEED=${SEED} DATABASE_URL=<the same database> npx vitest run --project server:pg server/src/platform/quality/bad-input.test.ts`
    : `QUALITY_SEED=${SEED} npx vitest run --project server:pglite server/src/platform/quality/bad-input.test.ts`;

/** Replaces any real account name in a sign-in case by a random one (values, keys and raw text). */
function withoutRealAccounts(c: FuzzCase, rng: Rng): FuzzCase {
  const fix = (s: string) => s.replace(/[\p{L}\p{N}_.@-]+/gu, (w) => (accounts.has(w.trim().toLowerCase()) ? `quality_${rng.word(10)}` : w));
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return fix(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [fix(k), walk(x)]));
    return v;
  };
  const req = { ...c.req, query: walk(c.req.query) as Record<string, string | string[]>, rawQuery: c.req.rawQuery && fix(c.req.rawQuery) };
  if (typeof req.payload === 'string') req.payload = fix(req.payload);
  return { ...c, req };
}

const GARBAGE_TOKENS = ['x', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.', `${'A'.repeat(5000)}.${'B'.repeat(5000)}.C`, '"; drop table', '中文令牌'];

describe('quality §4: refusals by the router itself', () => {
  const paramRoute = routes.find((r) => r.url.includes('/:') && r.method === 'GET' && isGuarded(r));
  const cases: Array<[string, string]> = [
    ['a malformed escape in the path', '/api/blade-system/menu/buttons%'],
    ['an invalid escape under /sso', '/sso/login%zz'],
    ...(paramRoute ? ([['a path parameter over maxParamLength', paramRoute.url.replace(/:[A-Za-z_]+/, 'x'.repeat(500))]] as Array<[string, string]>) : []),
  ];

  it.each(cases)('%s answers the envelope with a Chinese message', async (_label, path) => {
    const res = await send(main, { method: 'GET', path, token: await mintToken(main, admin) });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(
      answerProblem(res, undefined, path),
      `${res.status} ${res.text.slice(0, 200)} — build the server with frameworkErrors: frameworkErrorHandler(config)`,
    ).toBeNull();
  });

  it('frameworkErrorHandler answers them so (on a bare server built with it)', async () => {
    const bare = Fastify({ frameworkErrors: frameworkErrorHandler(main.config), routerOptions: { maxParamLength: 10 } });
    bare.get('/api/x/:id', async () => 'ok');
    const t = { ...main, app: bare } as TestApp;
    for (const path of ['/api/x/%', `/api/x/${'1'.repeat(50)}`]) {
      const res = await send(t, { method: 'GET', path });
      expect(answerProblem(res, undefined, path), `${res.status} ${res.text}`).toBeNull();
      expect(res.body.msg).toMatch(/请求地址/);
    }
    await bare.close();
  });
});

describe(`quality §4: bad input on every route (seed ${SEED})`, () => {
  it(`never a 5xx, always the envelope with a Chinese message, and no table changes (seed ${SEED})`, { timeout: 900_000 }, async () => {
    const started = Date.now();
    const cpu = process.cpuUsage();
    const limit = Math.min(main.config.bodyLimit, ...routes.map((r) => r.def?.bodyLimit ?? Infinity));
    const oversized = Buffer.from(`{"a":"${'x'.repeat(Math.max(main.config.bodyLimit, limit) + 16)}"}`);
    const root = new Rng(SEED);
    // File downloads (xlsx built per call) cost a hundred times a JSON answer: they get a fifth of the share.
    const weight = (r: (typeof routes)[number]) => (r.def?.produces && !r.def.produces.includes('json') && !r.def.produces.includes('html') ? 0.2 : 1);
    const totalWeight = routes.reduce((a, r) => a + weight(r), 0);
    // First the deterministic sweeps (every BladeX filter suffix on every list field, prototype names as
    // fields, sort keys and values of every declared field), then seeded cases for every route up to the total.
    const cases: FuzzCase[] = routes.flatMap((r) => {
      const sample = sampleOrFallback(r, ctx);
      return [...(isGuarded(r) ? filterSweep(r, sample) : []), ...prototypeSweep(r, sample)];
    });
    const swept = cases.length;
    const perUnit = Math.max(PER_ROUTE, Math.ceil((MIN_REQUESTS - swept) / totalWeight));
    for (const route of routes) {
      const sample = sampleOrFallback(route, ctx);
      const rng = root.fork(route.key);
      const count = Math.ceil(perUnit * weight(route));
      for (const c of fuzzCases(route, sample, rng, count, { bodyLimit: limit, oversized }))
        cases.push(SIGN_IN.has(route.key) ? withoutRealAccounts(c, rng) : c);
    }
    // Interleave routes (seeded) so one slow route does not run alone at the end.
    const order = new Rng(SEED ^ 0x5bd1e995);
    for (let i = cases.length - 1; i > 0; i--) {
      const j = order.int(i + 1);
      [cases[i], cases[j]] = [cases[j], cases[i]];
    }

    // QUALITY_ONLY=12,345 replays just those cases of the run (numbers as printed: #12), e.g. with a debugger.
    const only = process.env.QUALITY_ONLY ? new Set(process.env.QUALITY_ONLY.split(',').map((x) => Number(x.replace('#', '').trim()))) : null;
    const before = await tableChecksums(main.db);
    const failures: string[] = [];
    /** Write routes with a body schema that accepted (and ignored) unknown body fields, with the field names. */
    const contract = new Map<string, Set<string>>();
    const statuses = new Map<number, number>();
    let sent = 0;
    let fivexx = 0;
    let toScratch = 0;
    /** Requests the main server answered 2xx on a write: the suspects when a checksum changes. */
    const suspects: string[] = [];
    const profile = new Map<string, { n: number; ms: number }>();

    const runOne = async (c: FuzzCase, n: number) => {
      const guarded = isGuarded(c.route);
      const useScratch = c.route.method !== 'GET' && guarded && c.auth === 'admin' && c.invalid !== true;
      const t = useScratch ? scratch : main;
      if (useScratch) toScratch++;
      const req = { ...c.req };
      if (c.auth === 'admin') req.token = await mintToken(t, subjects.get(t)!);
      if (c.auth === 'anonymous') req.client = false;
      if (c.auth === 'garbage-token') req.token = GARBAGE_TOKENS[n % GARBAGE_TOKENS.length];
      let res: WireResult;
      const t0 = performance.now();
      try {
        res = await send(t, req);
        const ms = performance.now() - t0;
        const p = profile.get(c.route.key) ?? { n: 0, ms: 0 };
        profile.set(c.route.key, { n: p.n + 1, ms: p.ms + ms });
      } catch (err) {
        failures.push(`#${n} ${c.route.key} [${c.label}] (${c.auth}): the request threw ${(err as Error).message.slice(0, 200)}`);
        return;
      }
      sent++;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) fivexx++;
      const where = `#${n} ${req.method} ${req.path.slice(0, 100)} (${c.route.key}) [${c.label}] (${c.auth}${useScratch ? ', scratch' : ''})`;
      // Routes registered without route() are public plain answers (the OpenAPI document). Off the route
      // (another method or spelling of the path), whatever answers is unknown: only its errors are judged.
      // Another spelling of the path may still reach the token endpoint, whose errors are OAuth-shaped.
      const def = c.offRoute || !c.route.def ? { raw: true, oauthErrors: c.route.def?.oauthErrors } : c.route.def;
      const problem = answerProblem(res, def, req.path);
      if (problem) failures.push(`${where}: ${problem} — ${res.status} ${res.text.slice(0, 200)}`);
      if (guarded && c.auth !== 'admin' && !c.offRoute && res.status < 300) failures.push(`${where}: answered ${res.status} without a valid token`);
      if (guarded && c.auth === 'admin' && !c.offRoute && c.invalid === true && res.status < 300) {
        failures.push(`${where}: accepted (${res.status}) a request its own schema refuses — ${res.text.slice(0, 160)}`);
      }
      if (!useScratch && req.method !== 'GET' && res.status < 300) suspects.push(`${where}: ${res.status}`);
      const extra = /^extra body field (".*?")/.exec(c.label);
      if (useScratch && res.status < 300 && extra && c.route.def?.body) {
        const keys = contract.get(c.route.key) ?? new Set<string>();
        contract.set(c.route.key, keys.add(extra[1]));
      }
    };

    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < cases.length) {
          const n = next++;
          if (!only || only.has(n)) await runOne(cases[n], n);
        }
      }),
    );
    await main.app.services.audit.flush();
    await scratch.app.services.audit.flush();
    const changed = changedTables(before, await tableChecksums(main.db));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const used = process.cpuUsage(cpu);
    const cpuSeconds = ((used.user + used.system) / 1e6).toFixed(1);

    const histogram = [...statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(
      `quality: ${routes.length} routes, ${sent} requests, ${fivexx} 5xx, seed ${SEED} ` +
        `(${main.kind}, ${seconds} s, ${cpuSeconds} s CPU; ${swept} sweep + ${cases.length - swept} seeded cases; ` +
        `${toScratch} schema-valid writes on the scratch server; statuses ${histogram})`,
    );
    if (process.env.QUALITY_PROFILE) {
      console.log(
        [...profile]
          .sort((a, b) => b[1].ms - a[1].ms)
          .slice(0, 25)
          .map(([k, p]) => `${(p.ms / 1000).toFixed(1)} s ${p.n} × ${(p.ms / p.n).toFixed(1)} ms ${k}`)
          .join('\n'),
      );
    }
    if (contract.size) {
      console.log(
        `quality §4 contract questions — write routes whose body schema accepts unknown fields (stripped; .strict() would refuse them):\n  ` +
          [...contract]
            .sort()
            .map(([k, keys]) => `${k}: ${[...keys].join(', ')}`)
            .join('\n  '),
      );
    }
    const header = `seed ${SEED} (repeat with: ${repeat})`;
    if (process.env.QUALITY_FAILURES_FILE) fs.writeFileSync(process.env.QUALITY_FAILURES_FILE, `${header}\n${failures.join('\n')}\n`);
    if (!only) expect(sent, header).toBeGreaterThanOrEqual(MIN_REQUESTS);
    const kinds = new Map<string, number>();
    for (const f of failures) {
      const kind = (/\): (.*?)(?: —|$)/.exec(f)?.[1] ?? f).replace(/\d+/g, 'N').slice(0, 70);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const tally = [...kinds]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${n} × ${k}`)
      .join('\n    ');
    expect(
      failures.length,
      `${header}\n  by kind:\n    ${tally}\n  cases:\n  ${failures.slice(0, 40).join('\n  ')}${failures.length > 40 ? `\n  … ${failures.length - 40} more` : ''}`,
    ).toBe(0);
    expect(
      changed,
      `${header}: tables changed by requests that should all have been refused; writes the main server accepted:\n  ${suspects.slice(0, 40).join('\n  ') || '(none: a GET changed them)'}`,
    ).toEqual([]);
    expect(fivexx, header).toBe(0);
  });
});
