import type { Db, Listen } from '../../db/connection.js';
import { AppError } from '../http/errors.js';
import type { Tenancy } from '../tenancy/tenancy.js';
import { EventStream } from './event-stream.js';
import { EVENTS_CHANNEL, Feed } from './feed.js';
import { eventsRepo, type NewEvent } from './events.repo.js';

/** One event for one user, as a module publishes it. */
export interface LiveEvent {
  tenantId: string;
  /** The recipient. */
  userId: string;
  /** What happened, dotted lower case: 'msg.received', 'msg.read', 'msg.unread-count'. */
  type: string;
  /** Anything JSON can carry; the stream sends it as the event's data. */
  data: unknown;
}

export const EVENTS_MSG = {
  acceptRequired: '实时消息需以事件流方式连接 (Accept: text/event-stream)',
  badLastEventId: '事件编号不正确',
  tooManyStreams: (cap: number) => `实时消息连接过多 (每个用户最多 ${cap} 个),请关闭部分页面后重试`,
  unavailable: '实时消息暂不可用,请稍后重试',
} as const;

/** Streams one user may hold in one process (tabs, devices). */
export const MAX_STREAMS_PER_USER = 10;
/** Events replayed at most after a reconnect; older ones are announced by a resync event. */
export const REPLAY_LIMIT = 500;
const HEARTBEAT_MS = 20_000;
/** Events older than this are pruned: a browser away longer reloads its state instead of replaying. */
const KEEP_MS = 3 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;
const PRUNE_BATCH = 10_000;
/** Rows per insert statement: a notice to 10,000 users is a few statements in one transaction. */
const PUBLISH_CHUNK = 5000;
/** A feed with no stream left stops listening after this long (a tab reloading keeps it). */
const FEED_IDLE_MS = 60_000;

/** Published types have a dot ('msg.read'); the stream's own control events (ready, resync, token-expired) have none. */
const TYPE_RE = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;
const USER_RE = /^[1-9]\d{0,18}$/;

export interface OpenStream {
  tenantId: string;
  userId: string;
  /** The last event the client received (Last-Event-ID); null: a fresh start. */
  lastEventId: string | null;
  /** When the access token expires (ms since epoch). */
  expiresAt: number | null;
}

/**
 * Live events (wire contract §3, architecture §1): modules publish events for users inside their own
 * transaction; every server process hears the commit through LISTEN/NOTIFY (in process on PGlite) and
 * pushes the new rows to the event streams its users hold. One Feed per database that events are
 * written to: the main one, or a tenant's own datasource (the caller's transaction decides).
 */
