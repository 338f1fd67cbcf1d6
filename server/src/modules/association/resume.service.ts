import {
  STALE_VERSION_MSG,
  VERSION_REQUIRED_MSG,
  type AssociationBaseSubmit,
  type AssociationBaseView,
  type HistorySubmit,
  type HistoryView,
} from '@gsl/contract';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AocAssociationBaseTable } from '../../db/schema-association.js';
import type { Actor } from '../../platform/access/actor.js';
import { assertGranted } from '../../platform/access/grants.js';
import { changeLog, type TrackedRecord } from '../../platform/audit/change-log.js';
import { dbErrorCode } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import { leaderRepo } from './leader.repo.js';
import type { leaderService } from './leader.service.js';
import { resumeRepo, type HistoryRow } from './resume.repo.js';

const BASE_TRACKED: TrackedRecord = {
  tag: 'associationbase',
  fields: {
    termNo: '届次',
    termYears: '每届年限',
    termStartDate: '本届开始日期',
    termEndDate: '本届结束日期',
    electionMonth: '换届完成年月',
    councilSize: '理事会人数',
    standingCouncilSize: '常务理事人数',
    congressSize: '会员代表人数',
    secretaryGeneral: '秘书长',
    secretariatSize: '秘书处工作人员数',
    remark: '备注',
  },
};
const HISTORY_TRACKED: TrackedRecord = { tag: 'associationhistory', fields: { eventDate: '发生日期', title: '标题', content: '内容' } };

type Leaders = ReturnType<typeof leaderService>;

export function historyView(r: HistoryRow, tz: string): HistoryView {
  return {
    id: String(r.id),
    deptId: String(r.deptId),
    deptName: r.deptName,
    eventDate: r.eventDate,
    title: r.title,
    content: r.content,
    version: r.version,
    createTime: formatTime(r.createTime, tz),
    updateTime: formatTime(r.updateTime, tz),
  };
}

