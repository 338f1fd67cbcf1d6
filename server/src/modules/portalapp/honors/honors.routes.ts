import type { FastifyInstance } from 'fastify';
import {
  ASSOCIATION_LEADER_TYPES,
  HONOR_PATHS as P,
  HONOUR_LEVELS,
  honorPageQuery,
  honorRecord,
  leadershipRankQuery,
  leadershipRankRecord,
  pageOf,
  perm,
  type HonorView,
  type LeadershipRankView,
} from '@gsl/contract';
import type { Actor } from '../../../platform/access/actor.js';
import { resolveScope, type DataScope } from '../../../platform/access/scope.js';
import { notFound } from '../../../platform/http/errors.js';
import { pageResult } from '../../../platform/http/envelope.js';
import { route } from '../../../platform/http/route.js';
import type { Db } from '../../../db/connection.js';
import { honorsRepo, type HonorRow, type RankRow } from './honors.repo.js';

const TAGS = ['portal'];
const HONOR = perm('portal_honor');

const dateOf = (v: Date | string | null): string | null => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

const honorView = (r: HonorRow): HonorView => ({
  id: String(r.id),
  deptId: String(r.deptId),
  deptName: r.deptName,
  name: r.name,
  grantor: r.grantor,
  honourDate: dateOf(r.honourDate),
  level: r.level,
  levelName: r.level === null ? null : (HONOUR_LEVELS[r.level] ?? null),
  remark: r.remark,
});

const rankView = (r: RankRow, rank: number): LeadershipRankView => ({
  id: String(r.id),
  rank,
  deptId: String(r.deptId),
  deptName: r.deptName,
  year: Number(r.year),
  leaderType: r.leaderType,
  leaderTypeName: ASSOCIATION_LEADER_TYPES[r.leaderType] ?? '',
  name: r.name,
  post: r.post,
  company: r.company,
});

/** The org a list is about: the one named (inside the scope, else 404) or the caller's own. */
async function orgOf(db: Db, actor: Actor, scope: DataScope, deptId: string | undefined) {
  const org = await honorsRepo.orgInScope(db, actor.tenantId, deptId || actor.deptId, scope);
  if (!org) throw notFound();
  return org;
}

/** The current year in the server's zone (the leadership's "current term" is read against it). */
const yearIn = (tz: string) => Number(new Intl.DateTimeFormat('en', { timeZone: tz, year: 'numeric' }).format(new Date()));

/**
 * aochonor/page and aocleadershiprank/page (specification §7 "Other {product}-service calls"): the honours of
 * an org and the orgs below it (the org profile's 荣誉, data scope resource `profile`), and an org's current
 * team in rank order (the leadership's rows, resource `association`). An org outside the scope is 404.
 */
export function honorsRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;

  route(app, {
    method: 'GET',
    url: P.honorPage,
    summary: 'aochonor page: 组织荣誉 (deptId 默认本机构, includeChild 含下级, name, level; 获得时间新的在前)',
    tags: TAGS,
    access: { permission: HONOR },
    query: honorPageQuery,
    // An org-addressed list (like the address books): the org named by deptId must lie inside the scope, else 404.
    scope: { resource: 'profile', record: { table: 'blade_dept', idFrom: 'query.deptId', deptColumn: 'id', where: 'is_deleted = 0' } },
    response: pageOf(honorRecord),
    handler: async ({ actor, query }) => {
      const scope = await resolveScope(db, actor, 'profile');
      const org = await orgOf(db, actor, scope, query.deptId);
      const page = await honorsRepo.honors(db, actor.tenantId, scope, query, {
        deptId: String(org.id),
        idPath: query.includeChild === '0' ? undefined : org.idPath,
        name: query.name,
        level: query.level === '' ? undefined : query.level,
      });
      return { ...page, records: page.records.map(honorView) };
    },
  });

  route(app, {
    method: 'GET',
    url: P.rankPage,
    summary: 'aocleadershiprank page: 领导排名 (deptId 默认本机构, year 默认现任届次; 主席、党组书记、会长、副主席、副会长、理事、秘书处)',
    tags: TAGS,
    access: { permission: HONOR },
    query: leadershipRankQuery,
    response: pageOf(leadershipRankRecord),
    handler: async ({ actor, query }) => {
      const scope = await resolveScope(db, actor, 'association');
      const org = await orgOf(db, actor, scope, query.deptId);
      const year = query.year === '' || query.year === undefined ? await honorsRepo.currentYear(db, actor.tenantId, String(org.id), yearIn(tz)) : query.year;
      if (year === undefined) return pageResult([], 0, query.current, query.size);
      const page = await honorsRepo.rank(db, actor.tenantId, scope, query, {
        deptId: String(org.id),
        year,
        leaderType: query.leaderType === '' ? undefined : query.leaderType,
      });
      const offset = (query.current - 1) * query.size;
      return { ...page, records: page.records.map((r, i) => rankView(r, offset + i + 1)) };
    },
  });
}
