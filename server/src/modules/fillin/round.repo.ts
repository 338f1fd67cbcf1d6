import { ROUND_STATUS, type RoundView } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { formatTime } from '../../platform/http/time.js';

export type RoundKind = 'collect' | 'supplement';

export interface RoundRow {
  id: string;
  kind: string;
  period: number;
  status: number;
  counts: string;
  submitUserName: string | null;
  submitTime: Date;
  returnUserName: string | null;
  returnTime: Date | null;
  returnComment: string | null;
}

export const roundView = (r: RoundRow, tz: string): RoundView => ({
  id: String(r.id),
  kind: r.kind,
  period: r.period,
  status: r.status,
  statusName: ROUND_STATUS[r.status] ?? '',
  counts: JSON.parse(r.counts) as Record<string, number>,
  submitUserName: r.submitUserName,
  submitTime: formatTime(r.submitTime, tz),
  returnUserName: r.returnUserName,
  returnTime: formatTime(r.returnTime, tz),
  returnComment: r.returnComment,
});

function rounds(db: Db, tenantId: string, deptId: string, kind: RoundKind) {
  return db
    .selectFrom('aocFillRound as r')
    .leftJoin('bladeUser as su', 'su.id', 'r.submitUser')
    .leftJoin('bladeUser as ru', 'ru.id', 'r.returnUser')
    .select([
      'r.id',
      'r.kind',
      'r.period',
      'r.status',
      'r.counts',
      'su.realName as submitUserName',
      'r.submitTime',
      'ru.realName as returnUserName',
      'r.returnTime',
      'r.returnComment',
    ])
    .where('r.tenantId', '=', tenantId)
    .where('r.deptId', '=', deptId)
    .where('r.kind', '=', kind);
}

/** The rounds of submission to the federation (aoc_fill_round): every one is kept. */
export const roundRepo = {
  latest(db: Db, tenantId: string, deptId: string, kind: RoundKind, period: number): Promise<RoundRow | undefined> {
    return rounds(db, tenantId, deptId, kind).where('r.period', '=', period).orderBy('r.id', 'desc').limit(1).executeTakeFirst() as Promise<
      RoundRow | undefined
    >;
  },

  list(db: Db, tenantId: string, deptId: string, kind: RoundKind, period?: number): Promise<RoundRow[]> {
    let q = rounds(db, tenantId, deptId, kind);
    if (period !== undefined) q = q.where('r.period', '=', period);
    return q.orderBy('r.id', 'desc').limit(200).execute() as Promise<RoundRow[]>;
  },

  async insert(db: Db, v: { tenantId: string; deptId: string; kind: RoundKind; period: number; counts: Record<string, number>; userId: string }) {
    await db
      .insertInto('aocFillRound')
      .values({ tenantId: v.tenantId, deptId: v.deptId, kind: v.kind, period: v.period, status: 1, counts: JSON.stringify(v.counts), submitUser: v.userId })
      .execute();
  },

  /** Marks a submitted round returned with the reason; false when it is no longer the submitted one. */
  async markReturned(db: Db, id: string, userId: string, comment: string): Promise<boolean> {
    const res = await db
      .updateTable('aocFillRound')
      .set({ status: 2, returnUser: userId, returnTime: new Date(), returnComment: comment })
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },
};
