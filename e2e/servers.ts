import { availableParallelism } from 'node:os';

/**
 * How many copies of the product an end-to-end run starts, each with its own embedded database: one per
 * Playwright worker, so the specs of one worker never see what another's change (a sign-on failure that
 * asks the next sign-on for a captcha, a row a counted list would show). One worker with its server and
 * its chromium keeps two cores busy (measured on 2026-11-28: two workers on two cores finished in 22.9 min
 * against 25.0 min for one, each test about 1.6 times slower, some close to their time limits), so one per
 * two cores; E2E_WORKERS sets it.
 */
export const SERVER_COUNT = Math.max(1, Number(process.env.E2E_WORKERS) || Math.floor(availableParallelism() / 2));
