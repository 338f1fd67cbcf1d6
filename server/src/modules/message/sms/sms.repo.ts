import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';

/** One-time SMS codes (phone binding) and each org's SMS signature, quota, quiet hours and daily usage. */
export const smsRepo = {
  /** A transaction lock on one number (hashed), released at commit. */
  async lockNumber(tx: Db, mobileHash: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${mobileHash}))`.execute(tx);
  },

  /** The number's codes of the last 24 hours: how many, and when the newest was issued. */
  async recentCodes(db: Db, mobileHash: string): Promise<{ today: number; last: Date | null }> {
    const row = await db
      .selectFrom('msgSmsCode')
      .select([(eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.max('createTime').as('last')])
      .where('mobileHash', '=', mobileHash)
      .where(sql<boolean>`create_time > now() - interval '1 day'`)
      .executeTakeFirstOrThrow();
    return { today: Number(row.n), last: row.last ? new Date(row.last as Date) : null };
  },

  /** A new code replaces the number's live ones. */
  async issueCode(tx: Db, row: { tenantId: string; mobileHash: string; codeHash: string; userId: string | null; ttlSeconds: number }): Promise<void> {
    await tx.updateTable('msgSmsCode').set({ state: 2 }).where('mobileHash', '=', row.mobileHash).where('state', '=', 0).execute();
    await tx
      .insertInto('msgSmsCode')
      .values({
        tenantId: row.tenantId,
        mobileHash: row.mobileHash,
        codeHash: row.codeHash,
        userId: row.userId,
        expiresAt: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
      })
      .execute();
  },

  /** The number's live code, locked for the check (two checks at once count two tries). */
  async liveCode(tx: Db, mobileHash: string) {
    return tx
      .selectFrom('msgSmsCode')
      .select(['id', 'codeHash', 'tries', sql<boolean>`expires_at < now()`.as('expired')])
      .where('mobileHash', '=', mobileHash)
      .where('state', '=', 0)
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
  },

  async setCodeState(tx: Db, id: string, patch: { tries?: number; state?: number }): Promise<void> {
    await tx.updateTable('msgSmsCode').set(patch).where('id', '=', id).execute();
  },

  async source(db: Db, deptId: string) {
    return db
      .selectFrom('bladeDept as d')
      .leftJoin('msgSmsSource as s', 's.deptId', 'd.id')
      .leftJoin('msgSmsUsage as u', (j) => j.onRef('u.deptId', '=', 'd.id').on('u.day', '=', sql<string>`current_date`))
      .select([
        'd.id as deptId',
        'd.unionId',
        'd.deptName',
        'd.tenantId',
        's.signName',
        's.dailyQuota',
        's.quietStart',
        's.quietEnd',
        sql<boolean>`s.dept_id is not null`.as('configured'),
        sql<number>`coalesce(u.used, 0)`.as('usedToday'),
      ])
      .where('d.id', '=', deptId)
      .where('d.isDeleted', '=', 0)
      .executeTakeFirst();
  },

  async deptIdOfUnion(db: Db, tenantId: string, unionId: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('bladeDept')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where((eb) => eb.or([eb('unionId', '=', unionId), eb('id', '=', unionId)]))
      // An org named by its union id wins over one whose row id happens to be the same digits.
      .orderBy(sql`union_id = ${unionId}`, 'desc')
      .executeTakeFirst();
    return row ? String(row.id) : undefined;
  },

  async saveSource(
    tx: Db,
    row: { deptId: string; tenantId: string; signName: string | null; dailyQuota: number; quietStart: string | null; quietEnd: string | null; userId: string },
  ): Promise<void> {
    const values = {
      signName: row.signName,
      dailyQuota: row.dailyQuota,
      quietStart: row.quietStart,
      quietEnd: row.quietEnd,
      updateUser: row.userId,
      updateTime: sql<Date>`now()`,
    };
    await tx
      .insertInto('msgSmsSource')
      .values({ deptId: row.deptId, tenantId: row.tenantId, ...values })
      .onConflict((oc) => oc.column('deptId').doUpdateSet(values))
      .execute();
  },

  /**
   * Takes `n` messages from the org's quota for today, atomically: the row's lock serialises concurrent
   * sends, and nothing is taken when the quota would be exceeded. Answers whether it was taken.
   */
  async takeQuota(tx: Db, deptId: string, n: number, quota: number): Promise<boolean> {
    if (n > quota) return false;
    const row = await tx
      .insertInto('msgSmsUsage')
      .values({ deptId, day: sql<string>`current_date`, used: n })
      .onConflict((oc) =>
        oc
          .columns(['deptId', 'day'])
          .doUpdateSet((eb) => ({ used: eb('msgSmsUsage.used', '+', n) }))
          .where((eb) => eb(eb('msgSmsUsage.used', '+', n), '<=', quota)),
      )
      .returning('used')
      .executeTakeFirst();
    return Boolean(row);
  },
};
