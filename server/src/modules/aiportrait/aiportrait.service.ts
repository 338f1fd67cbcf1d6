import { sql, type Kysely } from 'kysely';
import { MEMBER_FIELD_LABELS, PORTRAIT_EXTRA_SOURCES, type AiPortrait, type PortraitChart, type PortraitKind } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { MemberCommon } from '../../db/schema-member.js';
import type { Actor } from '../../platform/access/actor.js';
import { resolveScope, scopePredicate, type DataScope } from '../../platform/access/scope.js';
import type { ChatModel } from '../../platform/ai/index.js';
import { formatTime } from '../../platform/http/time.js';
import { memberTable, type MemberKindDef } from '../member/member.kinds.js';
import type { MemberRow } from '../member/member.repo.js';
import { itemInScope } from '../news/news.repo.js';
import { NEWS_RESOURCE } from '../news/news.service.js';
import { daysBetween, decimalYears, portraitFigures, portraitSummary, portraitTags, type PortraitFacts } from './aiportrait.rules.js';
import { rewriteSummary } from './aiportrait.rewrite.js';

/** The label of the template's content (the built-in model does not rewrite). */
export const PORTRAIT_TEMPLATE_LABEL = '内置画像规则';
const NEWS_SHOWN = 5;
const NEWS_YEARS = 5;

export interface PortraitDeps {
  db: Db;
  timeZone: string;
  model: ChatModel;
  /** The member's record inside the caller's scope (404 outside it): the member module's scoped detail. */
  member: (actor: Actor, id: string) => Promise<MemberRow>;
  /** The member data scope of the caller (the member module's). */
  memberScope: (actor: Actor) => Promise<DataScope>;
}

type MemberDb = Kysely<Database & { aocMember: MemberCommon }>;

/** Today in the time zone as yyyy-MM-dd. */
export const todayIn = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/**
 * AI 画像 of one member kind: the member (scoped), then a fixed number of reads beside it (representatives
 * or memberships, the news naming it, the same org's members of the kind), whatever the data — no query
 * per row. The template's summary is rewritten by a configured model; the built-in one keeps it.
 */
