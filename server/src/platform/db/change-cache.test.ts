import { describe, expect, it, vi } from 'vitest';
import type { Listen } from '../../db/connection.js';
import { ChangeCache } from './change-cache.js';

/** A LISTEN that the test drives: notify, lose and bring back the connection. */
function fakeListen() {
  let handlers: { notify: (p: string) => void; lost?: () => void; back?: () => void } | undefined;
  const listen: Listen = async (_channel, onNotify, opts = {}) => {
    handlers = { notify: onNotify, lost: opts.onLost, back: opts.onReconnect };
    return async () => undefined;
  };
  return { listen, notify: () => handlers!.notify(''), lose: () => handlers!.lost?.(), back: () => handlers!.back?.() };
}

describe('ChangeCache: answers kept until their table changes, in any process', () => {
  it('keeps an answer once LISTEN is in place and drops everything on a notification', async () => {
    const bus = fakeListen();
    const cache = new ChangeCache<string>({ channel: 'c', listen: bus.listen, max: 10 });
    const load = vi.fn(async () => `v${load.mock.calls.length}`);
    expect(await cache.get('k', load)).toBe('v1'); // not listening yet: read, not kept
    await cache.start();
    expect(await cache.get('k', load)).toBe('v2');
    expect(await cache.get('k', load)).toBe('v2'); // kept
    bus.notify();
    expect(await cache.get('k', load)).toBe('v3');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('fails closed: while the LISTEN connection is down nothing is kept or served, and it starts afresh when back', async () => {
    const bus = fakeListen();
    const cache = new ChangeCache<string>({ channel: 'c', listen: bus.listen, max: 10 });
    await cache.start();
    let n = 0;
    const load = async () => `v${++n}`;
    expect(await cache.get('k', load)).toBe('v1');
    bus.lose();
    expect(cache.trusted).toBe(false);
    expect(await cache.get('k', load)).toBe('v2');
    expect(await cache.get('k', load)).toBe('v3'); // every read goes to the database
    bus.back();
    expect(await cache.get('k', load)).toBe('v4');
    expect(await cache.get('k', load)).toBe('v4');
  });

  it('does not keep a read that overlapped a change', async () => {
    const bus = fakeListen();
    const cache = new ChangeCache<string>({ channel: 'c', listen: bus.listen, max: 10 });
    await cache.start();
    const stale = await cache.get('k', async () => {
      bus.notify(); // a write committed while this read ran
      return 'old';
    });
    expect(stale).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('keeps at most `max` answers, the oldest going first', async () => {
    const bus = fakeListen();
    const cache = new ChangeCache<string>({ channel: 'c', listen: bus.listen, max: 2 });
    await cache.start();
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });

  it('reads through when LISTEN cannot start, and tries again on the next read', async () => {
    const onError = vi.fn();
    let fail = true;
    const listen: Listen = async () => {
      if (fail) throw new Error('no connection');
      return async () => undefined;
    };
    const cache = new ChangeCache<string>({ channel: 'c', listen, max: 2, onError });
    await cache.start();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(cache.trusted).toBe(false);
    fail = false;
    await cache.start();
    expect(cache.trusted).toBe(true);
  });
});
