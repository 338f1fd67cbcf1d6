/**
 * Live events end to end (wire contract §3, architecture §1): a real listening server on 127.0.0.1
 * read with fetch, as the web client reads it (inject cannot stream). Events published in a
 * transaction reach the recipient's open stream after commit and never after a rollback; a
 * reconnect with Last-Event-ID gets what was missed; nobody sees another user's events; and, on
 * PostgreSQL, an event published through one server process reaches a stream held by another.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/connection.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, subjectOf } from '../../../test/harness/people.js';
import { mintToken, type TokenSubject } from '../../../test/harness/wire.js';
import { decryptBody } from '../http/crypto.js';
import { EVENTS_MSG, MAX_STREAMS_PER_USER } from './events.js';

const t = await createTestApp();
afterAll(async () => {
  streams.forEach((s) => s.close());
  // Node's fetch (undici) replaces every aborted connection with a fresh one that never sends a request;
  // the server cannot tell those from a slow client and would wait for its header timeout on close.
  t.app.server.closeAllConnections();
  await t.close();
});
const base = await serve(t.app);
const admin = await subjectOf(t.db, 'admin');
const other = await createUser(t.db, { account: 'events_other', deptId: admin.deptId, roleIds: admin.roleIds });
const events = t.app.services.events;

async function serve(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/** A stream read with fetch; `next` waits for the next event that passes the filter. */
class Stream {
  readonly received: SseEvent[] = [];
  private waiters: Array<() => void> = [];
  ended = false;

  constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    // A refusal is an enveloped answer, read by `refusal`; only a 200 is a stream.
    if (response.status === 200) void this.pump();
  }

  private async pump() {
    const reader = this.response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const ev: SseEvent = { id: null, event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(': ');
            if (field === 'id') ev.id = rest.join(': ');
            if (field === 'event') ev.event = rest.join(': ');
            if (field === 'data') {
              ev.data = rest.join(': ');
              hasData = true;
            }
          }
          if (hasData) this.received.push(ev);
          this.wake();
        }
      }
    } catch {
      /* aborted */
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    w.forEach((fn) => fn());
  }

  /** Resolves when `check` holds, or rejects after `ms`. */
  async until(check: () => boolean, ms = 3000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; received ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  of(type: string): SseEvent[] {
    return this.received.filter((e) => e.event === type);
  }

  close() {
    this.controller.abort();
  }
}

const streams: Stream[] = [];

