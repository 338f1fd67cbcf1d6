import { STALE_VERSION_MSG, VERSION_REQUIRED_MSG, periodName, type FillPeriodSubmit, type FillPeriodView } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import { fillScope, ownFillOrg, readableOrg } from './fill-org.js';

export interface PeriodRow {
  id: string;
  deptId: string;
  period: number;
  finishDate: string;
  version: number;
  updateTime: Date;
}

/** An org's current term (aoc_fill_period), or undefined. */
export function periodOf(db: Db, tenantId: string, deptId: string): Promise<PeriodRow | undefined> {
  return db
    .selectFrom('aocFillPeriod')
    .select(['id', 'deptId', 'period', 'finishDate', 'version', 'updateTime'])
    .where('tenantId', '=', tenantId)
    .where('deptId', '=', deptId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst() as Promise<PeriodRow | undefined>;
}

const view = (r: PeriodRow, deptName: string | null, tz: string): FillPeriodView => ({
  id: String(r.id),
  deptId: String(r.deptId),
  deptName,
  period: r.period,
  periodName: periodName(r.period),
  finishDate: r.finishDate,
  version: r.version,
  updateTime: formatTime(r.updateTime, tz),
});

/** fillperiod (specification §3 "Fill period", §4 the dialog, §5 its rules): one term per org. */
export const periodService = {
  /** The org's term (default the caller's own, inside the scope); null when none is stored yet. */
  async detail(db: Db, actor: Actor, deptId: string | undefined, tz: string): Promise<FillPeriodView | null> {
    const org = await readableOrg(db, await fillScope(db, actor), deptId);
    const row = await periodOf(db, actor.tenantId, org.id);
    return row ? view(row, org.deptName, tz) : null;
  },

  /**
   * Saves the caller's own org's term: added when it has none, otherwise updated at the version read (a
   * new term — 换届 — starts a new list of committee members; those of the earlier term are kept).
   */
  async submit(db: Db, actor: Actor, input: FillPeriodSubmit, tz: string): Promise<FillPeriodView> {
    const org = await ownFillOrg(db, actor, input.deptId || undefined);
    const current = await periodOf(db, actor.tenantId, org.id);
    if (!current) {
      if (input.id) throw notFound();
      await db
        .insertInto('aocFillPeriod')
        .values({
          tenantId: actor.tenantId,
          deptId: org.id,
          period: input.period,
          finishDate: input.finishDate,
          createUser: actor.userId,
          updateUser: actor.userId,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    } else {
      if (input.id && input.id !== String(current.id)) throw notFound();
      if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const res = await db
        .updateTable('aocFillPeriod')
        .set({ period: input.period, finishDate: input.finishDate, version: current.version + 1, updateUser: actor.userId, updateTime: new Date() })
        .where('id', '=', current.id)
        .where('version', '=', input.version)
        .executeTakeFirst();
      if (!Number(res.numUpdatedRows)) throw badRequest(STALE_VERSION_MSG);
    }
    const row = await periodOf(db, actor.tenantId, org.id);
    if (!row) throw badRequest(STALE_VERSION_MSG);
    return view(row, org.deptName, tz);
  },
};
