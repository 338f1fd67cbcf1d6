// What the benches share: the server's own dependencies, environment numbers, percentiles, bounded
// parallelism and a scratch database of their own.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// pg and PGlite are the server's own dependencies, resolved from server/ so that the versions are the
// ones the product runs (the workspace root may hold another PGlite, which cannot open its data dir).
export const requireServer = createRequire(join(import.meta.dirname, '..', 'server', 'package.json'));

/** A positive integer from the environment variable `name`, or `dflt` when it is unset. */
export const positiveInt = (name, dflt) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
};

/** The p-th percentile of ascending `sorted` (nearest rank); NaN when empty. */
export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `fn` on `items` with at most `limit` at a time; the results in the order of `items`. */
export async function parallel(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/**
 * A database of its own on the PostgreSQL server of `adminUrl` (named `prefix_<random>`), dropped at the
 * end: `drop` is pushed onto `asyncCleanups` (run also on Ctrl-C) and returned.
 */
export async function scratchDatabase(adminUrl, asyncCleanups, prefix = 'gsl_bench') {
  const pg = requireServer('pg');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const withAdmin = async (sql) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await withAdmin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await withAdmin(`drop database if exists ${name} with (force)`);
  };
  asyncCleanups.push(drop);
  return { name, url: url.toString(), drop };
}
