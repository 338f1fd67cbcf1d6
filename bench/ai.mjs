// AI 对话 with the built-in assistant, called by bench/run.mjs (`node bench/run.mjs ai`, and `npm run bench`).
//
// One server process on a new PGlite database (temp DATA_DIR), the per-user rate and the org quota raised so
// they do not refuse the run. nj_aoc asks AI_SEQUENTIAL (20) questions one after another (member counts, the
// chambers not filled in, a common question); then AI_CONCURRENT (50) streams are held open at once. Printed,
// without pass/fail on time:
//   · time to the first streamed `delta` and to `done`, p50 / p99, one question at a time;
//   · the concurrent round: streams completed, errors (any error fails the run), whole-round time.
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parallel, percentile as pct, positiveInt } from './util.mjs';

const SEQUENTIAL = positiveInt('AI_SEQUENTIAL', 20);
const CONCURRENT = positiveInt('AI_CONCURRENT', 50);
const QUESTIONS = ['江宁区有多少企业会员?', '我们一共有多少会员', '哪些商会还没有填报?', '忘记密码怎么办'];

/** One question: resolves with the times (ms from sending) of the first delta and of `done`, and the final status. */
function askOnce({ host, port, client, token, question }) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let first = null;
    let buffer = '';
    const req = http.request(
      {
        host,
        port,
        method: 'POST',
        path: '/api/ai-service/chat/stream',
        agent: false,
        headers: { authorization: client, 'blade-auth': `bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('text/event-stream')) {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => reject(new Error(`ai: HTTP ${res.statusCode} ${body.slice(0, 200)}`)));
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          buffer += chunk;
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const type = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (type === 'delta' && first === null) first = performance.now() - t0;
            if (type === 'done') resolve({ first, done: performance.now() - t0, status: JSON.parse(data).status });
            if (type === 'error') reject(new Error(`ai: ${data}`));
          }
        });
        res.on('end', () => reject(new Error('ai: the stream ended without done')));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ question }));
  });
}

export async function runAi(ctx) {
  const { HOST, CLIENT, log, record, problems, tempDirs, startServer, stopServer, freePort, passwordGrant } = ctx;
  const dataDir = mkdtempSync(join(tmpdir(), 'gsl-bench-ai-'));
  tempDirs.push(dataDir);
  const port = await freePort();
  log('ai: a new PGlite database in a temp DATA_DIR, the built-in assistant');
  const env = { AI_USER_PER_MINUTE: '100000', AI_ORG_MONTHLY_QUOTA: '100000' };
  const server = await startServer({ dataDir, port, apiCrypto: true, timeoutMs: 180_000, extraEnv: env });
  try {
    const grant = await passwordGrant(port, 'nj_aoc');
    const token = grant.body?.access_token;
    if (!token) throw new Error(`ai: login nj_aoc: HTTP ${grant.status}`);
    const ask = (question) => askOnce({ host: HOST, port, client: CLIENT, token, question });
    await ask(QUESTIONS[0]); // warm-up: the first question loads the segmenter's dictionary

    const firsts = [];
    const dones = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const r = await ask(QUESTIONS[i % QUESTIONS.length]);
      if (r.status !== 0) problems.push(`ai: answer ${i + 1} ended with status ${r.status}`);
      if (r.first !== null) firsts.push(r.first);
      dones.push(r.done);
    }
    firsts.sort((a, b) => a - b);
    dones.sort((a, b) => a - b);
    record('AI first token p50 / p99', `${pct(firsts, 50).toFixed(0)} / ${pct(firsts, 99).toFixed(0)} ms`, null, null);
    record('AI whole answer p50 / p99', `${pct(dones, 50).toFixed(0)} / ${pct(dones, 99).toFixed(0)} ms`, null, null);

    log(`ai: ${CONCURRENT} streams at once`);
    const t0 = performance.now();
    let completed = 0;
    const errors = [];
    await parallel(
      Array.from({ length: CONCURRENT }, (_, i) => QUESTIONS[i % QUESTIONS.length]),
      CONCURRENT,
      async (q) => {
        try {
          const r = await ask(q);
          if (r.status === 0) completed++;
          else errors.push(`status ${r.status}`);
        } catch (e) {
          errors.push(e.message);
        }
      },
    );
    const ok = errors.length === 0 && completed === CONCURRENT;
    record(
      `AI ${CONCURRENT} concurrent streams`,
      `${completed} completed, ${errors.length} errors in ${((performance.now() - t0) / 1000).toFixed(2)} s`,
      '0 errors',
      ok,
    );
    if (!ok) problems.push(`ai: concurrent streams failed: ${errors.slice(0, 3).join('; ')}`);
  } finally {
    await stopServer(server);
  }
}
