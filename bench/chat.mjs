// 直通车 chat fan-out, called by bench/run.mjs (`node bench/run.mjs chat`, and `npm run bench` when DATABASE_URL is set).
//
// Two server processes of the built product share one new PostgreSQL database (created on DATABASE_URL's
// server, dropped afterwards): live events cross processes by LISTEN/NOTIFY. CHAT_LISTENERS (200) event
// streams are opened by the chamber and association staff of the province (js_aoc's 商会直通车), spread
// over both processes — some staff hold a second stream on the other process, as a second device would.
// js_aoc then sends CHAT_MESSAGES (1,000) messages to them round-robin, alternating between the processes,
// CHAT_CONCURRENCY (20) at a time. Printed, without pass/fail on time:
//   · delivery latency p50 / p99 / max, from the start of the send call to the chat.message event on each
//     of the recipient's streams (a message to someone with two streams counts twice);
//   · send throughput; deliveries expected, received, lost and doubled (lost or doubled fail the run).
import http from 'node:http';
import { parallel, percentile as pct, positiveInt, scratchDatabase } from './util.mjs';

const LISTENERS = positiveInt('CHAT_LISTENERS', 200);
const MESSAGES = positiveInt('CHAT_MESSAGES', 1000);
const CONCURRENCY = positiveInt('CHAT_CONCURRENCY', 20);
/** How long deliveries may still arrive after the last send answered before the missing ones count as lost. */
const SETTLE_MS = 60_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * One event stream (GET /api/blade-events/stream, text/event-stream): resolves once the server says
 * `ready`; every chat.message event is handed to `onMessage` with its arrival time.
 */
function openStream({ host, port, client, token, onMessage }) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host,
        port,
        path: '/api/blade-events/stream',
        agent: false,
        headers: { authorization: client, 'blade-auth': `bearer ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`event stream: HTTP ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          const at = performance.now();
          buffer += chunk;
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let type = 'message';
            const data = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) type = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
            }
            if (type === 'ready') resolve(req);
            else if (type === 'chat.message') onMessage(JSON.parse(data.join('\n')), at);
          }
        });
      },
    );
    req.on('error', reject);
  });
}

