import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { OutboxHandler, OutboxJob, Outbox } from '../../platform/outbox/outbox.js';
import { fetchFeed, parseEntries, type FetchOptions, type FetchOutcome } from './news-fetch.js';
import { ingest } from './news-ingest.js';

/**
 * 舆情监测's schedule runs on the platform's outbox (no second scheduler): each enabled feed has one
 * pending job of kind news.fetch, due at its next fetch; the job fetches, records the outcome on the feed
 * and enqueues the next one in the same transaction. The feed row names its current job (job_id): a job
 * that is not it (replaced by 立即抓取, a changed address, a restart's check) does nothing. A feed is never
 * given up: failures only lengthen the wait (backoff, at most a day), and each one shows on the feed-health list.
 */
export const NEWS_FETCH = 'news.fetch';

const MINUTE = 60_000;
const MAX_WAIT = 24 * 60 * MINUTE;

/** When to fetch next, after this outcome (the failures already counted). */
export function nextDelayMs(outcome: FetchOutcome | { kind: 'parse_error' }, intervalMinutes: number, failures: number): number {
  const interval = intervalMinutes * MINUTE;
  switch (outcome.kind) {
    case 'ok':
    case 'not_modified':
      return interval;
    case 'rate_limited': {
      const backoff = Math.min(MAX_WAIT, interval * 2 ** Math.min(failures, 10));
      return Math.min(MAX_WAIT, Math.max(interval, outcome.retryAfterMs ?? backoff));
    }
    default: {
      const backoff = Math.min(MAX_WAIT, Math.max(5 * MINUTE, Math.min(interval, 15 * MINUTE)) * 2 ** Math.min(Math.max(failures - 1, 0), 10));
      const asked = 'retryAfterMs' in outcome && outcome.retryAfterMs ? Math.min(MAX_WAIT, outcome.retryAfterMs) : 0;
      return Math.max(backoff, asked);
    }
  }
}

/** Makes `sourceId` fetch at `at` (now by default): a new job, which becomes the feed's current one. */
export async function scheduleFetch(outbox: Outbox, tx: Db, tenantId: string, sourceId: string, at?: Date): Promise<void> {
  const [jobId] = await outbox.enqueue(tx, [{ tenantId, kind: NEWS_FETCH, refId: sourceId, payload: { sourceId }, notBefore: at, maxAttempts: 3 }]);
  await tx
    .updateTable('aocNewsSource')
    .set({ jobId, nextFetchTime: at ?? new Date() })
    .where('id', '=', sourceId)
    .execute();
}

/** Gives every enabled feed without a live job one (at start-up: a feed whose chain broke is picked up again). */
export async function ensureScheduled(outbox: Outbox, db: Db): Promise<number> {
  const orphans = await db
    .selectFrom('aocNewsSource as s')
    .select(['s.id', 's.tenantId', 's.nextFetchTime'])
    .where('s.isDeleted', '=', 0)
    .where('s.enabled', '=', 1)
    .where((eb) =>
      eb.or([
        eb('s.jobId', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('outboxJob as j')
              .select(sql`1`.as('one'))
              .whereRef('j.id', '=', 's.jobId')
              .where('j.status', 'in', ['pending', 'sending']),
          ),
        ),
      ]),
    )
    .execute();
  for (const s of orphans) {
    await db
      .transaction()
      .execute((tx) => scheduleFetch(outbox, tx, s.tenantId, s.id, s.nextFetchTime && s.nextFetchTime > new Date() ? s.nextFetchTime : undefined));
  }
  return orphans.length;
}

type Payload = { sourceId: string };

/** Whether `job` is still the feed's current one (else it does nothing). */
async function currentSource(db: Db, job: OutboxJob<Payload>) {
  return db
    .selectFrom('aocNewsSource')
    .selectAll()
    .where('id', '=', job.payload.sourceId)
    .where('tenantId', '=', job.tenantId)
    .where('isDeleted', '=', 0)
    .where('enabled', '=', 1)
    .where('jobId', '=', job.id)
    .executeTakeFirst();
}

