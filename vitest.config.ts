import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Migrations are imported as text (esbuild's text loader does the same for the server bundle).
const sqlText = {
  name: 'sql-text',
  transform(code: string, id: string) {
    if (id.endsWith('.sql')) return { code: `export default ${JSON.stringify(code)}`, map: null };
  },
};

const server = (name: string, env: Record<string, string>) => ({
  plugins: [sqlText],
  test: {
    name,
    root: '.',
    include: ['server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    /**
     * A worker keeps the server's modules loaded from one test file to the next instead of loading them
     * again for each (twelve of the server's test files: 63 s → 41 s here). The server keeps no module state
     * that a test file could leave behind for the next: what it caches is keyed by the database handle
     * (WeakMap), and every file opens its own database.
     */
    isolate: false,
  },
});

/**
 * System tests (server/test/system) run the BUILT server, `node server/dist/main.js`, as real
 * processes on 127.0.0.1 (`npm test` builds first). No sql-text plugin and no global setup: they
 * import nothing from server/src. The PostgreSQL part skips itself when DATABASE_URL is unset.
 */
const system = {
  test: {
    name: 'system',
    root: '.',
    include: ['server/test/system/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
};

/**
 * Server tests run on PGlite, and again on real PostgreSQL when DATABASE_URL is set; the web's unit
 * tests run in happy-dom; system tests run the built server as processes.
 */
export default defineConfig({
  test: {
    /**
     * One test file per core. Vitest's default keeps one core free (cores − 1: a single worker on this
     * two-core machine), but a worker spends much of its time waiting on PostgreSQL or on a server process
     * it started, and with one worker the whole run used 1.2 of the 2 cores (44 minutes).
     */
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      server('server:pglite', { TEST_DB: 'pglite' }),
      ...(process.env.DATABASE_URL ? [server('server:pg', { TEST_DB: 'pg' })] : []),
      'web/vitest.config.ts',
      system,
    ],
  },
});
