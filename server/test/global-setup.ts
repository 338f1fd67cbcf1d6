import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { seedAll } from '../src/db/seed/index.js';
import { randomBytes } from 'node:crypto';
import { testConfig } from './config.js';
import { adminQuery, databaseUrlOf } from './pg-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    /** PostgreSQL: the migrated and seeded database every test file copies (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
  }
}

/**
 * Builds the migrated and seeded database once per run; every test file then loads this dump into
 * its own in-memory PGlite (0.6 s instead of 5 s), or, on PostgreSQL, copies the template database
 * built here into a database of its own (a file copy, instead of migrating and seeding each time).
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'pg') return setupPg(project);
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

async function setupPg(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DB=pg needs DATABASE_URL');
  const name = `gsl_tmpl_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const handle = await openDatabase({ databaseUrl: databaseUrlOf(url, name), poolSize: 2 });
  try {
    await migrate(handle.db);
    await seedAll(handle.db, testConfig());
  } finally {
    await handle.close();
  }
  project.provide('pgTemplate', name);
  return () => adminQuery(url, `drop database if exists ${name} with (force)`);
}
