import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ANNUAL_REPORT_FIELDS,
  MSG,
  ORG_PROFILE_FIELDS,
  REPORT_STATUS,
  annualReportRecord,
  annualReportSubmit,
  idQuery,
  memberStatistic,
  orgDeptQuery,
  orgProfileRecord,
  orgProfileSubmit,
  pageOf,
  pageQuery,
  requiredId,
} from '@gsl/contract';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { withMsg } from '../../platform/http/envelope.js';
import { route } from '../../platform/http/route.js';
import { removeRoute } from '../../platform/http/remove-route.js';
import { formatTime } from '../../platform/http/time.js';
import { orgProfileService, pendingReports } from './orgprofile.service.js';
import { viewOf, type Row } from './profile.codec.js';
import { ORG_PARENT, PROFILE_RESOURCE } from './profile.defs.js';
import { parentScope } from './section.routes.js';
import { registerProfileAttachments } from './profile.attach.js';

const reportListQuery = pageQuery.extend({ deptId: requiredId('机构编号格式不正确') }).passthrough();
const returnBody = z
  .object({
    id: requiredId(),
    version: z.coerce.number({ message: '数据版本号必须是数字' }).int().min(1, '数据版本号不正确').max(2_147_483_647, '数据版本号不正确'),
    reason: z.string().trim().max(500, '退回原因不能超过500个字符').optional(),
  })
  .strict();

/**
 * Organisation profile (组织档案) of a federation, chamber or association: one record per org (basic
 * info, introduction, party building, contact info), its sections (section.routes.ts), annual reports
 * (draft → submitted; a superior org accepts or returns a submitted one) and the member statistics by year.
 */