/** associationbase and associationhistory: the association's resume beside its teams (ai-resume, §7). */
export function resumeService(db: Db, leaders: Leaders, thisYear: () => number, tz: string) {
  /** The fields a submit names (absent ones stay as they are). */
  const baseFields = (input: AssociationBaseSubmit): Updateable<AocAssociationBaseTable> => {
    const { id: _id, version: _v, deptId: _d, ...fields } = input;
    return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Updateable<AocAssociationBaseTable>;
  };

  return {
    /** The base record of an org (default the caller's), prefilled (id null, version 0) before its first save, with its current team's year and size. */
    async baseDetail(actor: Actor, deptId: string | undefined): Promise<AssociationBaseView> {
      const org = await leaders.orgOf(await leaders.scopeOf(actor), deptId);
      const row = await resumeRepo.base(db, String(org.id));
      const currentYear = await leaderRepo.latestYear(db, String(org.id), thisYear());
      const currentLeaderCount = currentYear === null ? 0 : await leaderRepo.countTeam(db, String(org.id), currentYear);
      return {
        id: row ? String(row.id) : null,
        deptId: String(org.id),
        deptName: org.deptName,
        termNo: row?.termNo ?? null,
        termYears: row?.termYears ?? null,
        termStartDate: row?.termStartDate ?? null,
        termEndDate: row?.termEndDate ?? null,
        electionMonth: row?.electionMonth ?? null,
        councilSize: row?.councilSize ?? null,
        standingCouncilSize: row?.standingCouncilSize ?? null,
        congressSize: row?.congressSize ?? null,
        secretaryGeneral: row?.secretaryGeneral ?? null,
        secretariatSize: row?.secretariatSize ?? null,
        remark: row?.remark ?? null,
        currentYear,
        currentLeaderCount,
        version: row?.version ?? 0,
        createTime: formatTime(row?.createTime ?? null, tz),
        updateTime: formatTime(row?.updateTime ?? null, tz),
      };
    },

    /** Saves the base record: the first save inserts (association_base_add), later ones update at the version read (association_base_edit). */
    async baseSubmit(actor: Actor, input: AssociationBaseSubmit): Promise<{ deptId: string; created: boolean }> {
      const org = await leaders.orgOf(await leaders.scopeOf(actor), input.deptId);
      const deptId = String(org.id);
      await assertGranted(db, actor, input.id ? 'association_base_edit' : 'association_base_add');
      if (input.id && input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const values = baseFields(input);
      try {
        return await db.transaction().execute(async (tx) => {
          const before = await resumeRepo.base(tx, deptId, true);
          if (!input.id) {
            if (before) throw badRequest(STALE_VERSION_MSG);
            const id = await resumeRepo.insertBase(tx, {
              ...values,
              tenantId: actor.tenantId,
              deptId,
              createUser: actor.userId,
              createDept: actor.deptId,
              updateUser: actor.userId,
            });
            await changeLog.record(tx, actor, BASE_TRACKED, { mode: 'insert', recordId: id, recordName: org.deptName, deptId });
            return { deptId, created: true };
          }
          if (!before || String(before.id) !== input.id) throw notFound();
          if (!(await resumeRepo.updateBase(tx, actor.tenantId, input.id, input.version!, { ...values, updateUser: actor.userId })))
            throw badRequest(STALE_VERSION_MSG);
          const after = (await resumeRepo.base(tx, deptId))!;
          await changeLog.record(
            tx,
            actor,
            BASE_TRACKED,
            { mode: 'update', recordId: input.id, recordName: org.deptName, deptId },
            { before: before as never, after: after as never },
          );
          return { deptId, created: false };
        });
      } catch (err) {
        // Two first saves at once: the second meets uk_association_base_dept.
        if (dbErrorCode(err) === '23505') throw badRequest(STALE_VERSION_MSG);
        throw err;
      }
    },

    async historyPage(actor: Actor, q: { deptId?: string; year?: number; title?: string; current: number; size: number }) {
      const org = await leaders.orgOf(await leaders.scopeOf(actor), q.deptId);
      const page = await resumeRepo.historyPage(db, String(org.id), { year: q.year, title: q.title || undefined }, q);
      return { ...page, records: page.records.map((r) => historyView(r, tz)) };
    },

    async historyDetail(actor: Actor, id: string): Promise<HistoryView> {
      const row = await resumeRepo.history(db, await leaders.scopeOf(actor), id);
      if (!row) throw notFound();
      return historyView(row, tz);
    },

    async historySubmit(actor: Actor, input: HistorySubmit): Promise<{ view: HistoryView; created: boolean }> {
      await assertGranted(db, actor, input.id ? 'association_history_edit' : 'association_history_add');
      if (input.id && input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const scope = await leaders.scopeOf(actor);
      const values = { eventDate: input.eventDate, title: input.title, ...(input.content !== undefined ? { content: input.content } : {}) };
      // The org of a new event, checked before the transaction (reads outside it would wait on a one-connection database).
      const org = input.id ? undefined : await leaders.orgOf(scope, input.deptId);
      const id = await db.transaction().execute(async (tx) => {
        if (org) {
          const id = await resumeRepo.insertHistory(tx, {
            ...values,
            tenantId: actor.tenantId,
            deptId: org.id,
            createUser: actor.userId,
            createDept: actor.deptId,
            updateUser: actor.userId,
          });
          await changeLog.record(tx, actor, HISTORY_TRACKED, { mode: 'insert', recordId: id, recordName: input.title, deptId: String(org.id) });
          return id;
        }
        const id = input.id!;
        const before = await resumeRepo.history(tx, scope, id, true);
        if (!before) throw notFound();
        if (input.deptId && input.deptId !== String(before.deptId)) throw notFound();
        if (!(await resumeRepo.updateHistory(tx, actor.tenantId, id, input.version!, { ...values, updateUser: actor.userId })))
          throw badRequest(STALE_VERSION_MSG);
        const after = (await resumeRepo.history(tx, scope, id))!;
        await changeLog.record(
          tx,
          actor,
          HISTORY_TRACKED,
          { mode: 'update', recordId: id, recordName: after.title, deptId: String(after.deptId) },
          { before: before as never, after: after as never },
        );
        return id;
      });
      const row = await resumeRepo.history(db, scope, id);
      if (!row) throw notFound();
      return { view: historyView(row, tz), created: !input.id };
    },

    async historyRemove(actor: Actor, ids: string[]): Promise<number> {
      const scope = await leaders.scopeOf(actor);
      return db.transaction().execute(async (tx) => {
        const rows = await resumeRepo.lockHistories(tx, scope, ids);
        if (rows.length !== ids.length) throw notFound();
        const n = await resumeRepo.removeHistories(tx, ids, actor.userId);
        await changeLog.recordMany(
          tx,
          actor,
          HISTORY_TRACKED,
          'delete',
          rows.map((r) => ({ id: String(r.id), name: r.title, deptId: String(r.deptId) })),
        );
        return n;
      });
    },
  };
}
