import { openDatabase } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { loadConfig } from './platform/config/config.js';

/** `npm run migrate`: apply pending migrations to the configured database and exit. */
const cfg = loadConfig();
const handle = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir, timeZone: cfg.timeZone });
try {
  const applied = await migrate(handle.db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await handle.close();
}
