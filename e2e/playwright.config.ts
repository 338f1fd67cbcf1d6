import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices, type LaunchOptions } from '@playwright/test';
import { SERVER_COUNT } from './servers';

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * Seconds each spec file took in a one-worker run (spec-seconds.json; 1,468 s in all on 2026-11-28): the
 * weights that balance the groups. A file not listed yet counts as the median file.
 */
const SECONDS: Record<string, number> = JSON.parse(readFileSync(join(HERE, 'spec-seconds.json'), 'utf8'));

/**
 * The spec files split into one group per server (servers.ts), each run by one worker against its own copy
 * of the product. Every spec file is in exactly one group; the longest file first, each goes to the group
 * with the fewest seconds so far.
 */
function specGroups(n: number): string[][] {
  const known = Object.values(SECONDS).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const specs = readdirSync(join(HERE, 'tests'))
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => ({ f, weight: SECONDS[f] ?? median }))
    .sort((a, b) => b.weight - a.weight || a.f.localeCompare(b.f));
  const groups = Array.from({ length: n }, () => ({ files: [] as string[], weight: 0 }));
  for (const { f, weight } of specs) {
    const lightest = groups.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(f);
    lightest.weight += weight;
  }
  return groups.map((g) => g.files);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const chromium: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * End-to-end tests against the BUILT product (`npm run build` at the root).
 * global-setup.ts starts `node ../server/dist/main.js` once per worker (servers.ts), each on a free port
 * with a fresh PGlite data directory and a shortened session refresh, and exports their addresses as
 * E2E_BASE_URL_1 …; the teardown it returns stops the servers and removes the directories. Each project
 * is one group of spec files on one server, run by one worker at a time.
 */
export default defineConfig({
  testDir: 'tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: SERVER_COUNT,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: specGroups(SERVER_COUNT).map((files, i) => ({
    name: SERVER_COUNT > 1 ? `chromium-${i + 1}` : 'chromium',
    testMatch: files.map((f) => new RegExp(`[\\\\/]${escape(f)}$`)),
    workers: 1,
    use: {
      ...devices['Desktop Chrome'],
      viewport: { width: 1440, height: 900 },
      baseURL: process.env[`E2E_BASE_URL_${i + 1}`],
      launchOptions: chromium,
    },
  })),
});
