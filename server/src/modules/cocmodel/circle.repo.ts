import { sql } from 'kysely';
import type { CircleKind } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { DataScope } from '../../platform/access/scope.js';
import { inScope } from '../cockpit/cockpit.scope.js';

/** A chamber (blade_dept.dept_category 2). */
const CHAMBER = 2;

export interface CircleRow {
  kind: CircleKind;
  id: string;
  deptId: string;
  deptName: string;
  chambers: string[] | null;
  title: string;
  content: string | null;
  at: Date | string;
  eventDate: string | null;
  link: string | null;
  sourceName: string | null;
}

/**
 * 商会圈's feed: the 大事记 (aoc_association_history) of the chambers inside the leadership scope
 * (resource `association`) and the news items (aoc_news_item) naming a chamber inside the news scope
 * (resource `news`, the mention's org as 新闻 reads it), as one list newest first, paged in SQL.
 */
export const circleRepo = {
  async page(
    db: Db,
    tenantId: string,
    scopes: { events: DataScope; news: DataScope },
    f: { kind?: CircleKind; tz: string },
    page: { current: number; size: number },
  ) {
    const events = sql`
      select 'event' as kind, h.id::text as id, h.dept_id::text as dept_id, d.dept_name as dept_name, null::text[] as chambers,
             h.title, h.content, (h.event_date::timestamp at time zone ${f.tz}) as at, to_char(h.event_date, 'YYYY-MM-DD') as event_date,
             null::text as link, null::text as source_name
        from aoc_association_history h join blade_dept d on d.id = h.dept_id and d.is_deleted = 0 and d.dept_category = ${CHAMBER}
       where h.is_deleted = 0 and h.tenant_id = ${tenantId} and ${inScope(scopes.events, 'h.dept_id')}`;
    const news = sql`
      select 'news' as kind, i.id::text as id, m.dept_id::text as dept_id, m.dept_name, m.chambers,
             i.title, coalesce(i.summary, i.content) as content, i.info_time as at, null::text as event_date,
             i.link, i.source_name
        from aoc_news_item i
        join lateral (
          select min(c.ref_id)::text as dept_id, (array_agg(d.dept_name order by c.ref_id))[1] as dept_name,
                 array_agg(d.dept_name order by c.ref_id) as chambers
            from aoc_news_mention c join blade_dept d on d.id = c.ref_id and d.is_deleted = 0 and d.dept_category = ${CHAMBER}
           where c.item_id = i.id and c.kind = 'org' and ${inScope(scopes.news, 'c.dept_id')}
          having count(*) > 0
        ) m on true
       where i.is_deleted = 0 and i.tenant_id = ${tenantId}`;
    const union = f.kind === 'event' ? events : f.kind === 'news' ? news : sql`${events} union all ${news}`;
    const [{ n }] = (await sql<{ n: string }>`select count(*) as n from (${union}) u`.execute(db)).rows;
    const total = Number(n);
    const rows = total
      ? (
          await sql<CircleRow>`select u.kind, u.id, u.dept_id as "deptId", u.dept_name as "deptName", u.chambers, u.title, u.content, u.at,
                                      u.event_date as "eventDate", u.link, u.source_name as "sourceName"
                                 from (${union}) u order by u.at desc, u.kind, u.id::bigint desc
                                limit ${page.size} offset ${(page.current - 1) * page.size}`.execute(db)
        ).rows
      : [];
    return { rows, total };
  },
};
