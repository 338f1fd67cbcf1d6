import { getToken, subscribeSession } from '../utils/sessionStore';
import { authHeaders, HttpError, readAnswer } from './http';

/**
 * Live events (wire contract §3): one server-sent-events stream per tab, read with fetch so it
 * carries the same Basic client and Blade-Auth headers as every call (the token never goes into a
 * URL). It reconnects with backoff and Last-Event-ID, so events published while the tab was away are
 * replayed; it pauses while signed out and after a refused token, until the session has a new one.
 */
export const EVENTS_URL = '/api/blade-events/stream';

/** One dispatched event. `id` is the stream's last event id when it was dispatched. */
export interface StreamEvent {
  id: string | null;
  type: string;
  data: string;
}

/**
 * The text/event-stream format, fed in chunks as they arrive (the HTML standard's event-stream
 * interpretation): lines end in CRLF, LF or CR; `:` starts a comment; `data` lines join with a line
 * feed; an empty line dispatches; `id` sets the last event id (kept for the following events);
 * `retry` sets the reconnection delay.
 */
export class EventStreamParser {
  lastEventId: string | null = null;
  retry: number | null = null;
  private buffer = '';
  private data: string[] = [];
  private type = '';
  private started = false;
  /** The previous chunk ended in CR: an LF opening this one completes that CRLF. */
  private afterCR = false;