export default async function orgProfileRoutes(app: FastifyInstance) {
  // Photos and logos are read through their records' access rules.
  registerProfileAttachments(app.services.attachReferrers);
  // 我的一天 待办: annual reports to review, and returned ones (§7 "My day" GET pending).
  app.services.pending.register('profile.annual-report', (db, actor) => pendingReports(db, actor, app.config.timeZone));
  const db = app.db;
  const tz = app.config.timeZone;
  const svc = orgProfileService(db, () => personalDataCipher(db, { production: app.config.production }));
  const P = ORG_PARENT.prefix;

  route(app, {
    method: 'GET',
    url: `${P}/detail`,
    summary: 'org-profile detail: 组织档案 (deptId; 尚未建档时以机构信息预填, id 为空、version 为 0)',
    tags: ['profile'],
    access: { permission: 'profile_org' },
    query: orgDeptQuery,
    scope: parentScope(ORG_PARENT, 'query.deptId'),
    response: orgProfileRecord,
    handler: async ({ actor, query }) => {
      const { org, row } = await svc.profile(actor, query.deptId);
      if (row) return viewOf(ORG_PROFILE_FIELDS, row, { timeZone: tz, unmasked: false }, { deptName: org.deptName });
      const empty: Record<string, unknown> = Object.fromEntries(Object.keys(ORG_PROFILE_FIELDS).map((k) => [k, null]));
      const draft = { ...empty, id: null, deptId: String(org.id), version: 0, createTime: null, updateTime: null } as unknown as Row;
      Object.assign(draft, { name: org.fullName ?? org.deptName, regionCode: org.regionCode, chamberType: org.chamberType });
      return {
        ...viewOf(ORG_PROFILE_FIELDS, draft, { timeZone: tz, unmasked: false }, { deptName: org.deptName }),
        id: null,
        createTime: null,
        updateTime: null,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: `${P}/submit`,
    summary: 'org-profile submit: 保存组织档案 (deptId; 首次保存新建, 之后按 version 修改; 只改所给字段)',
    tags: ['profile'],
    access: { permission: 'profile_org_edit' },
    body: orgProfileSubmit,
    scope: parentScope(ORG_PARENT, 'body.deptId'),
    response: orgProfileRecord,
    handler: async ({ actor, body }) => {
      const { org, row, created } = await svc.submitProfile(actor, body as Record<string, unknown> & { deptId: string; version?: number; id?: string });
      return withMsg(viewOf(ORG_PROFILE_FIELDS, row, { timeZone: tz, unmasked: false }, { deptName: org.deptName }), created ? MSG.added : MSG.updated);
    },
  });

  route(app, {
    method: 'GET',
    url: `${P}/statistics`,
    summary: 'org-profile statistics: 会员数据概况 (按年度: 总数、企业、团体、个人; 有会员库数据的年度按入会日期累计计算, 其余取填报数)',
    tags: ['profile'],
    access: { permission: 'profile_org' },
    query: orgDeptQuery,
    scope: parentScope(ORG_PARENT, 'query.deptId'),
    response: z.array(memberStatistic),
    handler: async ({ actor, query }) => svc.statistics(actor, query.deptId),
  });

  // ------------------------------------------------------------------------------------------
  // Annual reports (年报)

  const R = `${P}/annualreport`;
  const reportView = (row: Row) => ({
    ...viewOf(ANNUAL_REPORT_FIELDS, row, { timeZone: tz, unmasked: false }, { deptName: row.deptName ?? null }),
    status: row.status,
    statusName: REPORT_STATUS[Number(row.status)] ?? null,
    submitTime: formatTime(row.submitTime as Date | null, tz),
    returnReason: row.returnReason ?? null,
  });
  const reportScope = (idFrom: 'query.id' | 'query.ids' | 'body.id') => ({
    resource: PROFILE_RESOURCE,
    record: { table: 'aoc_org_annual_report', idFrom, deptColumn: 'dept_id', ownerColumn: 'create_user', where: 'is_deleted = 0' },
  });

  route(app, {
    method: 'GET',
    url: `${R}/list`,
    summary: 'annual reports list: 组织年报分页 (deptId; year、status 过滤)',
    tags: ['profile'],
    access: { permission: 'profile_org' },
    query: reportListQuery,
    scope: parentScope(ORG_PARENT, 'query.deptId'),
    response: pageOf(annualReportRecord),
    handler: async ({ actor, query }) => {
      const page = await svc.reportPage(actor, query.deptId, query, query as Record<string, unknown>);
      return { ...page, records: page.records.map(reportView) };
    },
  });

  route(app, {
    method: 'GET',
    url: `${R}/detail`,
    summary: 'annual report detail: 年报详情 (id)',
    tags: ['profile'],
    access: { permission: 'profile_org' },
    query: idQuery,
    scope: reportScope('query.id'),
    response: annualReportRecord,
    handler: async ({ actor, query }) => reportView(await svc.report(actor, query.id)),
  });

  route(app, {
    method: 'POST',
    url: `${R}/submit`,
    summary: 'annual report submit: 保存年报草稿 (无 id 新增, 有 id 按 version 修改; 已提交或已通过的年报不能修改)',
    tags: ['profile'],
    access: { permission: 'profile_org_edit' },
    body: annualReportSubmit,
    scope: reportScope('body.id'),
    response: annualReportRecord,
    handler: async ({ actor, body }) => {
      const input = body as Record<string, unknown> & { deptId: string; id?: string; version?: number };
      return withMsg(reportView(await svc.submitReport(actor, input)), input.id ? MSG.updated : MSG.added);
    },
  });

  route(app, {
    method: 'POST',
    url: `${R}/report`,
    summary: 'annual report submit to superior: 提交年报 (id、version; 草稿或已退回 → 已提交)',
    tags: ['profile'],
    access: { permission: 'profile_org' },
    body: returnBody,
    scope: reportScope('body.id'),
    response: annualReportRecord,
    handler: async ({ actor, body }) => withMsg(reportView(await svc.transition(actor, body, 1)), '提交成功'),
  });

  route(app, {
    method: 'POST',
    url: `${R}/return`,
    summary: 'annual report return: 退回年报 (id、version、reason; 仅上级组织)',
    tags: ['profile'],
    access: { permission: 'profile_org' },
    body: returnBody,
    scope: reportScope('body.id'),
    response: annualReportRecord,
    handler: async ({ actor, body }) => withMsg(reportView(await svc.transition(actor, body, 2)), '退回成功'),
  });

  route(app, {
    method: 'POST',
    url: `${R}/approve`,
    summary: 'annual report approve: 审核通过年报 (id、version; 仅上级组织; 已提交 → 已通过)',
    tags: ['profile'],
    access: { permission: 'profile_org' },
    body: returnBody.omit({ reason: true }),
    scope: reportScope('body.id'),
    response: annualReportRecord,
    handler: async ({ actor, body }) => withMsg(reportView(await svc.transition(actor, body, 3)), '审核通过'),
  });

  removeRoute(app, {
    url: `${R}/remove`,
    summary: 'annual report remove: 删除年报草稿 (ids; 已提交或已通过的不能删除)',
    tags: ['profile'],
    permission: 'profile_org_delete',
    scope: reportScope('query.ids'),
    remove: (ids, actor) => svc.removeReports(actor, ids),
  });
}
