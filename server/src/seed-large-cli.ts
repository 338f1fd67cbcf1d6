import pg from 'pg';
import { openDatabase } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { seedAll } from './db/seed/index.js';
import { largeSizes, seedLarge } from './db/seed/large.js';
import { seedLargeLeaders } from './db/seed/large-leaders.js';
import { personalDataCipher } from './platform/audit/personal-data.js';
import { loadConfig } from './platform/config/config.js';
import { resolveSecrets } from './platform/config/secrets.js';

/**
 * `npm run seed:large`: migrate, the normal seed (demo data), then a whole province (db/seed/large.ts)
 * and every org's leadership team (db/seed/large-leaders.ts) on the PostgreSQL database of DATABASE_URL. Sizes: LARGE_ORGS, LARGE_ENTERPRISES, LARGE_PERSONS, LARGE_BATCH.
 */
const started = performance.now();
const log = (msg: string) => console.log(`seed:large ${msg}`);
const base = loadConfig();
if (!base.databaseUrl) {
  console.error(
    'seed:large needs DATABASE_URL: a province (1,000,000 enterprises, 2,000,000 persons) is too big for the embedded database.\n' +
      '  createdb -h 127.0.0.1 -U postgres gsl_large\n' +
      '  DATABASE_URL=postgresql://postgres@127.0.0.1:5432/gsl_large npm run seed:large',
  );
  process.exit(2);
}
if (base.production || !base.demoData) {
  console.error('seed:large builds on the demo province: run it outside production mode with DEMO_DATA on.');
  process.exit(2);
}
const sizes = largeSizes();
const handle = await openDatabase({ databaseUrl: base.databaseUrl, timeZone: base.timeZone, poolSize: 2 });
const client = new pg.Client({ connectionString: base.databaseUrl, options: `-c TimeZone=${base.timeZone}` });
let code = 0;
try {
  const applied = await migrate(handle.db);
  if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
  const config = await resolveSecrets(base, handle.db);
  await seedAll(handle.db, config);
  // The product's own cipher (PERSONAL_DATA_KEY, else the database's generated key), as the server loads it.
  const cipher = await personalDataCipher(handle.db, { production: config.production });
  await client.connect();
  log(
    `building a province on ${new URL(base.databaseUrl).pathname.slice(1)}: ${sizes.orgs.toLocaleString('en')} chambers and associations, ` +
      `${sizes.enterprises.toLocaleString('en')} member enterprises, ${sizes.persons.toLocaleString('en')} member persons (batches of ${sizes.batch.toLocaleString('en')})`,
  );
  const done = await seedLarge(client, cipher, { tenantId: config.defaultTenantId, sizes, log });
  if (!done) log('the province exists already (seed step large-province-v1): nothing to do');
  // Every org's leadership team (its own step, so a province seeded before the leadership gets it too).
  const teams = await seedLargeLeaders(client, cipher, { log, batch: sizes.batch });
  if (!teams) log('the leadership teams exist already (seed step large-leaders-v1): nothing to do');
  else log(`leadership: ${teams.leaders.toLocaleString('en')} leaders of ${teams.orgs.toLocaleString('en')} orgs in ${(teams.ms / 1000).toFixed(1)} s`);
  log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  console.error(`seed:large failed: ${(err as Error).stack ?? err}`);
  code = 1;
} finally {
  await client.end().catch(() => undefined);
  await handle.close();
}
process.exit(code);