  push(chunk: string): StreamEvent[] {
    if (this.afterCR && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.afterCR = false;
    let text = this.buffer + chunk;
    if (!this.started && text.length) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const out: StreamEvent[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c !== '\n' && c !== '\r') continue;
      this.line(text.slice(start, i), out);
      if (c === '\r') {
        if (i === text.length - 1) this.afterCR = true;
        else if (text[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    this.buffer = text.slice(start);
    return out;
  }

  private line(line: string, out: StreamEvent[]): void {
    if (line === '') {
      if (this.data.length) out.push({ id: this.lastEventId, type: this.type || 'message', data: this.data.join('\n') });
      this.data = [];
      this.type = '';
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.type = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
  }
}

/** The delay before reconnect attempt `attempt` (0 = first): doubling from `base` up to `max`, with jitter (half to all of it). */
export function backoffDelay(attempt: number, base: number, max: number, random: () => number = Math.random): number {
  const ceiling = Math.min(max, base * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** The larger of two numeric event ids (the server's ids grow; a late one must not move us back). */
function laterId(a: string | null, b: string | null): string | null {
  if (a === null || !/^\d+$/.test(a)) return b;
  if (b === null || !/^\d+$/.test(b)) return a;
  return BigInt(b) > BigInt(a) ? b : a;
}

export type LiveEventHandler = (data: unknown, event: { id: string | null; type: string }) => void;

export type LiveEventsState = 'idle' | 'connecting' | 'open' | 'waiting' | 'paused';

export interface LiveEventsOptions {
  url?: string;
  fetch?: typeof fetch;
  /** First reconnect delay when the server names none (it sends `retry: 3000`). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** No byte for this long (the server sends a comment every 20 s) means a dead connection: reconnect. */
  idleTimeoutMs?: number;
  /** How long the connection outlives its last subscriber (a page switch, React's double mount). */
  lingerMs?: number;
  random?: () => number;
}

/**
 * The tab's one connection and its subscribers. Connects when the first subscriber arrives and a
 * token is there; every event goes to the subscribers of its type (`resync`: more was missed than
 * the server replays — reload what the page shows).
 */
export class LiveEvents {
  private readonly handlers = new Map<string, Set<LiveEventHandler>>();
  private readonly opts: Required<Omit<LiveEventsOptions, 'fetch'>> & { fetch?: typeof fetch };
  private controller: AbortController | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private unsubscribeSession: (() => void) | null = null;
  private attempt = 0;
  private serverRetry: number | null = null;
  /** The token a refusal (401) was for: wait for another one. */
  private refusedToken: string | undefined;
  private last: string | null = null;
  state: LiveEventsState = 'idle';

  constructor(opts: LiveEventsOptions = {}) {
    this.opts = {
      url: opts.url ?? EVENTS_URL,
      fetch: opts.fetch,
      minDelayMs: opts.minDelayMs ?? 1000,
      maxDelayMs: opts.maxDelayMs ?? 30_000,
      idleTimeoutMs: opts.idleTimeoutMs ?? 45_000,
      lingerMs: opts.lingerMs ?? 1000,
      random: opts.random ?? Math.random,
    };
  }

  /** The id of the newest event received: sent back as Last-Event-ID on every reconnect. */
  get lastEventId(): string | null {
    return this.last;
  }

  /** Calls `handler` for every event of `type`; the answer unsubscribes. */
  subscribe(type: string, handler: LiveEventHandler): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(handler);
    clearTimeout(this.lingerTimer);
    this.start();
    return () => {
      set.delete(handler);
      if (!set.size && this.handlers.get(type) === set) this.handlers.delete(type);
      if (!this.handlers.size) {
        clearTimeout(this.lingerTimer);
        this.lingerTimer = setTimeout(() => {
          if (!this.handlers.size) this.stop();
        }, this.opts.lingerMs);
      }
    };
  }

  /** Closes the connection and forgets the session listener (no subscriber left). */
  stop(): void {
    this.unsubscribeSession?.();
    this.unsubscribeSession = null;
    this.disconnect();
    this.state = 'idle';
  }

  private start(): void {
    if (this.unsubscribeSession) return;
    this.unsubscribeSession = subscribeSession(() => this.sessionChanged());
    this.sessionChanged();
  }

  /** Signed out: pause. Signed in (or a new token after a refusal): connect now. */
  private sessionChanged(): void {
    const token = getToken();
    if (!token) {
      this.disconnect();
      this.state = 'paused';
      return;
    }
    if (this.state === 'paused' && token !== this.refusedToken) {
      this.attempt = 0;
      void this.connect();
    } else if (this.state === 'idle') {
      void this.connect();
    }
  }

  private disconnect(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.idleTimer);
    this.controller?.abort();
    this.controller = null;
  }

  private async connect(): Promise<void> {
    this.disconnect();
    const token = getToken();
    if (!token) {
      this.state = 'paused';
      return;
    }
    const controller = new AbortController();
    this.controller = controller;
    this.state = 'connecting';
    const headers: Record<string, string> = { ...authHeaders(), Accept: 'text/event-stream' };
    if (this.last !== null) headers['Last-Event-ID'] = this.last;
    try {
      const doFetch = this.opts.fetch ?? fetch;
      const response = await doFetch(this.opts.url, { headers, signal: controller.signal, cache: 'no-store', credentials: 'same-origin' });
      if (controller !== this.controller) return;
      if (response.status !== 200 || !response.body) {
        this.refused(response.status, await response.text().catch(() => ''), token);
        return;
      }
      this.state = 'open';
      await this.read(response.body, controller);
    } catch {
      // A network failure or our own abort; an abort is followed by whatever caused it.
    }
    if (controller === this.controller) this.retryLater();
  }

  private async read(body: ReadableStream<Uint8Array>, controller: AbortController): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = new EventStreamParser();
    parser.lastEventId = this.last;
    const watch = () => {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => controller.abort(), this.opts.idleTimeoutMs);
    };
    watch();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || controller !== this.controller) break;
        watch();
        const events = parser.push(decoder.decode(value, { stream: true }));
        if (parser.retry !== null) this.serverRetry = parser.retry;
        for (const event of events) this.dispatch(event);
      }
    } finally {
      clearTimeout(this.idleTimer);
      reader.cancel().catch(() => undefined);
    }
  }

  private dispatch(event: StreamEvent): void {
    this.last = laterId(this.last, event.id);
    // The server is live: the next drop starts the backoff again from its first step.
    if (event.type === 'ready') this.attempt = 0;
    const set = this.handlers.get(event.type);
    if (!set?.size) return;
    let data: unknown = event.data;
    try {
      data = JSON.parse(event.data);
    } catch {
      /* plain text data */
    }
    for (const handler of [...set]) {
      try {
        handler(data, { id: event.id, type: event.type });
      } catch (error) {
        // One page's failing handler must not stop the others or the stream.
        console.error(error);
      }
    }
  }

  /** A refused stream: 401 waits for another token; anything else is retried later. */
  private refused(status: number, text: string, token: string): void {
    let code = status;
    try {
      readAnswer(status, text, { quiet: true });
    } catch (error) {
      if (error instanceof HttpError) code = error.code;
    }
    this.controller = null;
    if (code === 401) {
      // The session's own calls deal with a dead token (refresh or sign out); the stream follows the session.
      this.refusedToken = token;
      this.state = 'paused';
      return;
    }
    // Too many streams (429) waits longest; other refusals back off as network failures do.
    if (code === 429) this.attempt = Math.max(this.attempt, 16);
    this.retryLater();
  }

  private retryLater(): void {
    this.controller = null;
    if (!this.unsubscribeSession) return;
    this.state = 'waiting';
    const delay = backoffDelay(this.attempt++, this.serverRetry ?? this.opts.minDelayMs, this.opts.maxDelayMs, this.opts.random);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }
}

/** The tab's shared connection (use it through useLiveEvent in utils/liveEvents.ts). */
export const liveEvents = new LiveEvents();
