import type { FastifyInstance } from 'fastify';
import {
  ASSOCIATION_PATHS as P,
  LEADER_TYPE,
  MSG,
  associationBaseQuery,
  associationBaseRecord,
  associationBaseSubmit,
  historyListQuery,
  historyPage,
  historyRecord,
  historySubmit,
  leaderIdQuery,
  leaderListAnswer,
  leaderRecord,
  leaderSortAnswer,
  leaderSortBody,
  leaderSubmit,
  orgDeptQuery,
  orgLeadershipAnswer,
  termQuery,
  type OrgLeadershipTerm,
} from '@gsl/contract';
import { resolveScope } from '../../platform/access/scope.js';
import { withMsg } from '../../platform/http/envelope.js';
import { notFound } from '../../platform/http/errors.js';
import { route } from '../../platform/http/route.js';
import { removeRoute } from '../../platform/http/remove-route.js';
import { PROFILE_RESOURCE } from '../profile/profile.defs.js';
import type { AssociationContext } from './association.context.js';
import { leaderRepo } from './leader.repo.js';
import { HISTORY } from './resume.repo.js';

const tags = ['association'];
const ALL_TYPES = Object.values(LEADER_TYPE);

/**
 * ai-resume (specification §7): the association's base record (associationbase), its 大事记
 * (associationhistory) and its ordered leader list (associationleader, the same rows as associationcommerce),
 * and the organisation profile's leadership section, which reads those rows too (one source of truth).
 */
