import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, syncSession } from '../utils/sessionStore';
import { setStore } from '../utils/storage';
import { backoffDelay, EventStreamParser, LiveEvents } from './events';

describe('event-stream parser', () => {
  it('dispatches on a blank line with the event type, the data and the last id', () => {
    const p = new EventStreamParser();
    expect(p.push('id: 7\nevent: msg.received\ndata: {"title":"通知"}\n\n')).toEqual([{ id: '7', type: 'msg.received', data: '{"title":"通知"}' }]);
    expect(p.lastEventId).toBe('7');
  });

  it('reassembles events split anywhere across chunks, CRLF split between two of them included', () => {
    const p = new EventStreamParser();
    const text = 'id: 1\r\nevent: a.b\r\ndata: x\r\n\r\nid: 2\r\ndata: y\r\n\r\n';
    const out = [];
    for (const ch of text) out.push(...p.push(ch));
    expect(out).toEqual([
      { id: '1', type: 'a.b', data: 'x' },
      { id: '2', type: 'message', data: 'y' },
    ]);
  });

  it('joins data lines with a line feed, ignores comments and unknown fields, accepts CR line ends and a BOM', () => {
    const p = new EventStreamParser();
    expect(p.push('\uFEFF: ping\rdata: one\rdata:two\rfoo: bar\r\r')).toEqual([{ id: null, type: 'message', data: 'one\ntwo' }]);
  });

  it('keeps the last id for later events, does not dispatch an event without data, and reads retry', () => {
    const p = new EventStreamParser();
    expect(p.push('retry: 3000\n\nid: 9\nevent: ready\n\n')).toEqual([]);
    expect(p.retry).toBe(3000);
    expect(p.lastEventId).toBe('9');
    expect(p.push('event: msg.read\ndata: {}\n\n')).toEqual([{ id: '9', type: 'msg.read', data: '{}' }]);
    p.push('retry: soon\n\n');
    expect(p.retry).toBe(3000);
  });

  it('holds an unfinished event until its blank line arrives', () => {
    const p = new EventStreamParser();
    expect(p.push('id: 3\ndata: half')).toEqual([]);
    expect(p.push('\n\n')).toEqual([{ id: '3', type: 'message', data: 'half' }]);
  });
});

describe('reconnect backoff', () => {
  it('doubles from the base up to the cap, with jitter between half and all of it', () => {
    expect([0, 1, 2, 3, 10].map((a) => backoffDelay(a, 1000, 30_000, () => 1))).toEqual([1000, 2000, 4000, 8000, 30_000]);
    expect(backoffDelay(2, 1000, 30_000, () => 0)).toBe(2000);
  });
});

/** A fetch stand-in: each call takes the next scripted answer; a stream answer is fed by the test. */
interface Served {
  url: string;
  headers: Headers;
  send(text: string): void;
  end(): void;
}

function fakeServer() {
  const calls: Served[] = [];
  const scripted: Array<'stream' | Response | Error> = [];
  let arrived: (() => void) | null = null;
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const next = scripted.shift() ?? 'stream';
    if (next instanceof Error) {
      calls.push({ url: String(url), headers: new Headers(init?.headers), send: () => undefined, end: () => undefined });
      throw next;
    }
    const encoder = new TextEncoder();
    let c!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (ctrl) => void (c = ctrl) });
    let open = true;
    init?.signal?.addEventListener('abort', () => {
      if (open) c.error(new DOMException('aborted', 'AbortError'));
      open = false;
    });
    calls.push({
      url: String(url),
      headers: new Headers(init?.headers),
      send: (text) => open && c.enqueue(encoder.encode(text)),
      end: () => {
        if (open) c.close();
        open = false;
      },
    });
    arrived?.();
    if (next instanceof Response) return next;
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls,
    script: (...answers: Array<'stream' | Response | Error>) => scripted.push(...answers),
    /** Resolves once the n-th request (1-based) has arrived. */
    async request(n: number): Promise<Served> {
      const deadline = Date.now() + 2000;
      while (calls.length < n) {
        if (Date.now() > deadline) throw new Error(`request ${n} never came (${calls.length} so far)`);
        await new Promise<void>((r) => {
          arrived = r;
          setTimeout(r, 20);
        });
      }
      return calls[n - 1];
    },
  };
}

const flush = () => new Promise((r) => setTimeout(r, 30));

function signIn(token: string) {
  setStore('token', token);
  syncSession();
}

