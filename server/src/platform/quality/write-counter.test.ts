/**
 * The walkers' "and no table changes" after each request counts writes with triggers (harness/checksum.ts
 * countWrites): this checks that the count sees what a checksum would, and more.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { changedTables, tableChecksums, countWrites } from '../../../test/harness/checksum.js';

const t = await createTestApp();
afterAll(() => t.close());
const writes = await countWrites(t.db);
const param = async () => (await sql<{ id: string; v: string }>`select id, param_value as v from blade_param order by id limit 1`.execute(t.db)).rows[0];

describe('harness: the write counter', () => {
  it('sees nothing when nothing is written, and a read writes nothing', async () => {
    await writes.since();
    await sql`select count(*) from blade_user`.execute(t.db);
    expect(await writes.since()).toEqual([]);
  });

  it('sees an update of a kept column, with the table a checksum names too', async () => {
    const p = await param();
    const before = await tableChecksums(t.db);
    await sql`update blade_param set param_value = ${`${p.v}x`} where id = ${p.id}`.execute(t.db);
    const seen = await writes.since();
    expect(seen).toEqual(['blade_param (1 rows written)']);
    expect(changedTables(before, await tableChecksums(t.db)).map((x) => x.split(' ')[0])).toEqual(['blade_param']);
    await sql`update blade_param set param_value = ${p.v} where id = ${p.id}`.execute(t.db);
    await writes.since();
  });

  it('sees a change that a later write undoes (a checksum would not)', async () => {
    const p = await param();
    await sql`update blade_param set param_value = 'quality' where id = ${p.id}`.execute(t.db);
    await sql`update blade_param set param_value = ${p.v} where id = ${p.id}`.execute(t.db);
    expect(await writes.since()).toEqual(['blade_param (2 rows written)']);
  });

  it('sees inserts and deletes, counted per table', async () => {
    await sql`insert into blade_param (id, param_name, param_key, param_value) values (9100000000000000001, 'q', 'quality.watch', '1')`.execute(t.db);
    await sql`delete from blade_param where id = 9100000000000000001`.execute(t.db);
    expect(await writes.since()).toEqual(['blade_param (2 rows written)']);
  });

  it('does not count an update that leaves every kept column as it was, nor a volatile column', async () => {
    const p = await param();
    await sql`update blade_param set param_value = param_value where id = ${p.id}`.execute(t.db);
    await sql`update blade_user set login_fail_count = login_fail_count + 1 where account = 'admin'`.execute(t.db);
    await sql`update blade_user set login_fail_count = 0 where account = 'admin'`.execute(t.db);
    expect(await writes.since()).toEqual([]);
  });

  it('does not count a write that was rolled back', async () => {
    const p = await param();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`update blade_param set param_value = 'rolled back' where id = ${p.id}`.execute(trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await writes.since()).toEqual([]);
    expect((await param()).v).toBe(p.v);
  });
});
