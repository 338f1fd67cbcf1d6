import type { FastifyInstance } from 'fastify';
import {
  REMINDER_MSG,
  REMINDER_PATHS as P,
  REMINDER_REPORT_CODE,
  REMINDER_REPORT_CODE_CITY,
  pageOf,
  reminderStatusRecord,
  reminderStatusUpdate,
  reportDataQuery,
  reportDataRecord,
} from '@gsl/contract';
import { resolveScope } from '../../../platform/access/scope.js';
import { pageResult } from '../../../platform/http/envelope.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { route } from '../../../platform/http/route.js';
import { reminderRepo } from './reminder.repo.js';

const TAGS = ['portal'];
/** The report counts org profiles: their data scope. */
const RESOURCE = 'profile';

/**
 * The chamber-information reminder (specification §4, §6, §7): the user's 不再提醒 (cocBigScreen get / update)
 * and the report the dialog reads (reportConfig/searchReportDataPage, the first record's `num`): how many
 * chambers and associations of the federation's subtree, inside the caller's profile scope, have incomplete
 * information. The top-level org reads `cocInfoIncomplete`, every other org `cocInfoIncompleteCity` (§6).
 */
export function reminderRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, {
    method: 'GET',
    url: P.status,
    summary: 'cocBigScreen getCocBigScreenViewStatus: 商会信息提醒是否已设为不再提醒 (viewStatus 1), 及本机构应读的报表',
    tags: TAGS,
    access: { permission: 'authenticated' },
    response: reminderStatusRecord,
    handler: async ({ actor }) => {
      const scope = await resolveScope(db, actor, RESOURCE);
      const org = await reminderRepo.orgInScope(db, actor.tenantId, actor.deptId, scope);
      return {
        viewStatus: await reminderRepo.viewStatus(db, actor.userId),
        cficId: actor.deptId,
        reportCode: org?.topLevel ? REMINDER_REPORT_CODE : REMINDER_REPORT_CODE_CITY,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: P.update,
    summary: 'cocBigScreen updateCocBigScreenViewStatus: 记录本人的“不再提醒” (viewStatus 默认 1)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: reminderStatusUpdate,
    response: reminderStatusRecord.pick({ viewStatus: true }),
    handler: async ({ actor, body }) => {
      await reminderRepo.setViewStatus(db, { userId: actor.userId, tenantId: actor.tenantId, viewStatus: body.viewStatus });
      return { viewStatus: body.viewStatus };
    },
  });

  route(app, {
    method: 'POST',
    url: P.report,
    summary: 'reportConfig searchReportDataPage: 商会信息未完善统计 (queryConditionMap: cficId, reportCode; 第一条为合计)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: reportDataQuery,
    response: pageOf(reportDataRecord),
    handler: async ({ actor, body }) => {
      const { cficId, reportCode } = body.queryConditionMap;
      if (reportCode !== REMINDER_REPORT_CODE && reportCode !== REMINDER_REPORT_CODE_CITY) throw badRequest(REMINDER_MSG.reportCodeBad);
      const scope = await resolveScope(db, actor, RESOURCE);
      const org = await reminderRepo.orgInScope(db, actor.tenantId, cficId, scope);
      if (!org) throw notFound();
      if ((reportCode === REMINDER_REPORT_CODE) !== Boolean(org.topLevel)) throw badRequest(REMINDER_MSG.reportCodeMismatch);
      const { total, rows } = await reminderRepo.rows(db, actor.tenantId, { id: String(org.id), idPath: org.idPath }, scope, body);
      return pageResult(
        rows.map((r) => ({ cficId: String(r.cficId), cficName: r.cficName, num: Number(r.num), total: Number(r.total) })),
        total,
        body.current,
        body.size,
      );
    },
  });
}
