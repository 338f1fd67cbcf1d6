import type { Listen } from '../../db/connection.js';

/**
 * Answers kept in this process until a table they are read from changes, in any process: the table's
 * statement trigger NOTIFYs `channel` after every committed write (e.g. migration 0055 for blade_dept),
 * every process LISTENs and drops everything it keeps.
 *
 * Fail closed: nothing is kept or served from the cache until LISTEN is in place, nor while its
 * connection is down (notifications sent meanwhile are lost); it starts afresh when it is back. A read
 * that overlapped a change is answered but not kept (the generation moved on while it ran). Writers in
 * this process also call `drop()` after their commit, so their own next read never waits for the
 * notification's round trip.
 */
export class ChangeCache<V> {
  private readonly entries = new Map<string, V>();
  private generation = 0;
  private live = false;
  private starting: Promise<void> | undefined;
  private stop: (() => Promise<void>) | undefined;
  private closed = false;

  constructor(
    private readonly opts: {
      channel: string;
      listen: Listen;
      /** Entries kept at most (the oldest goes first). */
      max: number;
      onError?: (err: unknown) => void;
    },
  ) {}

  /** Forgets everything kept (a change was announced or made here). */
  drop(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Whether answers are kept now (LISTEN is in place). */
  get trusted(): boolean {
    return this.live;
  }

  /** The kept answer for `key`, else `load()`'s (kept when nothing changed while it ran). */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.live) {
      this.start();
      return load();
    }
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const value = await load();
    if (this.live && generation === this.generation) {
      if (this.entries.size >= this.opts.max) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Starts listening (once; the first `get` does it). */
  start(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.starting ??= this.opts
      .listen(this.opts.channel, () => this.drop(), {
        onLost: () => {
          this.live = false;
          this.drop();
        },
        onReconnect: () => {
          this.drop();
          this.live = true;
        },
      })
      .then((stop) => {
        if (this.closed) return void stop();
        this.stop = stop;
        this.drop();
        this.live = true;
      })
      .catch((err: unknown) => {
        this.starting = undefined; // tried again by the next read
        this.opts.onError?.(err);
      });
    return this.starting;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    this.drop();
    await this.starting;
    await this.stop?.();
  }
}