export async function runChat(ctx, { required }) {
  const { HOST, CLIENT, log, record, problems, startServer, stopServer, freePort, request, passwordGrant, asyncCleanups } = ctx;
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const why = 'skipped: DATABASE_URL is unset (two server processes need one PostgreSQL; an embedded PGlite database cannot be shared)';
    if (required) throw new Error(`chat: ${why}`);
    record('chat fan-out', why, null, null);
    return;
  }
  const db = await scratchDatabase(adminUrl, asyncCleanups, 'gsl_bench_chat');
  log(`chat: new database ${db.name} on DATABASE_URL's server; two server processes on it`);
  const servers = [];
  try {
    // The first process migrates and seeds; the second finds it done.
    servers.push(await startServer({ databaseUrl: db.url, port: await freePort(), apiCrypto: false, timeoutMs: 180_000 }));
    servers.push(await startServer({ databaseUrl: db.url, port: await freePort(), apiCrypto: false, timeoutMs: 120_000 }));
    const ports = servers.map((s) => s.port);

    const login = async (account, port = ports[0]) => {
      const res = await passwordGrant(port, account);
      if (res.status !== 200 || !res.body?.access_token)
        throw new Error(`chat: login ${account}: HTTP ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`);
      return res.body.access_token;
    };
    const call = async (port, method, path, token, body) => {
      const headers = { 'blade-auth': `bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
      const res = await request(port, method, path, headers, body === undefined ? undefined : JSON.stringify(body));
      if (res.status !== 200 || res.body?.code !== 200)
        throw new Error(`chat: ${method} ${path}: HTTP ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`);
      return res.body.data;
    };

    // The recipients: js_aoc's 商会直通车 (the staff of every chamber and association of the province), with
    // their accounts as the administrator's user list shows them.
    const sender = await login('js_aoc');
    const line = await call(ports[0], 'GET', '/api/aoc-service/through-train/coc/list?current=1&size=5000', sender);
    const users = await call(ports[0], 'GET', '/api/blade-user/page?current=1&size=5000', await login('admin'));
    const accountOf = new Map(users.records.map((u) => [String(u.id), u.account]));
    const people = line.records.filter((r) => accountOf.has(r.userId)).map((r) => ({ userId: r.userId, account: accountOf.get(r.userId) }));
    if (!people.length) throw new Error('chat: js_aoc reaches nobody on 商会直通车');
    const holders = people.slice(0, Math.min(people.length, LISTENERS));
    log(`chat: signing in ${holders.length} chamber staff; ${LISTENERS} event streams over ${ports.length} processes`);
    await parallel(holders, 4, async (p, i) => {
      p.token = await login(p.account, ports[i % ports.length]);
    });

    // Streams: one per person on alternating processes, then second streams (the other process) until LISTENERS.
    const received = new Map(); // `${messageId}:${streamIndex}` → arrival time
    let doubled = 0;
    const streams = [];
    const plan = [];
    for (let i = 0; i < LISTENERS; i++) {
      const p = holders[i % holders.length];
      const round = Math.floor(i / holders.length);
      plan.push({ person: p, port: ports[(i + round) % ports.length] });
    }
    const streamsOf = new Map();
    await parallel(plan, 20, async (s, index) => {
      const req = await openStream({
        host: HOST,
        port: s.port,
        client: CLIENT,
        token: s.person.token,
        onMessage: (data, at) => {
          if (data.mine) return;
          const key = `${data.messageId}:${index}`;
          if (received.has(key)) doubled++;
          else received.set(key, at);
        },
      });
      streams.push(req);
      streamsOf.set(s.person.userId, [...(streamsOf.get(s.person.userId) ?? []), index]);
    });

    // The sends: round-robin over the listeners' owners, alternating processes.
    const owners = [...streamsOf.keys()];
    const sends = Array.from({ length: MESSAGES }, (_, i) => ({ to: owners[i % owners.length], port: ports[i % ports.length], i }));
    log(`chat: js_aoc sends ${MESSAGES} messages, ${CONCURRENCY} at a time, to ${owners.length} people`);
    const t0 = performance.now();
    await parallel(sends, CONCURRENCY, async (s) => {
      s.start = performance.now();
      const m = await call(s.port, 'POST', '/api/aoc-service/chat/send', sender, { toUserId: s.to, content: `直通车压测消息 ${s.i}` });
      s.id = m.id;
      s.answered = performance.now();
    });
    const sendMs = performance.now() - t0;
    const expected = sends.reduce((n, s) => n + streamsOf.get(s.to).length, 0);
    const settleUntil = performance.now() + SETTLE_MS;
    while (received.size < expected && performance.now() < settleUntil) await sleep(50);
    for (const r of streams) r.destroy();

    const latencies = [];
    for (const s of sends) {
      for (const index of streamsOf.get(s.to)) {
        const at = received.get(`${s.id}:${index}`);
        if (at !== undefined) latencies.push(at - s.start);
      }
    }
    latencies.sort((a, b) => a - b);
    const lost = expected - latencies.length;
    const answer = sends.map((s) => s.answered - s.start).sort((a, b) => a - b);

    record(
      `chat: listeners / people / processes`,
      `${LISTENERS} event streams / ${owners.length} people / ${ports.length} server processes on PostgreSQL`,
      null,
      null,
    );
    record(
      `chat: ${MESSAGES} messages sent (${CONCURRENCY} at a time)`,
      `${(sendMs / 1000).toFixed(1)} s, ${((MESSAGES * 1000) / sendMs).toFixed(0)} messages/s`,
      null,
      null,
    );
    record('chat: send call p50 / p99', `${pct(answer, 50).toFixed(0)} ms / ${pct(answer, 99).toFixed(0)} ms`, null, null);
    record(
      'chat: delivery latency, send → event p50 / p99 / max',
      `${pct(latencies, 50).toFixed(0)} ms / ${pct(latencies, 99).toFixed(0)} ms / ${(latencies.at(-1) ?? NaN).toFixed(0)} ms`,
      null,
      null,
    );
    record(
      'chat: deliveries received / expected (lost, doubled)',
      `${latencies.length} / ${expected} (${lost}, ${doubled})`,
      '0 lost, 0 doubled',
      lost === 0 && doubled === 0,
    );
    if (lost || doubled) problems.push(`chat: ${lost} deliveries lost and ${doubled} doubled of ${expected}`);
  } finally {
    for (const s of servers) await stopServer(s);
    await db.drop().catch((err) => console.error(`chat: dropping ${db.name}: ${err.message}`));
  }
}
