import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['admin'], (app) => (t = app));
beforeAll(async () => {
  await t.app.services.audit.flush();
});

const count = async (logId: string) =>
  Number(
    (
      await t.db
        .selectFrom('bladeLogUsual')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('logId', '=', logId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('audit log rows are written in batches', () => {
  it('100 calls that log: every row lands, in far fewer INSERTs than one per row', async () => {
    const stats = t.app.services.audit.writer.stats;
    const before = { ...stats };
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.call({ method: 'POST', url: '/api/msg-center/log/client', token: tokens.admin, body: { logs: [{ message: `m${i}`, type: 'BATCH' }] } }),
      ),
    );
    await t.app.services.audit.flush();
    expect(await count('web:BATCH')).toBe(100);
    const statements = stats.statements - before.statements;
    const rows = stats.rows - before.rows;
    expect(rows).toBeGreaterThanOrEqual(100);
    expect(statements).toBeLessThanOrEqual(10);
    console.info(`audit log, 100 calls at once: ${rows} rows in ${statements} INSERT statements (one per row before batching)`);
  });

  it('100 calls one after another: a batch gathers the rows of its delay', async () => {
    const stats = t.app.services.audit.writer.stats;
    const before = { ...stats };
    for (let i = 0; i < 100; i++)
      await t.call({ method: 'POST', url: '/api/msg-center/log/client', token: tokens.admin, body: { logs: [{ message: `m${i}`, type: 'SEQ' }] } });
    await t.app.services.audit.flush();
    expect(await count('web:SEQ')).toBe(100);
    const statements = stats.statements - before.statements;
    expect(statements).toBeLessThan(50);
    console.info(`audit log, 100 calls in sequence: ${stats.rows - before.rows} rows in ${statements} INSERT statements`);
  });

  it('a log screen shows a row of a call that finished just before, without anyone flushing', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/msg-center/log/client',
      token: tokens.admin,
      body: { logs: [{ message: 'just now', type: 'FRESH' }] },
    });
    expect(res.status).toBe(200);
    const list = await t.call({ url: '/api/blade-log/usual/list', token: tokens.admin, query: { logId: 'web:FRESH' } });
    expect(list.body.data.total).toBe(1);
    const detail = await t.call({ url: '/api/blade-log/usual/detail', token: tokens.admin, query: { id: list.body.data.records[0].id } });
    expect(JSON.parse(detail.body.data.logData)).toMatchObject({ message: 'just now', type: 'FRESH' });
  });

  it('row contents are those of one INSERT per row: each row keeps its own values', async () => {
    await Promise.all(
      ['a', 'b', 'c'].map((m) =>
        t.call({ method: 'POST', url: '/api/msg-center/log/client', token: tokens.admin, body: { logs: [{ message: m, type: 'ROWS' }] } }),
      ),
    );
    await t.app.services.audit.flush();
    const rows = await t.db.selectFrom('bladeLogUsual').selectAll().where('logId', '=', 'web:ROWS').orderBy('id').execute();
    expect(rows.map((r) => JSON.parse(r.logData!).message).sort()).toEqual(['a', 'b', 'c']);
    for (const r of rows)
      expect(r).toMatchObject({
        logLevel: 'error',
        method: 'POST',
        requestUri: '/api/msg-center/log/client',
        createBy: 'admin',
        serviceId: 'gsl-portal',
        params: null,
      });
    expect(rows.every((r) => r.createTime instanceof Date)).toBe(true);
  });
});