/** Fetches one feed and records the outcome; the next job is enqueued with it. */
export async function runFetch(outbox: Outbox, db: Db, job: OutboxJob<Payload>, opts: Omit<FetchOptions, 'etag' | 'lastModified'>): Promise<void> {
  const source = await currentSource(db, job);
  if (!source) return;
  const outcome = await fetchFeed(source.url, { ...opts, etag: source.etag, lastModified: source.lastModified });
  let status: string = outcome.kind;
  let error: string | null = 'error' in outcome ? outcome.error : null;
  let added = 0;
  if (outcome.kind === 'ok') {
    try {
      const entries = parseEntries(outcome.body);
      const result = await ingest(db, entries, {
        tenantId: source.tenantId,
        sourceId: source.id,
        sourceName: source.name,
        matchOnly: source.matchOnly === 1,
        isManual: false,
      });
      added = result.inserted.length;
    } catch (err) {
      status = 'error';
      const code = (err as { code?: string }).code;
      error =
        code === 'INVALID_FEED' || err instanceof SyntaxError ? '订阅内容不是有效的 RSS/Atom' : `解析订阅内容失败: ${(err as Error).message}`.slice(0, 1000);
    }
  }
  const failed = status === 'error' || status === 'rate_limited';
  const failures = failed ? source.consecutiveFailures + 1 : 0;
  const delay = nextDelayMs(status === 'error' && outcome.kind === 'ok' ? { kind: 'parse_error' } : outcome, source.intervalMinutes, failures);
  const ok = outcome.kind === 'ok' && status === 'ok';
  await db.transaction().execute(async (tx) => {
    // Recorded only while the job is still the feed's (an address changed meanwhile is fetched anew).
    const still = await tx.selectFrom('aocNewsSource').select('id').where('id', '=', source.id).where('jobId', '=', job.id).forUpdate().executeTakeFirst();
    if (!still) return;
    await tx
      .updateTable('aocNewsSource')
      .set({
        lastFetchTime: new Date(),
        lastStatus: status,
        lastHttpStatus: outcome.status,
        lastError: error ? error.slice(0, 1000) : null,
        consecutiveFailures: failures,
        ...(ok ? { etag: outcome.etag?.slice(0, 500) ?? null, lastModified: outcome.lastModified?.slice(0, 100) ?? null } : {}),
        ...(ok || outcome.kind === 'not_modified' ? { lastSuccessTime: new Date() } : {}),
        itemCount: sql`item_count + ${added}`,
      })
      .where('id', '=', source.id)
      .execute();
    await scheduleFetch(outbox, tx, source.tenantId, source.id, new Date(Date.now() + delay));
  });
}

/** The outbox handler of news.fetch: outside a transaction (an external server), one feed at a time per lane. */
export function newsFetchHandler(outbox: Outbox, opts: () => Omit<FetchOptions, 'etag' | 'lastModified'>): OutboxHandler<Payload> {
  return {
    transactional: false,
    concurrency: 4,
    deliver: (job, db) => runFetch(outbox, db, job, opts()),
    // A fetch that failed in an unforeseen way (the database) past its attempts: the feed is not given up.
    async settled(job, outcome, tx) {
      if (outcome.status !== 'failed') return;
      const source = await tx
        .selectFrom('aocNewsSource')
        .select(['id', 'tenantId', 'intervalMinutes', 'consecutiveFailures'])
        .where('id', '=', job.payload.sourceId)
        .where('jobId', '=', job.id)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (!source) return;
      const failures = source.consecutiveFailures + 1;
      await tx
        .updateTable('aocNewsSource')
        .set({ lastFetchTime: new Date(), lastStatus: 'error', lastError: `抓取失败: ${outcome.error}`.slice(0, 1000), consecutiveFailures: failures })
        .where('id', '=', source.id)
        .execute();
      const delay = nextDelayMs({ kind: 'error', status: null, error: outcome.error }, source.intervalMinutes, failures);
      await scheduleFetch(outbox, tx, source.tenantId, source.id, new Date(Date.now() + delay));
    },
  };
}
