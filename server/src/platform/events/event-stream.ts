import { PassThrough } from 'node:stream';
import type { EventRow } from './events.repo.js';

/** How long replayed ids are remembered to drop their live copy (a notification racing the replay query). */
const REPLAY_OVERLAP_MS = 60_000;
/** A client this far behind (bytes waiting) is cut off; it reconnects with Last-Event-ID and replays. */
const MAX_BACKLOG_BYTES = 1024 * 1024;

/**
 * One open event stream (text/event-stream, the HTML server-sent-events format): `body` is what the
 * response sends. Live events that arrive while the replay is still being read are held and sent after
 * it, so the client sees its events in order and each once.
 */
export class EventStream {
  readonly body = new PassThrough();
  private held: EventRow[] | null = [];
  private replayed = new Set<string>();
  private ended = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    readonly key: string,
    /** When the access token that opened the stream expires (ms since epoch); the stream ends then. */
    expiresAt: number | null,
  ) {
    this.body.on('close', () => this.dispose());
    if (expiresAt !== null) {
      // The client reconnects with its refreshed token; a timer is capped at 2^31-1 ms.
      this.later(Math.min(Math.max(expiresAt - Date.now(), 0), 2 ** 31 - 1), () => {
        this.write('event: token-expired\ndata: {}\n\n');
        this.end();
      });
    }
    // Reconnect after 3 s when the connection drops (the web client applies its own backoff on top).
    this.write('retry: 3000\n\n');
  }

  /** Sends the replay (events the client missed), then releases the live events held meanwhile. */
  replay(rows: EventRow[], opts: { truncated: boolean; baseline: string | null }): void {
    if (opts.truncated) this.write('event: resync\ndata: {}\n\n');
    for (const row of rows) {
      this.write(frame(row));
      this.replayed.add(row.id);
    }
    // The ready event says the stream is live; without Last-Event-ID it carries the id to resume from.
    this.write(`${opts.baseline !== null ? `id: ${opts.baseline}\n` : ''}event: ready\ndata: {}\n\n`);
    const held = this.held ?? [];
    this.held = null;
    for (const row of held) this.push(row);
    if (this.replayed.size) this.later(REPLAY_OVERLAP_MS, () => this.replayed.clear());
  }

  /** A live event for this stream's user. */
  push(row: EventRow): void {
    if (this.held) {
      this.held.push(row);
      return;
    }
    if (this.replayed.has(row.id)) return;
    this.write(frame(row));
  }

  /** A comment line: keeps proxies and the client's idle watchdog from closing a quiet stream. */
  heartbeat(): void {
    this.write(': ping\n\n');
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.body.end();
  }

  get isEnded(): boolean {
    return this.ended;
  }

  private write(text: string): void {
    if (this.ended) return;
    if (this.body.writableLength > MAX_BACKLOG_BYTES) {
      this.end();
      return;
    }
    this.body.write(text);
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(fn, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private dispose(): void {
    this.ended = true;
    for (const t of this.timers) clearTimeout(t);
    this.onClose?.();
  }

  /** Set by the registry: forget the stream when its connection closes. */
  onClose?: () => void;
}

/** One event in the wire format; types are checked at publish and JSON text has no raw line breaks. */
function frame(row: EventRow): string {
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${row.data}\n\n`;
}