export class Events {
  private readonly feeds = new Map<string, Promise<Feed>>();
  private readonly idle = new Map<string, NodeJS.Timeout>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly pruner: NodeJS.Timeout;
  private readonly firstPrune: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly deps: {
      main: Db;
      tenancy: Tenancy;
      listen: Listen;
      onError?: (err: unknown) => void;
    },
  ) {
    this.heartbeat = setInterval(() => this.eachStream((s) => s.heartbeat()), HEARTBEAT_MS);
    this.heartbeat.unref();
    const prune = () => void this.prune().catch((err) => this.reportError(err));
    // Soon after start too: a process restarted more often than hourly still prunes.
    this.firstPrune = setTimeout(prune, 60_000);
    this.firstPrune.unref();
    this.pruner = setInterval(prune, PRUNE_EVERY_MS);
    this.pruner.unref();
  }

  /**
   * Writes the events in the caller's transaction and announces them with NOTIFY in the same
   * transaction, so other processes hear of them only if it commits. Many recipients are one call.
   */
  async publish(tx: Db, events: LiveEvent[]): Promise<void> {
    if (!events.length) return;
    const rows: NewEvent[] = events.map((e) => {
      if (!TYPE_RE.test(e.type) || e.type.length > 64) throw new Error(`invalid live event type: ${e.type}`);
      if (!USER_RE.test(String(e.userId))) throw new Error(`invalid live event user: ${e.userId}`);
      return { tenantId: e.tenantId, userId: String(e.userId), type: e.type, data: JSON.stringify(e.data ?? {}) };
    });
    let lo: bigint | null = null;
    let hi: bigint | null = null;
    for (let i = 0; i < rows.length; i += PUBLISH_CHUNK) {
      const ids = await eventsRepo.insert(tx, rows.slice(i, i + PUBLISH_CHUNK));
      if (!ids) continue;
      if (lo === null || BigInt(ids.lo) < lo) lo = BigInt(ids.lo);
      if (hi === null || BigInt(ids.hi) > hi) hi = BigInt(ids.hi);
    }
    if (lo !== null && hi !== null) await eventsRepo.notify(tx, EVENTS_CHANNEL, `${lo}-${hi}`);
  }

  /**
   * Opens a stream for the user: registered first (so nothing published meanwhile is lost), then the
   * replay after Last-Event-ID, or the user's newest id as the point to resume from.
   */
  async open(o: OpenStream): Promise<EventStream> {
    if (this.closed) throw new AppError(503, EVENTS_MSG.unavailable);
    const feedKey = await this.feedKeyOf(o.tenantId);
    const feed = await this.feed(feedKey);
    const stream = new EventStream(`${o.tenantId}:${o.userId}`, o.expiresAt);
    if (!feed.add(stream, MAX_STREAMS_PER_USER)) {
      stream.end();
      throw new AppError(429, EVENTS_MSG.tooManyStreams(MAX_STREAMS_PER_USER));
    }
    this.touch(feedKey, feed);
    stream.onClose = () => {
      feed.remove(stream);
      this.touch(feedKey, feed);
    };
    try {
      if (o.lastEventId !== null) {
        const rows = await eventsRepo.replay(feed.db, o.tenantId, o.userId, o.lastEventId, REPLAY_LIMIT);
        const truncated = rows.length > REPLAY_LIMIT;
        stream.replay(truncated ? rows.slice(1) : rows, { truncated, baseline: null });
      } else {
        stream.replay([], { truncated: false, baseline: await eventsRepo.lastIdOf(feed.db, o.tenantId, o.userId) });
      }
    } catch (err) {
      stream.end();
      feed.remove(stream);
      throw err;
    }
    return stream;
  }

  /** Ends every stream and stops listening (app close: open streams must not keep the server up). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearInterval(this.pruner);
    clearTimeout(this.firstPrune);
    for (const t of this.idle.values()) clearTimeout(t);
    this.idle.clear();
    const feeds = [...this.feeds.values()];
    this.feeds.clear();
    await Promise.all(feeds.map((p) => p.then((f) => f.stop()).catch(() => undefined)));
  }

  /** Removes events older than three days from the main database and every database followed now. */
  async prune(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - KEEP_MS);
    const dbs = new Set<Db>([this.deps.main]);
    for (const p of this.feeds.values()) {
      const feed = await p.catch(() => null);
      if (feed) dbs.add(feed.db);
    }
    let total = 0;
    for (const db of dbs) {
      for (;;) {
        const n = await eventsRepo.prune(db, before, PRUNE_BATCH);
        total += n;
        if (n < PRUNE_BATCH) break;
      }
    }
    return total;
  }

  /** Open streams in this process (all users). */
  async streamCount(): Promise<number> {
    let n = 0;
    for (const p of this.feeds.values()) n += (await p.catch(() => null))?.streamCount ?? 0;
    return n;
  }

  private async feedKeyOf(tenantId: string): Promise<string> {
    return (await this.deps.tenancy.bindingOf(tenantId)) ?? 'main';
  }

  private feed(key: string): Promise<Feed> {
    let p = this.feeds.get(key);
    if (!p) {
      p = (async () => {
        const target = key === 'main' ? { db: this.deps.main, listen: this.deps.listen } : await this.deps.tenancy.open(key);
        const feed = new Feed(target.db, target.listen, (err) => this.reportError(err));
        await feed.start();
        return feed;
      })();
      this.feeds.set(key, p);
      p.catch((err) => {
        this.feeds.delete(key);
        this.reportError(err);
      });
    }
    return p.catch(() => {
      throw new AppError(503, EVENTS_MSG.unavailable);
    });
  }

  /** A feed whose last stream closed stops listening after a while; a new stream cancels that. */
  private touch(key: string, feed: Feed): void {
    clearTimeout(this.idle.get(key));
    this.idle.delete(key);
    if (feed.streamCount > 0 || this.closed) return;
    const timer = setTimeout(() => {
      this.idle.delete(key);
      if (feed.streamCount > 0 || this.feeds.get(key) === undefined) return;
      this.feeds.delete(key);
      void feed.stop().catch((err) => this.reportError(err));
    }, FEED_IDLE_MS);
    timer.unref();
    this.idle.set(key, timer);
  }

  private eachStream(fn: (s: EventStream) => void): void {
    for (const p of this.feeds.values()) void p.then((f) => f.eachStream(fn)).catch(() => undefined);
  }

  private reportError(err: unknown): void {
    this.deps.onError?.(err);
  }
}
