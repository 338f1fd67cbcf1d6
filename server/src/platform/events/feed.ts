import type { Db, Listen } from '../../db/connection.js';
import type { EventStream } from './event-stream.js';
import { eventsRepo, type EventRow } from './events.repo.js';

/** The NOTIFY channel every process listens on; the payload is `<lowest id>-<highest id>` of one publish. */
export const EVENTS_CHANNEL = 'gsl_events';
/** Rows read per query when catching up after a dropped listener connection. */
const READ_LIMIT = 5000;
/** How long a delivered id is remembered to drop a second copy (two overlapping notification ranges). */
const DEDUPE_WINDOW_MS = 60_000;

/** Ids seen recently: two generations, the older one dropped every window, so memory stays bounded. */
class RecentIds {
  private current = new Set<string>();
  private previous = new Set<string>();
  private since = Date.now();

  has(id: string): boolean {
    return this.current.has(id) || this.previous.has(id);
  }

  add(id: string): void {
    if (Date.now() - this.since > DEDUPE_WINDOW_MS) {
      this.previous = this.current;
      this.current = new Set();
      this.since = Date.now();
    }
    this.current.add(id);
  }
}

interface Range {
  lo: string;
  /** null: everything from lo on (catching up after the listener reconnected). */
  hi: string | null;
}

const RANGE_RE = /^(\d{1,19})-(\d{1,19})$/;
const big = (s: string) => BigInt(s);

/**
 * One database's live events in this process: LISTEN on the database, and the streams open here for
 * users whose events are written there (the main database, or a tenant's own datasource). A
 * notification names the id range one transaction committed; every burst of notifications is read
 * with one query for the users that have a stream here, and each row goes to that user's streams.
 */
export class Feed {
  private readonly streams = new Map<string, Set<EventStream>>();
  private pending: Range[] = [];
  private draining: Promise<void> | null = null;
  private highWater = 0n;
  private readonly delivered = new RecentIds();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    readonly db: Db,
    private readonly listen: Listen,
    private readonly onError: (err: unknown) => void,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.listen(EVENTS_CHANNEL, (payload) => this.notified(payload), { onReconnect: () => this.catchUp() });
    const max = big(await eventsRepo.maxId(this.db));
    if (max > this.highWater) this.highWater = max;
  }

  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    for (const set of this.streams.values()) for (const s of set) s.end();
    this.streams.clear();
    await unlisten?.();
    await this.draining;
  }

  /** Adds a stream of `key` (tenant:user) unless the user already has `cap` streams here; false when refused. */
  add(stream: EventStream, cap: number): boolean {
    let set = this.streams.get(stream.key);
    if (!set) this.streams.set(stream.key, (set = new Set()));
    if (set.size >= cap) return false;
    set.add(stream);
    return true;
  }

  remove(stream: EventStream): void {
    const set = this.streams.get(stream.key);
    if (!set) return;
    set.delete(stream);
    if (!set.size) this.streams.delete(stream.key);
  }

  get streamCount(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  eachStream(fn: (s: EventStream) => void): void {
    for (const set of this.streams.values()) for (const s of set) fn(s);
  }

  private notified(payload: string): void {
    const m = RANGE_RE.exec(payload);
    // Anything else on the channel (an older writer, a manual NOTIFY) means "something changed": catch up.
    this.pending.push(m ? { lo: m[1], hi: m[2] } : { lo: (this.highWater + 1n).toString(), hi: null });
    this.kick();
  }

  /** After the listener connection came back: what was committed while it was down. */
  private catchUp(): void {
    this.pending.push({ lo: (this.highWater + 1n).toString(), hi: null });
    this.kick();
  }

  private kick(): void {
    if (this.draining) return;
    this.draining = this.drain()
      .catch((err) => this.onError(err))
      .finally(() => {
        this.draining = null;
        if (this.pending.length) this.kick();
      });
  }

  /** Reads every pending range at once: one query per burst (more only while catching up a long gap). */
  private async drain(): Promise<void> {
    const ranges = this.pending;
    this.pending = [];
    let lo = big(ranges[0].lo);
    let hi: bigint | null = ranges[0].hi === null ? null : big(ranges[0].hi);
    for (const r of ranges.slice(1)) {
      if (big(r.lo) < lo) lo = big(r.lo);
      hi = hi === null || r.hi === null ? null : big(r.hi) > hi ? big(r.hi) : hi;
    }
    if (hi !== null && hi > this.highWater) this.highWater = hi;
    const users = [...new Set([...this.streams.keys()].map((k) => k.slice(k.indexOf(':') + 1)))];
    if (!users.length) return;
    for (;;) {
      const rows = await eventsRepo.forUsers(this.db, users, lo.toString(), hi === null ? null : hi.toString(), READ_LIMIT);
      for (const row of rows) this.deliver(row);
      if (rows.length < READ_LIMIT) break;
      lo = big(rows[rows.length - 1].id) + 1n;
    }
  }

  private deliver(row: EventRow): void {
    const id = big(row.id);
    if (id > this.highWater) this.highWater = id;
    // Overlapping ranges (two transactions' ids interleave) read a row twice: it is sent once.
    if (this.delivered.has(row.id)) return;
    this.delivered.add(row.id);
    const set = this.streams.get(`${row.tenantId}:${row.userId}`);
    if (set) for (const s of set) s.push(row);
  }
}
