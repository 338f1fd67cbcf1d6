#!/usr/bin/env node
// `npm test`: every test — unit and API (PGlite, and PostgreSQL when DATABASE_URL is set), type checks, lint and format,
// and end-to-end in Debian's chromium against the built product. Installs chromium and a CJK font
// with apt when they are missing and we run as root. Ends with one line "N passed, M failed".
import { execSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'gsl-test-'));
const results = [];

function step(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`◀ ${name}: ${r.status === 0 ? 'ok' : `failed (exit ${r.status ?? r.signal})`} in ${seconds}s`);
  results.push({ name, ok: r.status === 0 });
  return r.status === 0;
}

/**
 * Steps that do not depend on each other, run at once (type check and lint: one core each, about two and a half
 * minutes each here); each one's output is printed whole when it ends, so the log stays readable.
 */
async function together(steps) {
  const started = Date.now();
  const runs = steps.map(
    ({ name, cmd, args }) =>
      new Promise((resolve) => {
        let output = '';
        const child = spawn(cmd, args, { cwd: root, env: process.env });
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.on('error', (err) => (output += `${err.message}\n`));
        child.on('close', (status, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
          if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
          console.log(`◀ ${name}: ${status === 0 ? 'ok' : `failed (exit ${status ?? signal})`} in ${seconds}s`);
          resolve({ name, ok: status === 0 });
        });
      }),
  );
  for (const r of await Promise.all(runs)) results.push(r);
}

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function ensureSystemPackages() {
  const needChromium = !fs.existsSync('/usr/bin/chromium');
  const needFont = !has('fc-list') || !execSync('fc-list :lang=zh family', { encoding: 'utf8' }).trim();
  if (!needChromium && !needFont) return;
  const pkgs = [needChromium && 'chromium', needFont && 'fonts-noto-cjk'].filter(Boolean);
  if (process.getuid?.() !== 0) {
    console.error(`missing system packages: ${pkgs.join(' ')} — install them with: sudo apt-get install -y ${pkgs.join(' ')}`);
    process.exit(1);
  }
  console.log(`installing ${pkgs.join(' ')} with apt …`);
  execSync('apt-get update -qq', { stdio: 'inherit' });
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkgs.join(' ')}`, { stdio: 'inherit' });
}

function count(file, pick) {
  try {
    return pick(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

ensureSystemPackages();
if (process.env.DATABASE_URL) console.log(`DATABASE_URL is set: API tests run on PGlite and on ${process.env.DATABASE_URL.replace(/:[^:@/]*@/, ':***@')}`);

const vitestJson = path.join(out, 'vitest.json');
const e2eJson = path.join(out, 'e2e.json');
await together([
  { name: 'type check', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
]);
step('build', 'npm', ['run', '--silent', 'build']);
step('unit + API tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
step('end-to-end tests', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
});

const unit = count(vitestJson, (j) => ({
  passed: j.numPassedTests,
  failed: j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0),
  skipped: j.numPendingTests + (j.numTodoTests ?? 0),
}));
const e2e = count(e2eJson, (j) => ({ passed: j.stats.expected + (j.stats.flaky ?? 0), failed: j.stats.unexpected, skipped: j.stats.skipped }));
const failedSteps = results.filter((r) => !r.ok);
const passed = (unit?.passed ?? 0) + (e2e?.passed ?? 0);
let failed = (unit?.failed ?? 0) + (e2e?.failed ?? 0);
const skipped = (unit?.skipped ?? 0) + (e2e?.skipped ?? 0);
// A step that failed without failing tests (type errors, a build error, a crash) still counts as a failure.
for (const r of failedSteps)
  if (
    r.name === 'type check' ||
    r.name === 'lint' ||
    r.name === 'build' ||
    (r.name.startsWith('unit') && !unit?.failed) ||
    (r.name.startsWith('end') && !e2e?.failed)
  )
    failed += 1;

console.log('\nSummary:');
console.log(`  unit + API: ${unit ? `${unit.passed} passed, ${unit.failed} failed` : 'no report'}`);
console.log(`  end-to-end: ${e2e ? `${e2e.passed} passed, ${e2e.failed} failed` : 'no report'}`);
for (const r of failedSteps) console.log(`  step failed: ${r.name}`);
fs.rmSync(out, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length || failed ? 1 : 0);
