import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { openDatabase } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { DEMO_ACCOUNTS } from './db/seed/demo.js';
import { DEMO_PASSWORD, seedAll, seedFingerprint } from './db/seed/index.js';
import { loadConfig } from './platform/config/config.js';
import { resolveSecrets } from './platform/config/secrets.js';
import { webDistDir } from './web-dist.js';

/** Read config, open the database, migrate, seed, listen, close gracefully — nothing else. */
async function main() {
  // Where start-up time goes (issue 18: cold start), printed with the start line, from the process's start:
  // `node` is Node's own start and the loading of this bundle and its packages.
  const started = performance.timeOrigin;
  const phases: string[] = [];
  let mark = started;
  const phase = (name: string) => {
    const now = performance.timeOrigin + performance.now();
    phases.push(`${name} ${Math.round(now - mark)}`);
    mark = now;
  };
  phase('node');
  const base = loadConfig();
  const handle = await openDatabase({ databaseUrl: base.databaseUrl, dataDir: base.dataDir, timeZone: base.timeZone });
  phase('db');
  try {
    await migrate(handle.db);
    phase('migrate');
    const config = await resolveSecrets(base, handle.db);
    phase('secrets');
    const seeded = await seedAll(handle.db, config, { fingerprint: buildFingerprint(config) });
    phase(seeded.skipped ? 'seed (unchanged build: skipped)' : 'seed');
    const app = await buildApp(config, handle.db, { webDist: config.webDist ?? webDistDir(), listen: handle.listen });
    phase('app');
    await app.listen({ host: config.host, port: config.port });
    phase('listen');
    handle.turns?.(true); // the figures printed at the stop are those of serving, not of the start
    const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const lines = [
      '',
      `工商联门户已启动 / portal is up (${Math.round(performance.timeOrigin + performance.now() - started)} ms: ${phases.join(', ')} ms; ${handle.kind === 'pg' ? 'PostgreSQL' : `PGlite ${config.dataDir}`})`,
      `  打开 / open:  http://${shown}:${config.port}${config.basePath}`,
      `  接口文档 / API docs: http://${shown}:${config.port}/api/docs`,
    ];
    if (seeded.demo) {
      lines.push(`  演示账号 / demo accounts (密码 password ${DEMO_PASSWORD}):`);
      for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.account.padEnd(8)} ${a.description}`);
    }
    console.log(lines.join('\n'));
    let closing = false;
    const stop = async (signal: string) => {
      if (closing) return;
      closing = true;
      const turns = handle.turns?.();
      console.log(
        `${signal}: closing${turns ? ` (PGlite since start-up: ${turns.turns} turns, ${turns.statements} statements; longest wait ${turns.maxWaitMs.toFixed(0)} ms, longest turn ${turns.maxHoldMs.toFixed(0)} ms, longest idle in a turn ${turns.maxIdleMs.toFixed(0)} ms)` : ''}`,
      );
      await app.close();
      await handle.close();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/**
 * The built server is one bundle holding every seed's code and data: a restart of the same bundle with the
 * same settings has nothing to seed (seedFingerprint). Run from source (a dev server) there is no bundle to
 * hash, and every start seeds.
 */
function buildFingerprint(config: Parameters<typeof seedFingerprint>[1]): string | undefined {
  const self = fileURLToPath(import.meta.url);
  if (!self.endsWith('.js')) return undefined;
  try {
    return seedFingerprint(readFileSync(self, 'utf8'), config);
  } catch {
    return undefined;
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