async function open(url: string, token: string | null, headers: Record<string, string> = {}, query = ''): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/blade-events/stream${query}`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${t.config.clientId}:${t.config.clientSecret}`).toString('base64')}`,
      accept: 'text/event-stream',
      ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
      ...headers,
    },
    signal: controller.signal,
  });
  const s = new Stream(response, controller);
  streams.push(s);
  return s;
}

/** Opens a stream (a token of `app`, by default the file's) and waits until it is live (the ready event). */
async function live(who: TokenSubject, opts: { headers?: Record<string, string>; query?: string; url?: string; app?: TestApp } = {}): Promise<Stream> {
  const s = await open(opts.url ?? base, await mintToken(opts.app ?? t, who), opts.headers, opts.query);
  expect(s.response.status).toBe(200);
  await s.until(() => s.of('ready').length > 0, 3000, 'ready');
  return s;
}

/** The envelope of a refused stream request, decrypted as the web client does. */
async function refusal(s: Stream) {
  const text = await s.response.text();
  return JSON.parse(s.response.headers.get('content-type')?.startsWith('text/plain') ? decryptBody(text, t.config.aesKey) : text);
}

const publish = (userId: string, type: string, data: unknown) =>
  t.db.transaction().execute((tx) => events.publish(tx, [{ tenantId: admin.tenantId, userId, type, data }]));

describe('live events', () => {
  it('answers the stream as text/event-stream, unencrypted, with a ready event and heartbeat-friendly headers', async () => {
    const s = await live(admin);
    expect(s.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(s.response.headers.get('x-accel-buffering')).toBe('no');
    // Without Last-Event-ID the ready event carries the id to resume from.
    expect(s.of('ready')[0].id).toMatch(/^\d+$/);
    s.close();
  });

  it('refuses without a token (401), and a plain request that does not ask for an event stream (400), in the envelope', async () => {
    const anonymous = await open(base, null);
    expect(anonymous.response.status).toBe(401);
    expect((await refusal(anonymous)).code).toBe(401);

    const plain = await open(base, await mintToken(t, admin), { accept: 'application/json' });
    expect(plain.response.status).toBe(400);
    expect((await refusal(plain)).msg).toBe(EVENTS_MSG.acceptRequired);

    const badId = await open(base, await mintToken(t, admin), { 'last-event-id': 'abc' });
    expect(badId.response.status).toBe(400);
    expect((await refusal(badId)).msg).toBe(EVENTS_MSG.badLastEventId);
  });

  it('pushes an event published in a committed transaction to the open stream, with its id, type and data', async () => {
    const s = await live(admin);
    await publish(admin.id, 'msg.received', { title: '关于召开年会的通知', unread: 3 });
    await s.until(() => s.of('msg.received').length > 0, 10_000, 'msg.received');
    const ev = s.of('msg.received')[0];
    expect(ev.id).toMatch(/^\d+$/);
    expect(JSON.parse(ev.data)).toEqual({ title: '关于召开年会的通知', unread: 3 });
    s.close();
  });

  it('delivers nothing from a transaction that rolls back', async () => {
    const s = await live(admin);
    await expect(
      t.db.transaction().execute(async (tx) => {
        await events.publish(tx, [{ tenantId: admin.tenantId, userId: admin.id, type: 'msg.received', data: { title: '撤回' } }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A later committed event arrives; the rolled-back one never does, and was never stored.
    await publish(admin.id, 'msg.read', { id: 'after' });
    await s.until(() => s.of('msg.read').length > 0, 10_000, 'the committed event');
    expect(s.of('msg.received')).toEqual([]);
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from event_log where data->>'title' = '撤回'`.execute(t.db);
    expect(rows[0].n).toBe('0');
    s.close();
  });

  it("never sends another user's events", async () => {
    const mine = await live(admin);
    const theirs = await live(other);
    await publish(other.id, 'msg.received', { to: 'other' });
    await publish(admin.id, 'msg.received', { to: 'admin' });
    await mine.until(() => mine.of('msg.received').length > 0, 10_000, 'admin event');
    await theirs.until(() => theirs.of('msg.received').length > 0, 10_000, 'other event');
    // Both events are committed and delivered: neither stream holds the other's.
    await new Promise((r) => setTimeout(r, 200));
    expect(mine.of('msg.received').map((e) => JSON.parse(e.data).to)).toEqual(['admin']);
    expect(theirs.of('msg.received').map((e) => JSON.parse(e.data).to)).toEqual(['other']);
    mine.close();
    theirs.close();
  });

  it('a reconnect with Last-Event-ID replays exactly the events missed, in order, then goes live', async () => {
    const first = await live(admin);
    await publish(admin.id, 'msg.unread-count', { count: 1 });
    await first.until(() => first.of('msg.unread-count').length === 1, 10_000, 'first event');
    const lastSeen = first.of('msg.unread-count')[0].id!;
    first.close();

    // Away: two events for admin, one for someone else.
    await publish(admin.id, 'msg.unread-count', { count: 2 });
    await publish(other.id, 'msg.unread-count', { count: 99 });
    await publish(admin.id, 'msg.unread-count', { count: 3 });

    const again = await live(admin, { headers: { 'last-event-id': lastSeen } });
    expect(again.of('msg.unread-count').map((e) => JSON.parse(e.data).count)).toEqual([2, 3]);
    const ids = again.of('msg.unread-count').map((e) => BigInt(e.id!));
    expect(ids.every((id) => id > BigInt(lastSeen))).toBe(true);
    // The replay comes before ready; the stream then carries new events.
    const readyAt = again.received.findIndex((e) => e.event === 'ready');
    expect(again.received.slice(0, readyAt).map((e) => e.event)).toEqual(['msg.unread-count', 'msg.unread-count']);
    await publish(admin.id, 'msg.unread-count', { count: 4 });
    await again.until(() => again.of('msg.unread-count').length === 3, 10_000, 'live event after the replay');
    expect(JSON.parse(again.of('msg.unread-count')[2].data).count).toBe(4);
    again.close();
  });

  it('the lastEventId query parameter resumes the same way (clients that cannot set headers)', async () => {
    const { rows } = await sql<{ id: string }>`select max(id)::text as id from event_log where user_id = ${admin.id}`.execute(t.db);
    await publish(admin.id, 'msg.read', { id: 'q' });
    const resumed = await live(admin, { query: `?lastEventId=${rows[0].id ?? 0}` });
    expect(resumed.of('msg.read').map((e) => JSON.parse(e.data).id)).toEqual(['q']);
    resumed.close();
  });

  it('a notice to 10,000 users is one publish call, and each online recipient gets exactly its own event', async () => {
    const s = await live(other);
    const recipients = Array.from({ length: 10_000 }, (_, i) => (i === 4321 ? other.id : String(9_000_000_000 + i)));
    const started = Date.now();
    await t.db.transaction().execute((tx) =>
      events.publish(
        tx,
        recipients.map((userId) => ({ tenantId: admin.tenantId, userId, type: 'msg.received', data: { bulk: true } })),
      ),
    );
    await s.until(() => s.of('msg.received').some((e) => JSON.parse(e.data).bulk), 2000, 'the bulk event');
    expect(s.of('msg.received').filter((e) => JSON.parse(e.data).bulk)).toHaveLength(1);
    console.log(`live events: published 10,000 in ${Date.now() - started} ms`);
    s.close();
  });

  it(`refuses more than ${MAX_STREAMS_PER_USER} streams of one user with a Chinese message`, async () => {
    const held = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) held.push(await live(other));
    const extra = await open(base, await mintToken(t, other));
    expect(extra.response.status).toBe(429);
    expect((await refusal(extra)).msg).toBe(EVENTS_MSG.tooManyStreams(MAX_STREAMS_PER_USER));
    held.forEach((s) => s.close());
    // Closed streams free their places.
    await new Promise((r) => setTimeout(r, 200));
    const again = await live(other);
    again.close();
  });

  it('ends the stream when the access token expires (the client reconnects with a fresh one)', async () => {
    const s = await open(base, await mintToken(t, admin, { ttlSeconds: 2 }));
    expect(s.response.status).toBe(200);
    await s.until(() => s.ended, 5000, 'the end of the stream');
    expect(s.of('token-expired')).toHaveLength(1);
  });

  it('prunes events older than three days and keeps the rest', async () => {
    await publish(admin.id, 'msg.read', { age: 'old' });
    await publish(admin.id, 'msg.read', { age: 'new' });
    await sql`update event_log set create_time = now() - interval '4 days' where data->>'age' = 'old'`.execute(t.db);
    expect(await events.prune()).toBeGreaterThanOrEqual(1);
    const { rows } = await sql<{ age: string }>`select data->>'age' as age from event_log where data->>'age' in ('old', 'new')`.execute(t.db);
    expect(rows.map((r) => r.age)).toEqual(['new']);
  });

  it.runIf(t.kind === 'pg')('an event published through one server process reaches a stream held by another (LISTEN/NOTIFY)', async () => {
    // A second app on the same database stands for a second server process behind the load balancer.
    const handle = await openDatabase({ databaseUrl: t.databaseUrl!, poolSize: 2 });
    const second = await buildApp(t.config, handle.db, { logger: false, listen: handle.listen });
    try {
      const secondUrl = await serve(second);
      const s = await live(admin, { url: secondUrl });
      await publish(admin.id, 'msg.received', { via: 'first process' });
      await s.until(() => s.of('msg.received').length > 0, 10_000, 'the event on the other process');
      expect(JSON.parse(s.of('msg.received')[0].data)).toEqual({ via: 'first process' });

      // The listener's connection dies (a database restart, a proxy): it comes back and catches up.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`.execute(t.db);
      await publish(admin.id, 'msg.received', { via: 'after the drop' });
      await s.until(() => s.of('msg.received').length === 2, 5000, 'the event published while the listener was down');
      expect(JSON.parse(s.of('msg.received')[1].data)).toEqual({ via: 'after the drop' });
    } finally {
      // Closing the second app ends its stream from the server's side.
      await second.close();
      await handle.close();
    }
  });

  it('closing the app ends open streams instead of waiting for them', async () => {
    const own = await createTestApp();
    const url = await serve(own.app);
    const s = await live(await subjectOf(own.db, 'admin'), { url, app: own });
    const closing = own.close();
    await s.until(() => s.ended, 2000, 'the stream to end');
    await closing;
  });
});
