import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { seedAll } from '../src/db/seed/index.js';
import { testConfig } from './config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

/**
 * Builds the migrated and seeded database once per run; every test file then loads this dump into
 * its own in-memory PGlite (0.6 s instead of 5 s), or, on PostgreSQL, migrates its own schema.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'pg') return;
  const file = path.join(os.tmpdir(), `gsl-test-template-${process.pid}.tar`);
  const handle = await openDatabase({});
  await migrate(handle.db);
  await seedAll(handle.db, testConfig());
  if (!handle.dump) throw new Error('the template needs PGlite');
  fs.writeFileSync(file, Buffer.from(await (await handle.dump()).arrayBuffer()));
  await handle.close();
  project.provide('pgliteDump', file);
  return () => fs.rmSync(file, { force: true });
}
