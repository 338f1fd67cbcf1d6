import type { FastifyInstance } from 'fastify';
import {
  COCKPIT_PATHS,
  cockpitRecord,
  cockpitRecordsQuery,
  cockpitSummary,
  cockpitSummaryQuery,
  pageOf,
  perm,
  qualityListQuery,
  qualityRow,
} from '@gsl/contract';
import { z } from 'zod';
import { route } from '../../platform/http/route.js';
import { cockpitService, partOf } from './cockpit.service.js';
import { recordsPage } from './records.repo.js';

const TAGS = ['cockpit'];
/** The cockpit's screens (menu children of `cockpit`): either one opens the figures and the records behind them. */
const COCKPIT = [perm('cockpit_overview'), perm('cockpit_quality')] as const;
const MEMBER_ORG = { table: 'blade_dept', idFrom: 'query.deptId', deptColumn: 'id', where: 'is_deleted = 0' } as const;

/**
 * 领导驾驶舱 (specification §2 /portal/cockpit) and 数据质量 (§7 portal/dataquality/list): aggregates of the
 * caller's data scope of members (resource member), read from the rows migrations 0014 and 0035 keep, and
 * the member records behind each figure.
 */
export default async function cockpitRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;

  route(app, {
    method: 'GET',
    url: COCKPIT_PATHS.summary,
    summary: 'cockpit summary: 领导驾驶舱大屏的全部数字 (会员总数、地区、行业、入会年份、商会类型、数据质量、消息发送、登录活跃度)',
    tags: TAGS,
    access: { permission: COCKPIT },
    query: cockpitSummaryQuery,
    response: cockpitSummary,
    handler: ({ actor }) => cockpitService.summary(db, actor, tz),
  });

  route(app, {
    method: 'GET',
    url: COCKPIT_PATHS.quality,
    summary: 'portal/dataquality/list: 数据质量 (按组织: 会员数、必填缺失、代码错误、疑似重复、数据陈旧及占比; deptId 为数据权限内的组织, 默认本组织)',
    tags: TAGS,
    access: { permission: COCKPIT },
    query: qualityListQuery,
    scope: { resource: 'member', record: MEMBER_ORG },
    response: z.array(qualityRow),
    handler: ({ actor, query }) => cockpitService.quality(db, actor, query.deptId || undefined),
  });

  route(app, {
    method: 'GET',
    url: COCKPIT_PATHS.records,
    summary: 'cockpit records: 驾驶舱与数据质量中一个数字背后的会员记录 (kind, deptId, own 本级, industry, joinYear, issue; 分页, 新的在前)',
    tags: TAGS,
    access: { permission: COCKPIT },
    query: cockpitRecordsQuery,
    scope: { resource: 'member', record: MEMBER_ORG },
    response: pageOf(cockpitRecord),
    handler: async ({ actor, query }) => {
      const scope = await cockpitService.scopeOf(db, actor);
      const part = await partOf(db, actor, scope, query.deptId || undefined, query.own);
      return recordsPage(db, scope, part, query, tz);
    },
  });
}