export function resumeRoutes(app: FastifyInstance, ctx: AssociationContext) {
  const { db, leaders, resume, views, orgScope } = ctx;

  route(app, {
    method: 'GET',
    url: P.baseDetail,
    summary: 'associationbase detail: 协会基本信息 (届次、换届、理事会规模、秘书长; deptId 默认本组织; 尚未保存时 id 为空、version 为 0)',
    tags,
    access: { permission: 'association_base' },
    query: associationBaseQuery,
    scope: orgScope('query.deptId'),
    response: associationBaseRecord,
    handler: ({ actor, query }) => resume.baseDetail(actor, query.deptId || undefined),
  });

  route(app, {
    method: 'POST',
    url: P.baseSubmit,
    summary: 'associationbase submit: 保存协会基本信息 (首次保存新增, 之后按 version 修改)',
    tags,
    access: { permission: 'association_base' },
    body: associationBaseSubmit,
    scope: orgScope('body.deptId'),
    response: associationBaseRecord,
    handler: async ({ actor, body }) => {
      const { deptId, created } = await resume.baseSubmit(actor, body);
      return withMsg(await resume.baseDetail(actor, deptId), created ? MSG.added : MSG.updated);
    },
  });

  route(app, {
    method: 'GET',
    url: P.historyList,
    summary: 'associationhistory list: 大事记 (deptId 默认本组织; year 发生年度, title 包含; 新的在前)',
    tags,
    access: { permission: 'association_history' },
    query: historyListQuery,
    scope: orgScope('query.deptId'),
    response: historyPage,
    handler: ({ actor, query }) => resume.historyPage(actor, { ...query, deptId: query.deptId || undefined }),
  });

  route(app, {
    method: 'GET',
    url: P.historyDetail,
    summary: 'associationhistory detail: 大事记详情 (id)',
    tags,
    access: { permission: 'association_history' },
    query: leaderIdQuery,
    scope: HISTORY.record('query.id'),
    response: historyRecord,
    handler: ({ actor, query }) => resume.historyDetail(actor, query.id),
  });

  route(app, {
    method: 'POST',
    url: P.historySubmit,
    summary: 'associationhistory submit: 新增或修改大事记 (无 id 新增, 有 id 按 version 修改)',
    tags,
    access: { permission: 'association_history' },
    body: historySubmit,
    scope: HISTORY.record('body.id'),
    response: historyRecord,
    handler: async ({ actor, body }) => {
      const { view, created } = await resume.historySubmit(actor, body);
      return withMsg(view, created ? MSG.added : MSG.updated);
    },
  });

  removeRoute(app, {
    url: P.historyRemove,
    summary: 'associationhistory remove: 删除大事记 (ids; 全部在数据权限内才删除)',
    tags,
    permission: 'association_history_delete',
    scope: HISTORY.record('query.ids'),
    remove: (ids, actor) => resume.historyRemove(actor, ids),
  });

  route(app, {
    method: 'GET',
    url: P.leaderList,
    summary: 'associationleader list: 一个组织一年的全部领导班子成员 (主席、党组书记、会长、副主席、副会长、理事、秘书处, 各按排序; 最多5000人)',
    tags,
    access: { permission: 'association_leader' },
    query: termQuery,
    scope: orgScope('query.deptId'),
    response: leaderListAnswer,
    handler: async ({ req, actor, query }) => {
      const { org, year } = await leaders.term(actor, query);
      return views(req, actor, await leaderRepo.team(db, actor.tenantId, String(org.id), year, undefined, { current: 1, size: 5000 }));
    },
  });

  route(app, {
    method: 'POST',
    url: P.leaderSubmit,
    summary: 'associationleader submit: 新增或修改领导班子成员 (任一 leaderType; 无 id 新增, 有 id 按 version 修改)',
    tags,
    access: { permission: 'association_leader' },
    body: leaderSubmit,
    scope: ctx.typedScope(ALL_TYPES, 'body.id'),
    response: leaderRecord,
    handler: async ({ req, actor, body }) => {
      const { id, created } = await leaders.submit(actor, body, body.leaderType, ALL_TYPES);
      const [view] = await views(req, actor, [await leaders.find(actor, id)]);
      return withMsg(view, created ? MSG.added : MSG.updated);
    },
  });

  removeRoute(app, {
    url: P.leaderRemove,
    summary: 'associationleader remove: 删除领导班子成员 (ids; 全部在数据权限内才删除)',
    tags,
    permission: 'association_leader_delete',
    scope: ctx.typedScope(ALL_TYPES, 'query.ids'),
    remove: (ids, actor) => leaders.remove(actor, ids),
  });

  route(app, {
    method: 'POST',
    url: P.leaderUpdateSort,
    summary: 'associationleader update-sort: 调整领导班子成员的排序 (aocLeaderUpdateParamList [{ id, sort }], 全部在数据权限内才保存)',
    tags,
    access: { permission: 'association_leader' },
    body: leaderSortBody,
    response: leaderSortAnswer,
    handler: async ({ actor, body }) => withMsg({ updated: await leaders.updateSort(actor, body) }, MSG.updated),
  });

  // The org profile's 领导班子 (§3 "leadership (current and past terms)"): the same rows, read under the profile's scope.
  route(app, {
    method: 'GET',
    url: P.orgLeadership,
    summary: 'org profile leader list: 组织档案·领导班子 (各年度领导班子, 新的在前; current 为截至本年的最近一届)',
    tags: ['profile'],
    access: { permission: 'profile_org' },
    query: orgDeptQuery,
    scope: {
      resource: PROFILE_RESOURCE,
      record: { table: 'blade_dept', idFrom: 'query.deptId', deptColumn: 'id', where: 'is_deleted = 0 and dept_category in (1, 2, 3)' },
    },
    response: orgLeadershipAnswer,
    handler: async ({ req, actor, query }) => {
      const org = await leaderRepo.findOrg(db, await resolveScope(db, actor, PROFILE_RESOURCE), query.deptId);
      if (!org) throw notFound();
      const rows = await leaderRepo.allTeams(db, actor.tenantId, String(org.id));
      const shown = await views(req, actor, rows);
      const byYear = new Map<number, typeof shown>();
      for (const v of shown) {
        const list = byYear.get(v.year);
        if (list) list.push(v);
        else byYear.set(v.year, [v]);
      }
      const thisYear = ctx.thisYear();
      const current = [...byYear.keys()].filter((y) => y <= thisYear).sort((a, b) => b - a)[0];
      return [...byYear.entries()].map(([year, list]): OrgLeadershipTerm => ({ year, current: year === current, leaders: list }));
    },
  });
}