export function portraitService(kind: MemberKindDef, deps: PortraitDeps) {
  const k = kind.kind as PortraitKind;
  const { db } = deps;
  const tz = deps.timeZone;
  const scopeColumns = memberTable(kind).columns;
  const fieldLabels = { ...MEMBER_FIELD_LABELS[k], ...PORTRAIT_EXTRA_SOURCES };

  /** 会员代表 of an enterprise or group (live links to live persons). */
  const representativeCount = async (actor: Actor, memberId: string) => {
    const row = await db
      .selectFrom('aocMemberRepresentative as r')
      .innerJoin('aocMemberPerson as p', 'p.id', 'r.personId')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('r.tenantId', '=', actor.tenantId)
      .where('r.memberKind', '=', k as 'enterprise' | 'group')
      .where('r.memberId', '=', memberId)
      .where('r.isDeleted', '=', 0)
      .where('p.isDeleted', '=', 0)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };

  /** For a person: the live enterprises and groups they represent, inside the caller's member scope. */
  const memberships = async (actor: Actor, scope: DataScope, personId: string) => {
    const rows = await db
      .selectFrom('aocMemberRepresentative as r')
      .leftJoin('aocMemberEnterprise as e', (j) => j.onRef('e.id', '=', 'r.memberId').on('r.memberKind', '=', 'enterprise').on('e.isDeleted', '=', 0))
      .leftJoin('aocMemberGroup as g', (j) => j.onRef('g.id', '=', 'r.memberId').on('r.memberKind', '=', 'group').on('g.isDeleted', '=', 0))
      .select(['e.name as enterpriseName', 'g.name as groupName'])
      .where('r.tenantId', '=', actor.tenantId)
      .where('r.personId', '=', personId)
      .where('r.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, { dept: 'r.deptId' }))
      .orderBy('r.sort')
      .orderBy('r.id')
      .limit(200)
      .execute();
    return rows.map((r) => r.enterpriseName ?? r.groupName).filter((n): n is string => Boolean(n));
  };

  /** The news naming the member that the caller may read: count by year and the latest few. */
  const news = async (actor: Actor, memberId: string) => {
    if (k === 'person') return { byYear: new Map<string, number>(), total: 0, latest: [] };
    const scope = await resolveScope(db, actor, NEWS_RESOURCE);
    const mentioned = () =>
      db
        .selectFrom('aocNewsItem as i')
        .where('i.tenantId', '=', actor.tenantId)
        .where('i.isDeleted', '=', 0)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('aocNewsMention as nm')
              .select(sql`1`.as('one'))
              .whereRef('nm.itemId', '=', 'i.id')
              .where('nm.kind', '=', k)
              .where('nm.refId', '=', memberId),
          ),
        )
        .where((eb) => itemInScope(eb, scope));
    const year = sql<string>`to_char(i.info_time at time zone ${tz}, 'YYYY')`;
    const [years, latest] = await Promise.all([
      mentioned()
        .select([year.as('year'), (eb) => eb.fn.countAll<string>().as('n')])
        // By position: the time zone is a parameter, so the expression cannot be repeated.
        .groupBy(sql`1`)
        .execute(),
      mentioned().select(['i.id', 'i.title', 'i.infoTime', 'i.link']).orderBy('i.infoTime', 'desc').orderBy('i.id', 'desc').limit(NEWS_SHOWN).execute(),
    ]);
    const byYear = new Map(years.map((y) => [String(y.year), Number(y.n)]));
    return { byYear, total: [...byYear.values()].reduce((s, n) => s + n, 0), latest };
  };

  /** The same org's live members of the kind with a join date, inside the caller's scope: how many, their mean days of membership. */
  const peers = async (actor: Actor, scope: DataScope, deptId: string, today: string) => {
    const mdb = db as unknown as MemberDb;
    const row = await mdb
      .selectFrom(`${kind.table as unknown as 'aocMember'} as m`)
      .select([(eb) => eb.fn.countAll<string>().as('n'), sql<string | null>`avg(${today}::date - m.join_date)`.as('days')])
      .where('m.tenantId', '=', actor.tenantId)
      .where('m.isDeleted', '=', 0)
      .where('m.deptId', '=', deptId)
      .where('m.joinDate', 'is not', null)
      .where((eb) => scopePredicate(eb, scope, scopeColumns))
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), days: row?.days === null || row?.days === undefined ? null : Number(row.days) };
  };

  return {
    async detail(actor: Actor, memberId: string): Promise<AiPortrait> {
      const member = await deps.member(actor, memberId);
      const today = todayIn(tz);
      const scope = await deps.memberScope(actor);
      const join = member.joinDate ? String(member.joinDate) : null;
      const [reps, units, mentions, peer] = await Promise.all([
        k === 'person' ? Promise.resolve(0) : representativeCount(actor, member.id),
        k === 'person' ? memberships(actor, scope, member.id) : Promise.resolve([] as string[]),
        news(actor, member.id),
        join ? peers(actor, scope, member.deptId, today) : Promise.resolve(null),
      ]);
      const facts: PortraitFacts = { today, newsCount: mentions.total, representativeCount: reps, memberships: units };

      const charts: PortraitChart[] = [];
      if (join && peer && peer.days !== null) {
        charts.push({
          key: 'years',
          title: '入会年限对比',
          type: 'bar',
          unit: '年',
          categories: [String(member.name), `${member.deptName ?? '本会'}同类会员平均(${peer.count}家)`],
          series: [{ name: '入会年限', data: [decimalYears(daysBetween(join, today)), decimalYears(peer.days)] }],
          sources: ['joinDate', 'peers'],
        });
      }
      if (mentions.total > 0) {
        const last = Number(today.slice(0, 4));
        const categories = Array.from({ length: NEWS_YEARS }, (_, i) => String(last - NEWS_YEARS + 1 + i));
        const data = categories.map((y) => mentions.byYear.get(y) ?? 0);
        // Only older news: no chart of five empty years (the count and the list still show it).
        if (data.some((n) => n > 0))
          charts.push({
            key: 'news',
            title: `近${NEWS_YEARS}年舆情提及`,
            type: 'bar',
            unit: '条',
            categories,
            series: [{ name: '新闻提及', data }],
            sources: ['news'],
          });
      }

      const drafted = portraitSummary(k, member, facts);
      const rewritten = await rewriteSummary(deps.model, drafted.text);
      const generatedAt = formatTime(new Date(), tz)!;
      return {
        kind: k,
        memberId: member.id,
        memberName: String(member.name),
        deptName: member.deptName,
        aiGenerated: true,
        tags: portraitTags(k, member, facts),
        figures: portraitFigures(k, member, facts),
        charts,
        news: mentions.latest.map((n) => ({ id: String(n.id), title: n.title, infoTime: formatTime(n.infoTime, tz), link: n.link })),
        summary: rewritten
          ? { text: rewritten, sources: drafted.sources, method: 'model', model: deps.model.label, generatedAt }
          : { text: drafted.text, sources: drafted.sources, method: 'template', model: PORTRAIT_TEMPLATE_LABEL, generatedAt },
        fieldLabels,
      };
    },
  };
}
