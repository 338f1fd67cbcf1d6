import {
  FILLIN_MSG,
  ROUND_STATUS,
  STALE_VERSION_MSG,
  SUPPLEMENT_TEMPLATE_KEY,
  VERSION_REQUIRED_MSG,
  checkForm,
  type SupplementSubmit,
  type SupplementView,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { scopePredicate, scopedTable, type DataScope } from '../../platform/access/scope.js';
import { dbErrorCode } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import { FILLIN_RESOURCE, fillScope, ownFillOrg, readableOrg } from './fill-org.js';
import { roundRepo } from './round.repo.js';
import { templateService } from './template.service.js';

export const SUPPLEMENT_TABLE = scopedTable({
  resource: FILLIN_RESOURCE,
  table: 'aoc_association_supplement',
  alias: 's',
  deptColumn: 'dept_id',
  ownerColumn: 'create_user',
  where: 'is_deleted = 0',
});

interface SupplementRow {
  id: string;
  deptId: string;
  deptName: string | null;
  year: number;
  data: string;
  status: number;
  returnComment: string | null;
  templateVersion: number;
  version: number;
  submitTime: Date | null;
}

const view = (r: SupplementRow, tz: string): SupplementView => ({
  id: String(r.id),
  deptId: String(r.deptId),
  deptName: r.deptName,
  year: r.year,
  data: JSON.parse(r.data) as Record<string, string | null>,
  status: r.status,
  statusName: ROUND_STATUS[r.status] ?? '',
  returnComment: r.returnComment,
  templateVersion: r.templateVersion,
  version: r.version,
  submitTime: formatTime(r.submitTime, tz),
});

function rows(db: Db, scope: DataScope) {
  return db
    .selectFrom('aocAssociationSupplement as s')
    .leftJoin('bladeDept as d', 'd.id', 's.deptId')
    .select(['s.id', 's.deptId', 'd.deptName', 's.year', 's.data', 's.status', 's.returnComment', 's.templateVersion', 's.version', 's.submitTime'])
    .where('s.tenantId', '=', scope.actor.tenantId)
    .where('s.isDeleted', '=', 0)
    .where((eb) => scopePredicate(eb, scope, SUPPLEMENT_TABLE.columns));
}

/** associationcommercesupplement: one supplement per org and year, submitted to the federation, returnable with a reason. */
export function supplementService(db: Db, thisYear: () => number, tz: string) {
  const find = async (scope: DataScope, deptId: string, year: number) =>
    (await rows(db, scope).where('s.deptId', '=', deptId).where('s.year', '=', year).executeTakeFirst()) as SupplementRow | undefined;

  return {
    async detail(actor: Actor, q: { deptId?: string; year?: number }): Promise<SupplementView | null> {
      const scope = await fillScope(db, actor);
      const org = await readableOrg(db, scope, q.deptId);
      const row = await find(scope, org.id, q.year ?? thisYear());
      return row ? view(row, tz) : null;
    },

    /** Whether the org's supplement of this year is submitted (a returned one is not: the badge shows again). */
    async isFill(actor: Actor, deptId?: string): Promise<boolean> {
      const scope = await fillScope(db, actor);
      const org = await readableOrg(db, scope, deptId);
      return (await find(scope, org.id, thisYear()))?.status === 1;
    },

    /**
     * Saves and submits the caller's own org's supplement of the year (default this year) against the
     * current template: hidden fields are dropped, required and types re-checked. A submitted supplement
     * is read-only until the federation returns it; every submission is a round.
     */
    async submit(actor: Actor, input: SupplementSubmit): Promise<SupplementView> {
      const org = await ownFillOrg(db, actor);
      const scope = await fillScope(db, actor);
      const { id, version, year: y, ...form } = input;
      const year = y ?? thisYear();
      const template = await templateService.byKey(db, actor.tenantId, SUPPLEMENT_TEMPLATE_KEY);
      const before = await find(scope, org.id, year);
      if (id && (!before || String(before.id) !== id)) throw notFound();
      if (before?.status === 1) throw badRequest(FILLIN_MSG.alreadySubmitted);
      if (before && version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const checked = checkForm(template.fields, form);
      if (checked.errors.length) throw badRequest(checked.errors[0].message, checked.errors);
      const data = JSON.stringify(checked.values);
      const now = new Date();
      await db.transaction().execute(async (tx) => {
        try {
          if (!before) {
            await tx
              .insertInto('aocAssociationSupplement')
              .values({
                tenantId: actor.tenantId,
                deptId: org.id,
                year,
                data,
                templateId: template.id,
                templateVersion: template.version,
                status: 1,
                submitTime: now,
                createUser: actor.userId,
                updateUser: actor.userId,
              })
              .execute();
          } else {
            const res = await tx
              .updateTable('aocAssociationSupplement')
              .set({
                data,
                templateId: template.id,
                templateVersion: template.version,
                status: 1,
                returnComment: null,
                submitTime: now,
                version: before.version + 1,
                updateUser: actor.userId,
                updateTime: now,
              })
              .where('id', '=', before.id)
              .where('version', '=', version!)
              .executeTakeFirst();
            if (!Number(res.numUpdatedRows)) throw badRequest(STALE_VERSION_MSG);
          }
        } catch (err) {
          if (dbErrorCode(err) === '23505') throw badRequest(STALE_VERSION_MSG);
          throw err;
        }
        await roundRepo.insert(tx, { tenantId: actor.tenantId, deptId: org.id, kind: 'supplement', period: year, counts: {}, userId: actor.userId });
      });
      return view((await find(scope, org.id, year))!, tz);
    },

    /** The federation returns a submitted supplement of an org in its scope with the reason; its round says so too. */
    async giveBack(actor: Actor, id: string, comment: string): Promise<SupplementView> {
      const scope = await fillScope(db, actor);
      const row = (await rows(db, scope).where('s.id', '=', id).executeTakeFirst()) as SupplementRow | undefined;
      if (!row) throw notFound();
      if (row.status !== 1) throw badRequest(FILLIN_MSG.notSubmitted);
      const round = await roundRepo.latest(db, actor.tenantId, String(row.deptId), 'supplement', row.year);
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('aocAssociationSupplement')
          .set({ status: 2, returnComment: comment, version: row.version + 1, updateUser: actor.userId, updateTime: new Date() })
          .where('id', '=', row.id)
          .execute();
        if (round) await roundRepo.markReturned(tx, round.id, actor.userId, comment);
      });
      return view((await rows(db, scope).where('s.id', '=', id).executeTakeFirst()) as SupplementRow, tz);
    },
  };
}