describe('live events connection', () => {
  const clients: LiveEvents[] = [];
  const client = (server: ReturnType<typeof fakeServer>) => {
    const c = new LiveEvents({ fetch: server.fetch, minDelayMs: 10, maxDelayMs: 50, lingerMs: 10, random: () => 1 });
    clients.push(c);
    return c;
  };
  afterEach(() => {
    clients.splice(0).forEach((c) => c.stop());
    clearSession();
  });

  it('opens one connection per tab with the client and token headers, and routes each event to its own subscribers', async () => {
    signIn('tok-1');
    const server = fakeServer();
    const live = client(server);
    const received: unknown[] = [];
    const counts: unknown[] = [];
    live.subscribe('msg.received', (data) => received.push(data));
    live.subscribe('msg.unread-count', (data) => counts.push(data));
    const s = await server.request(1);
    expect(server.calls).toHaveLength(1);
    expect(s.url).toBe('/api/blade-events/stream');
    expect(s.headers.get('Authorization')).toBe(`Basic ${btoa('saber:saber_secret')}`);
    expect(s.headers.get('Blade-Auth')).toBe('bearer tok-1');
    expect(s.headers.get('Accept')).toBe('text/event-stream');
    expect(s.headers.get('Last-Event-ID')).toBeNull();

    s.send('retry: 10\n\nid: 5\nevent: ready\ndata: {}\n\nid: 6\nevent: msg.received\ndata: {"title":"年会通知"}\n\n');
    s.send('id: 7\nevent: msg.unread-count\ndata: {"count":2}\n\n');
    await flush();
    expect(received).toEqual([{ title: '年会通知' }]);
    expect(counts).toEqual([{ count: 2 }]);
    expect(live.lastEventId).toBe('7');
  });

  it('reconnects after the stream ends, sending the last id it saw as Last-Event-ID', async () => {
    signIn('tok-1');
    const server = fakeServer();
    const live = client(server);
    const seen: unknown[] = [];
    live.subscribe('msg.read', (d) => seen.push(d));
    const first = await server.request(1);
    first.send('id: 41\nevent: msg.read\ndata: {"n":1}\n\n');
    await flush();
    first.end();
    const second = await server.request(2);
    expect(second.headers.get('Last-Event-ID')).toBe('41');
    // The replay arrives on the new connection; a late smaller id does not move the resume point back.
    second.send('id: 42\nevent: msg.read\ndata: {"n":2}\n\nid: 40\nevent: msg.read\ndata: {"n":0}\n\n');
    await flush();
    expect(seen).toEqual([{ n: 1 }, { n: 2 }, { n: 0 }]);
    second.end();
    expect((await server.request(3)).headers.get('Last-Event-ID')).toBe('42');
  });

  it('retries after a network failure and after a refusal other than 401, backing off', async () => {
    signIn('tok-1');
    const server = fakeServer();
    server.script(new TypeError('network down'), new Response('{"code":500,"success":false,"data":null,"msg":"服务器异常"}', { status: 500 }));
    const live = client(server);
    live.subscribe('msg.read', () => undefined);
    const third = await server.request(3);
    third.send('event: ready\ndata: {}\n\n');
    await flush();
    expect(live.state).toBe('open');
  });

  it('a watchdog reconnects when nothing (not even a heartbeat) arrives for too long', async () => {
    signIn('tok-1');
    const server = fakeServer();
    const live = new LiveEvents({ fetch: server.fetch, minDelayMs: 10, maxDelayMs: 50, lingerMs: 10, random: () => 1, idleTimeoutMs: 60 });
    clients.push(live);
    live.subscribe('msg.read', () => undefined);
    const first = await server.request(1);
    first.send(': ping\n\n');
    await server.request(2);
    expect(server.calls).toHaveLength(2);
  });

  it('after a 401 waits for a new token instead of retrying, then connects with it', async () => {
    signIn('tok-old');
    const server = fakeServer();
    server.script(new Response('{"code":401,"success":false,"data":null,"msg":"请求未授权"}', { status: 401 }));
    const live = client(server);
    live.subscribe('msg.read', () => undefined);
    await server.request(1);
    await new Promise((r) => setTimeout(r, 150));
    expect(server.calls).toHaveLength(1);
    expect(live.state).toBe('paused');
    signIn('tok-new');
    const again = await server.request(2);
    expect(again.headers.get('Blade-Auth')).toBe('bearer tok-new');
  });

  it('does not connect while signed out, connects on sign-in, and closes on sign-out', async () => {
    const server = fakeServer();
    const live = client(server);
    live.subscribe('msg.read', () => undefined);
    await flush();
    expect(server.calls).toHaveLength(0);
    expect(live.state).toBe('paused');
    signIn('tok-1');
    const s = await server.request(1);
    clearSession();
    await flush();
    expect(live.state).toBe('paused');
    // The connection was dropped and nothing reconnects while signed out.
    s.send('id: 1\nevent: msg.read\ndata: {}\n\n');
    await new Promise((r) => setTimeout(r, 100));
    expect(server.calls).toHaveLength(1);
    expect(live.lastEventId).toBeNull();
  });

  it('closes the connection shortly after the last subscriber leaves, and keeps it across a quick resubscribe', async () => {
    signIn('tok-1');
    const server = fakeServer();
    const live = client(server);
    const off = live.subscribe('msg.read', () => undefined);
    await server.request(1);
    off();
    const again = live.subscribe('msg.read', () => undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(live.state).not.toBe('idle');
    expect(server.calls).toHaveLength(1);
    again();
    await new Promise((r) => setTimeout(r, 50));
    expect(live.state).toBe('idle');
  });

  it("one subscriber's failing handler does not stop the others", async () => {
    signIn('tok-1');
    const server = fakeServer();
    const live = client(server);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: unknown[] = [];
    live.subscribe('msg.read', () => {
      throw new Error('page bug');
    });
    live.subscribe('msg.read', (d) => seen.push(d));
    const s = await server.request(1);
    s.send('id: 1\nevent: msg.read\ndata: {"ok":true}\n\n');
    await flush();
    expect(seen).toEqual([{ ok: true }]);
    expect(error).toHaveBeenCalled();
  });
});
