import type { FastifyInstance } from 'fastify';
import {
  ASSOCIATION_PATHS as P,
  CHAMBER_TYPES,
  DEFAULT_LEADERS_TYPE,
  LEADER_TYPE,
  LIST_LEADER_TYPES,
  LOWER_CATEGORIES,
  MSG,
  administrativeAnswer,
  administrativeQuery,
  changeLogWithChanges,
  leaderLogQuery,
  pageOf,
  leaderIdQuery,
  leaderListByParamQuery,
  leaderListQuery,
  leaderPage,
  leaderRecord,
  leaderSubmit,
  leadersByParamQuery,
  leadersQuery,
  lowerListQuery,
  lowerPage,
  multiplexingAnswer,
  multiplexingBody,
  singleLeaderAnswer,
  termByParamQuery,
  termQuery,
  typedLeaderSubmit,
  yearListAnswer,
  type LowerView,
  type TermQuery,
  type TypedLeaderSubmit,
} from '@gsl/contract';
import { z } from 'zod';
import { changesOf, logView } from '../../platform/audit/change-log.js';
import { withMsg } from '../../platform/http/envelope.js';
import { route } from '../../platform/http/route.js';
import { removeRoute } from '../../platform/http/remove-route.js';
import type { AssociationContext } from './association.context.js';
import { leaderRepo } from './leader.repo.js';
import { lowerRepo } from './lower.repo.js';

const tags = ['association'];
const L = LEADER_TYPE;
const ALL_TYPES = Object.values(LEADER_TYPE);

/** The byparam variant of year-list names the org only (its years are the answer). */
const yearListByParamQuery = termByParamQuery.pick({ deptId: true }).strict();

/**
 * associationcommerce (specification §7 "Association"): an org's team by year — the chairman, party
 * secretary and president (one each), the vice-chairmen, vice-presidents, council and secretariat (ordered)
 * —, its years, 沿用上届 (multiplexing), the orgs below with their current teams (lower-list) and the
 * federations below (administrative). Reads default to the caller's org and this year; the byparam
 * variants take both.
 */
