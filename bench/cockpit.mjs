// 领导驾驶舱 at provincial scale, called by bench/run.mjs (`node bench/run.mjs cockpit`, and `npm run bench`
// when the large database exists).
//
// The built product on the seed:large database (LARGE_DATABASE_URL, as members.mjs), API_CRYPTO=1, js_aoc
// (the province): the cockpit's FIRST load — GET /api/aoc-service/portal/cockpit/summary right after the
// server has started and the account signed in, nothing cached — then COCKPIT_CALLS (20) sequential loads
// (p50 / p99), and 数据质量 (portal/dataquality/list) the same way. Target: the first load < 1 s.
// Then bench/bare-cockpit.mjs, a bare Fastify + pg handler running the same SQL, measured the same way
// (first and sequential), its member totals checked against the product's: the ratio is what the
// platform costs around the SQL (token, scope lookup, validation, view, encryption).
// The database is only read.
import { join } from 'node:path';
import { probeLarge } from './members.mjs';
import { percentile, positiveInt } from './util.mjs';

const SUMMARY = '/api/aoc-service/portal/cockpit/summary';
const QUALITY = '/api/aoc-service/portal/dataquality/list';
const ms = (x) => `${x.toFixed(1)} ms`;
const pct = (xs, p) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    p,
  );

async function timed(request, port, path, headers, n, what) {
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

export async function runCockpit(ctx, { required = true } = {}) {
  const { ROOT, HOST, log, record, problems, startServer, stopServer, freePort, request, passwordGrant } = ctx;
  const calls = positiveInt('COCKPIT_CALLS', 20);
  console.log('\n领导驾驶舱 at provincial scale (seed:large), API_CRYPTO=1, js_aoc');
  const probe = await probeLarge();
  if (!probe.ok) {
    const msg = `cockpit: skipped — ${probe.why}`;
    console.log(msg);
    record('cockpit: first load js_aoc (seed:large)', 'skipped: no seed:large database', '< 1 s', null);
    if (required) problems.push(msg);
    return;
  }
  const url = probe.url;
  const port = await freePort();
  const server = await startServer({ databaseUrl: url, port, apiCrypto: true, timeoutMs: 300_000 });
  let product;
  try {
    const res = await passwordGrant(port, 'js_aoc');
    if (res.status !== 200) throw new Error(`login js_aoc: HTTP ${res.status}`);
    const headers = { 'blade-auth': `bearer ${res.body.access_token}` };
    const first = await timed(request, port, SUMMARY, headers, 1, 'cockpit summary');
    product = first.last;
    const firstMs = first.times[0];
    record(
      `cockpit: first load js_aoc (${product.members.total.toLocaleString('en')} members, ${product.byArea.length} areas)`,
      ms(firstMs),
      '< 1 s',
      firstMs < 1000,
    );
    const seq = await timed(request, port, SUMMARY, headers, calls, 'cockpit summary');
    record(`cockpit: summary js_aoc, ${calls} sequential`, `p50 ${ms(pct(seq.times, 50))} / p99 ${ms(pct(seq.times, 99))}`, null, null);
    const q1 = await timed(request, port, QUALITY, headers, 1, 'dataquality/list');
    const qs = await timed(request, port, QUALITY, headers, Math.max(5, Math.round(calls / 2)), 'dataquality/list');
    record(
      `cockpit: dataquality/list js_aoc (${q1.last.length} rows)`,
      `first ${ms(q1.times[0])}, then p50 ${ms(pct(qs.times, 50))} / p99 ${ms(pct(qs.times, 99))}`,
      null,
      null,
    );
    const product50 = pct(seq.times, 50);

    const barePort = await freePort();
    const env = { PATH: process.env.PATH, HOST, PORT: String(barePort), DATABASE_URL: url, ACCOUNT: 'js_aoc', TIME_ZONE: 'Asia/Shanghai' };
    await stopServer(server);
    const bare = await startServer({ main: join(ROOT, 'bench', 'bare-cockpit.mjs'), port: barePort, env, timeoutMs: 30_000 });
    try {
      const bf = await timed(request, barePort, '/summary', {}, 1, 'bare summary');
      const bs = await timed(request, barePort, '/summary', {}, calls, 'bare summary');
      if (bs.last.members.total !== product.members.total || bs.last.quality.duplicate !== product.quality.duplicate) {
        problems.push(`cockpit: the bare handler's figures differ from the product's (members ${bs.last.members.total} vs ${product.members.total})`);
      }
      record(
        `cockpit: bare Fastify + pg, same SQL, js_aoc`,
        `first ${ms(bf.times[0])}, then p50 ${ms(pct(bs.times, 50))} / p99 ${ms(pct(bs.times, 99))} (product/bare p50 ${(product50 / pct(bs.times, 50)).toFixed(2)})`,
        null,
        null,
      );
    } finally {
      await stopServer(bare);
    }
  } finally {
    await stopServer(server).catch(() => {});
  }
  log('cockpit: done');
}
