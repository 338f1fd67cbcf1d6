import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { InFlight } from './in-flight.js';

// A stop (SIGTERM → app.close() → the pool closes) lets a request already being answered finish first,
// instead of failing it with a destroyed driver once the pool is gone. (On PGlite the close hooks queue
// behind the held transaction anyway; on PostgreSQL only the wait for running handlers holds the close.)
describe('a stop waits for the requests already running', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.login('admin')).access_token;
  });
  afterAll(() => t?.close());

  it('close() resolves only after a running write has answered and committed', async () => {
    const submit = (body: unknown) => t.call({ method: 'POST', url: '/api/blade-system/param/submit', token, body });
    const added = (await submit({ paramName: '停机测试', paramKey: 'test.graceful.stop', paramValue: 'a' })).body.data;

    // Another transaction holds the row, so the update below is still running when the stop begins.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('bladeParam').select('id').where('id', '=', added.id).forUpdate().execute();
      locked();
      await held;
    });
    await lockTaken;

    let answeredAt = 0;
    const update = submit({ id: added.id, version: added.version, paramName: '停机测试', paramKey: 'test.graceful.stop', paramValue: 'b' }).then((r) => {
      answeredAt = performance.now();
      return r;
    });
    await expect.poll(() => t.app.inFlight!.size, { timeout: 5000, interval: 10 }).toBeGreaterThan(0);

    // The lock goes when the close has finished, or after 2 s: a close that does not wait finishes first.
    const closing = t.app.close();
    const timer = setTimeout(release, 2000);
    await closing;
    const closedAt = performance.now();
    clearTimeout(timer);
    release();
    await holder;

    const res = await update;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, msg: '更新成功', data: { paramValue: 'b' } });
    expect(answeredAt).toBeGreaterThan(0);
    expect(answeredAt).toBeLessThanOrEqual(closedAt);
    const row = await t.db.selectFrom('bladeParam').select('paramValue').where('id', '=', added.id).executeTakeFirstOrThrow();
    expect(row.paramValue).toBe('b');
  });
});

describe('InFlight', () => {
  it('settles when the tracked work does, and gives up after the timeout', async () => {
    const f = new InFlight();
    let finish!: () => void;
    const work = f.track(new Promise<void>((resolve) => (finish = resolve)));
    expect(f.size).toBe(1);
    const t0 = performance.now();
    await f.settled(60);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(55);
    expect(f.size).toBe(1);
    setTimeout(finish, 20);
    await f.settled(5000);
    await work;
    expect(f.size).toBe(0);
    // A rejected handler counts as settled too (its error is the route's to answer).
    await f.track(Promise.reject(new Error('x'))).catch(() => undefined);
    expect(f.size).toBe(0);
  });
});