export function commerceRoutes(app: FastifyInstance, ctx: AssociationContext) {
  const { db, leaders, views, orgScope, typedScope } = ctx;

  /** A single post's holder of the org and year (chairman-detail …), null when none. */
  const single = (name: string, path: string, leaderType: number, label: string) => {
    for (const byParam of [false, true]) {
      route(app, {
        method: 'GET',
        url: byParam ? P.byParam(path) : path,
        summary: `associationcommerce ${name}${byParam ? ' byparam' : ''}: ${label} (${byParam ? 'deptId、year 必填' : 'deptId 默认本组织, year 默认本年'})`,
        tags,
        access: { permission: 'association_leader' },
        query: (byParam ? termByParamQuery : termQuery) as z.ZodType<TermQuery>,
        scope: orgScope('query.deptId'),
        response: singleLeaderAnswer,
        handler: async ({ req, actor, query }) => {
          const { org, year } = await leaders.term(actor, query);
          const rows = await leaderRepo.team(db, actor.tenantId, String(org.id), year, [leaderType]);
          return (await views(req, actor, rows.slice(0, 1)))[0] ?? null;
        },
      });
    }
  };

  /** An ordered list of the org and year (vice-chairman-list …, leaders), one page of up to 5,000. */
  const list = (name: string, path: string, types: (q: { leaderType?: number }) => number[], label: string, queries: [z.ZodType, z.ZodType]) => {
    for (const byParam of [false, true]) {
      route(app, {
        method: 'GET',
        url: byParam ? P.byParam(path) : path,
        summary: `associationcommerce ${name}${byParam ? ' byparam' : ''}: ${label} (按排序; ${byParam ? 'deptId、year 必填' : 'deptId 默认本组织, year 默认本年'}; 每页最多5000条)`,
        tags,
        access: { permission: 'association_leader' },
        query: (byParam ? queries[1] : queries[0]) as z.ZodType<TermQuery & { leaderType?: number; current: number; size: number }>,
        scope: orgScope('query.deptId'),
        response: leaderPage,
        handler: async ({ req, actor, query }) => {
          const q = query;
          const { org, year } = await leaders.term(actor, q);
          const t = types(q);
          const [total, rows] = await Promise.all([
            leaderRepo.countTeam(db, String(org.id), year, t),
            leaderRepo.team(db, actor.tenantId, String(org.id), year, t, q),
          ]);
          return { records: await views(req, actor, rows), total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
        },
      });
    }
  };

  /** A leader by id (detail, vice-chairman-detail, vice-president-detail). */
  const detail = (name: string, path: string, types: readonly number[], label: string) =>
    route(app, {
      method: 'GET',
      url: path,
      summary: `associationcommerce ${name}: ${label} (id)`,
      tags,
      access: { permission: 'association_leader' },
      query: leaderIdQuery,
      scope: typedScope(types, 'query.id'),
      response: leaderRecord,
      handler: async ({ req, actor, query }) => (await views(req, actor, [await leaders.find(actor, query.id, types)]))[0],
    });

  /** Adds or updates a leader of the call's type (submit-chairman …), answering the leader as stored. */
  const submit = (name: string, path: string, leaderType: number | null, types: readonly number[], label: string) =>
    route(app, {
      method: 'POST',
      url: path,
      summary: `associationcommerce ${name}: ${label} (无 id 新增, 有 id 按 version 修改; personId 选自人员库, 或填写姓名和证件, 新人员加入人员库)`,
      tags,
      access: { permission: 'association_leader' },
      body: (leaderType === null ? leaderSubmit : typedLeaderSubmit) as z.ZodType<TypedLeaderSubmit & { leaderType?: number }>,
      scope: typedScope(types, 'body.id'),
      response: leaderRecord,
      handler: async ({ req, actor, body }) => {
        const { id, created } = await leaders.submit(actor, body, leaderType ?? body.leaderType ?? 0, types);
        const [view] = await views(req, actor, [await leaders.find(actor, id)]);
        return withMsg(view, created ? MSG.added : MSG.updated);
      },
    });

  const remove = (name: string, path: string, types: readonly number[], label: string) =>
    removeRoute(app, {
      url: path,
      summary: `associationcommerce ${name}: ${label} (ids; 全部在数据权限内才删除)`,
      tags,
      permission: 'association_leader_delete',
      scope: typedScope(types, 'query.ids'),
      remove: (ids, actor) => leaders.remove(actor, ids, types),
    });

  single('chairman-detail', P.chairmanDetail, L.chairman, '主席');
  single('party-secretary-detail', P.partySecretaryDetail, L.partySecretary, '党组书记');
  single('president-detail', P.presidentDetail, L.president, '会长');
  submit('submit-chairman', P.submitChairman, L.chairman, [L.chairman], '保存主席 (每个组织每年一位)');
  submit('submit-party-secretary', P.submitPartySecretary, L.partySecretary, [L.partySecretary], '保存党组书记 (每个组织每年一位)');
  submit('submit-president', P.submitPresident, L.president, [L.president], '保存会长 (每个组织每年一位)');

  list('vice-chairman-list', P.viceChairmanList, () => [L.viceChairman], '副主席列表', [leaderListQuery, leaderListByParamQuery]);
  list('vice-president-list', P.vicePresidentList, () => [L.vicePresident], '副会长列表', [leaderListQuery, leaderListByParamQuery]);
  list('leaders', P.leaders, (q) => [q.leaderType ?? DEFAULT_LEADERS_TYPE], '理事 (leaderType 3, 默认) 或秘书处 (leaderType 4) 列表', [
    leadersQuery,
    leadersByParamQuery,
  ]);
  detail('vice-chairman-detail', P.viceChairmanDetail, [L.viceChairman], '副主席详情');
  detail('vice-president-detail', P.vicePresidentDetail, [L.vicePresident], '副会长详情');
  detail('detail', P.detail, ALL_TYPES, '领导成员详情 (任一类型)');
  submit('submit-vice-chairman', P.submitViceChairman, L.viceChairman, [L.viceChairman], '保存副主席');
  submit('submit-vice-president', P.submitVicePresident, L.vicePresident, [L.vicePresident], '保存副会长');
  submit('submit', P.submit, null, LIST_LEADER_TYPES, '保存理事或秘书处成员 (leaderType 3 或 4)');
  remove('removevicechairman', P.removeViceChairman, [L.viceChairman], '删除副主席');
  remove('removevicepresident', P.removeVicePresident, [L.vicePresident], '删除副会长');
  remove('removeleader', P.removeLeader, ALL_TYPES, '删除领导成员 (任一类型, 含主席、党组书记、会长)');

  for (const byParam of [false, true]) {
    route(app, {
      method: 'GET',
      url: byParam ? P.byParam(P.yearList) : P.yearList,
      summary: `associationcommerce year-list${byParam ? ' byparam' : ''}: 有领导班子的年度及人数 (${byParam ? 'deptId 必填' : 'deptId 默认本组织'}; 由早到晚)`,
      tags,
      access: { permission: 'association_leader' },
      query: (byParam ? yearListByParamQuery : termQuery) as z.ZodType<TermQuery>,
      scope: orgScope('query.deptId'),
      response: yearListAnswer,
      handler: async ({ actor, query }) => {
        const { org } = await leaders.term(actor, query);
        return (await leaderRepo.years(db, String(org.id))).map((r) => ({ year: Number(r.year), leaderCount: Number(r.n) }));
      },
    });
  }

  route(app, {
    method: 'POST',
    url: P.multiplexing,
    summary:
      'associationcommerce multiplexing: 沿用上届 — 把 fromYear 的领导班子复制到 toYear (一个事务; toYear 已有成员时拒绝, replace 为 true 时先删除再复制)',
    tags,
    access: { permission: 'association_leader_multiplex' },
    body: multiplexingBody,
    scope: orgScope('body.deptId'),
    response: multiplexingAnswer,
    handler: async ({ actor, body }) => {
      const r = await leaders.multiplex(actor, body);
      return withMsg(r, `已沿用${r.fromYear}年度的${r.copied}名领导班子成员`);
    },
  });

  route(app, {
    method: 'GET',
    url: P.lowerList,
    summary:
      'associationcommerce lower-list: 下级工商联、商会、协会及其现任领导班子 (deptId 默认本组织, 数据权限内; year 截至年度默认本年; name、deptCategory、chamberType、hasLeaders、leaderName 过滤)',
    tags,
    access: { permission: 'association_leader' },
    query: lowerListQuery,
    scope: orgScope('query.deptId'),
    response: lowerPage,
    handler: async ({ actor, query }) => {
      const { scope, org, year } = await leaders.term(actor, query);
      const page = await lowerRepo.page(
        db,
        scope,
        { id: String(org.id), idPath: org.idPath },
        {
          year,
          name: query.name || undefined,
          deptCategory: query.deptCategory || undefined,
          chamberType: query.chamberType || undefined,
          hasLeaders: query.hasLeaders ? query.hasLeaders === '1' : undefined,
          leaderName: query.leaderName || undefined,
        },
        query,
      );
      const sums = await lowerRepo.summaries(
        db,
        page.records.filter((r) => r.year !== null).map((r) => ({ deptId: String(r.id), year: Number(r.year) })),
      );
      const byDept = new Map<string, Map<number, { n: number; firstName: string | null }>>();
      for (const s of sums) {
        const m = byDept.get(String(s.deptId)) ?? new Map();
        m.set(Number(s.leaderType), { n: Number(s.n), firstName: s.firstName });
        byDept.set(String(s.deptId), m);
      }
      const records = page.records.map((r): LowerView => {
        const m = byDept.get(String(r.id)) ?? new Map<number, { n: number; firstName: string | null }>();
        const n = (t: number) => m.get(t)?.n ?? 0;
        return {
          deptId: String(r.id),
          deptName: r.deptName,
          fullName: r.fullName,
          deptCategory: r.deptCategory,
          deptCategoryName: LOWER_CATEGORIES[r.deptCategory] ?? null,
          chamberType: r.chamberType,
          chamberTypeName: r.chamberType === null ? null : (CHAMBER_TYPES[r.chamberType] ?? null),
          parentId: String(r.parentId),
          parentName: r.parentName,
          regionCode: r.regionCode,
          year: r.year === null ? null : Number(r.year),
          chairmanName: m.get(L.chairman)?.firstName ?? null,
          partySecretaryName: m.get(L.partySecretary)?.firstName ?? null,
          presidentName: m.get(L.president)?.firstName ?? null,
          viceChairmanCount: n(L.viceChairman),
          vicePresidentCount: n(L.vicePresident),
          councilCount: n(L.council),
          secretariatCount: n(L.secretariat),
          leaderCount: [...m.values()].reduce((a, x) => a + x.n, 0),
        };
      });
      return { ...page, records };
    },
  });

  route(app, {
    method: 'GET',
    url: P.log,
    summary: 'associationcommerce log: 领导班子的变更记录 (变更记录 tag leader; deptId 默认本组织; 新增、修改的字段原值与新值、删除; 最新在前)',
    tags,
    access: { permission: 'association_leader' },
    query: leaderLogQuery,
    scope: orgScope('query.deptId'),
    response: pageOf(changeLogWithChanges),
    handler: async ({ actor, query }) => {
      const { org } = await leaders.term(actor, query);
      const { total, rows } = await leaderRepo.logPage(db, actor.tenantId, String(org.id), query);
      const changes = await changesOf(
        db,
        rows.map((r) => String(r.id)),
      );
      const records = rows.map((r) => ({ ...logView(r, '领导班子', ctx.tz), changes: changes.get(String(r.id)) ?? [] }));
      return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
    },
  });

  route(app, {
    method: 'GET',
    url: P.administrative,
    summary: 'associationcommerce administrative: 本级及下级工商联 (行政层级, 数据权限内; 下级列表的地区筛选)',
    tags,
    access: { permission: 'association_leader' },
    query: administrativeQuery,
    scope: orgScope('query.deptId'),
    response: administrativeAnswer,
    handler: async ({ actor, query }) => {
      const { scope, org } = await leaders.term(actor, query);
      return (await lowerRepo.administrative(db, scope, { idPath: org.idPath })).map((r) => ({
        id: String(r.id),
        parentId: String(r.parentId),
        deptName: r.deptName,
        fullName: r.fullName,
        regionCode: r.regionCode,
      }));
    },
  });
}
