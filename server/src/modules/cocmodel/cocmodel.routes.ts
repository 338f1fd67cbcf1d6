import type { FastifyInstance } from 'fastify';
import {
  ASSOCIATION_LEADER_TYPES,
  FILL_STATUS,
  MEMBER_RESOURCE,
  MODEL_PATHS,
  circleItem,
  circlePageQuery,
  pageOf,
  periodName,
  screenSummary,
  screenSummaryQuery,
  type CircleItem,
  type ScreenSummary,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { resolveScope } from '../../platform/access/scope.js';
import { pageResult } from '../../platform/http/envelope.js';
import { route } from '../../platform/http/route.js';
import { formatTime } from '../../platform/http/time.js';
import { cockpitRepo } from '../cockpit/cockpit.repo.js';
import { partOf } from '../cockpit/cockpit.service.js';
import { resumeRepo } from '../association/resume.repo.js';
import { honorsRepo } from '../portalapp/honors/honors.repo.js';
import { situationRepo } from '../fillin/situation.repo.js';
import { circleRepo, type CircleRow } from './circle.repo.js';

const TAGS = ['cocmodel'];
const MEMBER_ORG = { table: 'blade_dept', idFrom: 'query.deptId', deptColumn: 'id', where: 'is_deleted = 0' } as const;
/** How many 大事记 the big screen shows. */
const SCREEN_EVENTS = 6;
/** How many leaders the big screen lists (a council may be long; the screen shows the first of the rank). */
const SCREEN_LEADERS = 50;

const yearIn = (tz: string) => Number(new Intl.DateTimeFormat('en', { timeZone: tz, year: 'numeric' }).format(new Date()));
const dateOf = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

function itemView(r: CircleRow, tz: string): CircleItem {
  return {
    key: `${r.kind}-${r.id}`,
    kind: r.kind,
    id: r.id,
    deptId: r.deptId,
    deptName: r.deptName,
    chambers: r.chambers ?? [r.deptName],
    title: r.title,
    content: r.content,
    time: r.kind === 'event' ? (r.eventDate ?? '') : (formatTime(r.at, tz) ?? ''),
    link: r.link,
    sourceName: r.sourceName,
  };
}

/** One org's big screen: its members (member scope), its current team and 大事记 (leadership scope), its fill-in (fill-in scope). */
async function summary(db: Db, actor: Actor, deptId: string | undefined, tz: string): Promise<ScreenSummary> {
  const memberScope = await resolveScope(db, actor, MEMBER_RESOURCE);
  const part = await partOf(db, actor, memberScope, deptId);
  const id = part.anchor.id;
  const [assocScope, fillScope, dept] = await Promise.all([
    resolveScope(db, actor, 'association'),
    resolveScope(db, actor, 'fillin'),
    db.selectFrom('bladeDept').select('deptCategory').where('id', '=', id).executeTakeFirst(),
  ]);
  const category = dept?.deptCategory === null || dept?.deptCategory === undefined ? null : Number(dept.deptCategory);
  const inAssoc = await honorsRepo.orgInScope(db, actor.tenantId, id, assocScope);

  const [counts, industries, years, year, events, fill] = await Promise.all([
    cockpitRepo.memberCounts(db, memberScope, part),
    cockpitRepo.facet(db, memberScope, part, 'industry', ['enterprise']),
    cockpitRepo.facet(db, memberScope, part, 'joinYear'),
    inAssoc ? honorsRepo.currentYear(db, actor.tenantId, id, yearIn(tz)) : Promise.resolve(undefined),
    inAssoc ? resumeRepo.historyPage(db, id, {}, { current: 1, size: SCREEN_EVENTS }) : Promise.resolve(undefined),
    category === 2 || category === 3 ? situationRepo.collect(db, fillScope, { current: 1, size: 1 }, [id]) : Promise.resolve(undefined),
  ]);
  const team =
    inAssoc && year !== undefined
      ? await honorsRepo.rank(db, actor.tenantId, assocScope, { current: 1, size: SCREEN_LEADERS }, { deptId: id, year })
      : undefined;

  const byKey = (rows: Array<{ key: string; n: number }>) => {
    const m = new Map<string, number>();
    for (const r of rows) m.set(r.key, (m.get(r.key) ?? 0) + r.n);
    return [...m];
  };
  const f = fill?.rows[0];
  return {
    deptId: id,
    deptName: part.name,
    deptCategory: category,
    generatedAt: formatTime(new Date(), tz) ?? '',
    members: { total: counts.enterprise + counts.group + counts.person, ...counts },
    byIndustry: byKey(industries)
      .map(([key, value]) => ({ key, name: key || '未填写', value }))
      .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'zh')),
    byJoinYear: byKey(years)
      .map(([key, value]) => ({ key: key || 'none', name: key ? `${key}年` : '未填写', value }))
      .sort((a, b) => (a.key === 'none' ? 1 : b.key === 'none' ? -1 : a.key.localeCompare(b.key))),
    leaders: inAssoc
      ? {
          year: year ?? null,
          records: (team?.records ?? []).map((r, i) => ({
            id: String(r.id),
            rank: i + 1,
            leaderTypeName: ASSOCIATION_LEADER_TYPES[r.leaderType] ?? '',
            name: r.name,
            post: r.post,
            company: r.company,
          })),
        }
      : null,
    fillin: f
      ? {
          status: Number(f.status),
          statusName: FILL_STATUS[Number(f.status)] ?? '',
          periodName: f.period ? periodName(f.period) : null,
          standing: Number(f.standing),
          executive: Number(f.executive),
          representative: Number(f.representative),
          total: Number(f.total),
          submitTime: formatTime(f.submitTime, tz),
        }
      : null,
    events: events ? events.records.map((e) => ({ id: String(e.id), eventDate: dateOf(e.eventDate), title: e.title, content: e.content ?? null })) : null,
  };
}

/**
 * The second front end's data (specification §2, §4 banners 1 and 2; paths not in the specification, README
 * deviation): 商会圈's feed and a chamber's own big screen. Any signed-in user opens them from the banner;
 * what they show is limited by the caller's data scopes, each source by its own resource.
 */
export default async function cocModelRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;

  route(app, {
    method: 'GET',
    url: MODEL_PATHS.circlePage,
    summary: 'cocCircle page: 商会圈 (数据权限内商会的大事记与提及商会的新闻; kind event 大事记 / news 新闻; 分页, 新的在前)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: circlePageQuery,
    response: pageOf(circleItem),
    handler: async ({ actor, query }) => {
      const [events, news] = await Promise.all([resolveScope(db, actor, 'association'), resolveScope(db, actor, 'news')]);
      const { rows, total } = await circleRepo.page(db, actor.tenantId, { events, news }, { kind: query.kind, tz }, query);
      return pageResult(
        rows.map((r) => itemView(r, tz)),
        total,
        query.current,
        query.size,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: MODEL_PATHS.screenSummary,
    summary: 'cocBigScreen summary: 商会大屏 (deptId 默认本组织: 会员数、行业、入会年份、现任领导班子、填报情况、最新大事记)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: screenSummaryQuery,
    scope: { resource: 'member', record: MEMBER_ORG },
    response: screenSummary,
    handler: ({ actor, query }) => summary(db, actor, query.deptId || undefined, tz),
  });
}
