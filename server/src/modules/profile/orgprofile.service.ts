import {
  ANNUAL_REPORT_FIELDS,
  ORG_PROFILE_FIELDS,
  PROFILE_MSG,
  STALE_VERSION_MSG,
  VERSION_REQUIRED_MSG,
  menuOf,
  type PageQuery,
  type PermissionCode,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { assertGranted, isGranted } from '../../platform/access/grants.js';
import type { DataScope } from '../../platform/access/scope.js';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { dbErrorCode, violatedConstraint } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import type { PendingItem } from '../../platform/pending/pending-sources.js';
import { orgProfileRepo } from './orgprofile.repo.js';
import { columnValues, type Row } from './profile.codec.js';
import { profileScope } from './profile.access.js';
import { findOrgInScope } from './profile.repo.js';

type ProfileInput = Record<string, unknown> & { deptId: string; version?: number; id?: string };
type ReportInput = Record<string, unknown> & { deptId: string; id?: string; version?: number };
export type MemberStatistics = { year: number; total: number; enterprise: number; group: number; person: number; source: 'computed' | 'stored' };

/**
 * Organisation profile (组织档案) of a federation, chamber or association: one record per org, its annual
 * reports (draft → submitted; a superior org accepts or returns a submitted one) and the member statistics by
 * year. Every call first finds the org inside the actor's profile scope (404 otherwise).
 */
export function orgProfileService(db: Db, cipher: () => Promise<PersonalDataCipher>) {
  const orgOr404 = async (actor: Actor, deptId: string) => {
    const org = await findOrgInScope(db, await profileScope(db, actor), deptId);
    if (!org) throw notFound();
    return org;
  };
  /** A report the actor may address: its org in the scope. The scope is resolved before a transaction opens (PGlite has one connection). */
  const findReport = async (q: Db, actor: Actor, id: string, lock = false, given?: DataScope) =>
    orgProfileRepo.findReport(q, actor.tenantId, given ?? (await profileScope(db, actor)), id, lock);

  return {
    /** The org and its profile (undefined before the first save). */
    async profile(actor: Actor, deptId: string) {
      const org = await orgOr404(actor, deptId);
      return { org, row: await orgProfileRepo.findProfile(db, deptId) };
    },

    /** The first save creates the profile; later ones update it at the version read (only the fields given). */
    async submitProfile(actor: Actor, input: ProfileInput) {
      const org = await orgOr404(actor, input.deptId);
      const values = columnValues(ORG_PROFILE_FIELDS, input, await cipher(), true);
      const created = await db.transaction().execute(async (tx) => {
        const current = await orgProfileRepo.lockProfile(tx, input.deptId);
        if (!current) {
          try {
            await orgProfileRepo.insertProfile(tx, {
              ...values,
              tenantId: actor.tenantId,
              deptId: input.deptId,
              createUser: actor.userId,
              createDept: actor.deptId,
              updateUser: actor.userId,
            });
          } catch (err) {
            if (dbErrorCode(err) === '23505') throw badRequest(STALE_VERSION_MSG);
            throw err;
          }
          return true;
        }
        if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
        if (current.version !== input.version) throw badRequest(STALE_VERSION_MSG);
        await orgProfileRepo.updateProfile(tx, current.id, { ...values, updateUser: actor.userId });
        return false;
      });
      return { org, row: (await orgProfileRepo.findProfile(db, input.deptId))!, created };
    },

    async statistics(actor: Actor, deptId: string): Promise<MemberStatistics[]> {
      await orgOr404(actor, deptId);
      return memberStatistics(db, actor.tenantId, deptId);
    },

    async reportPage(actor: Actor, deptId: string, page: PageQuery, filters: Record<string, unknown>) {
      await orgOr404(actor, deptId);
      return orgProfileRepo.reportPage(db, actor.tenantId, deptId, page, filters);
    },

    async report(actor: Actor, id: string): Promise<Row> {
      const row = await findReport(db, actor, id);
      if (!row) throw notFound();
      return row;
    },

    /** A draft: inserted without id, updated at its version with id; a submitted report cannot change. */
    async submitReport(actor: Actor, input: ReportInput): Promise<Row> {
      await orgOr404(actor, input.deptId);
      const values = columnValues(ANNUAL_REPORT_FIELDS, input, await cipher(), !!input.id);
      const scope = await profileScope(db, actor);
      try {
        const id = await db.transaction().execute(async (tx) => {
          if (!input.id) {
            return orgProfileRepo.insertReport(tx, {
              ...values,
              tenantId: actor.tenantId,
              deptId: input.deptId,
              status: 0,
              createUser: actor.userId,
              createDept: actor.deptId,
              updateUser: actor.userId,
            });
          }
          if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
          const current = await findReport(tx, actor, input.id, true, scope);
          if (!current || String(current.deptId) !== input.deptId) throw notFound();
          const locked = lockedMsg(current.status);
          if (locked) throw badRequest(locked);
          if (!(await orgProfileRepo.updateReportAtVersion(tx, input.id, input.version, { ...values, status: 0, updateUser: actor.userId })))
            throw badRequest(STALE_VERSION_MSG);
          return input.id;
        });
        return (await findReport(db, actor, id))!;
      } catch (err) {
        if (dbErrorCode(err) === '23505' && violatedConstraint(err) === 'uk_org_annual_report') throw badRequest(PROFILE_MSG.reportExists);
        throw err;
      }
    },

    /**
     * Submit (draft or returned → submitted), or review by a superior org only: return (submitted →
     * returned) or accept (submitted → accepted, 已通过); at the version read.
     */
    async transition(actor: Actor, input: { id: string; version: number; reason?: string }, to: 1 | 2 | 3): Promise<Row> {
      await assertGranted(db, actor, 'profile_org_report' as PermissionCode);
      const scope = await profileScope(db, actor);
      return db.transaction().execute(async (tx) => {
        const current = await findReport(tx, actor, input.id, true, scope);
        if (!current) throw notFound();
        if (current.version !== input.version) throw badRequest(STALE_VERSION_MSG);
        const status = Number(current.status);
        if (to === 1 && (status === 1 || status === 3)) throw badRequest(PROFILE_MSG.reportNotDraft);
        if (to === 2 && status !== 1) throw badRequest(PROFILE_MSG.reportNotSubmitted);
        if (to === 3 && status !== 1) throw badRequest(PROFILE_MSG.reportNotSubmittedApprove);
        // The org above reviews (退回 / 通过), never the org that wrote it.
        if (to !== 1 && String(current.deptId) === actor.deptId && !actor.isAdministrator)
          throw badRequest(to === 2 ? PROFILE_MSG.reportReturnOwn : PROFILE_MSG.reportApproveOwn);
        await orgProfileRepo.setReportStatus(tx, input.id, to, { userId: actor.userId, reason: input.reason });
        return (await findReport(tx, actor, input.id, false, scope))!;
      });
    },

    /** Removes every draft or none: an id out of scope is 404, a submitted report cannot be removed. */
    async removeReports(actor: Actor, ids: string[]): Promise<void> {
      const scope = await profileScope(db, actor);
      await db.transaction().execute(async (tx) => {
        const rows = await orgProfileRepo.lockReports(tx, actor.tenantId, scope, ids);
        if (rows.length !== ids.length) throw notFound();
        const locked = rows.map((r) => lockedMsg(r.status)).find(Boolean);
        if (locked) throw badRequest(locked);
        await orgProfileRepo.softDeleteReports(tx, ids, actor.userId);
      });
    },
  };
}

/** Why a report cannot change or be removed: submitted (waiting for review) or accepted; undefined when it can. */
function lockedMsg(status: unknown): string | undefined {
  if (Number(status) === 1) return PROFILE_MSG.reportSubmitted;
  if (Number(status) === 3) return PROFILE_MSG.reportApproved;
  return undefined;
}

/** Where reports are reviewed and submitted: 数据库查询 › 组织档案 (its 年报 tab), as the menu registry places it. */
const REPORT_SCREEN = menuOf('profile_org')!.path!;

/**
 * 我的一天 待办 (specification §7 "My day" GET pending): the annual reports waiting for the actor's org —
 * submitted by the orgs directly below it, to review (退回 or 通过), and its own returned ones, to
 * correct and submit again. Counted only for who may review and submit (组织档案 and its
 * 年报提交与退回 button), inside the profile data scope.
 */
export async function pendingReports(db: Db, actor: Actor, timeZone: string): Promise<PendingItem[]> {
  const [page, button] = await Promise.all([isGranted(db, actor, 'profile_org'), isGranted(db, actor, 'profile_org_report')]);
  if (!page || !button) return [];
  const n = await orgProfileRepo.pendingReports(db, actor.tenantId, await profileScope(db, actor), actor.deptId);
  return [
    { key: 'profile.annual-review', title: '待审核的年报', count: n.review, path: REPORT_SCREEN, latestTime: formatTime(n.reviewLatest, timeZone) },
    { key: 'profile.annual-returned', title: '被退回的年报', count: n.returned, path: REPORT_SCREEN, latestTime: formatTime(n.returnedLatest, timeZone) },
  ];
}

/**
 * Member data overview by year (§3 "member data overview by year"): for each year from the first
 * join year in the member base to this year, the org's own live members that had joined by the end
 * of that year (one grouped query per member table); years the member base has nothing for come from
 * the stored overview (memberstat section). Members without a join date count from their creation.
 */
async function memberStatistics(db: Db, tenantId: string, deptId: string): Promise<MemberStatistics[]> {
  const [ent, grp, psn] = await Promise.all(
    (['aoc_member_enterprise', 'aoc_member_group', 'aoc_member_person'] as const).map((table) => orgProfileRepo.membersByJoinYear(db, table, tenantId, deptId)),
  );
  const stored = await orgProfileRepo.storedMemberStats(db, deptId);
  const out = new Map<number, MemberStatistics>();
  const years = [...ent, ...grp, ...psn].map((r) => r.y);
  if (years.length) {
    const now = new Date().getFullYear();
    const acc = { enterprise: 0, group: 0, person: 0 };
    const byYear = (rows: Array<{ y: number; n: string }>, y: number) => Number(rows.find((r) => r.y === y)?.n ?? 0);
    for (let y = Math.min(...years); y <= now; y++) {
      acc.enterprise += byYear(ent, y);
      acc.group += byYear(grp, y);
      acc.person += byYear(psn, y);
      out.set(y, { year: y, ...acc, total: acc.enterprise + acc.group + acc.person, source: 'computed' });
    }
  }
  for (const s of stored) {
    if (out.has(s.year)) continue;
    const parts = { enterprise: s.enterprise ?? 0, group: s.group ?? 0, person: s.person ?? 0 };
    out.set(s.year, { year: s.year, ...parts, total: s.total ?? parts.enterprise + parts.group + parts.person, source: 'stored' });
  }
  return [...out.values()].sort((a, b) => b.year - a.year);
}
